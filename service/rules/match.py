"""A match (docs/api.md section 15): records in a row with one ``players`` and one set of ``options``, each deal dealt
with the ``carry`` of the result before it, judged as one.

:func:`adjudicate_match` replays every deal with the records' own replay (:mod:`service.rules.records`) and stops
at the first fault: an illegal action (its deal's entry shows it), a deal after one that is not complete
(``deal_unfinished``), a dealer out of turn (``wrong_dealer``: the deal passes in the order of play), or a deal
after the one that decided the match (the game's own code, :attr:`~service.rules.game.Game.match_end`). What
decides a match is the game's own rule (:meth:`~service.rules.game.Game.match_winners`); where it has none, the
match is the session of deals sent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from service.rules import deadline
from service.rules.actions import ActionBase
from service.rules.base import Result
from service.rules.cards import Card
from service.rules.errors import InvalidInput, Problem
from service.rules.frozen import build
from service.rules.game import Game
from service.rules.records import Refused, check_table, deck_of, judge_turn_up, replay, replay_seen
from service.rules.records import verdict as record_verdict
from service.rules.seats import next_seat
from service.rules.seen import Seen, seen_deck
from service.rules.trace import Trace
from service.rules.views import SeatView, TableViews, check_seats

MAX_DEALS = 100
"""Deals in one match."""
MAX_MATCH_ACTIONS = 10_000
"""Actions in one match, every deal's together."""

MatchFault = StrEnum("MatchFault", "deal_unfinished wrong_dealer")
"""The codes of a deal a match should not have played as it was, besides the game's own :attr:`match_end`."""
MATCH_RULE = "match"
"""The rule a deal out of turn breaks: deals follow one another, each complete, the deal passing on."""


@dataclass(frozen=True)
class MatchDeal:
    """One deal of a match: its dealer, its deck (or the seed that shuffles the pack, or what a table saw of it:
    docs/api.md 18) and its actions."""

    dealer: int
    actions: Sequence[ActionBase]
    deck: Sequence[Card] | None = None
    seed: str | None = None
    seen: Seen | None = None


@dataclass(frozen=True)
class Match:
    """The deals of one table in order, with the options they are all played by and what the first carries in
    (None: a fresh match)."""

    players: int
    options: Any
    deals: Sequence[MatchDeal]
    carry: Any = None


@dataclass(frozen=True)
class DealVerdict:
    """One deal as ``records/adjudicate`` judges it, with the ``carry`` it was dealt with, its last state, its
    deck, and (when asked) its trace and the views of the seats asked."""

    index: int
    verdict: str
    applied: int
    error: Refused | None
    result: Result | None
    carry: Any
    state: Any
    deck: tuple[Card, ...]
    trace: Trace[Any] | None = None
    views: list[SeatView[Any]] | None = None
    missing: list[dict[str, int]] | None = None
    """An undecided table deal's: whose unseen cards must be shown (docs/api.md 18)."""
    turn_ups: list[Card] | None = None
    """A table deal's whose turn-up nobody saw: the turn-ups its record admits (:func:`records.judge_turn_up`)."""
    missing_turn_up: bool = False
    """An undecided table deal's: the turn-up must be shown to decide it."""


@dataclass(frozen=True)
class Standing:
    """One seat's match so far: the deals it won, and its ``points`` (trick games) and ``payouts`` (where results
    have them) summed over the deals played (None where the game's results have none)."""

    seat: int
    deals_won: int
    points: int | None
    payouts: int | None


@dataclass(frozen=True)
class MatchVerdict:
    """The verdict on a match: ``complete``, ``in_progress``, ``undecided`` (a table deal only unseen cards decide:
    ``missing``, each with its ``deal``) or ``illegal`` (``error``, with its ``deal``), each deal played, the
    standings, the carry after the last deal played, the winners and the deciding deal."""

    verdict: str
    deals: list[DealVerdict]
    error: dict[str, Any] | None
    standings: list[Standing]
    carry: Any
    winners: list[int]
    decided_by: int | None
    missing: list[dict[str, int]] | None = None
    missing_turn_up: bool = False


