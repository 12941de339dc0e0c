"""Consistency checks of an Old Brag state (``states/validate``, and every request that carries a state)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from service.rules.base import seat_count_problems
from service.rules.betting import still_in
from service.rules.cards import Card
from service.rules.errors import Problem
from service.rules.old_brag.pot3 import LIMIT_31, total_31
from service.rules.old_brag.state import BETTING, COMPLETE, DRAWING, PHASES, OldBragState
from service.rules.seen import table_cards_problem

if TYPE_CHECKING:
    from service.rules.old_brag.game import OldBrag


OldBragProblem = StrEnum("OldBragProblem", "chips phase pot level aggressor folded turn drawing")
"""The problem codes of an Old Brag state, besides those every game shares (:class:`Check`)."""


def state_problems(game: OldBrag, state: OldBragState) -> list[Problem]:
    """Every inconsistency of an Old Brag state whose table holds: seats, cards, the three pots, the betting
    and the 31 phase."""
    problems: list[Problem] = []
    if len(state.seats) != state.players:
        return seat_count_problems(state.seats, state.players)
    opts = state.options
    n = state.players
    every: list[Card] = list(state.stock)
    for i, seat in enumerate(state.seats):
        where = f"/seats/{i}"
        problems.extend(game.seat_problems(seat.seat, seat.hand, i))
        every.extend(seat.hand)
        every.extend(seat.drawn)
        if seat.staked < 0:
            problems.append(Problem(OldBragProblem.chips, "staked chips cannot be negative", where + "/staked"))
        elif seat.staked > state.level:
            problems.append(
                Problem(OldBragProblem.chips, f"nobody stakes more than the level ({state.level})", where + "/staked")
            )
    seats_in_order = all(seat.seat == i for i, seat in enumerate(state.seats))
    card_problems = table_cards_problem(every, game.full_pack(), "/seats")
    problems.extend(card_problems)
    phase_known = state.phase in PHASES
    if not phase_known:
        problems.append(Problem(OldBragProblem.phase, f"phase must be one of {list(PHASES)}", "/phase"))
    # the chip and turn checks read neither the cards nor the hand sizes: report them in any case
    main = opts.ante * n + sum(s.staked for s in state.seats)
    if state.main_pot != main:
        problems.append(
            Problem(OldBragProblem.pot, f"the main pot must be the antes plus all stakes ({main})", "/main_pot")
        )
    pot1 = opts.pot_ante * n if opts.consolation_pots else 0
    if state.pot1 != pot1:
        problems.append(Problem(OldBragProblem.pot, f"Pot I must hold {pot1} (the consolation antes)", "/pot1"))
    pot3 = state.carry.pot3 + pot1
    if state.pot3 != pot3:
        problems.append(
            Problem(
                OldBragProblem.pot, f"Pot III must hold {pot3} (the carried pot plus the consolation antes)", "/pot3"
            )
        )
    if not (phase_known and seats_in_order):
        return problems  # the checks below index the seats by number and read the phase
    problems.extend(_betting_problems(game, state))
    if any(p.code in ("hand_size", "seat_order") for p in problems) or card_problems:
        return problems  # the 31-phase checks add up the cards
    problems.extend(_drawing_problems(game, state))
    return problems


def _betting_problems(game: OldBrag, state: OldBragState) -> list[Problem]:
    problems: list[Problem] = []
    active = still_in(state.seats)
    if state.level < 0:
        problems.append(Problem(OldBragProblem.level, "the level cannot be negative", "/level"))
    if state.level == 0:
        if state.aggressor is not None:
            problems.append(Problem(OldBragProblem.aggressor, "nobody has bet, so there is no aggressor", "/aggressor"))
        if state.phase != BETTING:
            problems.append(Problem(OldBragProblem.phase, "the dealer must open before the betting can end", "/phase"))
        elif state.to_act != state.dealer:
            problems.append(Problem(OldBragProblem.turn, "the dealer opens the betting", "/to_act"))
        if any(s.folded for s in state.seats):
            problems.append(Problem(OldBragProblem.folded, "nobody can fold before the dealer opens", "/seats"))
    elif (
        state.aggressor is None
        or not 0 <= state.aggressor < state.players
        or state.aggressor not in active
        or state.seats[state.aggressor].staked != state.level
    ):
        problems.append(
            Problem(OldBragProblem.aggressor, "the aggressor is a player still in who staked the level", "/aggressor")
        )
    if state.phase == BETTING:
        if len(active) < 2:
            problems.append(Problem(OldBragProblem.phase, "betting needs two players in; it is over", "/phase"))
        if state.level > 0 and (
            state.to_act is None
            or state.to_act not in active
            or state.to_act == state.aggressor
            or state.seats[state.to_act].staked >= state.level
        ):
            problems.append(
                Problem(
                    OldBragProblem.turn, "to_act must be a player still in who has not matched the level", "/to_act"
                )
            )
    elif len(active) > 1 and any(state.seats[s].staked != state.level for s in active):
        problems.append(
            Problem(OldBragProblem.chips, "the betting ended, so every player still in matched the level", "/seats")
        )
    return problems


def _drawing_problems(game: OldBrag, state: OldBragState) -> list[Problem]:
    problems: list[Problem] = []
    opts = state.options
    eligible = game.eligible_31(state)
    if state.phase == BETTING or not opts.consolation_pots:
        for s in state.seats:
            if s.drawn or s.stood:
                problems.append(
                    Problem(OldBragProblem.drawing, "cards are drawn only in the 31 phase", f"/seats/{s.seat}/drawn")
                )
        if state.phase == DRAWING:
            problems.append(
                Problem(OldBragProblem.phase, "there is no 31 phase without the consolation pots", "/phase")
            )
        elif state.phase == COMPLETE and state.to_act is not None:
            problems.append(Problem(OldBragProblem.turn, "nobody acts once the deal is complete", "/to_act"))
        return problems
    for s in state.seats:
        where = f"/seats/{s.seat}"
        if s.seat not in eligible and (s.drawn or s.stood):
            problems.append(
                Problem(OldBragProblem.drawing, "a player who folded does not play for Pot III (OB-A5)", where)
            )
        elif s.stood and game.bust(state, s.seat):
            problems.append(Problem(OldBragProblem.drawing, "a player over 31 cannot have stood", where + "/stood"))
        elif len(s.drawn) > 0 and total_31(s.hand + s.drawn[:-1], opts) > LIMIT_31:
            problems.append(Problem(OldBragProblem.drawing, "a player over 31 draws no more cards", where + "/drawn"))
    expected = game.next_drawer(state)
    if state.phase == DRAWING:
        if expected is None:
            problems.append(
                Problem(OldBragProblem.phase, "every contender has stood or gone over 31: the deal is over", "/phase")
            )
        elif state.to_act != expected:
            problems.append(
                Problem(OldBragProblem.turn, f"seat {expected} is the next to draw in priority order", "/to_act")
            )
        elif expected in eligible:
            for later in eligible[eligible.index(expected) + 1 :]:
                if state.seats[later].drawn or state.seats[later].stood:
                    problems.append(
                        Problem(
                            OldBragProblem.drawing,
                            "players draw in priority order, one after another",
                            f"/seats/{later}",
                        )
                    )
    else:
        if state.to_act is not None:
            problems.append(Problem(OldBragProblem.turn, "nobody acts once the deal is complete", "/to_act"))
        if expected is not None:
            problems.append(Problem(OldBragProblem.phase, f"seat {expected} has not finished drawing", "/phase"))
    return problems
