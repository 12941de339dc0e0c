"""Consistency checks of a Broggin state (``states/validate``, and every request that carries a state)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from service.rules.base import seat_count_problems
from service.rules.betting import still_in
from service.rules.broggin.cards import FULL_PACK
from service.rules.broggin.evaluation import declaration_problems
from service.rules.broggin.state import BET1, BET2, COMPLETE, DECLARE, EXCHANGE, PHASES, BrogginState
from service.rules.cards import Card
from service.rules.errors import Problem
from service.rules.seats import order_from
from service.rules.seen import table_cards_problem

if TYPE_CHECKING:
    from service.rules.broggin.game import Broggin


BrogginProblem = StrEnum(
    "BrogginProblem",
    ("chips exchanged acted declared pot phase stock discards level raises turn"),
)
"""The problem codes of a Broggin state, besides those every game shares (:class:`Check`) and the
    declaration problems of BRG-A2 and BRG-A3 (``duplicate_identity`` and the like)."""


def state_problems(game: Broggin, state: BrogginState) -> list[Problem]:
    """Every inconsistency of a Broggin state whose table holds: seats, cards, chips, the exchange, the
    declarations and the turn (BRG-A11)."""
    problems: list[Problem] = []
    if len(state.seats) != state.players:
        return seat_count_problems(state.seats, state.players)
    stake = state.options.stake
    every: list[Card] = list(state.stock) + list(state.discards)
    for i, seat in enumerate(state.seats):
        where = f"/seats/{i}"
        every.extend(seat.hand)
        problems.extend(game.seat_problems(seat.seat, seat.hand, i))
        if seat.bet2 < 0:
            problems.append(Problem(BrogginProblem.chips, "second-round chips cannot be negative", where + "/bet2"))
        if seat.put_in - seat.bet2 not in (stake, 2 * stake):
            message = f"before the second round a player has put in {stake} or {2 * stake}"
            problems.append(Problem(BrogginProblem.chips, message, where + "/put_in"))
        if seat.exchanged is not None and not 0 <= seat.exchanged <= game.hand_size:
            problems.append(Problem(BrogginProblem.exchanged, "a player exchanges 0 to 4 cards", where + "/exchanged"))
    if any(p.code == "seat_order" for p in problems):
        return problems
    problems.extend(table_cards_problem(every, game.full_pack(), "/seats"))
    if state.pot != sum(s.put_in for s in state.seats):
        problems.append(Problem(BrogginProblem.pot, "the pot must be the sum of all chips put in", "/pot"))
    if state.phase not in PHASES:
        problems.append(Problem(BrogginProblem.phase, f"phase must be one of {list(PHASES)}", "/phase"))
        return problems
    problems.extend(_phase_problems(game, state))
    return problems


def _phase_problems(game: Broggin, state: BrogginState) -> list[Problem]:
    problems: list[Problem] = []
    opts, stake, phase = state.options, state.options.stake, state.phase
    active = still_in(state.seats)
    total_exchanged = sum(s.exchanged or 0 for s in state.seats)
    # the second round has begun (a deal won in the first round never gets there; nobody folds in the exchange)
    reached_bet2 = phase in (BET2, DECLARE) or (phase == COMPLETE and any(s.exchanged is not None for s in state.seats))

    def seat_problem(code: str, message: str, seat: int, field: str) -> None:
        problems.append(Problem(code, message, f"/seats/{seat}/{field}"))

    showdown_or_play = phase in (EXCHANGE, BET2, DECLARE) or (phase == COMPLETE and len(active) > 1)
    for s in state.seats:
        i = s.seat
        if not reached_bet2 and s.bet2:
            seat_problem(BrogginProblem.chips, "no second-round chips before the second round", i, "bet2")
        if not reached_bet2 and s.folded and s.put_in != stake:
            seat_problem(
                BrogginProblem.chips, "a player who folds in the first round has put in the ante only", i, "put_in"
            )
        if reached_bet2 and s.folded and s.put_in - s.bet2 == 2 * stake and not s.acted:
            seat_problem(
                BrogginProblem.acted, "a player who folds in the second round has had its turn there", i, "acted"
            )
        if reached_bet2 and s.folded and s.bet2 >= state.level:
            seat_problem(
                BrogginProblem.chips, "a player folds only when the level is above its second-round chips", i, "bet2"
            )
        if reached_bet2 and s.exchanged is None and s.put_in - s.bet2 == 2 * stake:
            seat_problem(
                BrogginProblem.exchanged, "every player who bet in the first round has had its exchange", i, "exchanged"
            )
        if s.bet2 > state.level:
            seat_problem(BrogginProblem.chips, f"nobody puts in more than the level ({state.level})", i, "bet2")
        if showdown_or_play and not s.folded and s.put_in - s.bet2 != 2 * stake:
            seat_problem(BrogginProblem.chips, "every player still in has bet in the first round", i, "put_in")
        if phase == BET1 and s.acted != (s.folded or s.put_in == 2 * stake):
            seat_problem(BrogginProblem.acted, "a player has acted in the first round iff it bet or folded", i, "acted")
        if (
            phase in (BET1, EXCHANGE)
            and s.folded
            and s.exchanged is not None
            or phase == BET1
            and s.exchanged is not None
        ):
            seat_problem(
                BrogginProblem.exchanged, "nobody exchanges before the exchange, nor after folding", i, "exchanged"
            )
        if s.exchanged is not None and s.put_in - s.bet2 != 2 * stake:
            seat_problem(BrogginProblem.exchanged, "only a player who bet in the first round exchanges", i, "exchanged")
        if showdown_or_play and phase != EXCHANGE and not s.folded and s.exchanged is None:
            seat_problem(BrogginProblem.exchanged, "every player still in has had its exchange", i, "exchanged")
        if s.declared is not None and (phase not in (DECLARE, COMPLETE) or s.folded):
            seat_problem(BrogginProblem.declared, "only a player at the showdown declares trumps", i, "declared")
        if s.declared is not None and opts.assignment != "declared_only":
            seat_problem(
                BrogginProblem.declared, "declarations are made only with assignment declared_only", i, "declared"
            )
        if s.declared and _valid_hand(s.hand):
            found = declaration_problems(s.hand, [(a.trump, a.card) for a in s.declared], opts)
            for code, message in found:
                seat_problem(code, message, i, "declared")
    if phase == BET1 and (state.discards or len(state.stock) != len(FULL_PACK) - game.hand_size * state.players):
        problems.append(Problem(BrogginProblem.stock, "the stock is untouched until the exchange", "/stock"))
    if len(state.discards) > total_exchanged:
        problems.append(Problem(BrogginProblem.discards, "more discards than cards exchanged", "/discards"))
    elif phase != BET1 and (len(state.discards) < total_exchanged) != (
        total_exchanged > len(FULL_PACK) - game.hand_size * state.players and opts.exchange_limit != "stock_only"
    ):  # BRG-A12: the discards are reshuffled into a new stock exactly when the first stock runs out
        problems.append(
            Problem(
                BrogginProblem.discards,
                "the discards are the cards exchanged until the stock runs out (BRG-A12)",
                "/discards",
            )
        )
    problems.extend(_order_problems(game, state))
    if not reached_bet2 and (state.level or state.raises):
        problems.append(Problem(BrogginProblem.level, "the second-round level is 0 before the second round", "/level"))
    if reached_bet2 and state.raises > 0 and all(s.bet2 != state.level for s in state.seats):
        problems.append(Problem(BrogginProblem.level, "the last raiser has put in the level (BRG-A9)", "/level"))
    if reached_bet2:
        # each raise at most doubles the level (double_previous): level <= B * 2 ** raises, tested without
        # computing 2 ** raises for a client's huge count (raises >= level's bit length always holds it)
        doubled_too_often = 0 <= state.raises < state.level.bit_length() and state.level > stake << state.raises
        if (
            not stake <= state.level
            or (opts.raise_rule == "cap_double_insats" and state.level > 2 * stake)
            or doubled_too_often
        ):
            problems.append(Problem(BrogginProblem.level, "the level is B to the raise cap (BRG-A9)", "/level"))
        if state.raises < 0 or (opts.max_raises is not None and state.raises > opts.max_raises):
            problems.append(Problem(BrogginProblem.raises, "raises must be 0 to max_raises", "/raises"))
        elif state.raises > state.level - stake:
            problems.append(
                Problem(BrogginProblem.raises, "every raise lifts the level by at least one chip (BRG-A9)", "/raises")
            )
        if state.raises == 0 and state.level != stake:
            problems.append(Problem(BrogginProblem.level, "without a raise the level is B", "/level"))
    if phase == DECLARE and opts.assignment != "declared_only":
        problems.append(
            Problem(BrogginProblem.phase, "the declare phase exists only with assignment declared_only", "/phase")
        )
    if phase in (DECLARE, COMPLETE) and len(active) > 1 and any(state.seats[s].bet2 != state.level for s in active):
        problems.append(
            Problem(BrogginProblem.chips, "at the showdown everyone still in has matched the level", "/seats")
        )
    if phase == COMPLETE:
        if state.to_act is not None:
            problems.append(Problem(BrogginProblem.turn, "nobody acts once the deal is complete", "/to_act"))
        if not active:
            problems.append(Problem(BrogginProblem.phase, "a deal ends with at least one player in", "/seats"))
        elif (
            len(active) > 1
            and opts.assignment == "declared_only"
            and any(game.needs_declaration(state, state.seats[s]) for s in active)
        ):
            problems.append(
                Problem(BrogginProblem.declared, "every hand with trumps declares before the showdown", "/seats")
            )
        return problems
    if len(active) < 2:
        problems.append(Problem(BrogginProblem.phase, "with one player left the deal is complete", "/phase"))
        return problems
    expected = game.first_to_act(state) if phase != BET2 else None
    if state.to_act is None or not 0 <= state.to_act < state.players:
        problems.append(Problem(BrogginProblem.turn, "to_act must be a seat while the deal goes on", "/to_act"))
    elif phase == BET2:
        if not game.waiting(state, state.seats[state.to_act]):
            problems.append(
                Problem(
                    BrogginProblem.turn, "to_act must be a player still in who has to call, raise or fold", "/to_act"
                )
            )
    elif expected != state.to_act:
        problems.append(
            Problem(BrogginProblem.turn, f"it is seat {expected}'s turn in this phase (BRG-A11)", "/to_act")
        )
    if phase == BET2 and all(not game.waiting(state, state.seats[a]) for a in active):
        problems.append(Problem(BrogginProblem.phase, "the second round is over: the showdown follows", "/phase"))
    return problems


def _order_problems(game: Broggin, state: BrogginState) -> list[Problem]:
    """BRG-A11: in the first round and the exchange the players who have had their turn come first, in turn
    order from the dealer's next seat (a fold in the first round counts as a turn)."""
    stake = state.options.stake

    def still_waiting(seats: Sequence[int], folded_in_bet2: bool = False) -> list[bool]:
        """Whether each seat still has a turn; folded seats count only in the first round (and, when asked,
        a fold in the second round counts as that seat's turn)."""
        return [
            game.waiting(state, seat)
            for seat in (state.seats[s] for s in seats)
            if state.phase == BET1 or not seat.folded or (folded_in_bet2 and seat.put_in - seat.bet2 == 2 * stake)
        ]

    def done_then_waiting(flags: list[bool]) -> bool:
        return flags == sorted(flags)  # False (has had its turn) before True (still waiting)

    turn = Problem(
        BrogginProblem.turn, "players take their turns clockwise from the dealer's next seat (BRG-A11)", "/seats"
    )
    if state.phase in (BET1, EXCHANGE) and not done_then_waiting(still_waiting(game.turn_order(state))):
        return [turn]
    if state.phase != BET2 or state.to_act is None or not 0 <= state.to_act < state.players:
        return []
    if state.raises == 0:  # nobody has raised: one turn each, from the dealer's next seat
        if not done_then_waiting(
            still_waiting(game.turn_order(state), folded_in_bet2=True)
        ) or state.to_act != game.first_to_act(state):
            return [turn]
        return []
    # after a raise the others answer it in turn: from to_act on, those still to answer come first
    if not done_then_waiting([not f for f in still_waiting(order_from(state.to_act, state.players))]):
        return [
            Problem(
                BrogginProblem.turn,
                "the players still to answer the last raise follow one another from to_act (BRG-A11)",
                "/seats",
            )
        ]
    return []


def _valid_hand(hand: Sequence[Card]) -> bool:
    return len(hand) == len(hand) and len(set(hand)) == len(hand) and all(c in FULL_PACK for c in hand)
