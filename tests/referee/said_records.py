"""Records of real random playthroughs (tests/simulation.py) that show, between them, every event type a game
declares: what the step sentences' tests say in words (issue 31)."""

from __future__ import annotations

import itertools
import typing
from functools import cache
from typing import Any

from service.rules.game import Game
from tests.simulation import carries, play, tables, variants

SEEDS = 200
"""The seeds tried per option set, table and carry before a test gives up finding an event type."""


def declared(game: Game[Any, Any, Any]) -> set[str]:
    """Every event type the game declares (``Game.event_types``)."""
    return {typing.get_args(typing.get_type_hints(t)["type"])[0] for t in game.event_types}


def shown(deal: Any) -> set[str]:
    """The event types a played deal wrote, the deal's own and every step's."""
    return {e["type"] for e in deal.start.events} | {e["type"] for s in deal.steps for e in s.transition.events}


EXTRA: dict[str, list[tuple[dict[str, Any], int, dict[str, Any] | None]]] = {
    game_id: [({"win_check": "immediate"}, 2, {"game_score": [590, 0]})] for game_id in ("briscan", "brisque")
}
"""Deals the simulation's own option sets and carries never play: a game won in the middle of a deal."""


@cache
def covering(game: Game[Any, Any, Any]) -> tuple[dict[str, Any], ...]:
    """Few records, the smallest tables first, that show every event type of ``game`` between them."""
    wanted, found = declared(game), []
    extra = EXTRA.get(game.id, [])
    ways = [(v, n, c) for v in variants(game) for n in tables(game, v) for c in carries(game)] + extra
    ways.sort(key=lambda way: way[1])
    for seed, (options, players, carry) in itertools.product(range(SEEDS), ways):
        if not wanted:
            break
        deal = play(game, players, f"said-{seed}", options, carry=carry)
        if shown(deal) & wanted:
            wanted -= shown(deal)
            found.append(deal.record())
    assert not wanted, f"{game.id}: no playthrough shows {sorted(wanted)}"
    return tuple(found)
