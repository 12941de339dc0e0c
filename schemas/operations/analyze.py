"""The analyze room: ``records/analyze`` (docs/api.md section 19), what each decision of a record cost, its request
(a record as JSON or text, the seats, a level, a seed) and its answer (the decisions, each seat's summary)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from schemas.derive import game_field
from schemas.fields import StrictInteger, StrictString
from schemas.operations.records import adjudication_error, record_or_text_fields, verdict_field
from schemas.operations.suggest import candidate_schema, work_fields
from schemas.parts import GameParts
from service.rules.analysis import LABELS, LEVELS, POLICY
from service.rules.game import Game


def serves(game: Game[Any, Any, Any]) -> bool:
    """Every game's records can be analysed."""
    return True


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """An analysis's request and its answer."""
    return {"analyze_request": _request(parts), "analyze_response": _response(parts)}


def _request(parts: GameParts) -> type[Schema]:
    game = parts.game
    return parts.build(
        "AnalyzeRequest",
        {
            **record_or_text_fields(parts),
            "seats": fields.List(
                StrictInteger(validate=validate.Range(0, game.max_players - 1)),
                validate=validate.Length(1, game.max_players),
                load_default=None,
                metadata={
                    "description": "The seats whose decisions are analysed (distinct, each a seat of the table; "
                    "default: every seat).",
                    "uniqueItems": True,
                },
            ),
            **work_fields(
                LEVELS,
                "The suggestions' level each decision is weighed at (`hard` would cost a whole deal too much).",
                "Seeds each decision's samples as `actions/suggest`'s `seed` does.",
            ),
        },
        "A record to analyse, the seats whose decisions count, and the level and seed they are weighed at.",
    )


def _response(parts: GameParts) -> type[Schema]:
    game = parts.game
    candidate = candidate_schema(parts)
    best = parts.build(
        "AnalysisBest",
        {
            "action": parts.deriver.action(required=True),
            "value": fields.Float(required=True, metadata={"description": "Its value (docs/suggestions.md)."}),
        },
        "The action `actions/suggest` answers for the state before the decision, and its value.",
    )
    decision = parts.build(
        "AnalysisDecision",
        {
            "index": fields.Integer(required=True, metadata={"description": "The action's index in the record."}),
            "seat": game_field(game, "seat", required=True),
            "action": parts.deriver.action(required=True),
            "value": fields.Float(
                required=True, metadata={"description": "The chosen action's value, in the same samples as `best`'s."}
            ),
            "best": fields.Nested(best, required=True),
            "loss": fields.Float(
                required=True,
                validate=validate.Range(min=0),
                metadata={"description": "`best.value - value`: 0 when the choice was the best, never negative."},
            ),
            "label": StrictString(required=True, validate=validate.OneOf(LABELS)),
            "considered": fields.List(
                fields.Nested(candidate),
                required=True,
                metadata={
                    "description": "`actions/suggest`'s candidates, best first, with the chosen action where the "
                    "policy did not weigh it."
                },
            ),
        },
        "One decision: an action of an analysed seat that had a choice, weighed as `actions/suggest` weighs it.",
    )
    return parts.build(
        "AnalyzeResponse",
        {
            "verdict": verdict_field(),
            "error": fields.Nested(adjudication_error(parts), required=True, allow_none=True),
            "decisions": fields.List(fields.Nested(decision), required=True),
            "summary": fields.List(
                fields.Nested(_summary(parts)),
                required=True,
                metadata={"description": "Each seat analysed, in the order asked."},
            ),
            "policy": StrictString(
                required=True,
                validate=validate.OneOf([POLICY]),
                metadata={"description": "The analysis and its version: `actions/suggest`'s policies over a replay."},
            ),
            "level": StrictString(required=True, validate=validate.OneOf(LEVELS)),
            **parts.rules,
        },
    )


def _summary(parts: GameParts) -> type[Schema]:
    """One seat's decisions in all, and each label's count."""
    labels = parts.build(
        "AnalysisLabels",
        {name: fields.Integer(required=True) for name in LABELS},
        "How many decisions had each label.",
    )
    summary = parts.build(
        "AnalysisSummary",
        {
            "seat": game_field(parts.game, "seat", required=True),
            "decisions": fields.Integer(required=True, metadata={"description": "The decisions analysed."}),
            "loss": fields.Float(required=True, metadata={"description": "Their total loss."}),
            "accuracy": fields.Float(
                required=True,
                allow_none=True,
                validate=validate.Range(0, 100),
                metadata={
                    "description": "The mean of the decisions' accuracies, 0 to 100 (docs/analysis.md); null "
                    "without a decision."
                },
            ),
            "labels": fields.Nested(labels, required=True),
            "unseen": fields.Integer(
                required=True,
                metadata={
                    "description": "The seat's decisions left out: a table record (docs/api.md 18) never shows the "
                    "cards the seat held then (docs/analysis.md); 0 for a dealt record."
                },
            ),
        },
        "One seat's decisions in all.",
    )
    return summary
