"""The melds room: ``melds/evaluate`` of a game with announcements (Briscan, Brisque), its request and its
answer."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from schemas.fields import SuitField, card_list
from schemas.parts import GameParts
from service.rules.game import Game
from service.rules.trick_game import TrickGame


def serves(game: Game[Any, Any, Any]) -> bool:
    """Trick games that announce melds list a hand's melds."""
    return isinstance(game, TrickGame) and game.announces_melds


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """A hand and a trump, and every meld the hand holds."""
    game = parts.game
    request = parts.build(
        "MeldsRequest",
        {
            "hand": card_list(
                game.parse_card, 1, 16, game.card_notation, required=True, metadata={"description": "The cards held."}
            ),
            "trump": SuitField(game.parse_suit, game.suit_notation, required=True),
            "options": parts.options_field(),
        },
    )
    meld = parts.build(
        "MeldScore",
        {
            "kind": fields.String(required=True, validate=validate.OneOf(list(game.meld_kinds))),
            "cards": fields.List(fields.String(), required=True),
            "points": fields.Integer(required=True),
        },
    )
    response = parts.build(
        "MeldsResponse",
        {
            "melds": fields.List(fields.Nested(meld), required=True),
            "total": fields.Integer(required=True, metadata={"description": "All the melds' points."}),
            **parts.rules,
        },
    )
    return {"melds_request": request, "melds_response": response}
