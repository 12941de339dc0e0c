"""The states room: ``states/validate`` (every problem of a state) and ``states/view`` (a state as a seat sees
it)."""

from __future__ import annotations

from typing import Any

from schemas.operations.states import serves
from service.api.answers import rules_echo
from service.api.problems import listed
from service.api.routes import GameRoutes
from service.rules.errors import InvalidInput, Problem


def register(routes: GameRoutes) -> None:
    """Validate a state, view a state."""
    game, s, ex = routes.game, routes.schemas, routes.examples

    @routes.post("/states/validate", "validateState", s.state_request, s.validate_response, example=ex.state)
    def validate(data: dict[str, Any]) -> dict[str, Any]:
        """Every inconsistency of a state (card conservation, hand sizes, turn, chips), not just the first."""
        problems = game.validate(data["state"])
        return {
            "valid": not problems,
            "problems": listed(
                [{"code": p.code, "pointer": "/state" + p.pointer, "message": p.message} for p in problems], None
            ),
            **rules_echo(game.options_of(data["state"])),
        }

    @routes.post("/states/view", "viewState", s.view_request, s.view_response, example=ex.view)
    def view(data: dict[str, Any]) -> dict[str, Any]:
        """The state as one seat may see it: hidden cards are "??".

        Rules across fields that the schema cannot state: the state must be consistent (every card of the pack
        exactly once, seats in order, `dealer` and `to_act` less than `players`, chips and points adding up);
        otherwise the answer is a 422 `/invalid-state` listing every problem. `seat` is less than
        `players`."""
        state = data["state"]
        game.require_valid(state)
        if not 0 <= data["seat"] < state.players:
            raise InvalidInput([Problem("invalid_seat", f"seat must be 0..{state.players - 1}", "/seat")])
        return {"state": game.view(state, data["seat"]), **rules_echo(game.options_of(state))}


__all__ = ["register", "serves"]
