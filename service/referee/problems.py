"""A problem document's items in people's words: where each is (``Hand 1, card 2``, counted from 1 as people
count) and what is wrong there (a card given twice said as ``the same card as card 1``, not the API's 0-based
``item 0 again``). One piece of code for the referee page (verdicts.py; static/referee.js says the same in the
browser) and the command line (service/cli/common.py)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any


def field_of(pointer: str) -> tuple[str | None, str]:
    """The page's field a problem's pointer names (its id, or None) and a prefix naming the spot in it."""
    parts = pointer.split("/")[1:]
    head = parts[0] if parts else ""
    if head == "hands" and len(parts) > 1 and parts[1].isdigit():
        where = f"Hand {int(parts[1]) + 1}"
        if len(parts) > 2 and parts[2].isdigit():
            where += f", card {int(parts[2]) + 1}"
        return f"hand-{int(parts[1]) + 1}", where
    if head == "cards":
        where = f"Card {int(parts[1]) + 1}" if len(parts) > 1 and parts[1].isdigit() else "Cards"
        return "cards", where
    if head == "options" and len(parts) > 1:
        return f"opt-{parts[1]}", parts[1]
    if head == "trump":
        return "trump", "Trump"
    if head == "notation":
        return "record-text", "Record (text)"
    if head in ("record", "views", "trace"):
        return "record", "Record" + (f", {_record_spot(parts)} ({pointer})" if pointer else "")
    return None, pointer or "Request"


def _record_spot(parts: Sequence[str]) -> str:
    """Where in a record a pointer's tokens are, as people count: ``action 6`` for ``/record/actions/5``."""
    if len(parts) > 2 and parts[:2] == ["record", "actions"] and parts[2].isdigit():
        return f"action {int(parts[2]) + 1}" + (f", {parts[3]}" if len(parts) > 3 else "")
    return "at"


REPEATED = re.compile(r"^Items must be distinct: this card is item (\d+) again\.?$")
"""The API's words for a card given twice in a list (schemas/fields.py, 0-based: a programmer's index)."""


def item_text(where: str, detail: str) -> str:
    """One problem as people read it: ``Hand 1, card 2: ...``; a repeated card counted from 1 as the field is
    (``Card 2 is the same card as card 1.``)."""
    repeated = REPEATED.match(detail)
    if repeated:
        return f"{where} is the same card as card {int(repeated.group(1)) + 1}."
    return f"{where}: {detail}"


def item_said(item: Mapping[str, Any]) -> tuple[str | None, str]:
    """One item of a problem document (``errors`` or ``problems``) in people's words, with the page's field it
    belongs to: ``("hand-1", "Hand 1, card 2 is the same card as card 1.")``; a text's line and column kept."""
    field_id, where = field_of(str(item.get("pointer") or ""))
    if item.get("line") is not None:
        where += f", line {item['line']}, column {item.get('column')}"
    return field_id, item_text(where, str(item.get("detail") or item.get("message")))
