"""Old Brag as a :class:`~service.rules.game.HandGame` (rules/old-brag.md).

A deal: antes (main pot, and Pot I and Pot III with the consolation pots on) -> three cards each, the
third face up -> Pot I to the highest face-up card -> betting for the main pot, opened by the dealer ->
showdown -> the "31" phase for Pot III (hit or stand in priority order).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from service.rules.actions import ActionBase, Bet, Call, Fold, Raise
from service.rules.betting import payouts
from service.rules.cards import PIP_VALUE, Card, FrenchCards, rank
from service.rules.errors import Problem, excerpt
from service.rules.game import (
    Comparison,
    Event,
    HandGame,
    LegalAction,
    Result,
    Transition,
    cards_problem,
    hide,
    ranking_groups,
)
from service.rules.old_brag.evaluation import CATEGORIES, deciding, evaluate_hand, flags_of, hand_table, table_data
from service.rules.old_brag.events import EVENTS, OldBragResult
from service.rules.old_brag.options import OldBragOptions
from service.rules.old_brag.state import (
    BETTING,
    COMPLETE,
    DRAWING,
    PHASES,
    OldBragCarry,
    OldBragSeat,
    OldBragState,
)
from service.rules.seats import deal_hands, deal_order, next_active, order_from, replace_seat
from service.rules.tables import HandTable, TableData

HAND_SIZE = 3


@dataclass(frozen=True)
class Hit(ActionBase):
    """The 31 phase: take one card from the stock."""

    type: ClassVar[str] = "hit"


@dataclass(frozen=True)
class Stand(ActionBase):
    """The 31 phase: take no more cards."""

    type: ClassVar[str] = "stand"


OldBragAction = Bet | Call | Raise | Fold | Hit | Stand
FACE_UP = 2
"""Index in the hand of the card dealt face up ("treća karta po redu se deli otvoreno")."""
LIMIT_31 = 31


def priority_order(dealer: int, players: int, options: OldBragOptions) -> list[int]:
    """Seats in priority order, first first ("prvi na potezu", OB-A1)."""
    if options.priority == "eldest_first":
        return deal_order(dealer, players)
    return order_from(dealer, players)


def card_value_31(card: Card) -> int:
    """Pot III value: Ace 11, pictures and ten 10, others their pips; braggers are not wild (OB-A12)."""
    value = PIP_VALUE[rank(card)]
    return 11 if value == 14 else min(value, 10)


def total_31(cards: Sequence[Card], options: OldBragOptions) -> int:
    """The Pot III total of ``cards``; with ``pot3_ace: "1_or_11"`` an Ace is 1 where 11 busts (OB-A11)."""
    total = sum(card_value_31(c) for c in cards)
    if options.pot3_ace == "1_or_11":
        aces = sum(1 for c in cards if rank(c) == "A")
        while total > LIMIT_31 and aces:
            total -= 10
            aces -= 1
    return total


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
    options_type = OldBragOptions
    state_type = OldBragState
    carry_type = OldBragCarry
    phases = PHASES
    rules_file = "old-brag.md"
    actions = (Bet, Call, Raise, Fold, Hit, Stand)
    event_types = EVENTS
    result_type = OldBragResult
    private_events = {"hit": ("card", "total"), "stand": ("total",), "bust": ("total",)}
    """In the 31 phase a drawn card and a player's count are that player's own until the end (4(b) 6)."""

    # -- hands -------------------------------------------------------------------------------------
    def categories(self) -> list[str]:
        return list(CATEGORIES)

    def hand_table(self, options: OldBragOptions) -> HandTable:
        return hand_table(options)

    def table_data(self, options: OldBragOptions) -> TableData:
        return table_data(flags_of(options))

    def compare(self, hands: Sequence[Sequence[Card]], options: OldBragOptions) -> Comparison:
        table = hand_table(options)
        found = table.lookup(hands)
        ranking = ranking_groups([f["strength"] for f in found])
        if len(ranking[0]) > 1 or len(ranking) == 1:
            why = "tie"  # equal hands: in a deal the priority order decides (4(b) 5)
        else:
            why = deciding(table.key(found[ranking[0][0]]), table.key(found[ranking[1][0]]))
        return Comparison(ranking, list(ranking[0]), why)

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
        hands, position = deal_hands(deck, dealer, players, HAND_SIZE)
        order = deal_order(dealer, players)
        consolation = options.consolation_pots
        seats = tuple(OldBragSeat(s, tuple(hands[s]), (), False, 0, False) for s in range(players))
        events: list[Event] = [{"type": "ante", "pot": "main", "seat": s, "amount": options.ante} for s in order]
        if consolation:  # OB-A13
            for pot in ("pot1", "pot3"):
                events.extend({"type": "ante", "pot": pot, "seat": s, "amount": options.pot_ante} for s in order)
        events.append({"type": "deal", "cards_each": HAND_SIZE, "first": order[0]})
        state = OldBragState(
            game=self.id,
            players=players,
            dealer=dealer,
            phase=BETTING,
            to_act=dealer,  # "Započinje ga delitelj" (the dealer starts the betting)
            options=options,
            carry=carry,
            seats=seats,
            stock=tuple(deck[position:]),
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

    def _active(self, state: OldBragState) -> list[int]:
        """Players still in for the main pot."""
        return [s.seat for s in state.seats if not s.folded]

    def _pot1_winner(self, state: OldBragState) -> int:
        """Highest face-up card by rank; ties to the first in priority (4(b) 3, OB-A1, OB-A3)."""
        order = self._priority(state)
        return max(
            order,
            key=lambda s: (face_up_order(state.seats[s].hand[FACE_UP], state.options), -order.index(s)),
        )

    def _main_winner(self, state: OldBragState) -> tuple[int, str]:
        """The main pot's winner and why: the last player in, or the best hand (ties to priority)."""
        active = self._active(state)
        if len(active) == 1:
            return active[0], "all_folded"
        order = self._priority(state)
        best = max(
            active,
            key=lambda s: (evaluate_hand(state.seats[s].hand, state.options).strength, -order.index(s)),
        )
        return best, "showdown"

    def _eligible_31(self, state: OldBragState) -> list[int]:
        """Contenders for Pot III in priority order (OB-A5)."""
        return [
            s for s in self._priority(state) if state.options.pot3_folded_players_eligible or not state.seats[s].folded
        ]

    def _cards_31(self, seat: OldBragSeat) -> tuple[Card, ...]:
        return seat.hand + seat.drawn

    def _bust(self, state: OldBragState, seat: int) -> bool:
        return total_31(self._cards_31(state.seats[seat]), state.options) > LIMIT_31

    def _next_drawer(self, state: OldBragState) -> int | None:
        """The first contender in priority order who has neither stood nor gone over 31."""
        for s in self._eligible_31(state):
            if not state.seats[s].stood and not self._bust(state, s):
                return s
        return None

    def _pot3_winner(self, state: OldBragState) -> int | None:
        """Highest total <= 31; ties to fewer cards, then priority (4(b) 6, OB-A11). None if all bust."""
        order = self._priority(state)
        best: tuple[int, int, int] | None = None
        winner = None
        for s in self._eligible_31(state):
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
            low, high = self._raise_bounds(state)
            if state.level == 0:  # the dealer must open: "mora uložiti najmanje 1 žeton"
                return [{"seat": seat, "type": "bet", "min": low, "max": high}]
            return [
                {"seat": seat, "type": "fold"},
                {"seat": seat, "type": "call"},
                {"seat": seat, "type": "raise", "min": low, "max": high},
            ]
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
                if seat not in self._eligible_31(state):
                    raise self.illegal(
                        state, "not_in_pot3", "OB-A5", "a player who folded does not compete for Pot III"
                    )
                if self._bust(state, seat):
                    raise self.illegal(
                        state,
                        "already_bust",
                        "4(b)6",
                        "this player is over 31 and has lost the chance of Pot III: no more cards",
                    )
                if state.seats[seat].stood:
                    raise self.illegal(state, "already_stood", "4(b)6", "this player has stood: no more cards")

    def apply(self, state: OldBragState, action: OldBragAction) -> Transition[OldBragState]:
        self._precheck(state, action)
        self.check_turn(state, action)
        if state.phase == BETTING:
            return self._betting(state, action)
        return self._drawing(state, action)

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
        if not isinstance(action, Bet | Raise):
            raise self.illegal(state, "not_betting", "4(b)", "hit and stand belong to the 31 phase, after the betting")
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
        active = self._active(state)
        nxt = next_active(seat, state.players, active)  # clockwise (OB-A2)
        if len(active) == 1 or nxt == state.aggressor or nxt is None:
            return self._end_betting(state, events)
        return Transition(dataclasses.replace(state, to_act=nxt), tuple(events))

    def _end_betting(self, state: OldBragState, events: list[Event]) -> Transition[OldBragState]:
        winner, reason = self._main_winner(state)
        if reason == "showdown":
            for s in self._priority(state):
                if not state.seats[s].folded:
                    events.append({"type": "show", "seat": s, "hand": list(state.seats[s].hand)})
        events.append({"type": "pot_won", "pot": "main", "seat": winner, "amount": state.main_pot, "reason": reason})
        if not state.options.consolation_pots:  # OB-A13: no 31 phase
            return Transition(dataclasses.replace(state, phase=COMPLETE, to_act=None), tuple(events))
        drawing = dataclasses.replace(state, phase=DRAWING)
        drawing = dataclasses.replace(drawing, to_act=self._next_drawer(drawing))
        events.append({"type": "phase", "phase": DRAWING, "to_act": drawing.to_act})
        if drawing.to_act is None:  # pragma: no cover - a contender always remains
            return self._finish(drawing, events)
        return Transition(drawing, tuple(events))

    def _drawing(self, state: OldBragState, action: OldBragAction) -> Transition[OldBragState]:
        seat = action.seat
        events: list[Event] = []
        if action.type == "stand":
            seats = replace_seat(state.seats, seat, stood=True)
            total = total_31(self._cards_31(state.seats[seat]), state.options)
            events.append({"type": "stand", "seat": seat, "total": total})
        elif action.type == "hit":
            if not state.stock:
                raise self.illegal(state, "stock_empty", "4(b)6", "no cards are left to draw: stand")
            card = state.stock[0]
            me = state.seats[seat]
            seats = replace_seat(state.seats, seat, drawn=me.drawn + (card,))
            total = total_31(me.hand + me.drawn + (card,), state.options)
            events.append({"type": "hit", "seat": seat, "card": card, "total": total})
            if total > LIMIT_31:  # "odbacuje karte i gubi mogućnost osvajanja nagrade"
                events.append({"type": "bust", "seat": seat, "total": total})
            state = dataclasses.replace(state, stock=state.stock[1:])
        else:
            raise self.illegal(state, "betting_over", "4(b)", "the betting is over: hit or stand")
        after = dataclasses.replace(state, seats=seats)
        nxt = self._next_drawer(after)
        if nxt is None:
            return self._finish(after, events)
        return Transition(dataclasses.replace(after, to_act=nxt), tuple(events))

    def _finish(self, state: OldBragState, events: list[Event]) -> Transition[OldBragState]:
        done = dataclasses.replace(state, phase=COMPLETE, to_act=None)
        winner = self._pot3_winner(done)
        if winner is not None:
            events.append({"type": "pot_won", "pot": "pot3", "seat": winner, "amount": done.pot3})
        elif done.options.pot3_no_winner == "return":  # OB-A6
            events.append({"type": "pot_returned", "pot": "pot3", "amount_each": done.options.pot_ante})
        else:
            events.append({"type": "pot_carried", "pot": "pot3", "amount": done.pot3})
        return Transition(done, tuple(events))

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
        if state.phase != COMPLETE:
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
    def validate(self, state: OldBragState) -> list[Problem]:
        problems = self.check_table(state.players, state.dealer, state.options)
        if state.game != self.id:
            problems.append(Problem("wrong_game", f"this state is of {excerpt(state.game)}, not '{self.id}'", "/game"))
        if problems:
            return problems
        if len(state.seats) != state.players:
            return [Problem("seat_count", f"{state.players} players need {state.players} seats", "/seats")]
        opts = state.options
        n = state.players
        every: list[Card] = list(state.stock)
        for i, seat in enumerate(state.seats):
            where = f"/seats/{i}"
            if seat.seat != i:
                problems.append(
                    Problem("seat_order", f"seats must be listed in order: expected seat {i}", where + "/seat")
                )
            if len(seat.hand) != HAND_SIZE:
                problems.append(Problem("hand_size", f"a hand holds {HAND_SIZE} cards", where + "/hand"))
            every.extend(seat.hand)
            every.extend(seat.drawn)
            if seat.staked < 0:
                problems.append(Problem("chips", "staked chips cannot be negative", where + "/staked"))
            elif seat.staked > state.level:
                problems.append(
                    Problem("chips", f"nobody stakes more than the level ({state.level})", where + "/staked")
                )
        seats_in_order = all(seat.seat == i for i, seat in enumerate(state.seats))
        card_problems = cards_problem(every, self.full_pack(), "/seats")
        problems.extend(card_problems)
        phase_known = state.phase in PHASES
        if not phase_known:
            problems.append(Problem("phase", f"phase must be one of {list(PHASES)}", "/phase"))
        # the chip and turn checks read neither the cards nor the hand sizes: report them in any case
        main = opts.ante * n + sum(s.staked for s in state.seats)
        if state.main_pot != main:
            problems.append(Problem("pot", f"the main pot must be the antes plus all stakes ({main})", "/main_pot"))
        pot1 = opts.pot_ante * n if opts.consolation_pots else 0
        if state.pot1 != pot1:
            problems.append(Problem("pot", f"Pot I must hold {pot1} (the consolation antes)", "/pot1"))
        pot3 = state.carry.pot3 + pot1
        if state.pot3 != pot3:
            problems.append(
                Problem("pot", f"Pot III must hold {pot3} (the carried pot plus the consolation antes)", "/pot3")
            )
        if not (phase_known and seats_in_order):
            return problems  # the checks below index the seats by number and read the phase
        problems.extend(self._validate_betting(state))
        if any(p.code in ("hand_size", "seat_order") for p in problems) or card_problems:
            return problems  # the 31-phase checks add up the cards
        problems.extend(self._validate_drawing(state))
        return problems

    def _validate_betting(self, state: OldBragState) -> list[Problem]:
        problems: list[Problem] = []
        active = self._active(state)
        if state.level < 0:
            problems.append(Problem("level", "the level cannot be negative", "/level"))
        if state.level == 0:
            if state.aggressor is not None:
                problems.append(Problem("aggressor", "nobody has bet, so there is no aggressor", "/aggressor"))
            if state.phase != BETTING:
                problems.append(Problem("phase", "the dealer must open before the betting can end", "/phase"))
            elif state.to_act != state.dealer:
                problems.append(Problem("turn", "the dealer opens the betting", "/to_act"))
            if any(s.folded for s in state.seats):
                problems.append(Problem("folded", "nobody can fold before the dealer opens", "/seats"))
        elif (
            state.aggressor is None
            or not 0 <= state.aggressor < state.players
            or state.aggressor not in active
            or state.seats[state.aggressor].staked != state.level
        ):
            problems.append(
                Problem("aggressor", "the aggressor is a player still in who staked the level", "/aggressor")
            )
        if state.phase == BETTING:
            if len(active) < 2:
                problems.append(Problem("phase", "betting needs two players in; it is over", "/phase"))
            if state.level > 0 and (
                state.to_act is None
                or state.to_act not in active
                or state.to_act == state.aggressor
                or state.seats[state.to_act].staked >= state.level
            ):
                problems.append(
                    Problem("turn", "to_act must be a player still in who has not matched the level", "/to_act")
                )
        elif len(active) > 1 and any(state.seats[s].staked != state.level for s in active):
            problems.append(Problem("chips", "the betting ended, so every player still in matched the level", "/seats"))
        return problems

    def _validate_drawing(self, state: OldBragState) -> list[Problem]:
        problems: list[Problem] = []
        opts = state.options
        eligible = self._eligible_31(state)
        if state.phase == BETTING or not opts.consolation_pots:
            for s in state.seats:
                if s.drawn or s.stood:
                    problems.append(
                        Problem("drawing", "cards are drawn only in the 31 phase", f"/seats/{s.seat}/drawn")
                    )
            if state.phase == DRAWING:
                problems.append(Problem("phase", "there is no 31 phase without the consolation pots", "/phase"))
            elif state.phase == COMPLETE and state.to_act is not None:
                problems.append(Problem("turn", "nobody acts once the deal is complete", "/to_act"))
            return problems
        for s in state.seats:
            where = f"/seats/{s.seat}"
            if s.seat not in eligible and (s.drawn or s.stood):
                problems.append(Problem("drawing", "a player who folded does not play for Pot III (OB-A5)", where))
            elif s.stood and self._bust(state, s.seat):
                problems.append(Problem("drawing", "a player over 31 cannot have stood", where + "/stood"))
            elif len(s.drawn) > 0 and total_31(s.hand + s.drawn[:-1], opts) > LIMIT_31:
                problems.append(Problem("drawing", "a player over 31 draws no more cards", where + "/drawn"))
        expected = self._next_drawer(state)
        if state.phase == DRAWING:
            if expected is None:
                problems.append(
                    Problem("phase", "every contender has stood or gone over 31: the deal is over", "/phase")
                )
            elif state.to_act != expected:
                problems.append(Problem("turn", f"seat {expected} is the next to draw in priority order", "/to_act"))
            elif expected in eligible:
                for later in eligible[eligible.index(expected) + 1 :]:
                    if state.seats[later].drawn or state.seats[later].stood:
                        problems.append(
                            Problem(
                                "drawing",
                                "players draw in priority order, one after another",
                                f"/seats/{later}",
                            )
                        )
        else:
            if state.to_act is not None:
                problems.append(Problem("turn", "nobody acts once the deal is complete", "/to_act"))
            if expected is not None:
                problems.append(Problem("phase", f"seat {expected} has not finished drawing", "/phase"))
        return problems

    def view(self, state: OldBragState, seat: int) -> OldBragState:
        """Others' cards are hidden except the face-up third card, the hands shown at the showdown and,
        once the deal is complete, the cards of every Pot III contender who stayed within 31."""
        shown: set[int] = set()
        active = self._active(state)
        if state.phase != BETTING and len(active) > 1:
            shown.update(active)  # the showdown
        totals_shown: set[int] = set()
        if state.phase == COMPLETE and state.options.consolation_pots:
            totals_shown.update(s for s in self._eligible_31(state) if not self._bust(state, s))
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
        return dataclasses.replace(state, seats=tuple(seats), stock=hide(state.stock))