def check_match(game: Game[Any, Any, Any], match: Match, views: Sequence[int] = (), prefix: str = "") -> None:
    """Raise InvalidInput (pointers under ``prefix``, the match's place in the request) unless the table, the
    carry in, every deal's dealer and deck and the seats asked for views hold: a match's input is refused
    whole before any deal is replayed, whatever deal would fault first."""
    players, options = match.players, match.options
    problems: list[Problem] = []
    for k, deal in enumerate(match.deals):
        for p in game.check_table(players, deal.dealer, options):
            where = prefix + (f"/deals/{k}/dealer" if p.pointer == "/dealer" else p.pointer)
            problems.append(Problem(p.code, p.message, where))
        if problems and any(p.pointer.endswith("/players") for p in problems):
            break  # one player count for every deal: said once
    if problems:
        raise InvalidInput(problems)
    check_table(game, players, match.deals[0].dealer, options, match.carry, lambda pointer: prefix + pointer)
    for k, deal in enumerate(match.deals):
        if deal.deck is not None:
            game.check_deck(players, options, deal.deck, pointer=f"{prefix}/deals/{k}/deck")
        if deal.seen is not None:
            seen_deck(game, players, deal.dealer, options, deal.seen, f"{prefix}/deals/{k}/seen")
    check_seats(views, players)


def adjudicate_match(
    game: Game[Any, Any, Any],
    match: Match,
    *,
    trace: bool = False,
    views: Sequence[int] | None = None,
    prefix: str = "",
) -> MatchVerdict:
    """Replay ``match`` deal by deal (its input checked first: :func:`check_match`, InvalidInput with pointers
    under ``prefix``), each dealt with the carry of the result before it, up to the first fault; ``trace`` and
    ``views`` apply to every deal."""
    check_match(game, match, views or (), prefix)
    carry = match.carry
    played: list[DealVerdict] = []
    error: dict[str, Any] | None = None
    winners: list[int] | None = None
    decided_by: int | None = None
    for k, deal in enumerate(match.deals):
        deadline.check()
        if played:
            fault = _fault(game, match, played[-1], deal, decided_by is not None)
            if fault is not None:
                error = {"deal": k, "index": None, **fault}
                break
        judged = _deal(game, match, k, deal, carry, trace, views, f"{prefix}/deals/{k}")
        played.append(judged)
        carry = judged.carry if judged.result is None else carried(game, judged.result)
        if judged.error is not None:
            error = {"deal": k, **judged.error}
            break
        if judged.verdict == "undecided":  # an undecided table deal ends the replay, as an unfinished one would
            break
        if judged.result is not None and decided_by is None:
            winners = game.match_winners(judged.result)
            decided_by = k if winners is not None else None
    standings = standings_of(game, match.players, [d.result for d in played if d.result is not None])
    verdict = _verdict(game, played, error, decided_by)
    return MatchVerdict(
        verdict=verdict,
        deals=played,
        error=error,
        standings=standings,
        carry=carry,
        winners=_winners(verdict, winners, standings),
        decided_by=decided_by,
        missing=[{"deal": d.index, **m} for d in played for m in d.missing or ()] if verdict == "undecided" else None,
        missing_turn_up=verdict == "undecided" and played[-1].missing_turn_up,
    )


def _deal(
    game: Game[Any, Any, Any],
    match: Match,
    index: int,
    deal: MatchDeal,
    carry: Any,
    trace: bool,
    views: Sequence[int] | None,
    pointer: str,
) -> DealVerdict:
    """Deal ``index`` of ``match`` replayed as ``records/adjudicate`` replays a record (``pointer``: the deal's)."""
    players, options = match.players, match.options
    if deal.seen is not None:
        deck = seen_deck(game, players, deal.dealer, options, deal.seen, pointer)
    else:
        deck = deck_of(game, players, options, deal.deck, deal.seed, pointer + "/deck")
    transition = game.deal_checked(players, deal.dealer, options, deck, carry)  # checked whole: check_match
    seen = deal.seen
    judged = None if seen is None else judge_turn_up(game, deck, transition, deal.actions, seen)
    if judged is not None:  # the turn-up nobody saw: the deal of a turn-up the record admits (docs/api.md 18)
        transition, seen = judged.first, judged.seen
    table = TableViews(game, views) if views is not None else None
    if table is not None:
        table.saw(None, transition.events)
    steps = Trace(game, views or ()) if trace else None
    if steps is not None:
        steps.dealt(transition.events)
    if seen is None:
        state, _, applied, error = replay(game, transition, deal.actions, table, steps, keep_events=False)
        result = game.result(state)
        word, missing = "illegal" if error else ("complete" if result is not None else "in_progress"), None
    else:
        state, _, applied, error = replay_seen(game, transition, deal.actions, seen, table, steps, False)
        word, result, missing = record_verdict(game, state, error) if judged is None else judged.verdict
    dealt_with = getattr(transition.state, "carry", None)
    viewed = table.of(state) if table is not None else None
    return build(  # every field, in order: a verdict per deal, without the frozen __init__'s setattr per field
        DealVerdict,
        {
            "index": index,
            "verdict": word,
            "applied": applied,
            "error": error,
            "result": result,
            "carry": dealt_with,
            "state": state,
            "deck": deck,
            "trace": steps,
            "views": viewed,
            "missing": missing or None,
            "turn_ups": None if judged is None else judged.turn_ups,
            "missing_turn_up": judged is not None and judged.missing_turn_up,
        },
    )


