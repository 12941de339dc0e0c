"""The analyze room: ``records/analyze`` (docs/api.md section 19), each decision of a record weighed by the policy of
``actions/suggest`` (the engine: :mod:`service.rules.analysis`), labelled by its loss, and each seat's accuracy."""

from __future__ import annotations

from typing import Any

from schemas.operations.analyze import serves
from service.api.answers import rules_echo
from service.api.operations.notation import at_action, pointed, record_in
from service.api.operations.play import dealt
from service.api.operations.suggest import weighed
from service.api.routes import GameRoutes
from service.rules import analysis
from service.rules.records import verdict
from service.rules.seen import Seen, trump_unseen, turn_up_unseen
from service.rules.views import check_seats


def register(routes: GameRoutes) -> None:
    """Analyse a record."""
    game, s = routes.game, routes.schemas

    @routes.post(
        "/records/analyze",
        "analyzeRecord",
        s.analyze_request,
        s.analyze_response,
        example=routes.examples.analyze,
        invalid=s.invalid_notation,
    )
    def analyze(data: dict[str, Any]) -> dict[str, Any]:
        """What each decision of a record cost: every action of an analysed seat that had more than one legal
        action, weighed as `actions/suggest` weighs the state before it (`level`, `seed`), the chosen action valued
        in the same samples; its `loss` against the best, a `label` by the game's thresholds (its catalog entry's
        `analysis`), and each seat's `summary` with its accuracy (docs/analysis.md).

        The record is replayed as `records/adjudicate` replays it (`verdict`, `error`); an illegal record is
        analysed up to its illegal action. A table record (`seen`, docs/api.md 18) is analysed from what was seen:
        a decision's seat gets its own cards from what the record shows of them later, and a decision whose cards
        the record never shows is left out, counted in its seat's `summary` as `unseen`. With `notation` in place
        of `record`, the record is read from text as `records/adjudicate` reads it.

        Rules the schema cannot state: each of `seats` is a seat of the table, none twice (a 422 at `/seats/i`);
        the work (decisions times the level's samples) is bounded: past the budget, a 422 at `/level` when an
        easier level fits, else at `/seats`, saying how many decisions fit at each level."""
        record, reading = record_in(game, s, data)
        with pointed(reading, "/record"):
            options, transition, _ = dealt(game, record, "/record")
        players = record["players"]
        seats = data["seats"] if data["seats"] is not None else list(range(players))
        check_seats(seats, players, "/seats")
        seen = Seen.of(record["seen"]) if "seen" in record else None
        if trump_unseen(transition.state):  # docs/api.md 18: a suggestion, so an analysis, needs the trump
            raise turn_up_unseen("an analysis weighs tricks the trump decides", "/record/seen/turn_up")
        steps, state, error = analysis.replayed(game, transition, record["actions"], seen)
        outcome = verdict(game, state, error)
        at_action(reading, error)
        if seen is None:
            chosen, unseen = analysis.decisions_of(game, steps, seats), None
        else:  # docs/api.md 18: each seat's own cards as the record shows them later
            chosen, unseen = analysis.table_decisions(game, steps, state, seats)
        level = data["level"]
        analysis.check_work(game, len(chosen), level)
        decisions = analysis.analyse(game, chosen, level, data["seed"])
        scale = analysis.scale_of(game)
        return {
            "verdict": outcome.word,
            "error": error,
            "decisions": [_decision(d) for d in decisions],
            "summary": [vars(seat) for seat in analysis.summary(decisions, seats, scale, unseen)],
            "policy": analysis.POLICY,
            "level": level,
            **rules_echo(options),
        }


def _decision(decision: analysis.Decision) -> dict[str, Any]:
    best = decision.best
    return {
        "index": decision.index,
        "seat": decision.seat,
        "action": decision.action,
        "value": decision.value,
        "best": {"action": best.action, "value": best.value},
        "loss": decision.loss,
        "label": decision.label,
        "considered": weighed(decision.considered),
    }


__all__ = ["register", "serves"]
