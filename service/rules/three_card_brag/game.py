"""Three Card Brag as a :class:`~service.rules.hand_game.HandGame` (rules/three-card-brag.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.rules.actions import ActionBase, Bet, Call, Fold, Raise
from service.rules.base import Event, LegalAction, Result, Transition, hide
from service.rules.betting import amounts, last_in, payouts, still_in, turn_after, wagers
from service.rules.cards import Card, FrenchCards
from service.rules.errors import Problem
from service.rules.frozen import evolve
from service.rules.hand_game import HandGame
from service.rules.seats import replace_seat
from service.rules.seen import unshown
from service.rules.three_card_brag.evaluation import RANKING, evaluate_hand
from service.rules.three_card_brag.events import EVENTS, BragResult
from service.rules.three_card_brag.options import BragOptions
from service.rules.three_card_brag.state import BETTING, COMPLETE, PHASES, BragCarry, BragSeat, BragState
from service.rules.three_card_brag.validate import BragProblem, state_problems

HAND_SIZE = 3


@dataclass(frozen=True)
class See(ActionBase, type="see"):
    """Pay to see the other of the last two hands (the showdown)."""


@dataclass(frozen=True)
class Look(ActionBase, type="look"):
    """Look at one's cards: a blind player becomes open for the rest of the deal."""


BragAction = Bet | Call | Raise | Fold | See | Look


