"""Suggestions (docs/api.md section 17): a fair, replayable move for one seat, from that seat's view alone.

:func:`suggest` takes the seat's view (``Game.view``) and nothing else from the state: the legal actions are
listed on the view, hidden cards are sampled from what the view leaves unseen, and the byte stream is seeded
from ``seed``, the seat and the view (:func:`~service.rules.bots.common.stream_seed`). Each level fixes its
work (worlds, nodes, equity samples), never a clock. Trick games: :mod:`service.rules.bots.pimc`; betting games:
:mod:`service.rules.bots.betting`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.rules.base import LegalAction
from service.rules.bots.betting import suggest_betting
from service.rules.bots.common import DEFAULT_LEVEL, DEFAULT_SEED, LEVELS, Candidate, Suggestion, expand, stream_seed
from service.rules.bots.pimc import suggest_tricks
from service.rules.bots.worlds import worlds
from service.rules.errors import InvalidInput, Problem
from service.rules.game import Game
from service.rules.hand_game import HandGame
from service.rules.trick_game import TrickGame


def acting_seat(game: Game[Any, Any, Any], state: Any, seat: int | None) -> int:
    """``seat``, or the seat to act; raises InvalidInput at ``/seat`` unless that seat may act now."""
    chosen = state.to_act if seat is None else seat
    if chosen is None:
        raise InvalidInput([Problem("seat_cannot_act", "the deal is over: no seat may act", "/seat")])
    if not 0 <= chosen < state.players or not game.view_legal_actions(state, chosen):
        message = f"seat {chosen} may not act now (seat {state.to_act} is to act)"
        raise InvalidInput([Problem("seat_cannot_act", message, "/seat")])
    return int(chosen)


def candidates(game: Game[Any, Any, Any], world: Any, seat: int) -> list[LegalAction]:
    """The seat's legal actions in a world of its view (they depend on nothing it cannot see), each free amount at
    its least (an exchange stays listed once)."""
    out: list[LegalAction] = []
    for listed in game.view_legal_actions(world, seat):
        out.extend([listed] if "max_cards" in listed or "domains" in listed else expand(listed, ()))
    return out


def suggest(
    game: Game[Any, Any, Any], state: Any, seat: int | None = None, level: str = DEFAULT_LEVEL, seed: str = DEFAULT_SEED
) -> Suggestion:
    """A legal action for ``seat`` (default: the seat to act) that depends only on its view of ``state``, the
    level and the seed; raises InvalidInput when the seat may not act or the level is unknown."""
    return weigh(game, state, seat, level, seed)


def weigh(
    game: Game[Any, Any, Any],
    state: Any,
    seat: int | None,
    level: str,
    seed: str,
    also: Sequence[LegalAction] = (),
) -> Suggestion:
    """:func:`suggest`, with the actions ``also`` (legal, but not among the listed candidates: a free amount above
    its least, several melds at once) weighed beside the candidates in the same samples, by the same policy, and
    ranked with them (an analysis values a choice the policy did not list so: docs/api.md 19)."""
    if level not in LEVELS:
        raise InvalidInput([Problem("unknown_level", f"level is one of {list(LEVELS)}", "/level")])
    chosen = acting_seat(game, state, seat)
    view = game.view(state, chosen)
    stream = stream_seed(seed, chosen, view)
    legal = candidates(game, next(worlds(game, view, chosen, 1, stream)), chosen) + list(also)
    if isinstance(game, TrickGame):
        return suggest_tricks(game, view, chosen, legal, level, stream)
    assert isinstance(game, HandGame)
    return suggest_betting(game, view, chosen, legal, level, stream)


__all__ = ["DEFAULT_LEVEL", "DEFAULT_SEED", "LEVELS", "Candidate", "Suggestion", "acting_seat", "suggest", "weigh"]