def _fault(
    game: Game[Any, Any, Any], match: Match, before: DealVerdict, deal: MatchDeal, decided: bool
) -> dict[str, Any] | None:
    """Why ``deal`` should not have been played as it was after ``before`` (``decided``: the match was), or None."""
    if decided and game.match_end is not None:
        code, rule = game.match_end
        message = f"the match was decided by deal {before.index}: no deal follows it"
        return {"code": str(code), "rule": rule, "message": message, "legal_actions": []}
    if before.verdict != "complete":
        message = f"deal {before.index} is not complete: no deal follows it"
        return {"code": MatchFault.deal_unfinished.value, "rule": MATCH_RULE, "message": message, "legal_actions": []}
    dealer = next_seat(before.state.dealer, match.players)
    if deal.dealer != dealer:
        message = f"the deal passes to seat {dealer} after seat {before.state.dealer}, not to seat {deal.dealer}"
        return {"code": MatchFault.wrong_dealer.value, "rule": MATCH_RULE, "message": message, "legal_actions": []}
    return None


def carried(game: Game[Any, Any, Any], result: Result) -> Any:
    """The next deal's carry (the game's ``carry_type``) from a result's ``carry``; None where nothing travels."""
    carry_type = game.carry_type
    if carry_type is None:
        return None
    raw: dict[str, Any] = result["carry"]
    return carry_type(**{k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()})


def standings_of(game: Game[Any, Any, Any], players: int, results: Sequence[Result]) -> list[Standing]:
    """Each seat's deals won, and its ``points`` and ``payouts`` summed over ``results`` (kept where the game's
    results have them)."""
    sums = {name: [0] * players if result_has(game, name) else None for name in ("points", "payouts")}
    won = [0] * players
    summed = [(name, total) for name, total in sums.items() if total is not None]
    for result in results:
        for seat in set(result["winners"]):
            won[seat] += 1
        for name, total in summed:
            if name in result:
                for seat, value in enumerate(result[name]):
                    total[seat] += value
    points, payouts = sums["points"], sums["payouts"]
    return [
        Standing(seat, won[seat], None if points is None else points[seat], None if payouts is None else payouts[seat])
        for seat in range(players)
    ]


def result_has(game: Game[Any, Any, Any], name: str) -> bool:
    """Whether the game's results (its ``result_type``, a TypedDict) have the field ``name``."""
    return name in getattr(game.result_type, "__annotations__", {})


def _verdict(
    game: Game[Any, Any, Any], played: Sequence[DealVerdict], error: dict[str, Any] | None, decided_by: int | None
) -> str:
    if error is not None:
        return "illegal"
    if played and played[-1].verdict == "undecided":
        return "undecided"
    if decided_by is not None:
        return "complete"
    if game.match_end is None and played and played[-1].verdict == "complete":
        return "complete"
    return "in_progress"


def _winners(verdict: str, decided: list[int] | None, standings: Sequence[Standing]) -> list[int]:
    """The winning side of a decided match (also when a deal followed it); for a session complete, the seats with
    the greatest summed payouts (none when every seat has as many); else none."""
    if decided is not None:
        return decided
    totals = {s.payouts for s in standings if s.payouts is not None}
    if verdict != "complete" or len(totals) < 2:
        return []
    best = max(totals)
    return [s.seat for s in standings if s.payouts == best]


__all__ = [
    "MATCH_RULE",
    "MAX_DEALS",
    "MAX_MATCH_ACTIONS",
    "DealVerdict",
    "Match",
    "MatchDeal",
    "MatchFault",
    "MatchVerdict",
    "Standing",
    "adjudicate_match",
    "result_has",
    "carried",
    "check_match",
    "standings_of",
]
