"""The worst request the limits admit, per operation, and what each costs in CPU (issue 28).

Each operation's heaviest admitted request is built here once (:func:`worst_requests`), for this script's table
and for the tests and benches that need the heaviest load (tests/e2e/test_probes.py, the container's soak,
bench/load.py). ``.venv/bin/python bench/worst.py`` answers each in-process (the app's test client) and prints
its CPU seconds (this process's, best of ``--repeat``), with a fresh table cache where the request builds a
table: the README's "Limits" figures come from its output. Nothing here asserts; it prints.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.rules.registry import GAMES  # noqa: E402
from service.rules.tables import TABLES  # noqa: E402

BROGGIN_OPTIONS = (
    {"kickers": True},
    {"kickers": True, "suit_compare": "by_card"},
    {"high_card_compare": "top_only", "kickers": True},
    {"suit_compare": "by_card"},
)
"""Broggin option sets whose tables are built on first use (issue 28 item 3 names the first three)."""

MOST_HANDS = 10_000
MOST_ACTIONS = 1_000


def heaviest_equity() -> tuple[str, dict[str, Any]]:
    """A Monte Carlo of the most samples against the most opponents a pack allows (sixteen three-card hands)."""
    body = {"hand": ["KS", "KH", "7D"], "opponents": 16, "method": "monte_carlo", "samples": 100_000}
    return "/v1/three-card-brag/hands/equity", body


def longest_trace() -> tuple[str, dict[str, Any]]:
    """A record of the most actions (Three Card Brag's betting goes round while the players call), traced, with
    every seat's view."""
    players = 6
    actions: list[dict[str, Any]] = [{"seat": 1, "type": "bet", "amount": 2}]
    seats = itertools.cycle([*range(2, players), *range(2)])
    while len(actions) < MOST_ACTIONS:
        actions.append({"seat": next(seats), "type": "call"})
    record = {"players": players, "dealer": 0, "seed": "longest", "actions": actions}
    return "/v1/three-card-brag/records/adjudicate", {"record": record, "trace": True, "views": list(range(players))}


def broggin_build(options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """One Broggin hand under options whose table is not shipped: the worker builds it (once, then cached)."""
    return "/v1/broggin/hands/evaluate", {"hands": [["Witch", "1Sw", "2Sw", "3Sw"]], "options": options}


def heaviest() -> list[tuple[str, dict[str, Any]]]:
    """The heaviest requests of all, for load that fills every worker: the equity case, the longest trace, a
    Broggin table build (issue 28 item 2)."""
    return [heaviest_equity(), longest_trace(), broggin_build(BROGGIN_OPTIONS[1])]


def _hands(game_id: str, count: int, seed: int = 28) -> list[list[str]]:
    import random

    game = GAMES[game_id]
    pack = list(game.full_pack())
    size = game.hand_size  # type: ignore[attr-defined]
    rng = random.Random(seed)
    return [rng.sample(pack, size) for _ in range(count)]


def worst_requests() -> Iterator[tuple[str, str, dict[str, Any], bool]]:
    """(operation, path, body, builds a table) for each operation's worst admitted request."""
    options = BROGGIN_OPTIONS[1]
    hands = _hands("broggin", MOST_HANDS)
    yield "hands/evaluate", "/v1/broggin/hands/evaluate", {"hands": hands, "options": options}, True
    yield "hands/compare", "/v1/broggin/hands/compare", {"hands": hands, "options": options}, True
    yield "hands/evaluate (shipped table)", "/v1/old-brag/hands/evaluate", {"hands": _hands("old-brag", 10_000)}, False
    yield "hands/equity", *heaviest_equity(), False
    exact = {"hand": ["KS", "KH", "7D"], "opponents": 2, "method": "exact"}
    yield "hands/equity (exact)", "/v1/three-card-brag/hands/equity", exact, False
    path, body = longest_trace()
    yield "records/adjudicate", path, body, False
    yield "deals", "/v1/three-card-brag/deals", {"players": 6, "dealer": 0, "seed": "w", "views": list(range(6))}, False
    declared = [["Witch", "Knight", "Magician", "Emperor"]] * 100
    yield "hands/evaluate (declared)", "/v1/broggin/hands/evaluate", {"hands": declared}, False


def cpu_of(client: Any, path: str, body: dict[str, Any], builds: bool, repeat: int) -> tuple[float, int]:
    """The least CPU seconds of ``repeat`` answers (a fresh table cache before each where one is built)."""
    best, status = float("inf"), 0
    for _ in range(repeat):
        if builds:
            TABLES.clear()
        start = time.process_time()
        status = client.post(path, json=body).status_code
        best = min(best, time.process_time() - start)
    return best, status


def main(argv: Sequence[str]) -> int:
    from service.api.app import create_app

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    client = create_app().test_client()
    print("| operation | worst admitted request | status | CPU s |")
    print("|---|---|---:|---:|")
    for operation, path, body, builds in worst_requests():
        seconds, status = cpu_of(client, path, body, builds, args.repeat)
        what = f"`{path}`" + (" (its table built)" if builds else "")
        print(f"| {operation} | {what} | {status} | {seconds:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
