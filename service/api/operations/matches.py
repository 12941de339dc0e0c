"""The matches room: ``matches/adjudicate``, a match replayed deal by deal (:mod:`service.rules.match`), each deal
as ``records/adjudicate`` replays a record."""

from __future__ import annotations

from typing import Any

from flask import Response

from schemas.operations.matches import serves
from service.api.answers import answer, rules_echo
from service.api.operations.notation import at_action, match_in, pointed
from service.api.plain import MatchReader
from service.api.routes import GameRoutes
from service.rules.game import Game
from service.rules.match import DealVerdict, Match, MatchDeal, MatchVerdict, adjudicate_match
from service.rules.seen import Seen
from service.rules.trace import Trace


def register(routes: GameRoutes) -> None:
    """Adjudicate a match."""
    game, s = routes.game, routes.schemas

    @routes.post(
        "/matches/adjudicate",
        "adjudicateMatch",
        s.match_request,
        s.match_response,
        example=routes.examples.match,
        invalid=s.invalid_notation,
        plain=MatchReader(game, s),
    )
    def adjudicate(data: dict[str, Any]) -> dict[str, Any] | Response:
        """Replay a match: its deals in order, deal k dealt with the carry of deal k - 1's result (the match's own
        `carry` for deal 0), each replayed as `records/adjudicate` replays a record, up to the first fault.

        The match is `illegal` at the first illegal action (its deal's entry shows it; `error` adds `deal`), or at
        a deal that should not have been played as it was (`error.index` null; the deal is not played): after a
        deal that is not complete (`deal_unfinished`), with another dealer than the seat after the last deal's
        (`wrong_dealer`, rule `match`), or after the deal that decided the match (the game's own code). It is
        `complete` when the game's own rule decides it, or, where a match has no end of its own, when every deal
        is complete; `undecided` when a deal from `seen` (docs/api.md 18) is over but only cards nobody saw could
        decide it (its replay ends there, as at an unfinished deal; `missing` names whose cards, with the `deal`);
        `in_progress` otherwise. `standings` add up each seat's deals won and its results' `points`
        and `payouts` over the deals played.

        With `trace: true` each deal adds `deal_events` and `steps`; with `views: [seat, ...]` each deal adds the
        views of the seats asked (the deal's last state, its events and the legal actions as that seat saw them,
        with the trace when asked), as `records/adjudicate` gives them.

        With `notation` in place of `match`, the match is read from text (docs/api.md section 16, as `records/parse`
        reads it; a text of one deal is a match of that deal); a text that does not parse is a 422
        `/invalid-notation` at its line and column, and an illegal action's `error` (the match's and its deal's)
        also gives the `line` and `column` of its first word (of the deal's `[Deal "k"]` tag for a deal that
        should not have been played).

        Rules across fields that the schema cannot state: every deal's `dealer` is less than `players`; a `deck`
        holds exactly the pack for this player count and these options; at most 10,000 actions in all the deals
        (a 422 before any deal is replayed)."""
        raw, reading = match_in(game, s, data)
        match = Match(
            players=raw["players"],
            options=raw.get("options") or game.options(None),
            deals=[
                MatchDeal(
                    d["dealer"], d["actions"], d.get("deck"), d.get("seed"), Seen.of(d["seen"]) if "seen" in d else None
                )
                for d in raw["deals"]
            ],
            carry=raw.get("carry"),
        )
        views = data.get("views")
        with pointed(reading, "/match"):
            judged = adjudicate_match(game, match, trace=bool(data.get("trace")), views=views, prefix="/match")
        at_action(reading, judged.error)
        for deal in judged.deals:
            at_action(reading, deal.error, deal.index)
        body = match_body(game, judged, match.options)
        return body if views is not None else answer(body)


def match_body(game: Game[Any, Any, Any], judged: MatchVerdict, options: Any) -> dict[str, Any]:
    """The answer's fields from the engine's verdict."""
    return {
        "verdict": judged.verdict,
        "deals": [_deal_body(deal) for deal in judged.deals],
        "error": judged.error,
        "standings": [{k: v for k, v in vars(s).items() if v is not None} for s in judged.standings],
        "carry": judged.carry,
        "winners": judged.winners,
        "decided_by": judged.decided_by,
        **({"missing": judged.missing} if judged.missing else {}),
        **({"missing_turn_up": True} if judged.missing_turn_up else {}),
        **rules_echo(options),
    }


def _deal_body(deal: DealVerdict) -> dict[str, Any]:
    """One deal's entry: the record's verdict on it and the carry it was dealt with, its trace and its views."""
    body: dict[str, Any] = {
        "index": deal.index,
        "verdict": deal.verdict,
        "applied": deal.applied,
        "error": deal.error,
        "result": deal.result,
        "carry": deal.carry,
    }
    if deal.missing:
        body["missing"] = deal.missing
    if deal.turn_ups is not None:
        body["turn_ups"] = deal.turn_ups
    if deal.missing_turn_up:
        body["missing_turn_up"] = True
    trace: Trace[Any] | None = deal.trace
    if trace is not None:
        body["deal_events"], body["steps"] = trace.deal_events, trace.steps
    if deal.views is not None:
        if trace is None:
            body["views"] = deal.views
        else:
            body["views"] = [{**vars(view), **vars(trace.of(view.seat))} for view in deal.views]
    return body


__all__ = ["match_body", "register", "serves"]
