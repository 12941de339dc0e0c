"""The matches room: ``matches/adjudicate``, a match (deals in a row, one table and one set of options, each dealt
with the carry of the result before it) and the verdict on it (docs/api.md section 15)."""

from __future__ import annotations

import functools
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from schemas.common import result_field, word_field
from schemas.operations.play import deal_fields
from schemas.operations.records import (
    actions_field,
    adjudication_error,
    json_or_text,
    json_or_text_fields,
    missing_field,
    proof_field,
    trace_fields,
    traced_views,
    turn_up_fields,
    verdict_field,
)
from schemas.parts import GameParts
from service.rules.game import Game
from service.rules.match import MATCH_RULE, MAX_DEALS, MAX_MATCH_ACTIONS, MatchFault, result_has


def serves(game: Game[Any, Any, Any]) -> bool:
    """Every game's deals can be played in a row."""
    return True


class DealsList(fields.List):
    """A match's deals: the actions of every deal counted before any deal is loaded (at most
    :data:`MAX_MATCH_ACTIONS` in all, a 422 at the list otherwise)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, list):
            counted = sum(
                len(d["actions"]) for d in value if isinstance(d, dict) and isinstance(d.get("actions"), list)
            )
            if counted > MAX_MATCH_ACTIONS:
                raise ValidationError(f"at most {MAX_MATCH_ACTIONS:,} actions in all the deals, not {counted:,}")
        return super()._deserialize(value, attr, data, **kwargs)


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """The match (with trace and views asked) and the verdict: each deal's, the standings, the winners."""
    text = (
        "The match as text (docs/api.md section 16, docs/notation.md), in place of `match` (a text of one deal is a "
        "match of one deal); an illegal action's `error` then also gives its `line` and `column`."
    )
    document = json_or_text_fields("match", match_schema(parts), text)
    request = json_or_text(parts, "MatchRequest", document, "each deal's trace")
    response = parts.build(
        "MatchResponse",
        {
            "verdict": verdict_field(),
            "missing": missing_field(deal=True),
            **{k: v for k, v in turn_up_fields(parts.game).items() if k == "missing_turn_up"},
            "deals": fields.List(
                fields.Nested(_deal_verdict(parts)),
                required=True,
                metadata={"description": "Each deal played, in order: those after a fault are not played."},
            ),
            "error": fields.Nested(_match_error(parts), required=True, allow_none=True),
            "standings": fields.List(fields.Nested(_standing(parts)), required=True),
            "carry": _carry_field(parts, "What the next deal would carry in: after the last deal played."),
            "winners": fields.List(
                fields.Integer(),
                required=True,
                metadata={
                    "description": "Every seat of the side that won a decided match; for a complete match with no "
                    "end of its own, the seats with the greatest summed payouts; empty while in progress, or for "
                    "a drawn match."
                },
            ),
            "decided_by": fields.Integer(
                required=True,
                allow_none=True,
                metadata={"description": "The index of the deal that decided the match, or null."},
            ),
            **parts.rules,
        },
    )
    return {"match_request": request, "match_response": response}


@functools.cache
def match_schema(parts: GameParts) -> type[Schema]:
    """The match: the table, the options and what the first deal carries in, then the deals."""
    shared = deal_fields(parts)
    deal = parts.build(
        "MatchDeal",
        {
            **{
                name: shared[name]
                for name in ("dealer", "seed", "deck", "seen", "check_source", "json_schema_variants")
            },
            "actions": actions_field(parts),
        },
        "One deal of a match: its dealer, a deck, a seed or what a table saw (`seen`), and the actions in order.",
    )
    table = {name: shared[name] for name in ("players", "options", "carry") if name in shared}
    return parts.build(
        "MatchRecord",
        {
            **table,
            "deals": DealsList(
                fields.Nested(deal),
                required=True,
                validate=validate.Length(1, MAX_DEALS),
                metadata={
                    "description": f"The deals in order (at most {MAX_DEALS}, with at most "
                    f"{MAX_MATCH_ACTIONS:,} actions in all): deal k is dealt with the carry of deal k - 1's result, "
                    "and its dealer is the seat after deal k - 1's."
                },
            ),
        },
        "A match: the deals of one table in a row, played with one set of options.",
    )


