"""Brute-force references for percentile and equity, written without the engine's counting: every opponent
hand listed with itertools, each hand's strength from the game's evaluation."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from service.rules.hand_game import HandGame


def strength_of(game: HandGame[Any, Any, Any], options: Any):
    """A function giving one hand's strength under ``options`` (by the game's evaluate)."""
    table = game.hand_table(options)
    return lambda hand: table.rank(hand)["strength"]


def outcomes(
    game: HandGame[Any, Any, Any],
    hand: Sequence[str],
    known: Sequence[Sequence[str]],
    dead: Sequence[str] = (),
    options: Any = None,
) -> tuple[Counter[str], Fraction]:
    """Every outcome over labelled opponents, listed: counts of win / tie / lose and the summed share."""
    options = game.options(None) if options is None else options
    strength = strength_of(game, options)
    mine = strength(hand)
    used = {*hand, *dead, *(c for cards in known for c in cards)}
    unknown = [c for c in game.full_pack() if c not in used]
    results: Counter[str] = Counter()
    share = Fraction(0)

    def deal(seat: int, left: list[str], theirs: list[int]) -> None:
        nonlocal share
        if seat == len(known):
            best = max(theirs)
            if best > mine:
                results["lose"] += 1
            elif best == mine:
                results["tie"] += 1
                share += Fraction(1, theirs.count(mine) + 1)
            else:
                results["win"] += 1
                share += 1
            return
        last = seat == len(known) - 1
        for drawn in itertools.combinations(left, game.hand_size - len(known[seat])):
            rest = [] if last else [c for c in left if c not in drawn]
            deal(seat + 1, rest, [*theirs, strength([*known[seat], *drawn])])

    deal(0, unknown, [])
    return results, share
