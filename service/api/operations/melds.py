"""The melds room: ``melds/evaluate`` of a game with announcements (Briscan, Brisque)."""

from __future__ import annotations

from typing import Any

from schemas.operations.melds import serves
from service.api.answers import rules_echo
from service.api.operations.tricks import cards_options
from service.api.routes import GameRoutes
from service.rules.trick_game import TrickGame


def register(routes: GameRoutes) -> None:
    """List a hand's melds."""
    game = routes.game
    assert isinstance(game, TrickGame)  # the room serves no other games

    @routes.post(
        "/melds/evaluate",
        "evaluateMelds",
        routes.schemas.melds_request,
        routes.schemas.melds_response,
        example=routes.examples.melds,
    )
    def evaluate_melds(data: dict[str, Any]) -> dict[str, Any]:
        """Every announcement (meld) a hand holds, with its points, for the given trump suit.

        Rules the schema cannot state: every card is a card of the game's pack, and a card given in
        two notations (`TH`, `10h`) counts twice."""
        options = cards_options(game, data, "hand")
        melds = game.evaluate_melds(data["hand"], data["trump"], options)
        return {"melds": melds, "total": sum(m["points"] for m in melds), **rules_echo(options)}


__all__ = ["register", "serves"]
