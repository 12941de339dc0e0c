"""The states room: ``states/validate`` and ``states/view``, their requests and their answers (the request of
``states/validate``, a state alone, is :attr:`~schemas.parts.GameParts.state_request`)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from schemas.derive import game_field
from schemas.parts import GameParts
from service.rules.game import Game


def serves(game: Game[Any, Any, Any]) -> bool:
    """Every game validates states and shows them to a seat."""
    return True


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """Every problem of a state; a state as one seat may see it."""
    validate_response = parts.build(
        "ValidateResponse",
        {
            "valid": fields.Boolean(required=True),
            "problems": fields.List(fields.Nested(parts.state_problem), required=True),
            **parts.rules,
        },
    )
    view_request = parts.build(
        "ViewRequest",
        {
            "state": parts.state_field(),
            "seat": game_field(
                parts.game, "seat", required=True, metadata={"description": "The viewer's seat (less than players)."}
            ),
        },
    )
    view_response = parts.build("ViewResponse", {"state": parts.state_field(viewed=True), **parts.rules})
    return {"validate_response": validate_response, "view_request": view_request, "view_response": view_response}
