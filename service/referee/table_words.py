"""What a table record's verdict (docs/api.md 18) waits for or is proved by, in words: one wording for the
command line and the referee page (static/referee.js says the same for the page without a round trip)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def missing_text(missing: Sequence[Mapping[str, Any]]) -> str:
    """What an undecided verdict waits for: ``seat 2 must show its three cards`` (a match's names its deal)."""
    said = []
    for entry in missing:
        n = entry["cards"]
        cards = "its card" if n == 1 else f"its {COUNTS[n] if n < len(COUNTS) else n} cards"
        deal = f"deal {entry['deal']}: " if entry.get("deal") is not None else ""
        said.append(f"{deal}seat {entry['seat']} must show {cards}")
    return "; ".join(said)


def needed_text(answer: Mapping[str, Any]) -> str:
    """What an undecided answer (a record's or a match's) waits for: :func:`missing_text` of its ``missing``, and
    ``the turn-up must be shown`` where it says ``missing_turn_up`` (a match's names the undecided deal, its last)."""
    said = [missing_text(answer["missing"])] if answer.get("missing") else []
    if answer.get("missing_turn_up"):
        deals = answer.get("deals") or []
        deal = f"deal {deals[-1]['index']}: " if deals else ""
        said.append(f"{deal}the turn-up must be shown")
    return "; ".join(said)


def proof_text(proof: Mapping[str, Any]) -> str:
    """What proves a table record's action illegal whatever the unseen cards are: ``proved by actions 1 and
    2, with the hands seen: seat 0 holding nothing`` (actions counted from 1)."""
    numbers = [str(i + 1) for i in proof.get("actions") or []]
    said = "proved by action" + ("s " + ", ".join(numbers[:-1]) + " and " if len(numbers) > 1 else " ")
    said += numbers[-1] if numbers else "none"
    hands = "; ".join(f"seat {h['seat']} holding {' '.join(h['cards']) or 'nothing'}" for h in proof.get("hands") or [])
    return said + (f", with the hands seen: {hands}" if hands else "")
