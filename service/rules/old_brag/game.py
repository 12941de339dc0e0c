"""Old Brag as a :class:`~service.rules.hand_game.HandGame` (rules/old-brag.md).

A deal: antes (main pot, and Pot I and Pot III with the consolation pots on) -> three cards each, the
third face up -> Pot I to the highest face-up card -> betting for the main pot, opened by the dealer ->
showdown -> the "31" phase for Pot III (hit or stand in priority order).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.rules.actions import ActionBase, Bet, Call, Fold, Raise
from service.rules.base import Event, LegalAction, Result, Transition, hide
from service.rules.betting import amounts, last_in, payouts, still_in, turn_after, wagers
from service.rules.cards import HIDDEN, PIP_VALUE, Card, FrenchCards, rank
from service.rules.errors import Problem
from service.rules.frozen import evolve
from service.rules.hand_game import HandGame
from service.rules.old_brag.evaluation import (
    RANKING,
    evaluate_hand,
)
from service.rules.old_brag.events import EVENTS, OldBragResult
from service.rules.old_brag.options import OldBragOptions
from service.rules.old_brag.pot3 import LIMIT_31, total_31
from service.rules.old_brag.state import BETTING, COMPLETE, DRAWING, PHASES, OldBragCarry, OldBragSeat, OldBragState
from service.rules.old_brag.validate import OldBragProblem, state_problems
from service.rules.seats import deal_order, order_from, replace_seat
from service.rules.seen import TABLE_RULE, Seen, known_cards, unshown

HAND_SIZE = 3


@dataclass(frozen=True)
class Hit(ActionBase, type="hit"):
    """The 31 phase: take one card from the stock. ``card``, if given, states which: at a table (docs/api.md 18)
    that shows it; it must be the top of the stock."""

    card: Card | None = None


@dataclass(frozen=True)
class Stand(ActionBase, type="stand"):
    """The 31 phase: take no more cards."""


OldBragAction = Bet | Call | Raise | Fold | Hit | Stand
FACE_UP = 2
"""Index in the hand of the card dealt face up ("treća karta po redu se deli otvoreno")."""


def priority_order(dealer: int, players: int, options: OldBragOptions) -> list[int]:
    """Seats in priority order, first first ("prvi na potezu", OB-A1)."""
    if options.priority == "eldest_first":
        return deal_order(dealer, players)
    return order_from(dealer, players)


def face_up_order(card: Card, options: OldBragOptions) -> int:
    """Pot I compares face-up cards by rank only; A♦ beats all with ``pot1_ace_diamonds_supreme`` (OB-A3)."""
    if options.pot1_ace_diamonds_supreme and card == "AD":
        return 15
    return PIP_VALUE[rank(card)]


class OldBrag(FrenchCards, HandGame[OldBragState, OldBragOptions, OldBragAction]):
    """Old Brag with braggers and the two consolation pots (Serbian seed)."""

    id = "old-brag"
    name = "Old Brag"
    min_players = 3
    max_players = 8
    hand_size = HAND_SIZE
    phases = PHASES
    problem_codes = (OldBragProblem,)
    refusal_codes = (
        "dealer_opens already_opened not_drawing_phase betting_over not_in_pot3 already_bust already_stood "
        "dealer_must_open nothing_to_call no_bet_to_raise bet_too_small raise_too_small "
        "raise_too_large stock_empty"
    )
    ranking = RANKING
    event_types = EVENTS
    result_type = OldBragResult
    private_events = {"hit": ("card", "total"), "stand": ("total",), "bust": ("total",)}
    """In the 31 phase a drawn card and a player's count are that player's own until the end (4(b) 6)."""

    # -- deal --------------------------------------------------------------------------------------
    def deal(
        self,
        players: int,
        dealer: int,
        options: OldBragOptions,
        deck: Sequence[Card],
        carry: OldBragCarry | None = None,
    ) -> Transition[OldBragState]:
        carry = carry or OldBragCarry()
        hands, rest, order = self.deal_cards(players, dealer, deck, HAND_SIZE)
        consolation = options.consolation_pots
        seats = tuple(OldBragSeat(s, hands[s], (), False, 0, False) for s in range(players))
        events: list[Event] = [{"type": "ante", "pot": "main", "seat": s, "amount": options.ante} for s in order]
        if consolation:  # OB-A13
            for pot in ("pot1", "pot3"):
                events.extend({"type": "ante", "pot": pot, "seat": s, "amount": options.pot_ante} for s in order)
        events.append({"type": "deal", "cards_each": HAND_SIZE, "first": order[0]})
        # the dealer is the first to act: "Započinje ga delitelj" (the dealer starts the betting)
        state = OldBragState(
            **self.opening(players, dealer, BETTING, dealer, options, carry),
            seats=seats,
            stock=rest,
            main_pot=options.ante * players,
            pot1=options.pot_ante * players if consolation else 0,
            pot3=carry.pot3 + (options.pot_ante * players if consolation else 0),
            level=0,
            aggressor=None,
        )
        if consolation:
            events.extend({"type": "face_up", "seat": s, "card": hands[s][FACE_UP]} for s in order)
            winner = self._pot1_winner(state)
            events.append(
                {
                    "type": "pot_won",
                    "pot": "pot1",
                    "seat": winner,
                    "amount": state.pot1,
                    "card": hands[winner][FACE_UP],
                }
            )
        return Transition(state, tuple(events))

    # -- who wins what -----------------------------------------------------------------------------
    def _priority(self, state: OldBragState) -> list[int]:
        return priority_order(state.dealer, state.players, state.options)

    def _pot1_winner(self, state: OldBragState) -> int:
        """Highest face-up card by rank; ties to the first in priority (4(b) 3, OB-A1, OB-A3)."""
        order = self._priority(state)
        return max(
            order,
            key=lambda s: (face_up_order(state.seats[s].hand[FACE_UP], state.options), -order.index(s)),
        )

    def _main_winner(self, state: OldBragState) -> tuple[int, str]:
        """The main pot's winner and why: the last player in, or the best hand (ties to priority)."""
        survivor = last_in(state.seats)
        if survivor is not None:
            return survivor, "all_folded"
        active = still_in(state.seats)
        order = self._priority(state)
        best = max(
            active,
            key=lambda s: (evaluate_hand(state.seats[s].hand, state.options).strength, -order.index(s)),
        )
        return best, "showdown"

    def eligible_31(self, state: OldBragState) -> list[int]:
        """Contenders for Pot III in priority order (OB-A5)."""
        return [
            s for s in self._priority(state) if state.options.pot3_folded_players_eligible or not state.seats[s].folded
        ]

    def _cards_31(self, seat: OldBragSeat) -> tuple[Card, ...]:
        return seat.hand + seat.drawn

    def bust(self, state: OldBragState, seat: int) -> bool:
        return total_31(self._cards_31(state.seats[seat]), state.options) > LIMIT_31

    def next_drawer(self, state: OldBragState) -> int | None:
        """The first contender in priority order who has neither stood nor gone over 31."""
        for s in self.eligible_31(state):
            if not state.seats[s].stood and not self.bust(state, s):
                return s
        return None

    def _pot3_winner(self, state: OldBragState) -> int | None:
        """Highest total <= 31; ties to fewer cards, then priority (4(b) 6, OB-A11). None if all bust."""
        order = self._priority(state)
        best: tuple[int, int, int] | None = None
        winner = None
        for s in self.eligible_31(state):
            cards = self._cards_31(state.seats[s])
            total = total_31(cards, state.options)
            if total > LIMIT_31:
                continue
            key = (total, -len(cards), -order.index(s))
            if best is None or key > best:
                best, winner = key, s
        return winner

    # -- legal actions -----------------------------------------------------------------------------
    def _raise_bounds(self, state: OldBragState) -> tuple[int, int | None]:
        """The smallest and largest new level of a bet or raise (OB-A9: opening >= 1, increment >= 1)."""
        low = state.level + 1
        cap = state.options.max_raise
        return low, None if cap is None else state.level + cap

    def legal_actions(self, state: OldBragState) -> list[LegalAction]:
        seat = state.to_act
        if seat is None or not 0 <= seat < len(state.seats):
            return []
        if state.phase == BETTING:
            bounds = amounts(*self._raise_bounds(state))
            if state.level == 0 and bounds is not None:  # the dealer must open: "mora uložiti najmanje 1 žeton"
                return [{"seat": seat, "type": "bet", "min": bounds[0], "max": bounds[1]}]
            return wagers(seat, bounds, "raise", call=True)  # no raise past the most an action may say
        if state.phase == DRAWING:
            actions: list[LegalAction] = []
            if state.stock:
                actions.append({"seat": seat, "type": "hit"})
            actions.append({"seat": seat, "type": "stand"})
            return actions
        return []

    # -- apply -------------------------------------------------------------------------------------
    def _precheck(self, state: OldBragState, action: OldBragAction) -> None:
        """Clear errors for the classic mistakes, before the generic turn check."""
        if state.to_act is None:
            return  # check_turn says the deal is over
        kind, seat = action.type, action.seat
        if state.phase == BETTING:
            if kind == "bet" and state.level == 0 and seat != state.dealer:
                raise self.illegal(
                    state,
                    "dealer_opens",
                    "4(b)4",
                    f"only the dealer (seat {state.dealer}) opens the betting ('Započinje ga delitelj')",
                )
            if kind == "bet" and state.level > 0:
                raise self.illegal(state, "already_opened", "4(b)4", "the dealer has opened: call, raise or fold")
            if kind in ("hit", "stand"):
                raise self.illegal(
                    state,
                    "not_drawing_phase",
                    "4(b)",
                    "hit and stand belong to the 31 phase, after the betting",
                )
        elif state.phase == DRAWING:
            if kind in ("bet", "call", "raise", "fold"):
                raise self.illegal(state, "betting_over", "4(b)", "the betting is over: this is the 31 phase")
            if kind == "hit" and 0 <= seat < len(state.seats):
                if seat not in self.eligible_31(state):
                    raise self.illegal(
                        state, "not_in_pot3", "OB-A5", "a player who folded does not compete for Pot III"
                    )
                if self.bust(state, seat):
                    raise self.illegal(
                        state,
                        "already_bust",
                        "4(b)6",
                        "this player is over 31 and has lost the chance of Pot III: no more cards",
                    )
                if state.seats[seat].stood:
                    raise self.illegal(state, "already_stood", "4(b)6", "this player has stood: no more cards")

    def apply(self, state: OldBragState, action: OldBragAction) -> Transition[OldBragState]:
        state = self._passed_over(state, action.seat)
        self._precheck(state, action)
        self.check_turn(state, action)
        if state.phase == BETTING:
            return self._betting(state, action)
        return self._drawing(state, action)

    def _passed_over(self, state: OldBragState, seat: int | None) -> OldBragState:
        """At a table (docs/api.md 18), the 31 phase with ``seat`` acting before the drawers whose counts nobody
        saw (None: the record ending there): each of those has stopped drawing, over 31 or standing (only its
        cards can tell which). ``state`` as it is when ``seat`` is not reached that way."""
        after = state
        while after.phase == DRAWING and after.to_act is not None and after.to_act != seat:
            me = after.seats[after.to_act]
            if HIDDEN not in self._cards_31(me):
                return state
            after = dataclasses.replace(after, seats=replace_seat(after.seats, me.seat, stood=True))
            after = dataclasses.replace(after, to_act=self.next_drawer(after))
        return after if after.to_act == seat else state

    def _betting(self, state: OldBragState, action: OldBragAction) -> Transition[OldBragState]:
        seat, kind = action.seat, action.type
        me = state.seats[seat]
        if state.level == 0:
            if kind == "fold":
                raise self.illegal(
                    state, "dealer_must_open", "4(b)4", "the dealer cannot pass: he must stake at least 1 chip"
                )
            if kind == "call":
                raise self.illegal(state, "nothing_to_call", "4(b)4", "nobody has bet yet: the dealer opens with bet")
            if kind == "raise":
                raise self.illegal(state, "no_bet_to_raise", "4(b)4", "nobody has bet yet: the dealer opens with bet")
        if kind == "fold":
            seats = replace_seat(state.seats, seat, folded=True)
            after = dataclasses.replace(state, seats=seats)
            return self._next_bettor(after, seat, [{"type": "fold", "seat": seat}])
        if kind == "call":
            cost = state.level - me.staked
            seats = replace_seat(state.seats, seat, staked=state.level)
            after = dataclasses.replace(state, seats=seats, main_pot=state.main_pot + cost)
            return self._next_bettor(after, seat, [{"type": "call", "seat": seat, "chips": cost}])
        # bet (the dealer's opening) or raise: ``amount`` is the new total level
        if not isinstance(action, Bet | Raise):  # hit and stand: refused by _precheck already
            raise self.illegal(
                state, "not_drawing_phase", "4(b)", "hit and stand belong to the 31 phase, after the betting"
            )
        amount = action.amount
        low, high = self._raise_bounds(state)
        if amount < low:
            if kind == "bet":
                raise self.illegal(state, "bet_too_small", "4(b)4", "the dealer opens with at least 1 chip")
            raise self.illegal(
                state,
                "raise_too_small",
                "OB-A9",
                f"a raise sets a new level above the current level {state.level} (at least {low}); to match it, call",
            )
        if high is not None and amount > high:
            raise self.illegal(
                state,
                "raise_too_large",
                "OB-A9",
                f"max_raise is {state.options.max_raise}: the new level is at most {high}",
            )
        cost = amount - me.staked
        seats = replace_seat(state.seats, seat, staked=amount)
        after = dataclasses.replace(state, seats=seats, main_pot=state.main_pot + cost, level=amount, aggressor=seat)
        event: Event = {"type": kind, "seat": seat, "amount": amount, "chips": cost}
        return self._next_bettor(after, seat, [event])

    def _next_bettor(self, state: OldBragState, seat: int, events: list[Event]) -> Transition[OldBragState]:
        """Pass the turn on; the betting ends with one player left or when the turn reaches the aggressor."""
        nxt = turn_after(state.seats, seat)  # clockwise (OB-A2)
        if nxt is None or nxt == state.aggressor:
            return self._end_betting(state, events)
        return Transition(dataclasses.replace(state, to_act=nxt), tuple(events))

    def _end_betting(self, state: OldBragState, events: list[Event]) -> Transition[OldBragState]:
        active = still_in(state.seats)
        if len(active) > 1:
            for s in self._priority(state):
                if not state.seats[s].folded:
                    events.append({"type": "show", "seat": s, "hand": list(state.seats[s].hand)})
        if not unshown({s: state.seats[s].hand for s in active}) or len(active) == 1:  # a table's unseen: undecided
            winner, reason = self._main_winner(state)
            events.append(
                {"type": "pot_won", "pot": "main", "seat": winner, "amount": state.main_pot, "reason": reason}
            )
        if not state.options.consolation_pots:  # OB-A13: no 31 phase
            return Transition(dataclasses.replace(state, phase=COMPLETE, to_act=None), tuple(events))
        drawing = dataclasses.replace(state, phase=DRAWING)
        drawing = dataclasses.replace(drawing, to_act=self.next_drawer(drawing))
        events.append({"type": "phase", "phase": DRAWING, "to_act": drawing.to_act})
        if drawing.to_act is None:  # pragma: no cover - a contender always remains
            return self._finish(drawing, events)
        return Transition(drawing, tuple(events))

    def _drawing(self, state: OldBragState, action: OldBragAction) -> Transition[OldBragState]:
        seat = action.seat
        events: list[Event] = []
        if action.type == "stand":
            seats = replace_seat(state.seats, seat, stood=True)
            events.append({"type": "stand", "seat": seat, **self._total(state.seats[seat], state.options)})
        elif isinstance(action, Hit):
            card = self._drawn_card(state, action)
            me = dataclasses.replace(state.seats[seat], drawn=state.seats[seat].drawn + (card,))
            seats = replace_seat(state.seats, seat, drawn=me.drawn)
            events.append({"type": "hit", "seat": seat, "card": card, **self._total(me, state.options)})
            total = total_31(self._cards_31(me), state.options)
            if total > LIMIT_31:  # "odbacuje karte i gubi mogućnost osvajanja nagrade"
                events.append({"type": "bust", "seat": seat, "total": total})
            state = dataclasses.replace(state, stock=state.stock[1:])
        else:
            raise self.illegal(state, "betting_over", "4(b)", "the betting is over: hit or stand")
        after = dataclasses.replace(state, seats=seats)
        nxt = self.next_drawer(after)
        if nxt is None:
            return self._finish(after, events)
        return Transition(dataclasses.replace(after, to_act=nxt), tuple(events))

    def _drawn_card(self, state: OldBragState, action: Hit) -> Card:
        """The top card of the stock, which a hit takes: the card the hit states where nobody saw it (docs/api.md
        18), which must not be seen elsewhere; a stated card that is not the top card is refused."""
        if not state.stock:
            raise self.illegal(state, "stock_empty", "4(b)6", "no cards are left to draw: stand")
        top, stated = state.stock[0], action.card
        if stated is None or stated == top:
            return top
        if top == HIDDEN and stated in self.full_pack() and stated not in known_cards(self, state):
            return stated
        raise self.illegal(
            state, "card_seen", TABLE_RULE, f"{stated} is not the top card of the stock: it is elsewhere"
        )

    def _total(self, seat: OldBragSeat, options: OldBragOptions) -> dict[str, int]:
        """A seat's Pot III count for its event, where every card of it was seen (``{}`` at a table that did not)."""
        cards = self._cards_31(seat)
        return {} if HIDDEN in cards else {"total": total_31(cards, options)}

    def _finish(self, state: OldBragState, events: list[Event]) -> Transition[OldBragState]:
        done = dataclasses.replace(state, phase=COMPLETE, to_act=None)
        if unshown(self._contenders(done)):  # at a table, a count nobody saw: Pot III undecided
            return Transition(done, tuple(events))
        winner = self._pot3_winner(done)
        if winner is not None:
            events.append({"type": "pot_won", "pot": "pot3", "seat": winner, "amount": done.pot3})
        elif done.options.pot3_no_winner == "return":  # OB-A6
            events.append({"type": "pot_returned", "pot": "pot3", "amount_each": done.options.pot_ante})
        else:
            events.append({"type": "pot_carried", "pot": "pot3", "amount": done.pot3})
        return Transition(done, tuple(events))

    # -- at a table -------------------------------------------------------------------------------
    def seen_problems(self, players: int, options: OldBragOptions, seen: Seen, pointer: str) -> list[Problem]:
        """A table deal (docs/api.md 18) with the consolation pots: each seat's third card was dealt face up, so the
        table saw it and a table record names it (Pot I goes by it at the deal)."""
        if not options.consolation_pots:
            return []
        hands = seen.hands + (None,) * (players - len(seen.hands))
        message = "the third card is dealt face up and wins Pot I: a table sees it, so a table record names it"
        return [
            Problem("missing_face_up", message, f"{pointer}/hands/{seat}/{FACE_UP}")
            for seat, hand in enumerate(hands[:players])
            if hand is None or len(hand) <= FACE_UP or hand[FACE_UP] == HIDDEN
        ]

    def _contenders(self, state: OldBragState) -> dict[int, tuple[Card, ...]]:
        """Pot III's contenders not over 31 on their seen cards, with their cards (hand and drawn)."""
        if not state.options.consolation_pots:
            return {}
        return {s: self._cards_31(state.seats[s]) for s in self.eligible_31(state) if not self.bust(state, s)}

    def missing_cards(self, state: OldBragState) -> list[dict[str, int]]:
        """A table deal's cards nobody saw that its result needs (docs/api.md 18): the hands of a main-pot showdown,
        and every Pot III contender's cards (hand and drawn) unless the seen ones are over 31 already. A record that
        ends in the 31 phase where each drawer left has a count nobody saw may be over (each of them over 31): it
        is undecided, not in progress, until those cards are seen."""
        if state.phase == DRAWING:  # a table record ending where only unseen counts could have ended the phase
            state = self._passed_over(state, None)
        if state.phase != COMPLETE and state.to_act is not None:
            return []
        active = still_in(state.seats)
        needed = {s: state.seats[s].hand for s in active} if len(active) > 1 else {}
        return unshown({**needed, **self._contenders(state)})

    # -- result ------------------------------------------------------------------------------------
    def _put_in(self, state: OldBragState, seat: OldBragSeat) -> int:
        opts = state.options
        return opts.ante + (2 * opts.pot_ante if opts.consolation_pots else 0) + seat.staked

    def result(self, state: OldBragState) -> Result | None:
        """Winners of each pot and net chips per seat.

        ``payouts`` sum to 0 except for chips that cross deals (OB-A6): they sum to the state's
        ``carry.pot3`` (chips brought in from an earlier deal) minus the result's ``carried_pot3`` (chips
        Pot III carries on to the next deal; ``carry`` gives it as the next deal's ``carry``).
        """
        if state.phase != COMPLETE or self.missing_cards(state):
            return None
        opts = state.options
        won: dict[int, int] = {}
        main_winner, reason = self._main_winner(state)
        won[main_winner] = state.main_pot
        pots: dict[str, Any] = {
            "main": {"amount": state.main_pot, "winner": main_winner, "reason": reason},
        }
        carried = 0
        if opts.consolation_pots:
            p1 = self._pot1_winner(state)
            won[p1] = won.get(p1, 0) + state.pot1
            pots["pot1"] = {"amount": state.pot1, "winner": p1, "card": state.seats[p1].hand[FACE_UP]}
            p3 = self._pot3_winner(state)
            if p3 is not None:
                won[p3] = won.get(p3, 0) + state.pot3
                cards = self._cards_31(state.seats[p3])
                pots["pot3"] = {
                    "amount": state.pot3,
                    "winner": p3,
                    "reason": "highest_total",
                    "total": total_31(cards, opts),
                    "cards": len(cards),
                }
            elif opts.pot3_no_winner == "return":  # OB-A6: each player's stake back; a carried-in sum carries on
                for s in range(state.players):
                    won[s] = won.get(s, 0) + opts.pot_ante
                carried = state.carry.pot3
                pots["pot3"] = {"amount": state.pot3, "winner": None, "reason": "returned"}
            else:
                carried = state.pot3
                pots["pot3"] = {"amount": state.pot3, "winner": None, "reason": "carried"}
        else:
            carried = state.pot3  # only a carried-in Pot III: it waits for a deal with the consolation pots
        out: dict[str, Any] = {
            "winners": [main_winner],
            "reason": reason,
            "pots": pots,
            "payouts": payouts([self._put_in(state, s) for s in state.seats], won),
            "next_dealer": (state.dealer + 1) % state.players,  # OB-A10: clockwise
        }
        if carried:
            out["carried_pot3"] = carried
        out["carry"] = {"pot3": carried}
        return out

    # -- validate and view -------------------------------------------------------------------------
    def check_state(self, state: OldBragState) -> list[Problem]:
        return state_problems(self, state)

    def view(self, state: OldBragState, seat: int) -> OldBragState:
        """Others' cards are hidden except the face-up third card, the hands shown at the showdown and,
        once the deal is complete, the cards of every Pot III contender who stayed within 31."""
        shown: set[int] = set()
        active = still_in(state.seats)
        if state.phase != BETTING and len(active) > 1:
            shown.update(active)  # the showdown
        totals_shown: set[int] = set()
        if state.phase == COMPLETE and state.options.consolation_pots:
            totals_shown.update(s for s in self.eligible_31(state) if not self.bust(state, s))
        seats = []
        for s in state.seats:
            if s.seat == seat:
                seats.append(s)
                continue
            hand = s.hand if s.seat in shown | totals_shown else hide(s.hand)
            if state.options.consolation_pots and len(s.hand) > FACE_UP:
                hand = hand[:FACE_UP] + s.hand[FACE_UP : FACE_UP + 1] + hand[FACE_UP + 1 :]
            drawn = s.drawn if s.seat in totals_shown else hide(s.drawn)
            seats.append(dataclasses.replace(s, hand=hand, drawn=drawn))
        return evolve(state, {"seats": tuple(seats), "stock": hide(state.stock)})
