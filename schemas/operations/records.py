"""The records room: ``records/adjudicate``, a record (a deal and its actions) and the verdict on it."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from schemas.common import events_field, refusal_fields, result_field
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
    request = parts.build("RecordRequest", {"record": fields.Nested(record, required=True), **parts.views_asked()})
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
            **parts.views_given(),
        },
    )
    return {"record_request": request, "adjudicate_response": response}


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
