"""The records room: ``records/adjudicate``, a record (a deal and its actions) and the verdict on it."""

from __future__ import annotations

import functools
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from schemas.common import events_field, named_schema, refusal_fields, result_field
from schemas.derive import game_field
from schemas.fields import CardField, StrictBoolean, StrictString
from schemas.operations.play import deal_fields
from schemas.parts import GameParts
from service.rules.game import Game
from service.rules.seen import has_turn_up

MAX_ACTIONS = 1_000
"""Actions in one record."""
VERDICTS = ("complete", "in_progress", "illegal", "undecided")
"""The verdicts on a record, a match and each of its deals (docs/api.md sections 8 and 15)."""
RECORD_TEXT = (
    "The record as text (docs/api.md section 16, docs/notation.md), in place of `record`; an illegal action's "
    "`error` then also gives its `line` and `column`."
)
"""The ``notation`` of a request that takes a record as JSON or as text."""
MAX_NOTATION = 1_000_000
"""Characters of a record or match written as text (docs/api.md section 16): the longest match (10,000 actions) takes
well under half of it."""


def serves(game: Game[Any, Any, Any]) -> bool:
    """Every game's records can be replayed."""
    return True


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """The record (with the views asked) and the verdict: the refused action if any, the final state."""
    request = json_or_text(parts, "RecordRequest", record_or_text_fields(parts), "the record's trace")
    response = parts.build(
        "AdjudicateResponse",
        {
            "verdict": verdict_field(),
            "applied": fields.Integer(required=True),
            "error": fields.Nested(adjudication_error(parts), required=True, allow_none=True),
            "state": parts.state_field(),
            "result": result_field(parts.deriver.result()),
            "events": events_field(parts.deriver.events()),
            "deck_commitment": fields.String(
                required=True, allow_none=True, metadata={"description": "Null for a deal from `seen`."}
            ),
            "missing": missing_field(),
            **turn_up_fields(parts.game),
            **parts.rules,
            **trace_fields(parts),
            "views": traced_views(parts),
        },
    )
    return {"record_request": request, "adjudicate_response": response}


def json_or_text(parts: GameParts, name: str, document: dict[str, Any], traced: str) -> type[Schema]:
    """A body that takes one document as JSON or as text (``document``: :func:`json_or_text_fields`), with the views
    and the trace (``traced``) asked of it."""
    return parts.build(name, {**document, **parts.views_asked(), **trace_asked(traced)})


def record_or_text_fields(parts: GameParts) -> dict[str, Any]:
    """A body's record, as JSON or as text (:func:`json_or_text_fields`)."""
    return json_or_text_fields("record", record_schema(parts), RECORD_TEXT)


def json_or_text_fields(key: str, schema: type[Schema], text: str) -> dict[str, Any]:
    """A body's one document: as JSON (field ``key``, of ``schema``) or as text (``notation``, described by
    ``text``), exactly one of the two."""
    return {
        key: fields.Nested(schema, metadata={"description": f"The {key} as JSON (or give `notation`)."}),
        "notation": notation_field(text),
        "check_one": validates_schema(one_of(key, "notation")),
        "json_schema_variants": {"AsJson": (key,), "AsText": ("notation",)},
    }


@functools.cache
def record_schema(parts: GameParts) -> type[Schema]:
    """A game's record (docs/api.md section 8): its deal and its actions; one schema for JSON and for text."""
    return parts.build(
        "Record",
        {
            **deal_fields(parts),
            "actions": actions_field(parts),
        },
        "A record: a deal (deck or seed) and the actions in order.",
    )


def verdict_field() -> fields.Field:
    """An answer's ``verdict``: one of :data:`VERDICTS`."""
    return fields.String(required=True, validate=validate.OneOf(list(VERDICTS)))


def actions_field(parts: GameParts) -> fields.Field:
    """A record's or a match deal's actions, in order (at most :data:`MAX_ACTIONS`)."""
    return fields.List(parts.deriver.action(), required=True, validate=validate.Length(max=MAX_ACTIONS))