def _carry_field(parts: GameParts, description: str) -> fields.Field:
    """A carry in an answer (the game's ``carry_type``; always null where nothing travels between deals)."""
    carry_type = parts.game.carry_type
    if carry_type is None:
        return fields.Raw(required=True, metadata={"description": description, "type": "null"})
    return fields.Nested(
        parts.deriver.schema(carry_type), required=True, allow_none=True, metadata={"description": description}
    )


def _deal_verdict(parts: GameParts) -> type[Schema]:
    """One deal of a match as ``records/adjudicate`` judges it, with the carry it was dealt with."""
    return parts.build(
        "MatchDealVerdict",
        {
            "index": fields.Integer(required=True, metadata={"description": "The deal's index in the match."}),
            "verdict": verdict_field(),
            "missing": missing_field(),
            **turn_up_fields(parts.game),
            "applied": fields.Integer(required=True),
            "error": fields.Nested(adjudication_error(parts), required=True, allow_none=True),
            "result": result_field(parts.deriver.result()),
            "carry": _carry_field(parts, "What this deal was dealt with (a first deal's as its state carries it)."),
            **trace_fields(parts),
            "views": traced_views(parts),
        },
        "One deal of a match: what `records/adjudicate` answers for it (`verdict`, `applied`, `error`, `result`), "
        "and the carry it was dealt with.",
    )


def match_codes(game: Game[Any, Any, Any]) -> list[str]:
    """Every code a match's error can give: the game's refusals, then a deal out of turn's."""
    ends = [str(game.match_end[0])] if game.match_end is not None else []
    return [*game.refusals(), *(code.value for code in MatchFault), *ends]


def _match_error(parts: GameParts) -> type[Schema]:
    """What made a match illegal: an illegal action of a deal, or a deal that should not have been played."""
    ends = f", or `{parts.game.match_end[0]}` ({parts.game.match_end[1]})" if parts.game.match_end else ""
    return parts.build(
        "MatchError",
        {
            "deal": fields.Integer(
                required=True,
                metadata={"description": "The deal: the illegal action's, or the one not to be played."},
            ),
            "index": fields.Integer(
                required=True,
                allow_none=True,
                metadata={"description": "The refused action's index in its deal; null for a deal out of turn."},
            ),
            "code": word_field(
                match_codes(parts.game),
                "An illegal action's code, or why the deal should not have been played: `deal_unfinished` (the deal "
                f"before it is not complete), `wrong_dealer` (the deal passes to the next seat){ends}.",
            ),
            "rule": fields.String(
                required=True,
                metadata={
                    "description": f"The rule broken: the illegal action's, `{MATCH_RULE}` for a deal out of turn, "
                    "or the game's rule that ended the match."
                },
            ),
            "message": fields.String(required=True),
            "legal_actions": fields.List(
                parts.deriver.legal_action(),
                required=True,
                metadata={"description": "What was legal instead of the illegal action; empty for a deal out of turn."},
            ),
            "line": fields.Integer(
                metadata={
                    "description": "Only for a match sent as `notation`: the line of the illegal action's first word "
                    '(of the deal\'s `[Deal "k"]` tag for a deal out of turn).'
                }
            ),
            "column": fields.Integer(metadata={"description": "Only for a match sent as `notation`: its column."}),
            "proof": proof_field(parts),
        },
        "What made the match illegal: an illegal action of a deal (as a record's `error` gives it), or a deal that "
        "should not have been played as it was.",
    )


def _standing(parts: GameParts) -> type[Schema]:
    """One seat's standing: deals won, and points and payouts summed where the game's results have them."""
    summed: dict[str, fields.Field] = {}
    for name, what in (("points", "its points (a trick game's)"), ("payouts", "its net payouts (chips or units)")):
        if result_has(parts.game, name):
            summed[name] = fields.Integer(
                required=True, metadata={"description": f"The sum over the deals played of {what}."}
            )
    return parts.build(
        "Standing",
        {
            "seat": fields.Integer(required=True),
            "deals_won": fields.Integer(
                required=True, metadata={"description": "The deals played whose result names this seat a winner."}
            ),
            **summed,
        },
        "One seat's match: the deals it won and what its results add up to.",
    )
