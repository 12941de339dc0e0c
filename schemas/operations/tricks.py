"""The tricks room: ``tricks/winner`` of a trick game, its request and its answer."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from schemas.derive import game_field
from schemas.fields import SuitField, card_list
from schemas.parts import GameParts
from service.rules.game import Game
from service.rules.trick_game import TrickGame


def serves(game: Game[Any, Any, Any]) -> bool:
    """Trick games say who wins a trick."""
    return isinstance(game, TrickGame)


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """The trick (the cards in play order, the trump) and its winner."""
    game = parts.game
    request = parts.build(
        "TrickRequest",
        {
            "trump": SuitField(game.parse_suit, game.suit_notation, required=True),
            "cards": card_list(
                game.parse_card,
                1,
                game.max_players,
                game.card_notation,
                required=True,
                metadata={"description": "The cards of the trick in play order, one per player at most."},
            ),
            "phase": game_field(
                game,
                "phase",
                load_default=None,
                allow_none=True,
                metadata={"description": "The phase the trick is played in (it does not change the winner)."},
            ),
            "options": parts.options_field(),
        },
    )
    response = parts.build(
        "TrickResponse",
        {
            "winner": fields.Integer(required=True, metadata={"description": "Index into cards."}),
            "points": fields.Integer(required=True),
            **parts.rules,
        },
    )
    return {"trick_request": request, "trick_response": response}
