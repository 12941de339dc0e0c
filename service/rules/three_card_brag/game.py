"""Three Card Brag as a :class:`~service.rules.game.HandGame` (rules/three-card-brag.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from service.rules.actions import ActionBase, Bet, Call, Fold, Raise
from service.rules.betting import payouts
from service.rules.cards import Card, FrenchCards
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
from service.rules.seats import deal_hands, deal_order, next_active, replace_seat
from service.rules.tables import HandTable, TableData
from service.rules.three_card_brag.evaluation import CATEGORIES, evaluate_hand, hand_table, table_data
from service.rules.three_card_brag.events import EVENTS, BragResult
from service.rules.three_card_brag.options import BragOptions
from service.rules.three_card_brag.state import BETTING, COMPLETE, PHASES, BragCarry, BragSeat, BragState

HAND_SIZE = 3


@dataclass(frozen=True)
class See(ActionBase):
    """Pay to see the other of the last two hands (the showdown)."""

    type: ClassVar[str] = "see"


@dataclass(frozen=True)
class Look(ActionBase):
    """Look at one's cards: a blind player becomes open for the rest of the deal."""

    type: ClassVar[str] = "look"


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
    options_type = BragOptions
    state_type = BragState
    carry_type = BragCarry
    phases = PHASES
    rules_file = "three-card-brag.md"
    actions = (Bet, Call, Raise, Fold, See, Look)
    event_types = EVENTS
    result_type = BragResult

    # -- hands -------------------------------------------------------------------------------------
    def categories(self) -> list[str]:
        return list(CATEGORIES)

    def hand_table(self, options: BragOptions) -> HandTable:
        return hand_table(options)

    def table_data(self, options: BragOptions) -> TableData:
        return table_data(options)

    def compare(self, hands: Sequence[Sequence[Card]], options: BragOptions) -> Comparison:
        evaluations = self.ranks(hands, options)
        ranking = ranking_groups([e["strength"] for e in evaluations])
        if len(ranking[0]) > 1 or len(ranking) == 1:
            deciding = "tie"
        else:
            best, second = evaluations[ranking[0][0]], evaluations[ranking[1][0]]
            deciding = "category" if best["category"] != second["category"] else "rank"
        return Comparison(ranking, list(ranking[0]), deciding)

    # -- deal --------------------------------------------------------------------------------------
    def deal(
        self, players: int, dealer: int, options: BragOptions, deck: Sequence[Card], carry: BragCarry | None = None
    ) -> Transition[BragState]:
        carry = carry or BragCarry()
        hands, position = deal_hands(deck, dealer, players, HAND_SIZE)
        order = deal_order(dealer, players)
        seats = tuple(
            BragSeat(seat, tuple(hands[seat]), options.blind_allowed, False, options.ante) for seat in range(players)
        )
        events: list[Event] = [{"type": "ante", "seat": s, "amount": options.ante} for s in order]
        events.append({"type": "deal", "cards_each": HAND_SIZE, "first": order[0]})
        state = BragState(
            game=self.id,
            players=players,
            dealer=dealer,
            phase=BETTING,
            to_act=order[0],
            options=options,
            carry=carry,
            seats=seats,
            stock=tuple(deck[position:]),
            pot=carry.pot + options.ante * players,
            stake=None,
            seer=None,
        )
        return Transition(state, tuple(events))

    # -- legal actions -----------------------------------------------------------------------------
    def _active(self, state: BragState) -> list[int]:
        return [s.seat for s in state.seats if not s.folded]

    def _min_amount(self, state: BragState, blind: bool) -> int:
        """The smallest legal new stake: min_bet for the first bet, S + 1 after; even where halves must be exact."""
        opts = state.options
        low = opts.min_bet if state.stake is None else state.stake + 1
        if (blind or opts.require_even_stakes) and low % 2:
            low += 1  # BT-A4: a blind raise of x chips sets S = 2x
        return low

    def _max_amount(self, state: BragState) -> int | None:
        opts = state.options
        caps = [c for c in (opts.max_bet,) if c is not None]
        if state.stake is not None and opts.max_raise_increment is not None:
            caps.append(state.stake + opts.max_raise_increment)
        return min(caps) if caps else None

    def _can_see(self, state: BragState, seat: int) -> bool:
        active = self._active(state)
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
        actions: list[LegalAction] = [{"seat": seat, "type": "fold"}]
        low, high = self._min_amount(state, me.blind), self._max_amount(state)
        wager = "bet" if state.stake is None else "raise"
        if state.stake is not None:
            actions.append({"seat": seat, "type": "call"})
        if high is None or low <= high:
            actions.append({"seat": seat, "type": wager, "min": low, "max": high})
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
        low, high = self._min_amount(state, me.blind), self._max_amount(state)
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
        nxt = next_active(seat, state.players, self._active(after))
        return Transition(dataclasses.replace(after, to_act=nxt), (event,))

    def _no_see_rule(self, state: BragState, seat: int) -> str:
        """The rule a refused see breaks: two players left (5(b)), a stake (BT-A6), not an open seer of a blind."""
        if len(self._active(state)) != 2:
            return "5(b)"
        return "BT-A6" if state.stake is None else "5(b)/blind"

    def _why_no_see(self, state: BragState, seat: int) -> str:
        if len(self._active(state)) != 2:
            return "see is only possible when exactly two players remain"
        if state.stake is None:
            return "see needs a stake: nobody has bet yet"
        return "you cannot see a blind man: an open player may only bet or fold against a blind one"

    def _fold(self, state: BragState, seat: int) -> Transition[BragState]:
        seats = replace_seat(state.seats, seat, folded=True)
        after = dataclasses.replace(state, seats=seats)
        events: list[Event] = [{"type": "fold", "seat": seat}]
        active = self._active(after)
        if len(active) == 1:
            events.append(self._survivor_event(after, active[0]))
            return Transition(dataclasses.replace(after, phase=COMPLETE, to_act=None), tuple(events))
        return Transition(dataclasses.replace(after, to_act=next_active(seat, state.players, active)), tuple(events))

    def _survivor_event(self, state: BragState, survivor: int) -> Event:
        if state.seats[survivor].blind and state.options.blind_survivor == "carry_forward":  # BT-A5
            return {"type": "pot_carried", "seat": survivor, "amount": state.pot}
        return {"type": "pot_won", "seat": survivor, "amount": state.pot}

    def _showdown(self, state: BragState, seer: int, see_event: Event) -> Transition[BragState]:
        active = self._active(state)
        seen = active[0] if active[1] == seer else active[1]
        winner = self._showdown_winner(state, seer, seen)
        done = dataclasses.replace(state, phase=COMPLETE, to_act=None, seer=seer)
        events = (
            see_event,
            {"type": "show", "seat": seen, "hand": list(state.seats[seen].hand)},  # the seen player shows first
            {"type": "show", "seat": seer, "hand": list(state.seats[seer].hand)},
            {"type": "pot_won", "seat": winner, "amount": state.pot},
        )
        return Transition(done, events)

    def _showdown_winner(self, state: BragState, seer: int, seen: int) -> int:
        """The higher hand wins; equal hands lose for the seer ("förlorar den som betalade för att syna")."""
        mine = evaluate_hand(state.seats[seer].hand, state.options)["strength"]
        theirs = evaluate_hand(state.seats[seen].hand, state.options)["strength"]
        return seer if mine > theirs else seen

    # -- result ------------------------------------------------------------------------------------
    def result(self, state: BragState) -> Result | None:
        if state.phase != COMPLETE:
            return None
        put_in = [s.put_in for s in state.seats]
        active = self._active(state)
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
    def validate(self, state: BragState) -> list[Problem]:
        problems = self.check_table(state.players, state.dealer, state.options)
        if state.game != self.id:
            problems.append(Problem("wrong_game", f"this state is of {excerpt(state.game)}, not '{self.id}'", "/game"))
        if problems:
            return problems
        opts = state.options
        if len(state.seats) != state.players:
            return [Problem("seat_count", f"{state.players} players need {state.players} seats", "/seats")]
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
            if seat.put_in < opts.ante:
                problems.append(Problem("chips", f"every player antes {opts.ante}", where + "/put_in"))
            if not opts.blind_allowed and seat.blind:
                problems.append(Problem("blind_not_allowed", "blind_allowed is false", where + "/blind"))
        problems.extend(cards_problem(every, self.full_pack(), "/seats"))
        total = state.carry.pot + sum(s.put_in for s in state.seats)
        if state.pot != total:
            problems.append(Problem("pot", f"the pot must be the carried pot plus all chips put in ({total})", "/pot"))
        if state.stake is None and any(s.put_in != opts.ante for s in state.seats):
            problems.append(Problem("chips", "no bet has been made, so nobody has put in more than the ante", "/stake"))
        if state.stake is not None and state.stake < opts.min_bet:
            problems.append(Problem("stake", f"the stake is at least min_bet ({opts.min_bet})", "/stake"))
        if state.phase not in PHASES:
            problems.append(Problem("phase", f"phase must be one of {list(PHASES)}", "/phase"))
            return problems
        active = self._active(state)
        if state.phase == BETTING:
            if len(active) < 2:
                problems.append(Problem("phase", "betting needs two players in; the deal is over", "/phase"))
            if state.to_act is None or state.to_act not in active:
                problems.append(Problem("turn", "to_act must be a seat still in the deal", "/to_act"))
            if state.seer is not None:
                problems.append(Problem("seer", "nobody has seen while betting goes on", "/seer"))
        else:
            if state.to_act is not None:
                problems.append(Problem("turn", "nobody acts once the deal is complete", "/to_act"))
            if state.seer is None and len(active) != 1:
                problems.append(Problem("phase", "a deal ends with one player in, or with a see", "/phase"))
            if state.seer is not None and (len(active) != 2 or state.seer not in active or state.stake is None):
                problems.append(Problem("seer", "the seer is one of the last two players, after a bet", "/seer"))
        return problems

    def view(self, state: BragState, seat: int) -> BragState:
        """Others' cards are hidden, and a blind seat's own ("inte tittar på sina kort") until it looks;
        after a see, the two hands shown are public."""
        shown = set(self._active(state)) if state.seer is not None else set()
        seats = tuple(
            s if s.seat in shown or (s.seat == seat and not s.blind) else dataclasses.replace(s, hand=hide(s.hand))
            for s in state.seats
        )
        return dataclasses.replace(state, seats=seats, stock=hide(state.stock))
