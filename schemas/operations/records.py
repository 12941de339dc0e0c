"""The records room: ``records/adjudicate``, a record (a deal and its actions) and the verdict on it."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from schemas.common import events_field, named_schema, refusal_fields, result_field
from schemas.derive import game_field
from schemas.fields import StrictBoolean
from schemas.operations.play import deal_fields
from schemas.parts import GameParts
from service.rules.game import Game

MAX_ACTIONS = 1_000
"""Actions in one record."""


def serves(game: Game[Any, Any, Any]) -> bool:
    """Every game's records can be replayed."""
    return True


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """The record (with the views asked) and the verdict: the refused action if any, the final state."""
    record = parts.build(
        "Record",
        {
            **deal_fields(parts),
            "actions": fields.List(parts.deriver.action(), required=True, validate=validate.Length(max=MAX_ACTIONS)),
        },
        "A record: a deal (deck or seed) and the actions in order.",
    )
    request = parts.build(
        "RecordRequest",
        {
            "record": fields.Nested(record, required=True),
            **parts.views_asked(),
            "trace": StrictBoolean(
                load_default=False,
                metadata={
                    "description": "Optional: true adds the record's trace (`deal_events` and `steps`), also to each "
                    "view asked (API.md section 11)."
                },
            ),
        },
    )
    response = parts.build(
        "AdjudicateResponse",
        {
            "verdict": fields.String(required=True, validate=validate.OneOf(["complete", "in_progress", "illegal"])),
            "applied": fields.Integer(required=True),
            "error": fields.Nested(_adjudication_error(parts), required=True, allow_none=True),
            "state": parts.state_field(),
            "result": result_field(parts.deriver.result()),
            "events": events_field(parts.deriver.events()),
            "deck_commitment": fields.String(required=True),
            **parts.rules,
            **_trace_fields(parts, "TraceStep", parts.deriver.action(required=True), "of the deal"),
            "views": _traced_views(parts),
        },
    )
    return {"record_request": request, "adjudicate_response": response}


def _trace_fields(parts: GameParts, name: str, action: fields.Field, whose: str) -> dict[str, fields.Field]:
    """``deal_events`` and ``steps`` (only with ``trace: true``), a step named ``name`` with ``action`` for its
    action; ``whose``: whose events they are, in words."""
    step = parts.build(
        name,
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
    return {
        "deal_events": events_field(
            parts.deriver.events(), f"Only with `trace`: the events {whose} (antes, the deal, a turn-up).", False
        ),
        "steps": fields.List(
            fields.Nested(step),
            metadata={
                "description": "Only with `trace`: one step per applied action, in order; they stop before an "
                "illegal action (which stays in `error`). The state after step n is what adjudicating the first "
                "n actions gives."
            },
        ),
    }


def _traced_views(parts: GameParts) -> fields.Field:
    """The views of a record: each seat's view, with the trace as that seat saw it when ``trace`` was asked."""
    seen = _trace_fields(parts, "SeenTraceStep", parts.deriver.seen_action(required=True), "as this seat saw them")
    view = named_schema(
        parts.prefix + "RecordSeatView",
        parts.seat_view,
        seen,
        "One seat's view of a record: what that seat may know (with `trace`, the steps as it saw them: "
        'another seat\'s hidden cards "??").',
    )
    (given,) = parts.views_given().values()
    return fields.List(fields.Nested(view), metadata=dict(given.metadata))


def _adjudication_error(parts: GameParts) -> type[Schema]:
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
        },
    )
