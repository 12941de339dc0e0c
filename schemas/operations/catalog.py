"""The catalog room: ``GET /v1/{game}`` (a game's entry, its pack and categories) and ``GET /v1/{game}/rules``;
the entries are the same for ``GET /v1/games`` (service/api/ops.py)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from schemas.common import DocSchema, named_schema
from schemas.fields import StrictInteger
from schemas.parts import GameParts
from service.rules.game import Game
from service.rules.names import ENGLISH, TABLES
from service.rules.options import TYPE_NAMES


def serves(game: Game[Any, Any, Any]) -> bool:
    """Every game has a catalog entry and rules."""
    return True


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """The answer of a game's entry (the same for every game)."""
    return {"detail": GameDetailSchema}


class PlayersRangeSchema(Schema):
    min = StrictInteger(required=True)
    max = StrictInteger(required=True)


OPTION_TYPE = "(?:" + "|".join(TYPE_NAMES.values()) + ")"
"""The JSON type of an option's values."""


def option_value() -> list[dict[str, str]]:
    """An option's value as ``anyOf`` branches: one of the JSON types options take (a new list each time)."""
    return [{"type": name} for name in TYPE_NAMES.values()]


class OptionSpecSchema(Schema):
    """One rule option: its default, its values and the rule it settles."""

    name = fields.String(required=True)
    type = fields.String(
        required=True,
        validate=validate.Regexp(f"^{OPTION_TYPE}(?:[|]{OPTION_TYPE})*$"),
        metadata={"description": "The JSON type of the values, or the types joined by `|` (`integer|string`)."},
    )
    default = fields.Raw(required=True, allow_none=True, metadata={"anyOf": [*option_value(), {"type": "null"}]})
    allowed = fields.List(
        fields.Raw(metadata={"anyOf": option_value()}),
        metadata={"description": "The allowed values, where they are few."},
    )
    minimum = fields.Integer()
    maximum = fields.Integer()
    nullable = fields.Boolean(required=True)
    description = fields.String(required=True)
    rule = fields.String(required=True, metadata={"description": "The AMBIGUITIES id of the rules file."})


KINDS = {
    "suit": "Suits by their code (`S`, `Sw`).",
    "rank": "Ranks by their code (`A`, `T`, `Q`).",
    "card": "Named cards by their code (Broggin's trumps: `Witch`).",
    "category": "Hand categories by id.",
    "action": "Action types.",
    "phase": "Phases of a state.",
    "reason": "Why a deal ended: a result's `reason`.",
    "deciding": "What decided a comparison: `deciding`.",
    "meld": "Meld kinds (Briscan, Brisque).",
    "bonus": "Bonus kinds (Briscan, Brisque).",
    "pot": "Pots (Old Brag).",
}
"""The kinds of names (docs/api.md section 12), each a map from an id to its word."""


LANGUAGES = tuple(dict.fromkeys(tag for table in TABLES.values() for tag in table))
"""Every language of a names table, English first."""


def _terms(description: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.String(), metadata={"description": description})


NameKindsSchema = named_schema(
    "NameKinds",
    DocSchema,
    {kind: _terms(description) for kind, description in KINDS.items()},
    "One language's names, by kind: `{id: term}`. A kind (or an id) no source has a word for is absent.",
)
NamesSchema = named_schema(
    "Names",
    DocSchema,
    {
        tag.replace("-", "_").lower(): fields.Nested(
            NameKindsSchema, required=tag == ENGLISH, data_key=tag, attribute=tag
        )
        for tag in LANGUAGES
    },
    "A game's names by language (BCP 47 tags), then kind, then id: English always, and each language of the "
    "game's sources (`languages`). Terms keep the sources' spelling; docs/rules/<game>.md says where each comes "
    "from.",
)


class ThresholdsSchema(DocSchema):
    """Each label's least loss (docs/analysis.md)."""

    good = fields.Float(required=True, metadata={"description": "Any loss above 0."})
    inaccuracy = fields.Float(required=True)
    mistake = fields.Float(required=True)
    blunder = fields.Float(required=True)


class AnalysisScaleSchema(DocSchema):
    """How ``records/analyze`` labels a loss in this game (docs/api.md section 19)."""

    unit = fields.String(required=True, metadata={"description": "What a decision's value and loss count."})
    thresholds = fields.Nested(
        ThresholdsSchema,
        required=True,
        metadata={"description": "The least loss of each label, in `unit` (a loss of 0 is `best`)."},
    )


class GameEntrySchema(DocSchema):
    """A catalog entry."""

    id = fields.String(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True, metadata={"description": "'hand' or 'trick'."})
    players = fields.Nested(PlayersRangeSchema, required=True)
    pack_size = fields.Integer(required=True)
    actions = fields.List(fields.String(), required=True, metadata={"description": "Action types."})
    options = fields.List(fields.Nested(OptionSpecSchema), required=True)
    rules_url = fields.String(
        required=True,
        metadata={"description": "Where this service serves the game's rules as Markdown: `/v1/{game}/rules`."},
    )
    rules_file = fields.String(
        required=True, metadata={"description": "The same rules in the repository: `docs/rules/{game}.md`."}
    )
    languages = fields.List(
        fields.String(validate=validate.OneOf(LANGUAGES)),
        required=True,
        metadata={
            "description": "The languages of `names` (BCP 47), English first; `Accept-Language` picks one for "
            "the descriptions of `hands/evaluate`, `hands/compare` and `hands/equity`."
        },
    )
    names = fields.Nested(NamesSchema, required=True)
    referee_url = fields.String(
        required=True,
        metadata={
            "description": "The referee page for this game, for people at a table (compare hands or a trick, "
            "check a record): `/referee/{game}`."
        },
    )
    analysis = fields.Nested(
        AnalysisScaleSchema,
        required=True,
        metadata={"description": "The unit and thresholds of `records/analyze` (docs/analysis.md)."},
    )


class GameDetailSchema(GameEntrySchema):
    """A catalog entry with the canonical pack (and, for hand games, the categories, best first)."""

    pack = fields.List(fields.String(), required=True, metadata={"description": "Canonical pack order."})
    categories = fields.List(fields.String(), metadata={"description": "Hand games: categories, best first."})


class CatalogSchema(DocSchema):
    games = fields.List(fields.Nested(GameEntrySchema), required=True)
