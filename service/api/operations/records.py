"""The records room: ``records/adjudicate``, a record replayed from its deal through every action (a hot path:
the plain reader takes a record in its plainest form, service/api/plain.py)."""

from __future__ import annotations

from typing import Any

from flask import Response

from schemas.operations.records import serves
from service.api.answers import answer, rules_echo
from service.api.operations.notation import at_action, pointed, record_in
from service.api.operations.play import commitment, dealt, table_views
from service.api.plain import RecordReader
from service.api.routes import GameRoutes
from service.rules.records import judge_turn_up, replay, replay_seen, verdict
from service.rules.seen import Seen
from service.rules.trace import Trace


def register(routes: GameRoutes) -> None:
    """Adjudicate a record."""
    game, s = routes.game, routes.schemas

    @routes.post(
        "/records/adjudicate",
        "adjudicateRecord",
        s.record_request,
        s.adjudicate_response,
        example=routes.examples.record,
        plain=RecordReader(game, s),
        invalid=s.invalid_notation,
    )
    def adjudicate(data: dict[str, Any]) -> dict[str, Any] | Response:
        """Replay a record: deal, then every action in order; the first illegal one is named with its rule.

        With `views: [seat, ...]` (beside `record`) the answer adds, for each seat asked: the final state
        (after the last legal action) as `states/view` gives it; every event of the record, from the deal on,
        as that seat saw it when it happened (a card hidden then stays "??" in the event even when it is shown
        later: the final state's view shows what was revealed); and the legal actions that seat may take in
        the final state.

        With `trace: true` the answer adds `deal_events` and `steps`: for each applied action, in order, the
        action as the service lists it, its events, and the phase and seat to act after it (the steps stop
        before an illegal action); each view asked carries them too, as that seat saw them (another seat's
        hidden cards "??").

        With `notation` in place of `record`, the record is read from text (docs/api.md section 16, as
        `records/parse` reads it); a text that does not parse is a 422 `/invalid-notation` at its line and
        column, and an illegal action's `error` also gives the `line` and `column` of its first word.

        Rules across fields that the schema cannot state: `dealer` is less than `players`; a `deck` holds exactly
        the pack for this player count and these options."""
        record, reading = record_in(game, s, data)
        with pointed(reading, "/record"):
            options, transition, deck = dealt(game, record, "/record")
        seen = Seen.of(record["seen"]) if "seen" in record else None
        judged = None if seen is None else judge_turn_up(game, deck, transition, record["actions"], seen)
        if judged is not None:  # the turn-up nobody saw: the deal of a turn-up the record admits (docs/api.md 18)
            transition, seen = judged.first, judged.seen
        table = table_views(game, data, record["players"])
        if table is not None:
            table.saw(None, transition.events)
        trace = Trace(game, data.get("views") or ()) if data.get("trace") else None
        if trace is not None:
            trace.dealt(transition.events)
        if seen is not None:
            state, events, applied, error = replay_seen(game, transition, record["actions"], seen, table, trace)
        else:
            state, events, applied, error = replay(game, transition, record["actions"], table, trace)
        outcome, result, missing = verdict(game, state, error) if judged is None else judged.verdict
        at_action(reading, error)
        body = {
            "verdict": outcome,
            "applied": applied,
            "error": error,
            "state": state,
            "result": result,
            "events": events,
            "deck_commitment": commitment(deck),
            **rules_echo(options),
        }
        if missing:
            body["missing"] = missing
        if judged is not None:
            body["turn_ups"] = judged.turn_ups
            if judged.missing_turn_up:
                body["missing_turn_up"] = True
        if trace is not None:
            body["deal_events"], body["steps"] = trace.deal_events, trace.steps
        if table is None:
            return answer(body)  # the state as its schema dumps it: a dataclass's fields in order, arrays for tuples
        views = table.of(state)
        if trace is None:
            body["views"] = views
            return body
        body["views"] = [{**vars(view), **vars(trace.of(view.seat))} for view in views]
        return body


__all__ = ["register", "replay", "serves"]