def notation_field(description: str, **kwargs: Any) -> fields.Field:
    """A record or match written as text (docs/api.md section 16)."""
    return StrictString(validate=validate.Length(1, MAX_NOTATION), metadata={"description": description}, **kwargs)


def one_of(*names: str) -> Any:
    """A new check per schema (``validates_schema`` marks the function): exactly one of ``names`` given (none: the
    first is missing, as a required field would be)."""

    def check_one(self: Schema, data: dict[str, Any], **_: Any) -> None:
        given = sum(name in data for name in names)
        if given == 0:
            raise ValidationError("Missing data for required field.", names[0])
        if given > 1:
            raise ValidationError(f"give exactly one of {', '.join(repr(n) for n in names)}", "_schema")

    return check_one


def trace_asked(what: str) -> dict[str, fields.Field]:
    """A request's optional ``trace``: true adds ``what`` (``deal_events`` and ``steps``) to the answer."""
    return {
        "trace": StrictBoolean(
            load_default=False,
            metadata={
                "description": f"Optional: true adds {what} (`deal_events` and `steps`), also to each view asked "
                "(docs/api.md section 11)."
            },
        )
    }


def trace_fields(parts: GameParts, seen: bool = False) -> dict[str, fields.Field]:
    """``deal_events`` and ``steps`` (only with ``trace: true``) of a deal, for the whole table or (``seen``) as one
    seat saw them (new fields, one step schema for each)."""
    whose = "as this seat saw them" if seen else "of the deal"
    return {
        "deal_events": events_field(
            parts.deriver.events(), f"Only with `trace`: the events {whose} (antes, the deal, a turn-up).", False
        ),
        "steps": fields.List(
            fields.Nested(_step(parts, seen)),
            metadata={
                "description": "Only with `trace`: one step per applied action, in order; they stop before an "
                "illegal action (which stays in `error`). The state after step n is what adjudicating the first "
                "n actions gives."
            },
        ),
    }


@functools.cache
def _step(parts: GameParts, seen: bool) -> type[Schema]:
    """One step of a trace, with its action as the table (or, ``seen``, as one seat) saw it."""
    action = parts.deriver.seen_action(required=True) if seen else parts.deriver.action(required=True)
    return parts.build(
        "SeenTraceStep" if seen else "TraceStep",
        {
            "index": fields.Integer(required=True, metadata={"description": "The action's index in the record."}),
            "action": action,
            "events": events_field(parts.deriver.events(), "What the action caused, in order."),
            "phase": game_field(parts.game, "phase", required=True, metadata={"description": "The phase after it."}),
            "to_act": game_field(
                parts.game,
                "seat",
                required=True,
                allow_none=True,
                metadata={"description": "The seat to act after it (null: nobody, the deal is over)."},
            ),
        },
        "One applied action of a record: the action as the service lists it, its events, then the phase and the "
        "seat to act as `legal-actions` would give them.",
    )


def traced_views(parts: GameParts) -> fields.Field:
    """The views of a record: each seat's view, with the trace as that seat saw it when ``trace`` was asked."""
    (given,) = parts.views_given().values()
    return fields.List(fields.Nested(_record_seat_view(parts)), metadata=dict(given.metadata))


@functools.cache
def _record_seat_view(parts: GameParts) -> type[Schema]:
    return named_schema(
        parts.prefix + "RecordSeatView",
        parts.seat_view,
        trace_fields(parts, seen=True),
        "One seat's view of a record: what that seat may know (with `trace`, the steps as it saw them: "
        'another seat\'s hidden cards "??").',
    )


