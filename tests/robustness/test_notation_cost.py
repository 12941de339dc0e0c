"""Every text the body limit admits costs CPU in proportion to its length (issue 40 item 4): each worst shape of
the notation (the most tags, the longest value, the longest lists, the most entries, deals, actions, comments),
sent whole, costs per character no more than a normal record's parse does, measured in the same test. A loop
that compares each part with all before it (20,000 tags took 21 s) fails it by orders of magnitude."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

import pytest

from service.notation.writer import rounds, write
from service.rules.registry import GAMES
from tests.simulation import play

MOST = 990_000
"""Characters of each worst text: just under the notation's 1,000,000."""
HEAD = '[Game "{game}"]\n[Players "{players}"]\n'
DEAL = '[Dealer "0"]\n[Seed "s"]\n'


def filled(prefix: str, unit: Callable[[int], str], suffix: str = "", most: int = MOST) -> str:
    """``prefix``, then ``unit(0)``, ``unit(1)``... up to ``most`` characters, then ``suffix``."""
    parts, size, i = [prefix], len(prefix) + len(suffix), 0
    while size < most:
        part = unit(i)
        parts.append(part)
        size, i = size + len(part), i + 1
    return "".join(parts) + suffix


def briscola(tail: str = "") -> str:
    return HEAD.format(game="briscola", players=2) + tail


def worst(most: int) -> dict[str, tuple[str, str]]:
    """Each worst shape's game and text of about ``most`` characters."""

    def fill(prefix: str, unit: Callable[[int], str], suffix: str = "") -> str:
        return filled(prefix, unit, suffix, most)

    return {
        "other tags": ("briscola", fill(briscola(), lambda i: f'[T{i} "v"]\n', DEAL)),
        "one long value": ("briscola", briscola('[Event "' + "\\u00e4" * (most // 6) + '"]\n' + DEAL)),
        "long seed": ("briscola", briscola('[Dealer "0"]\n[Seed "' + "\\u00e4" * (most // 6) + '"]\n')),
        "long deck": ("briscola", fill(briscola('[Dealer "0"]\n[Deck "'), lambda i: "AS ", '"]\n')),
        "many actions": ("briscola", fill(briscola(DEAL), lambda i: "s0 play AS ")),
        "many cards": (
            "broggin",
            fill(HEAD.format(game="broggin", players=2) + DEAL + "s1 exchange", lambda i: " 1Sw"),
        ),
        "many pairs": (
            "broggin",
            fill(HEAD.format(game="broggin", players=2) + DEAL + "s1 declare", lambda i: f" W{i}=QSw"),
        ),
        "many melds": (
            "brisque",
            fill(HEAD.format(game="brisque", players=2) + DEAL + "s1 announce", lambda i: " m(KH)"),
        ),
        "long option list": ("briscola", fill(briscola('[Options "x='), lambda i: "1,", '"]\n' + DEAL)),
        "many entries": ("briscola", fill(briscola('[Options "'), lambda i: f"x{i}=1 ", '"]\n' + DEAL)),
        "many deals": ("briscola", fill(briscola(), lambda i: f'[Deal "{i}"]\n{DEAL}')),
        "move numbers": ("briscola", fill(briscola(DEAL), lambda i: "1. ")),
        "comments": ("briscola", fill(briscola(DEAL), lambda i: "{\n}; c\n")),
        "long number": ("briscola", briscola('[Carry "match_score=' + "9" * most + '"]\n')),
    }


@functools.cache
def texts(most: int) -> dict[str, tuple[str, str]]:
    """:func:`worst` of ``most`` characters, made when a test first needs it (not at collection, in each worker)."""
    return worst(most)


SHAPES = list(worst(1_000))
"""The worst shapes' names (the texts at full length: ``texts(MOST)``; a quarter as long, ``texts(MOST // 4)``: a
linear reading costs about a quarter as much, a quadratic one a sixteenth)."""


def cpu(client: Any, path: str, body: dict[str, Any]) -> tuple[float, int]:
    start = time.process_time()
    answer = client.post(path, json=body)
    return time.process_time() - start, answer.status_code


def baseline(client: Any) -> float:
    """CPU seconds per character of a normal record's parse: a whole deal of Briscola (best of five)."""
    text = write(GAMES["briscola"], "record", play(GAMES["briscola"], 2, "cost").record())
    costs = [cpu(client, "/v1/briscola/records/parse", {"notation": text}) for _ in range(5)]
    assert all(status == 200 for _, status in costs)
    return min(c for c, _ in costs) / len(text)


@pytest.mark.parametrize("shape", SHAPES)
def test_a_worst_text_costs_no_more_per_character_than_a_normal_record(client: Any, shape: str) -> None:
    """Linear, told two ways so that a busy machine's noise does not fail it: the worst text costs per character
    no more than twice a normal record's parse, or no more than twice four times its own quarter (a quadratic
    loop costs sixteen times its quarter, and orders of magnitude more than a normal parse)."""
    per_character = baseline(client)
    game, text = texts(MOST)[shape]
    assert MOST <= len(text) <= 1_000_000
    quarter = texts(MOST // 4)[shape][1]
    for operation in ("records/parse", "matches/adjudicate"):
        path = f"/v1/{game}/{operation}"
        spent, status = cpu(client, path, {"notation": text})
        assert status in (200, 422), (shape, operation, status)
        if spent <= 2 * per_character * len(text):
            continue
        small = min(cpu(client, path, {"notation": quarter})[0] for _ in range(2))
        growth = spent / max(small, 1e-6) * len(quarter) / len(text)  # about 1 when linear, about 4 when quadratic
        assert growth <= 2, (shape, operation, spent, small, per_character * len(text))


def test_the_writer_is_one_pass_over_a_long_line() -> None:
    """The writer's lines (N-W3) over an auction twenty times longer cost twenty times as much, not four hundred
    (it counted the line's seats again at each action): per action, no more than four times the shorter one's (a
    quadratic writer is twenty times; each cost the least of five runs, as a busy machine's CPU time wobbles: a CI
    run under load measured 2.1 with the old single-run, twice-at-most bound)."""
    game = GAMES["briscola-chiamata"]
    costs = []
    for count in (1_000, 20_000):
        actions = [{"seat": i % 5, "type": "pass"} for i in range(count)]
        runs = []
        for _ in range(5):
            start = time.process_time()
            assert list(rounds(game, 5, actions)) == [(0, count)]
            runs.append(time.process_time() - start)
        costs.append(min(runs) / count)
    assert costs[1] <= 4 * costs[0], costs
