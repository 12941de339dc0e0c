"""The tricks room: ``tricks/winner`` of a trick game."""

from __future__ import annotations

from typing import Any

from schemas.operations.tricks import serves
from service.api.answers import rules_echo
from service.api.routes import GameRoutes
from service.rules.cards import check_cards
from service.rules.errors import InvalidInput
from service.rules.game import Game
from service.rules.trick_game import TrickGame


def register(routes: GameRoutes) -> None:
    """Say who wins a trick."""
    game = routes.game
    assert isinstance(game, TrickGame)  # the room serves no other games
    s = routes.schemas

    @routes.post("/tricks/winner", "trickWinner", s.trick_request, s.trick_response, example=routes.examples.trick)
    def trick_winner(data: dict[str, Any]) -> dict[str, Any]:
        """Which card wins a trick (index into cards, in play order) and the trick's card points.

        Rules the schema cannot state: every card is a card of the game's pack, and a card given in
        two notations (`TH`, `10h`) counts twice."""
        options = cards_options(game, data, "cards")
        winner, points = game.trick_winner(data["trump"], data["cards"], options)
        return {"winner": winner, "points": points, **rules_echo(options)}


def cards_options(game: Game[Any, Any, Any], data: dict[str, Any], key: str) -> Any:
    """The options of a request about some cards (``data[key]``), once they are distinct cards of the pack."""
    problems = check_cards(data[key], game.full_pack(), f"/{key}")
    if problems:
        raise InvalidInput(problems)
    return data.get("options") or game.options(None)


__all__ = ["cards_options", "register", "serves"]
