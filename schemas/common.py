"""Schemas shared by every game: problems (RFC 9457), events, results, health."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from schemas.fields import PlainList


class DocSchema(Schema):
    """A schema used as a value: flask-smorest deep-copies an operation's documentation at every decorator,
    and a schema never changes once built, so its deep copy is itself (workers start in a fraction of the time)."""

    def __deepcopy__(self, memo: dict[int, object]) -> DocSchema:
        return self


class ProblemItemSchema(Schema):
    """One input problem: where (a JSON pointer into the request body) and what."""

    pointer = fields.String(required=True, metadata={"description": "JSON pointer into the request body."})
    detail = fields.String(required=True)


class StateProblemSchema(Schema):
    """One problem of a state: a stable code, where and what."""

    code = fields.String(required=True, metadata={"description": "Stable snake_case code."})
    pointer = fields.String(metadata={"description": "JSON pointer into the state."})
    message = fields.String(required=True)


def named_schema(name: str, base: type[Schema], attrs: dict[str, Any], doc: str) -> type[Schema]:
    """A schema class ``<name>Schema`` (a component of the OpenAPI document named ``name``) deriving from ``base``
    with the fields ``attrs`` (copied), documented by ``doc``."""
    made = type(f"{name}Schema", (base,), dict(attrs))
    made.__doc__ = doc
    return made


def word_field(words: list[str], description: str) -> fields.String:
    """A required string that is one of ``words`` (a game's codes, its ``deciding`` words), described."""
    return fields.String(required=True, validate=validate.OneOf(words), metadata={"description": description})


def state_problem_schema(name: str, codes: list[str]) -> type[Schema]:
    """One problem of a game's state (its ``states/validate`` answer): its code is one of the game's ``codes``
    (:meth:`Game.checks`)."""
    code = word_field(codes, "What is wrong: one of the game's stable codes (each named in its rules file).")
    doc = "One problem of a state: one of the game's codes, where and what."
    return named_schema(name, StateProblemSchema, {"code": code}, doc)


class ProblemSchema(DocSchema):
    """The members of every problem (RFC 9457 problem details, ``application/problem+json``)."""

    type = fields.String(required=True, metadata={"description": "URI reference naming the kind of problem."})
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    instance = fields.String(
        metadata={
            "description": "The request, as `urn:uuid:` of its X-Request-ID (a uuid), or of uuid5 of a non-uuid id."
        }
    )


STATE_PROBLEMS = "The problems of a state: the first 100 (total_errors counts them all)."


class ProblemDetailsSchema(ProblemSchema):
    """An error (RFC 9457 problem details, ``application/problem+json``)."""

    errors = fields.List(
        fields.Nested(ProblemItemSchema),
        validate=validate.Length(max=100),
        metadata={"description": "Input errors with pointers: the first 100 (total_errors counts them all)."},
    )
    problems = fields.List(
        fields.Nested(StateProblemSchema),
        validate=validate.Length(max=100),
        metadata={"description": STATE_PROBLEMS},
    )
    total_errors = fields.Integer(
        metadata={"description": "How many input errors or state problems there were (at most 100 are listed)."}
    )


def refusal_fields(legal_action: fields.Field, codes: list[str]) -> dict[str, fields.Field]:
    """What a refused action says (a 409, a record's ``illegal`` verdict): its code (one of the game's ``codes``,
    :meth:`Game.refusals`), the rule it broke and what was legal then, each a game's ``legal_action``."""
    return {
        "code": word_field(codes, "Why the rules refused the action: one of the game's stable codes."),
        "rule": fields.String(
            required=True,
            metadata={
                "description": "The rule the action broke: an id of the game's rules file (`rules_url`), a "
                "section such as `3(b)4`, an ambiguity such as `BSC-A3`, or `turn` / `flow` (not this seat's "
                "turn; the deal over, or no such action)."
            },
        ),
        "legal_actions": fields.List(
            legal_action, required=True, metadata={"description": "What was legal in that state instead."}
        ),
    }


def invalid_request_schema(name: str, state_problem: type[Schema]) -> type[Schema]:
    """A game's 422: a problem whose ``problems`` (an inconsistent state, ``/invalid-state``) are the game's
    ``state_problem`` (its codes an enum, :func:`state_problem_schema`)."""
    problems = fields.List(
        fields.Nested(state_problem), validate=validate.Length(max=100), metadata={"description": STATE_PROBLEMS}
    )
    doc = "An unprocessable request (422): input errors with pointers, or the problems of the state sent."
    return named_schema(name, ProblemDetailsSchema, {"problems": problems}, doc)


def illegal_action_schema(name: str, legal_action: fields.Field, codes: list[str]) -> type[Schema]:
    """A game's 409: a problem (RFC 9457) with the refusal's code, rule and legal actions."""
    doc = "An illegal action (409): a problem naming the rule broken and listing what was legal."
    return named_schema(name, ProblemSchema, refusal_fields(legal_action, codes), doc)


PAYOUTS_NOTE = (
    "`payouts`: net chips per seat (betting games and Briscola chiamata). They sum to 0, except with a pot carried "
    "across deals (Three Card Brag `blind_survivor: carry_forward`, Old Brag's Pot III carry): then they sum "
    "to the pot carried in (the deal's `carry.pot` / `carry.pot3`) minus the pot carried out (result "
    "`carried_pot` / `carried_pot3`)."
)
RESULT_DESCRIPTION = (
    "The outcome of a finished deal (docs/api.md section 7): `winners` (seats; empty for a drawn deal), `reason`, "
    "`points` (trick games, per seat) and `team_points` (partnerships), `payouts` (net per seat, summing to 0 "
    "unless a pot is carried in or out: see `payouts`), `carry` where the game carries something between deals "
    "(the next deal's `carry`, ready to send with it), and game-specific details."
)


def result_field(field: fields.Field) -> fields.Field:
    """The ``result`` object (the game's result schema ``field``), described; null while the deal goes on."""
    field.required = True
    field.allow_none = True
    field.metadata = {**field.metadata, "description": RESULT_DESCRIPTION + " " + PAYOUTS_NOTE}
    return field


def events_field(
    union: fields.Field,
    description: str = "Automatic steps and what the action caused, in order.",
    required: bool = True,
) -> fields.List:
    """What the service did or saw: antes, deals, draws, pots won (the game's events, one of them by ``type``)."""
    return PlainList(union, required=required, metadata={"description": description})


class HealthSchema(DocSchema):
    status = fields.String(required=True)


class ReadySchema(DocSchema):
    status = fields.String(required=True)
    games = fields.List(fields.String(), required=True)
