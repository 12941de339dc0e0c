"""The suggest room: ``actions/suggest`` (docs/api.md section 17), a fair, replayable move for one seat from that
seat's view alone (the policies: :mod:`service.rules.bots`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from schemas.operations.suggest import serves
from service.api.answers import rules_echo
from service.api.routes import GameRoutes
from service.rules.bots import suggest
from service.rules.bots.common import Candidate
from service.rules.cards import HIDDEN
from service.rules.errors import InvalidInput, Problem
from service.rules.seen import trump_unseen, turn_up_unseen


def register(routes: GameRoutes) -> None:
    """Suggest a move."""
    game, s, ex = routes.game, routes.schemas, routes.examples

    @routes.post("/actions/suggest", "suggestAction", s.suggest_request, s.suggest_response, example=ex.suggest)
    def suggest_action(data: dict[str, Any]) -> dict[str, Any]:
        """A legal move for one seat from what that seat may see, the same for the same request on any machine.

        Rules the schema cannot state: the state must be consistent (a 422 `/invalid-state` otherwise), and
        `seat` (default: the seat to act) must be able to act now (a 422 at `/seat` otherwise)."""
        state = data["state"]
        game.require_valid(state)
        own_hand_seen(state, data["seat"])
        level, seed = data["level"], data["seed"]
        found = suggest(game, state, data["seat"], level, seed)
        return {
            "seat": found.seat,
            "action": found.action,
            "level": level,
            "seed": seed,
            "policy": found.policy,
            "considered": weighed(found.considered),
            **rules_echo(game.options_of(state)),
        }


def weighed(considered: Iterable[Candidate]) -> list[dict[str, Any]]:
    """The candidates a policy weighed as the wire lists them."""
    return [{"action": c.action, "value": c.value, "samples": c.samples} for c in considered]


def own_hand_seen(state: Any, seat: int | None) -> None:
    """Raise InvalidInput (at the hand) where the seat asking holds a card nobody saw (a table deal's, docs/api.md
    18): a suggestion weighs the seat's own cards, so the table must show them; and where the turn-up nobody saw
    (a 422 ``turn_up_unseen`` at ``/state/turn_up``): it weighs tricks the trump decides."""
    if trump_unseen(state):
        raise turn_up_unseen("a suggestion weighs tricks the trump decides")
    asking = state.to_act if seat is None else seat
    if isinstance(asking, int) and 0 <= asking < state.players and HIDDEN in state.seats[asking].hand:
        message = f"seat {asking}'s hand holds cards nobody saw ('??'): a suggestion needs the seat's own cards"
        raise InvalidInput([Problem("unseen_hand", message, f"/state/seats/{asking}/hand")])


__all__ = ["own_hand_seen", "register", "serves", "weighed"]
