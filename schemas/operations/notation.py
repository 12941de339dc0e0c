"""The notation room: ``records/parse`` (text to a record or a match) and ``records/format`` (a record or a
match to its canonical text), docs/api.md section 16; and the 422 of a text that does not parse (``/invalid-notation``).
The record is the records room's own schema (one source of truth for what an action is)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate, validates_schema

from schemas.common import ProblemItemSchema, named_schema
from schemas.fields import MostMembers, StrictString
from schemas.operations.matches import match_schema
from schemas.operations.records import notation_field, one_of, record_schema
from schemas.parts import GameParts
from service.notation.errors import Code
from service.notation.reader import DEAL_TAGS, HEADER, MAX_TAG_VALUE, MAX_TAGS, TAG_NAME
from service.rules.game import Game

RESERVED_TAGS = frozenset({*HEADER, *DEAL_TAGS, "deal"})
"""The tags the notation gives a meaning (their values are the record's own fields, never ``tags``)."""


def serves(game: Game[Any, Any, Any]) -> bool:
    """Every game's records and matches can be written as text."""
    return True


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """Text to a record or a match and back."""
    record = fields.Nested(record_schema(parts), metadata={"description": "The record (one deal)."})
    match = fields.Nested(
        match_schema(parts), metadata={"description": "The match (several deals, docs/api.md section 15)."}
    )
    tags = _tags_field()
    return {
        "parse_request": parts.build(
            "ParseRequest",
            {"notation": notation_field("The record or match as text (docs/notation.md).", required=True)},
        ),
        "parse_response": parts.build(
            "ParseResponse",
            {
                "record": record,
                "match": match,
                "tags": tags,
                "json_schema_variants": {"Record": ("record",), "Match": ("match",)},
            },
            'What the text says: a `record` (one deal), or a `match` (a `[Deal "1"]` or later), in canonical '
            "codes, with the text's other tags.",
        ),
        "format_request": parts.build(
            "FormatRequest",
            {
                "record": record,
                "match": match,
                "tags": tags,
                "check_one": validates_schema(one_of("record", "match")),
                "json_schema_variants": {"Record": ("record",), "Match": ("match",)},
            },
            "A record or a match to write as text, with other tags to write in its header.",
        ),
        "format_response": parts.build(
            "FormatResponse",
            {"notation": fields.String(required=True, metadata={"description": "The canonical text."})},
        ),
        "invalid_notation": invalid_notation_schema(parts),
    }


def _tags_field() -> fields.Field:
    return fields.Dict(
        keys=StrictString(validate=[validate.Regexp(f"^{TAG_NAME}$"), validate.NoneOf(sorted(RESERVED_TAGS))]),
        values=StrictString(validate=validate.Length(max=MAX_TAG_VALUE)),
        validate=MostMembers(MAX_TAGS),
        metadata={
            "description": "The text's other tags (`Event`, `Date`, `Names`...): kept, ignored by the rules. A "
            "name is a letter then letters, digits and `_`, not one of the notation's own tags (docs/notation.md "
            "N-T8).",
            "maxProperties": MAX_TAGS,
            "propertyNames": {"pattern": f"^{TAG_NAME}$"},
        },
    )


class NotationErrorItemSchema(ProblemItemSchema):
    """One input problem; for a text that does not parse, where in the text and what was expected."""

    line = fields.Integer(metadata={"description": "1-based line of the offending word (a text that does not parse)."})
    column = fields.Integer(metadata={"description": "1-based column of the offending word."})
    code = fields.String(
        validate=validate.OneOf(sorted(c.value for c in Code)),
        metadata={"description": "What is wrong with the text: a stable code (docs/notation.md)."},
    )
    expected = fields.String(metadata={"description": "What the reader expected there."})


def invalid_notation_schema(parts: GameParts) -> type[Schema]:
    """The game's 422 where a text is taken: its invalid request, or a text that does not parse (``type`` ending
    in ``/invalid-notation``: one error with the text's line and column, a code and what was expected)."""
    errors = fields.List(fields.Nested(NotationErrorItemSchema), validate=validate.Length(max=100))
    base = parts.invalid_request
    doc = "An unprocessable request (422): input errors with pointers (for a text that does not parse, " + (
        "`/invalid-notation`: its line, column and code), or the problems of the state sent."
    )
    return named_schema(f"{parts.prefix}InvalidNotation", base, {"errors": errors}, doc)