def _half_up(chips: int) -> int:
    return -(-chips // 2)


class ThreeCardBrag(FrenchCards, HandGame[BragState, BragOptions, BragAction]):
    """Modern British Three Card Brag: blind play, seeing, prials on top."""

    id = "three-card-brag"
    name = "Three Card Brag"
    min_players = 2
    max_players = 17
    hand_size = HAND_SIZE
    phases = PHASES
    problem_codes = (BragProblem,)
    refusal_codes = (
        "no_stake_to_raise stake_already_set bet_too_small raise_too_small odd_stake bet_too_large "
        "already_open nothing_to_call cannot_see"
    )
    ranking = RANKING
    event_types = EVENTS
    result_type = BragResult

    # -- deal --------------------------------------------------------------------------------------
    def deal(
        self, players: int, dealer: int, options: BragOptions, deck: Sequence[Card], carry: BragCarry | None = None
    ) -> Transition[BragState]:
        carry = carry or BragCarry()
        hands, rest, order = self.deal_cards(players, dealer, deck, HAND_SIZE)
        seats = tuple(
            BragSeat(seat, hands[seat], options.blind_allowed, False, options.ante) for seat in range(players)
        )
        events: list[Event] = [{"type": "ante", "seat": s, "amount": options.ante} for s in order]
        events.append({"type": "deal", "cards_each": HAND_SIZE, "first": order[0]})
        state = BragState(
            **self.opening(players, dealer, BETTING, order[0], options, carry),
            seats=seats,
            stock=rest,
            pot=carry.pot + options.ante * players,
            stake=None,
            seer=None,
        )
        return Transition(state, tuple(events))

    # -- legal actions -----------------------------------------------------------------------------
    def _min_amount(self, state: BragState, blind: bool) -> int:
        """The smallest legal new stake: min_bet for the first bet, S + 1 after; even where halves must be exact."""
        opts = state.options
        low = opts.min_bet if state.stake is None else state.stake + 1
        if (blind or opts.require_even_stakes) and low % 2:
            low += 1  # BT-A4: a blind raise of x chips sets S = 2x
        return low

    def _max_amount(self, state: BragState, blind: bool) -> int | None:
        """The largest legal new stake under ``max_bet`` and ``max_raise_increment``; even where halves must be
        exact (so the listed ``max`` can be sent as it is)."""
        opts = state.options
        caps = [c for c in (opts.max_bet,) if c is not None]
        if state.stake is not None and opts.max_raise_increment is not None:
            caps.append(state.stake + opts.max_raise_increment)
        if not caps:
            return None
        high = min(caps)
        return high - 1 if (blind or opts.require_even_stakes) and high % 2 else high

    def _can_see(self, state: BragState, seat: int) -> bool:
        active = still_in(state.seats)
        if len(active) != 2 or state.stake is None:  # BT-A6
            return False
        opponent = active[0] if active[1] == seat else active[1]
        me = state.seats[seat]
        return me.blind or not state.seats[opponent].blind  # "you can not see a blind man"

    def legal_actions(self, state: BragState) -> list[LegalAction]:
        seat = state.to_act
        if seat is None or state.phase != BETTING:
            return []
        me = state.seats[seat]
        bounds = amounts(self._min_amount(state, me.blind), self._max_amount(state, me.blind))
        actions = wagers(seat, bounds, "bet" if state.stake is None else "raise", call=state.stake is not None)
        if self._can_see(state, seat):
            actions.append({"seat": seat, "type": "see"})
        if me.blind:
            actions.append({"seat": seat, "type": "look"})
        return actions

    # -- apply -------------------------------------------------------------------------------------
    def _cost(self, state: BragState, seat: int, action: BragAction) -> int:
        """Chips that ``action`` costs ``seat``: open players pay in full, blind players half."""
        blind = state.seats[seat].blind
        stake = state.stake or 0
        if action.type == "call":
            return _half_up(stake) if blind else stake
        if action.type == "see":
            return stake if blind else 2 * stake
        assert isinstance(action, Bet | Raise)
        return action.amount // 2 if blind else action.amount

    def _check_wager(self, state: BragState, action: Bet | Raise) -> None:
        me = state.seats[action.seat]
        amount = action.amount
        if state.stake is None and action.type == "raise":
            raise self.illegal(state, "no_stake_to_raise", "5(b)", "nobody has bet yet: the first wager is a bet")
        if state.stake is not None and action.type == "bet":
            raise self.illegal(state, "stake_already_set", "5(b)", "a stake is set: raise it, call or fold")
        low, high = self._min_amount(state, me.blind), self._max_amount(state, me.blind)
        if state.stake is None and amount < state.options.min_bet:
            raise self.illegal(state, "bet_too_small", "BT-A3", f"the first bet is at least {state.options.min_bet}")
        if state.stake is not None and amount <= state.stake:
            raise self.illegal(state, "raise_too_small", "5(b)", f"a raise must lift the stake above {state.stake}")
        if (me.blind or state.options.require_even_stakes) and amount % 2:
            raise self.illegal(
                state,
                "odd_stake",
                "BT-A4",
                "a blind player's chips count double, so the new stake must be even"
                if me.blind
                else "stakes must be even (require_even_stakes)",
            )
        if amount < low:  # pragma: no cover - covered by the checks above
            raise self.illegal(state, "bet_too_small", "5(b)", f"the new stake is at least {low}")
        if high is not None and amount > high:
            raise self.illegal(state, "bet_too_large", "BT-A3", f"the new stake is at most {high}")

    def apply(self, state: BragState, action: BragAction) -> Transition[BragState]:
        self.check_turn(state, action)
        seat = action.seat
        me = state.seats[seat]
        kind = action.type
        if kind == "look":
            if not me.blind:
                raise self.illegal(state, "already_open", "BT-A8", "this player has already looked")
            seats = replace_seat(state.seats, seat, blind=False)
            return Transition(dataclasses.replace(state, seats=seats), ({"type": "look", "seat": seat},))
        if kind == "fold":
            return self._fold(state, seat)
        if kind == "call" and state.stake is None:
            raise self.illegal(state, "nothing_to_call", "5(b)", "nobody has bet yet: bet or fold")
        if kind == "see" and not self._can_see(state, seat):
            raise self.illegal(
                state,
                "cannot_see",
                self._no_see_rule(state, seat),
                self._why_no_see(state, seat),
            )
        wager = action if isinstance(action, Bet | Raise) else None
        if wager is not None:
            self._check_wager(state, wager)
        cost = self._cost(state, seat, action)
        seats = replace_seat(state.seats, seat, put_in=me.put_in + cost)
        stake = wager.amount if wager is not None else state.stake
        after = dataclasses.replace(state, seats=seats, pot=state.pot + cost, stake=stake)
        event: Event = {"type": kind, "seat": seat, "chips": cost}
        if wager is not None:
            event["amount"] = wager.amount
        if kind == "see":
            return self._showdown(after, seat, event)
        return Transition(dataclasses.replace(after, to_act=turn_after(after.seats, seat)), (event,))

    def _no_see_rule(self, state: BragState, seat: int) -> str:
        """The rule a refused see breaks: two players left (5(b)), a stake (BT-A6), not an open seer of a blind."""
        if len(still_in(state.seats)) != 2:
            return "5(b)"
        return "BT-A6" if state.stake is None else "5(b)/blind"

    def _why_no_see(self, state: BragState, seat: int) -> str:
        if len(still_in(state.seats)) != 2:
            return "see is only possible when exactly two players remain"
        if state.stake is None:
            return "see needs a stake: nobody has bet yet"
        return "you cannot see a blind man: an open player may only bet or fold against a blind one"

    def _fold(self, state: BragState, seat: int) -> Transition[BragState]:
        seats = replace_seat(state.seats, seat, folded=True)
        after = dataclasses.replace(state, seats=seats)
        events: list[Event] = [{"type": "fold", "seat": seat}]
        survivor = last_in(after.seats)
        if survivor is not None:
            events.append(self._survivor_event(after, survivor))
            return Transition(dataclasses.replace(after, phase=COMPLETE, to_act=None), tuple(events))
        return Transition(dataclasses.replace(after, to_act=turn_after(after.seats, seat)), tuple(events))

    def _survivor_event(self, state: BragState, survivor: int) -> Event:
        if state.seats[survivor].blind and state.options.blind_survivor == "carry_forward":  # BT-A5
            return {"type": "pot_carried", "seat": survivor, "amount": state.pot}
        return {"type": "pot_won", "seat": survivor, "amount": state.pot}

    def _showdown(self, state: BragState, seer: int, see_event: Event) -> Transition[BragState]:
        active = still_in(state.seats)
        seen = active[0] if active[1] == seer else active[1]
        done = dataclasses.replace(state, phase=COMPLETE, to_act=None, seer=seer)
        events: list[Event] = [
            see_event,
            {"type": "show", "seat": seen, "hand": list(state.seats[seen].hand)},  # the seen player shows first
            {"type": "show", "seat": seer, "hand": list(state.seats[seer].hand)},
        ]
        if not self.missing_cards(done):  # at a table, a hand nobody saw leaves the pot undecided
            events.append({"type": "pot_won", "seat": self._showdown_winner(state, seer, seen), "amount": state.pot})
        return Transition(done, tuple(events))

    def missing_cards(self, state: BragState) -> list[dict[str, int]]:
        """A table deal's showdown (docs/api.md 18): the two hands' cards nobody saw, which decide the pot; a pot
        won by folds needs no card."""
        if state.phase != COMPLETE or state.seer is None:
            return []
        return unshown({s: state.seats[s].hand for s in still_in(state.seats)})

    def _showdown_winner(self, state: BragState, seer: int, seen: int) -> int:
        """The higher hand wins; equal hands lose for the seer ("förlorar den som betalade för att syna")."""
        mine = evaluate_hand(state.seats[seer].hand, state.options)["strength"]
        theirs = evaluate_hand(state.seats[seen].hand, state.options)["strength"]
        return seer if mine > theirs else seen

    # -- result ------------------------------------------------------------------------------------
    def result(self, state: BragState) -> Result | None:
        if state.phase != COMPLETE or self.missing_cards(state):
            return None
        put_in = [s.put_in for s in state.seats]
        active = still_in(state.seats)
        base: dict[str, Any] = {"pot": state.pot}
        if state.seer is not None:
            seen = active[0] if active[1] == state.seer else active[1]
            winner = self._showdown_winner(state, state.seer, seen)
            tie = (
                evaluate_hand(state.seats[state.seer].hand, state.options)["strength"]
                == evaluate_hand(state.seats[seen].hand, state.options)["strength"]
            )
            base.update(reason="seen", seer=state.seer, seen=seen, tie=tie)
        else:
            winner = active[0]
            survivor = state.seats[winner]
            if survivor.blind and state.options.blind_survivor == "carry_forward":  # BT-A5
                return {
                    "winners": [],
                    "payouts": payouts(put_in, {}),
                    "reason": "carried_forward",
                    "carried_pot": state.pot,
                    "carry": {"pot": state.pot},
                    "keeps_hand": winner,
                    **base,
                }
            base["reason"] = "all_folded"
            if survivor.blind and state.options.blind_survivor == "wins_and_keeps_hand":
                base["keeps_hand"] = winner
        return {"winners": [winner], "payouts": payouts(put_in, {winner: state.pot}), **base, "carry": {"pot": 0}}

    # -- validate and view -------------------------------------------------------------------------
    def check_state(self, state: BragState) -> list[Problem]:
        return state_problems(self, state)

    def view(self, state: BragState, seat: int) -> BragState:
        """Others' cards are hidden, and a blind seat's own ("inte tittar på sina kort") until it looks;
        after a see, the two hands shown are public."""
        shown = set(still_in(state.seats)) if state.seer is not None else set()
        seats = tuple(
            s if s.seat in shown or (s.seat == seat and not s.blind) else evolve(s, {"hand": hide(s.hand)})
            for s in state.seats
        )
        return evolve(state, {"seats": seats, "stock": hide(state.stock)})
