"""The hands room's ``hands/equity`` (docs/api.md section 10): how often a hand wins against opponents whose hands are
unknown or partly known, its request and its answer; and the ``percentile`` every evaluation carries."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from schemas.fields import StrictInteger, StrictString, card_list
from schemas.parts import GameParts
from service.rules import equity
from service.rules.cards import card_pattern
from service.rules.sampling import RNG

FRACTION = {"minimum": 0, "maximum": 1}


def percentile_schema(parts: GameParts) -> type[Schema]:
    """Where a hand stands among every hand of the full pack."""
    game = parts.game
    return parts.build(
        "Percentile",
        {
            "value": fields.Float(
                required=True, metadata={"description": "`(below + equal / 2) / total`.", "minimum": 0, "maximum": 1}
            ),
            "below": fields.Integer(required=True, metadata={"description": "Hands with a lower strength."}),
            "equal": fields.Integer(
                required=True, metadata={"description": "Hands with the same strength, this one included."}
            ),
            "total": fields.Integer(
                required=True, metadata={"description": f"Every hand of the pack: {game.hand_size} of its cards."}
            ),
        },
        "Where a hand stands among every hand of the game's full pack under the effective options, weighted by "
        "hands (docs/api.md section 10).",
    )


class OpponentsField(fields.Field):
    """``opponents``: how many opponents hold unknown hands (an integer), or one object per opponent with the cards
    known to be in its hand (``{cards: [...]}``); loads to an int or a list of card lists."""

    def __init__(self, parse: Any, notation: str, size: int, most: int, **kwargs: Any) -> None:
        self.count = StrictInteger(validate=validate.Range(1, most))
        self.cards = card_list(parse, 0, size, notation)
        self.most = most
        known = {
            "type": "object",
            "properties": {
                "cards": {
                    "type": "array",
                    "items": {"type": "string", "pattern": card_pattern(notation)},
                    "maxItems": size,
                    "uniqueItems": True,
                    "description": "The cards known to be in this opponent's hand (0 up to a whole hand).",
                }
            },
            "required": ["cards"],
            "additionalProperties": False,
        }
        kwargs.setdefault("metadata", {})["json_schema"] = {
            "oneOf": [
                {"type": "integer", "minimum": 1, "maximum": most},
                {"type": "array", "items": known, "minItems": 1, "maxItems": most},
            ]
        }
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            return self.count.deserialize(value, attr, data, **kwargs)
        if not 1 <= len(value) <= self.most:
            raise ValidationError(f"Give 1 to {self.most} opponents.")
        known: list[list[str]] = []
        errors: dict[int, Any] = {}
        for i, item in enumerate(value):
            if not isinstance(item, dict) or set(item) != {"cards"}:
                errors[i] = ["An opponent is an object with exactly its known 'cards'."]
                continue
            try:
                known.append(self.cards.deserialize(item["cards"], attr, data, **kwargs))
            except ValidationError as error:
                errors[i] = {"cards": error.messages}
        if errors:
            raise ValidationError(errors)
        return known


def equity_schemas(parts: GameParts, evaluation: dict[str, fields.Field]) -> dict[str, type[Schema]]:
    """``hands/equity``'s request and answer (the answer: the hand's ``evaluation`` fields, then the equity)."""
    game = parts.game
    pack = len(game.full_pack())
    request = parts.build(
        "EquityRequest",
        {
            "hand": card_list(
                game.parse_card, game.hand_size, game.hand_size, game.card_notation, required=True,
                metadata={"description": "The whole hand of the player asking."},
            ),
            "opponents": OpponentsField(
                game.parse_card, game.card_notation, game.hand_size, pack // game.hand_size, required=True,
                metadata={"description": "How many opponents hold unknown hands, or one object per opponent with "
                          "the cards known to be in its hand (Old Brag's face-up card)."},
            ),
            "dead": card_list(
                game.parse_card, 0, pack, game.card_notation,
                metadata={"description": "Cards known to be in nobody's hand (seen, folded, burnt)."},
            ),
            "method": StrictString(
                validate=validate.OneOf(equity.METHODS),
                metadata={"description": "`auto` (the default): exact up to 100,000 outcomes, else monte_carlo."},
            ),
            "samples": StrictInteger(
                validate=validate.Range(*equity.SAMPLES_RANGE),
                metadata={"description": f"Monte Carlo samples (default {equity.DEFAULT_SAMPLES:,})."},
            ),
            "seed": StrictString(
                validate=validate.Length(*equity.SEED_LENGTH),
                metadata={"description": f"Seed of {RNG} (default `{equity.DEFAULT_SEED}`)."},
            ),
            "options": parts.options_field(),
        },
    )  # fmt: skip
    counts = parts.build(
        "EquityCounts",
        {name: fields.Integer(required=True) for name in ("win", "tie", "lose", "total")},
        "Outcomes by result (exact: every outcome over labelled opponents; monte_carlo: the samples).",
    )
    shares = parts.build(
        "EquityShares",
        {
            **{name: fields.Float(required=True, metadata=FRACTION) for name in ("win", "tie", "lose")},
            "share": fields.Float(
                required=True,
                metadata={"description": "The hand's mean share of the pot (a tie with t others: 1 / (t + 1)).",
                          "minimum": 0, "maximum": 1},
            ),
        },
        "The counts as fractions of the total, and the mean share.",
    )  # fmt: skip
    response = parts.build(
        "EquityResponse",
        {
            **evaluation,
            "method": fields.String(required=True, validate=validate.OneOf(["exact", "monte_carlo"])),
            "counts": fields.Nested(counts, required=True),
            "equity": fields.Nested(shares, required=True),
            "standard_error": fields.Float(required=True, metadata={"description": "0 for exact."}),
            "samples": fields.Integer(required=True, allow_none=True),
            "seed": fields.String(required=True, allow_none=True),
            "rng": fields.String(required=True, allow_none=True, validate=validate.OneOf([RNG])),
            **parts.rules,
        },
    )
    return {"equity_request": request, "equity_response": response}
