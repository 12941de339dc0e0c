"""Consistency checks of a Three Card Brag state (``states/validate``, and every request that carries a state)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from service.rules.base import seat_count_problems
from service.rules.betting import still_in
from service.rules.cards import Card
from service.rules.errors import Problem
from service.rules.seen import table_cards_problem
from service.rules.three_card_brag.state import BETTING, PHASES, BragState

if TYPE_CHECKING:
    from service.rules.three_card_brag.game import ThreeCardBrag


BragProblem = StrEnum("BragProblem", "chips blind_not_allowed pot stake phase turn seer")
"""The problem codes of a Three Card Brag state, besides those every game shares (:class:`Check`)."""


def state_problems(game: ThreeCardBrag, state: BragState) -> list[Problem]:
    """Every inconsistency of a Three Card Brag state whose table holds: seats, cards, chips, the turn."""
    problems: list[Problem] = []
    opts = state.options
    if len(state.seats) != state.players:
        return seat_count_problems(state.seats, state.players)
    every: list[Card] = list(state.stock)
    for i, seat in enumerate(state.seats):
        where = f"/seats/{i}"
        problems.extend(game.seat_problems(seat.seat, seat.hand, i))
        every.extend(seat.hand)
        if seat.put_in < opts.ante:
            problems.append(Problem(BragProblem.chips, f"every player antes {opts.ante}", where + "/put_in"))
        if not opts.blind_allowed and seat.blind:
            problems.append(Problem(BragProblem.blind_not_allowed, "blind_allowed is false", where + "/blind"))
    problems.extend(table_cards_problem(every, game.full_pack(), "/seats"))
    total = state.carry.pot + sum(s.put_in for s in state.seats)
    if state.pot != total:
        problems.append(
            Problem(BragProblem.pot, f"the pot must be the carried pot plus all chips put in ({total})", "/pot")
        )
    if state.stake is None and any(s.put_in != opts.ante for s in state.seats):
        problems.append(
            Problem(BragProblem.chips, "no bet has been made, so nobody has put in more than the ante", "/stake")
        )
    if state.stake is not None and state.stake < opts.min_bet:
        problems.append(Problem(BragProblem.stake, f"the stake is at least min_bet ({opts.min_bet})", "/stake"))
    if state.phase not in PHASES:
        problems.append(Problem(BragProblem.phase, f"phase must be one of {list(PHASES)}", "/phase"))
        return problems
    active = still_in(state.seats)
    if state.phase == BETTING:
        if len(active) < 2:
            problems.append(Problem(BragProblem.phase, "betting needs two players in; the deal is over", "/phase"))
        if state.to_act is None or state.to_act not in active:
            problems.append(Problem(BragProblem.turn, "to_act must be a seat still in the deal", "/to_act"))
        if state.seer is not None:
            problems.append(Problem(BragProblem.seer, "nobody has seen while betting goes on", "/seer"))
    else:
        if state.to_act is not None:
            problems.append(Problem(BragProblem.turn, "nobody acts once the deal is complete", "/to_act"))
        if state.seer is None and len(active) != 1:
            problems.append(Problem(BragProblem.phase, "a deal ends with one player in, or with a see", "/phase"))
        if state.seer is not None and (len(active) != 2 or state.seer not in active or state.stake is None):
            problems.append(Problem(BragProblem.seer, "the seer is one of the last two players, after a bet", "/seer"))
    return problems