@functools.cache
def adjudication_error(parts: GameParts) -> type[Schema]:
    """The first illegal action of a record: its index and the refusal (as a 409 would give it)."""
    refusal = refusal_fields(parts.deriver.legal_action(), parts.game.refusals())
    return parts.build(
        "AdjudicationError",
        {
            "index": fields.Integer(required=True, metadata={"description": "The refused action's index."}),
            "code": refusal["code"],
            "rule": refusal["rule"],
            "message": fields.String(required=True),
            "legal_actions": refusal["legal_actions"],
            "line": fields.Integer(
                metadata={"description": "Only for a record sent as `notation`: the line of the action's first word."}
            ),
            "column": fields.Integer(
                metadata={"description": "Only for a record sent as `notation`: the column of its first word."}
            ),
            "proof": proof_field(parts),
        },
    )


def proof_field(parts: GameParts) -> fields.Field:
    """An illegal action's ``proof``: only for a deal from ``seen`` (docs/api.md 18)."""
    return fields.Nested(
        _proof(parts),
        metadata={"description": "Only for a deal from `seen` (docs/api.md 18): what proves the action illegal."},
    )


@functools.cache
def _proof(parts: GameParts) -> type[Schema]:
    """What proves a table deal's action illegal whatever the unseen cards are."""
    return parts.build(
        "Proof",
        {
            "actions": fields.List(
                fields.Integer(),
                required=True,
                metadata={
                    "description": "The indexes of the actions that prove it, in order: the refused one, and those "
                    "that showed the cards it contradicts (a card seen elsewhere, a card the seat showed later)."
                },
            ),
            "hands": fields.List(
                fields.Nested(_seen_hand(parts)),
                required=True,
                metadata={"description": "The seat's hand as the table had seen it when it acted."},
            ),
        },
        "The actions and the seen hands that prove an action of a table deal illegal (docs/api.md 18).",
    )


@functools.cache
def _seen_hand(parts: GameParts) -> type[Schema]:
    game = parts.game
    return parts.build(
        "SeenHand",
        {
            "seat": game_field(game, "seat", required=True),
            "cards": fields.List(CardField(game.parse_card, game.card_notation), required=True),
        },
    )


@functools.cache
def _missing(deal: bool) -> type[Schema]:
    """One seat's unseen cards that the result needs (``deal``: in a match, with the deal's index)."""
    attrs: dict[str, fields.Field] = {
        "seat": fields.Integer(required=True, metadata={"description": "The seat whose cards must be shown."}),
        "cards": fields.Integer(required=True, metadata={"description": "How many of its cards nobody saw."}),
    }
    if deal:
        attrs = {"deal": fields.Integer(required=True, metadata={"description": "The deal's index."}), **attrs}
    return named_schema("Missing" + ("InMatch" if deal else ""), Schema, attrs, "Unseen cards the result needs.")


def missing_field(deal: bool = False) -> fields.Field:
    """``missing`` of an undecided verdict: whose unseen cards must be shown, and how many (``deal``: a match's, with
    the deal's index)."""
    return fields.List(
        fields.Nested(_missing(deal)),
        metadata={
            "description": "Only for an `undecided` verdict (docs/api.md 18): each seat whose unseen cards must be "
            "seen to decide the deal, and how many of them."
        },
    )


def turn_up_fields(game: Game[Any, Any, Any]) -> dict[str, fields.Field]:
    """``turn_ups`` and ``missing_turn_up`` of a table deal whose turn-up nobody saw (docs/api.md 18), in a game that
    turns one up; none in another."""
    if not has_turn_up(game):
        return {}
    return {
        "turn_ups": fields.List(
            CardField(game.parse_card, game.card_notation),
            metadata={
                "description": "Only for a deal from `seen` without its `turn_up` (docs/api.md 18): the cards the "
                "turn-up may be that the record admits (each replayed, in pack order): the state, events, views and "
                "trace are those of the first (of an `illegal` record, of the turn-up whose replay went furthest)."
            },
        ),
        "missing_turn_up": fields.Boolean(
            metadata={
                "description": "Only for an `undecided` verdict, true where the turn-up must be seen to decide the "
                "deal (the turn-ups it admits give different answers); `missing` adds any seat whose unseen cards "
                "some turn-up needs."
            },
        ),
    }
