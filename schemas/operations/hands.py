"""The hands room: ``hands/evaluate`` and ``hands/compare`` of a hand game, their request and their answers."""

from __future__ import annotations

import typing
from typing import Any

from marshmallow import Schema, fields, validate

from schemas.common import word_field
from schemas.fields import HandsField, PlainList
from schemas.operations.equity import equity_schemas, percentile_schema
from schemas.parts import GameParts
from service.rules.game import Game
from service.rules.hand_game import HandGame

MAX_HANDS = 10_000
"""Hands in one evaluate or compare request."""
MAX_DECLARED_HANDS = 100
"""Hands with a declaration (not null) in one request: a declared hand costs up to ~25 ms (three free trumps
tried in every combination), so 100 keep a request within a few seconds on one core (docs/deploy.md, Limits)."""


def serves(game: Game[Any, Any, Any]) -> bool:
    """Hand games evaluate and compare hands."""
    return isinstance(game, HandGame)


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """The hands request (evaluate and compare take it), each operation's answer, and hands/equity's request and
    answer (schemas/operations/equity.py)."""
    evaluated = _evaluated(parts)
    evaluation = parts.build("Evaluation", evaluated)
    return {
        "hands_request": parts.build("HandsRequest", _hands_fields(parts)),
        "evaluate_response": parts.build(
            "EvaluateResponse", {"results": PlainList(fields.Nested(evaluation), required=True), **parts.rules}
        ),
        "compare_response": parts.build(
            "CompareResponse",
            {
                "ranking": fields.List(fields.List(fields.Integer()), required=True),
                "winners": fields.List(fields.Integer(), required=True),
                "deciding": word_field(
                    [str(word) for word in parts.game.ranking.decides],
                    "What separated the best hand from the next (`tie`: nothing did).",
                ),
                "deciding_text": fields.String(
                    required=True,
                    metadata={
                        "description": "`deciding` in words, in the answer's language (`Content-Language`): the "
                        "game's `names.{language}.deciding`, else the English."
                    },
                ),
                "results": PlainList(fields.Nested(evaluation), required=True),
                **parts.rules,
            },
        ),
        **equity_schemas(parts, dict(evaluated)),
    }


def _hands_fields(parts: GameParts) -> dict[str, fields.Field]:
    """``hands``, ``options`` and, where wild cards may be declared, ``declarations``."""
    game = parts.game
    hands = HandsField(
        game.parse_card,
        game.hand_size,
        game.card_notation,
        required=True,
        validate=validate.Length(1, MAX_HANDS),
        metadata={"description": f"Up to {MAX_HANDS} hands."},
    )
    out: dict[str, fields.Field] = {"hands": hands, "options": parts.options_field()}
    if game.supports_declarations:
        out["declarations"] = fields.List(
            parts.deriver.field(_assignments(game), allow_none=True),
            validate=validate.Length(max=MAX_HANDS),
            metadata={
                "description": "Optional, one per hand (as many as `hands`: a 422 at `/declarations` "
                "otherwise, a rule across fields JSON Schema cannot state): what each wild card stands "
                "for ({trump: card}, keys a trump's name), or null for the best reading (BRG-A3); at most "
                f"{MAX_DECLARED_HANDS} of them not null.",
                "maxContains": MAX_DECLARED_HANDS,
            },
        )
    return out


def _evaluated(parts: GameParts) -> dict[str, fields.Field]:
    """One hand's evaluation, as the answers list it: its fields."""
    game = parts.game
    evaluated: dict[str, Any] = {
        "hand": fields.List(fields.String(), required=True),
        "category": fields.String(required=True, validate=validate.OneOf(game.categories())),
        "strength": fields.Integer(
            required=True,
            metadata={"description": "Dense rank over every possible hand: higher is better, equal ties."},
        ),
        "description": fields.String(
            required=True,
            metadata={"description": "In the answer's language (`Accept-Language`, `Content-Language`)."},
        ),
    }
    if game.ranking.interpretation is not None:
        evaluated["interpretation"] = parts.deriver.field(
            game.ranking.interpretation,
            metadata={
                "description": "Only where a wild card was held: what each stood for (Old Brag's braggers: "
                "a rank; Broggin's trumps: a realm card)."
            },
        )
    evaluated["percentile"] = fields.Nested(percentile_schema(parts), required=True)
    return evaluated


def _assignments(game: Game[Any, Any, Any]) -> Any:
    """The type of a declaration, ``{wild card: card}``: the one of the game's ``declare`` action."""
    declare = next(cls for cls in game.actions if cls.type == "declare")
    return typing.get_type_hints(declare, include_extras=True)["assignments"]
