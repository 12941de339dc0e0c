"""Broggin as a :class:`~service.rules.hand_game.HandGame` (rules/broggin.md).

Flow (1(b)): antes and four cards each at the deal; the first round ("Första budet": ``bet`` exactly one
stake or ``fold``); the exchange ("Bytet": ``exchange`` any number of cards, drawn from the top of the stock);
the second round ("Andra budet": ``call``, ``raise`` to a new level, ``fold``); with ``assignment:
declared_only`` a ``declare`` turn for every hand with trumps; the showdown ("Utspelet"). A player left alone
wins the pot at once, unseen. Every phase goes clockwise from the dealer's next seat (BRG-A11).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated

from service.rules.actions import ActionBase, Call, Fold, Raise
from service.rules.base import Event, LegalAction, Result, Transition, hide
from service.rules.betting import last_in, payouts, split_pot, still_in
from service.rules.bounds import HAND, Chips
from service.rules.broggin.cards import FULL_PACK, NOTATION, TRUMPS, Assignments, domain, is_trump, parse_broggin
from service.rules.broggin.evaluation import (
    RANKING,
    HandValue,
    declaration_problems,
    evaluate_declared,
    evaluate_hand,
    is_special,
)
from service.rules.broggin.events import EVENTS, BrogginResult
from service.rules.broggin.options import BrogginOptions
from service.rules.broggin.state import (
    BET1,
    BET2,
    COMPLETE,
    DECLARE,
    EXCHANGE,
    PHASES,
    Assignment,
    BrogginSeat,
    BrogginState,
)
from service.rules.broggin.validate import BrogginProblem, state_problems
from service.rules.broggin.wording import describe, said_of
from service.rules.cards import HIDDEN, Card
from service.rules.errors import CardError, InvalidInput, Problem
from service.rules.frozen import evolve
from service.rules.hand_game import Comparison, Declarations, Evaluation, HandGame, ranking_groups
from service.rules.names import ENGLISH
from service.rules.seats import order_from, replace_seat
from service.rules.seen import TABLE_RULE, known_cards, unshown
from service.rules.shuffle import shuffle

HAND_SIZE = 4
RESTOCK_SEED = "broggin-restock:"
"""BRG-A12: the engine may not shuffle at random (docs/api.md 1), so a new stock is the discard pile shuffled with
``sha256-fisher-yates/1`` seeded by this prefix and the pile's codes, oldest first, joined with ``,``."""


@dataclass(frozen=True)
class BrogginBet(ActionBase, type="bet"):
    """First round ("satsa"): exactly one stake; ``amount``, if given, must be that stake (BRG-A15)."""

    amount: Chips | None = None


@dataclass(frozen=True)
class Exchange(ActionBase, type="exchange"):
    """ "Bytet": discard any number of cards (none keeps all four) and draw as many from the stock.

    ``drawn``: once the stock has run out, the cards drawn from the reshuffled discards (BRG-A12); at a table
    (docs/api.md 18), the cards drawn from a stock nobody saw, which shows them."""

    discard: Annotated[tuple[Card, ...], HAND]
    drawn: Annotated[tuple[Card, ...], HAND] | None = None


@dataclass(frozen=True)
class Declare(ActionBase, type="declare"):
    """At the showdown, with declared trumps: what each trump held stands for, ``{trump: card}`` (BRG-A3)."""

    assignments: Assignments


BrogginAction = BrogginBet | Fold | Exchange | Call | Raise | Declare


class Broggin(HandGame[BrogginState, BrogginOptions, BrogginAction]):
    """Broggin from the Eon role-playing game: 40 cards, eight trumps, two betting rounds and an exchange."""

    id = "broggin"
    name = "Broggin"
    min_players = 2
    max_players = 10  # BRG-A14: 8 by default, up to 10 with the option max_players
    hand_size = HAND_SIZE
    phases = PHASES
    problem_codes = (BrogginProblem,)
    refusal_codes = (
        "wrong_phase bet_is_one_stake card_not_in_hand duplicate_discard too_many_cards drawn_not_needed "
        "drawn_mismatch no_raise raise_too_small raise_too_large invalid_card not_a_trump trump_not_held "
        "declared_twice not_a_realm_card outside_domain duplicate_identity undeclared_trump"
    )
    ranking = RANKING
    event_types = EVENTS
    result_type = BrogginResult
    private_action_fields = {"exchange": ("discard", "drawn")}  # the others see how many, not which

    # -- cards -------------------------------------------------------------------------------------
    card_notation = NOTATION

    def parse_card(self, text: str) -> Card:
        return parse_broggin(text)

    def full_pack(self) -> tuple[Card, ...]:
        return FULL_PACK

    def check_table(self, players: int, dealer: int, options: BrogginOptions) -> list[Problem]:
        problems = super().check_table(players, dealer, options)
        if not problems and players > options.max_players:
            problems.append(
                Problem(
                    "invalid_players",
                    f"at most {options.max_players} players (option max_players, BRG-A14), not {players}",
                    "/players",
                )
            )
        return problems

    # -- hands -------------------------------------------------------------------------------------
    def evaluate_declared(
        self,
        hand: Sequence[Card],
        assignments: Mapping[str, Card] | Sequence[tuple[str, Card]],
        options: BrogginOptions,
        pointer: str = "/assignments",
    ) -> Evaluation:
        """One hand with declared trumps (BRG-A3); raises InvalidInput naming each bad declaration."""
        pairs = list(assignments.items()) if isinstance(assignments, Mapping) else list(assignments)
        parsed, problems = _parse_assignments(pairs)
        problems.extend(declaration_problems(hand, parsed, options))
        if problems:
            raise InvalidInput([Problem(code, message, pointer) for code, message in problems])
        return _evaluation(evaluate_declared(hand, parsed, options))

    supports_declarations = True

    def _declared_values(
        self,
        hands: Sequence[Sequence[Card]],
        declarations: Declarations,
        options: BrogginOptions,
        pointer: str = "/declarations",
    ) -> list[HandValue]:
        """Each hand under its declaration (BRG-A3), or its best reading; every bad declaration listed."""
        values: list[HandValue] = []
        problems: list[Problem] = []
        for i, (hand, declared) in enumerate(zip(hands, declarations, strict=True)):
            if not declared:
                values.append(evaluate_hand(hand, options))
                continue
            parsed, found = _parse_assignments(list(declared.items()))
            found.extend(declaration_problems(hand, parsed, options))
            problems.extend(Problem(code, message, f"{pointer}/{i}") for code, message in found)
            if not found:
                values.append(evaluate_declared(hand, parsed, options))
        if problems:
            raise InvalidInput(problems)
        return values

    def evaluate_declared_hands(
        self,
        hands: Sequence[Sequence[Card]],
        declarations: Declarations,
        options: BrogginOptions,
        language: str = ENGLISH,
    ) -> list[Evaluation]:
        return [_evaluation(v, language) for v in self._declared_values(hands, declarations, options)]

    def compare_declared_hands(
        self, hands: Sequence[Sequence[Card]], declarations: Declarations, options: BrogginOptions
    ) -> Comparison:
        return self.comparison([v.key for v in self._declared_values(hands, declarations, options)])

    # -- deal --------------------------------------------------------------------------------------
    def deal(
        self, players: int, dealer: int, options: BrogginOptions, deck: Sequence[Card], carry: None = None
    ) -> Transition[BrogginState]:
        """Antes of B from everyone, then four cards each, one at a time from the dealer's next seat."""
        hands, rest, order = self.deal_cards(players, dealer, deck, HAND_SIZE)
        stake = options.stake
        seats = tuple(BrogginSeat(s, hands[s], False, stake, 0, False, None, None) for s in range(players))
        events: list[Event] = [{"type": "ante", "seat": s, "amount": stake} for s in order]
        events.append({"type": "deal", "cards_each": HAND_SIZE, "first": order[0]})
        state = BrogginState(
            **self.opening(players, dealer, BET1, order[0], options),
            seats=seats,
            stock=rest,
            discards=(),
            pot=stake * players,
            level=0,
            raises=0,
        )
        return Transition(state, tuple(events))

    # -- turn order --------------------------------------------------------------------------------
    def turn_order(self, state: BrogginState) -> list[int]:
        return order_from((state.dealer + 1) % state.players, state.players)

    def needs_declaration(self, state: BrogginState, seat: BrogginSeat) -> bool:
        """declared_only: every hand with trumps declares, except a special hand (its trumps stand for nothing)."""
        if seat.folded or seat.declared is not None:
            return False
        if HIDDEN in seat.hand:  # at a table: a hand nobody saw whole may hold trumps
            return True
        if not any(is_trump(c) for c in seat.hand):
            return False
        return not is_special(seat.hand, state.options)

    def waiting(self, state: BrogginState, seat: BrogginSeat) -> bool:
        """Whether ``seat`` still has a turn in the current phase."""
        if seat.folded:
            return False
        if state.phase == BET1:
            return not seat.acted
        if state.phase == EXCHANGE:
            return seat.exchanged is None
        if state.phase == BET2:
            return not seat.acted or seat.bet2 < state.level
        if state.phase == DECLARE:
            return self.needs_declaration(state, seat)
        return False

    def _next(self, state: BrogginState, after: int) -> int | None:
        """The next seat after ``after`` (clockwise) that still has a turn in this phase."""
        for k in range(1, state.players + 1):
            seat = (after + k) % state.players
            if self.waiting(state, state.seats[seat]):
                return seat
        return None

    def first_to_act(self, state: BrogginState) -> int | None:
        """The first seat from the dealer's next that has a turn in this phase (BRG-A11)."""
        return self._next(state, state.dealer)

    # -- legal actions -----------------------------------------------------------------------------
    def _exchange_max(self, state: BrogginState) -> int:
        """At most four cards, and no more than can be drawn (BRG-A12)."""
        available = len(state.stock)
        if state.options.exchange_limit == "reshuffle_discards":
            available += len(state.discards)
        return min(HAND_SIZE, available)

    def _raise_cap(self, state: BrogginState) -> int:
        """The highest new level: 2B (default), or twice the current level (double_previous), BRG-A9."""
        if state.options.raise_rule == "double_previous":
            return 2 * state.level
        return 2 * state.options.stake

    def _can_raise(self, state: BrogginState) -> bool:
        limit = state.options.max_raises
        return state.level < self._raise_cap(state) and (limit is None or state.raises < limit)

    def legal_actions(self, state: BrogginState) -> list[LegalAction]:
        seat = state.to_act
        if seat is None or not 0 <= seat < len(state.seats):
            return []
        if state.phase == BET1:
            return [{"seat": seat, "type": "bet"}, {"seat": seat, "type": "fold"}]
        if state.phase == EXCHANGE:
            return [{"seat": seat, "type": "exchange", "max_cards": self._exchange_max(state)}]
        if state.phase == BET2:
            actions: list[LegalAction] = [{"seat": seat, "type": "fold"}, {"seat": seat, "type": "call"}]
            if self._can_raise(state):
                actions.append({"seat": seat, "type": "raise", "min": state.level + 1, "max": self._raise_cap(state)})
            return actions
        if state.phase == DECLARE:
            hand = state.seats[seat].hand
            held = {c for c in hand if not is_trump(c)}
            domains = {
                t: [c for c in domain(t) if state.options.allow_duplicate_identity or c not in held]
                for t in TRUMPS
                if t in hand
            }
            return [{"seat": seat, "type": "declare", "domains": domains}]
        return []

    # -- apply -------------------------------------------------------------------------------------
    def apply(self, state: BrogginState, action: BrogginAction) -> Transition[BrogginState]:
        state = self._passed_over(state, action.seat)
        self.check_turn(state, action)
        expected = {
            BET1: ("bet", "fold"),
            EXCHANGE: ("exchange",),
            BET2: ("fold", "call", "raise"),
            DECLARE: ("declare",),
        }.get(state.phase, ())
        if action.type not in expected:
            raise self.illegal(
                state, "wrong_phase", "1(b)", f"'{action.type}' is not an action of the {state.phase} phase"
            )
        if isinstance(action, Fold):
            return self._fold(state, action.seat)
        if isinstance(action, BrogginBet):
            return self._bet1(state, action)
        if isinstance(action, Exchange):
            return self._exchange(state, action)
        if isinstance(action, Call | Raise):
            return self._bet2(state, action)
        return self._declare(state, action)

    def _passed_over(self, state: BrogginState, seat: int | None) -> BrogginState:
        """At a table (docs/api.md 18), the declarations with ``seat`` acting before seats whose hands nobody saw
        whole (None: the record ending there): each of those had no trump to declare (its hand is read at its
        best). ``state`` as it is when ``seat`` is not reached that way."""
        after = state
        while after.phase == DECLARE and after.to_act is not None and after.to_act != seat:
            me = after.seats[after.to_act]
            if HIDDEN not in me.hand:
                return state
            after = dataclasses.replace(after, seats=replace_seat(after.seats, me.seat, declared=()))
            nxt = self._next(after, me.seat)
            after = dataclasses.replace(after, to_act=nxt) if nxt is not None else self._showdown(after, []).state
        return after if after.to_act == seat else state

    def shown_cards(self, state: BrogginState, action: BrogginAction) -> list[tuple[int, Card]]:
        """The cards an action shows from its seat's hand (docs/api.md 18): an exchange's discards, a declaration's
        trumps."""
        if isinstance(action, Exchange):
            return [(action.seat, c) for c in action.discard]
        if isinstance(action, Declare):
            return [(action.seat, t) for t in action.assignments]
        return []

    def _fold(self, state: BrogginState, seat: int) -> Transition[BrogginState]:
        """ "lägga sig (kasta sina kort och inte vara med mer)"."""
        after = dataclasses.replace(state, seats=replace_seat(state.seats, seat, folded=True, acted=True))
        events: list[Event] = [{"type": "fold", "seat": seat}]
        survivor = last_in(after.seats)
        if survivor is not None:  # the last player standing wins unseen
            events.append({"type": "pot_won", "seat": survivor, "amount": after.pot})
            return Transition(dataclasses.replace(after, phase=COMPLETE, to_act=None), tuple(events))
        return self._advance(after, seat, events)

    def _bet1(self, state: BrogginState, action: BrogginBet) -> Transition[BrogginState]:
        stake = state.options.stake
        if action.amount is not None and action.amount != stake:
            raise self.illegal(
                state,
                "bet_is_one_stake",
                "BRG-A15",
                f"the first-round bet is exactly one stake ({stake}): 'satsa (ytterligare en insats)'",
            )
        me = state.seats[action.seat]
        seats = replace_seat(state.seats, action.seat, put_in=me.put_in + stake, acted=True)
        after = dataclasses.replace(state, seats=seats, pot=state.pot + stake)
        return self._advance(after, action.seat, [{"type": "bet", "seat": action.seat, "chips": stake}])

    def _exchange(self, state: BrogginState, action: Exchange) -> Transition[BrogginState]:
        """ "De som inte lagt sig får byta ut valfritt antal kort mot nya" (BRG-A12 for an empty stock)."""
        seat = action.seat
        me = state.seats[seat]
        discard = action.discard
        not_held = [c for c in discard if c not in me.hand]
        if not_held:
            raise self.illegal(state, "card_not_in_hand", "1(b)4", f"not in this player's hand: {not_held}")
        if len(set(discard)) != len(discard):
            raise self.illegal(state, "duplicate_discard", "1(b)4", "a card is discarded twice")
        limit = self._exchange_max(state)
        if len(discard) > limit:
            raise self.illegal(
                state,
                "too_many_cards",
                "BRG-A12" if limit < HAND_SIZE else "1(b)4",
                f"at most {limit} cards can be exchanged now",
            )
        stock, pile = list(state.stock), list(state.discards)
        events: list[Event] = [{"type": "exchange", "seat": seat, "cards": len(discard)}]
        drawn = stock[: len(discard)]
        del stock[: len(discard)]
        if action.drawn is not None and len(drawn) == len(discard) and set(drawn) <= {HIDDEN}:
            drawn = self._drawn_at_table(state, action)
        elif len(drawn) < len(discard):  # BRG-A12: the earlier players' discards become a new stock
            missing = len(discard) - len(drawn)
            stated = self._stated_draw(state, action, pile, missing)
            rest = [c for c in pile if c not in stated]
            stock = list(shuffle(rest, RESTOCK_SEED + ",".join(rest)))
            events.insert(0, {"type": "restock", "cards": len(pile)})
            pile = []
            if not stated:
                stated = stock[:missing]
                del stock[:missing]
            drawn += stated
        elif action.drawn:
            raise self.illegal(
                state,
                "drawn_not_needed",
                "BRG-A12",
                "the stock still holds enough cards: they are drawn from its top, so 'drawn' must be left out",
            )
        hand = tuple(c for c in me.hand if c not in discard) + tuple(drawn)
        seats = replace_seat(state.seats, seat, hand=hand, exchanged=len(discard))
        after = dataclasses.replace(state, seats=seats, stock=tuple(stock), discards=tuple(pile) + tuple(discard))
        return self._advance(after, seat, events)

    def _drawn_at_table(self, state: BrogginState, action: Exchange) -> list[Card]:
        """The cards an exchange states it drew from a stock nobody saw (docs/api.md 18): as many as it discards,
        none seen elsewhere."""
        stated = list(action.drawn or ())
        if len(stated) != len(action.discard) or len(set(stated)) != len(stated):
            raise self.illegal(
                state,
                "drawn_mismatch",
                "BRG-A12",
                f"{len(action.discard)} different card(s) are drawn for the discards; 'drawn' named {stated}",
            )
        known = known_cards(self, state) | set(action.discard)
        for card in stated:
            if card in known or card not in self.full_pack():
                raise self.illegal(state, "card_seen", TABLE_RULE, f"{card} was seen elsewhere in this deal")
        return stated

    def _stated_draw(self, state: BrogginState, action: Exchange, pile: list[Card], missing: int) -> list[Card]:
        """The cards the client says were drawn from the reshuffled discards (BRG-A12: "a stateless request
        must state which cards were drawn, and the engine only checks that counts add up"); none stated:
        the engine's own reproducible reshuffle decides."""
        if action.drawn is None:
            return []
        stated = list(action.drawn)
        if len(stated) != missing or len(set(stated)) != len(stated) or any(c not in pile for c in stated):
            raise self.illegal(
                state,
                "drawn_mismatch",
                "BRG-A12",
                f"after the stock ran out, {missing} different card(s) are drawn from the reshuffled discards "
                f"{sorted(pile)}; 'drawn' named {stated}",
            )
        return stated

    def _bet2(self, state: BrogginState, action: Call | Raise) -> Transition[BrogginState]:
        seat = action.seat
        me = state.seats[seat]
        if isinstance(action, Call):  # "gå med" and "syna": match the current level
            level = state.level
            raises = state.raises
        else:
            amount = action.amount
            if not self._can_raise(state):
                raise self.illegal(
                    state,
                    "no_raise",
                    "BRG-A9",
                    "nobody can raise any more ('tills ingen längre kan eller vill höja'): call or fold",
                )
            if amount <= state.level:
                raise self.illegal(state, "raise_too_small", "1(b)5", f"a raise lifts the level above {state.level}")
            cap = self._raise_cap(state)
            if amount > cap:
                raise self.illegal(
                    state, "raise_too_large", "BRG-A9", f"'insatsen får som max fördubblas': the level is at most {cap}"
                )
            level = amount
            raises = state.raises + 1
        chips = level - me.bet2
        seats = tuple(
            dataclasses.replace(s, put_in=s.put_in + chips, bet2=level, acted=True)
            if s.seat == seat
            else dataclasses.replace(s, acted=False)
            if action.type == "raise" and not s.folded
            else s
            for s in state.seats
        )
        after = dataclasses.replace(state, seats=seats, pot=state.pot + chips, level=level, raises=raises)
        event: Event = {"type": action.type, "seat": seat, "chips": chips}
        if action.type == "raise":
            event["amount"] = level
        return self._advance(after, seat, [event])

    def _declare(self, state: BrogginState, action: Declare) -> Transition[BrogginState]:
        seat = action.seat
        parsed, problems = _parse_assignments(list(action.assignments.items()))
        seen = [c for c in state.seats[seat].hand if c != HIDDEN]  # at a table, the cards the seat showed
        problems.extend(declaration_problems(seen, parsed, state.options))
        if problems:
            code, message = problems[0]
            raise self.illegal(state, code, "BRG-A2" if code == "duplicate_identity" else "BRG-A3", message)
        declared = tuple(Assignment(t, c) for t in TRUMPS for t2, c in parsed if t2 == t)
        after = dataclasses.replace(state, seats=replace_seat(state.seats, seat, declared=declared))
        event: Event = {"type": "declare", "seat": seat, "assignments": {a.trump: a.card for a in declared}}
        return self._advance(after, seat, [event])

    def _advance(self, state: BrogginState, seat: int, events: list[Event]) -> Transition[BrogginState]:
        """The next turn in this phase, or the next phase when nobody has one."""
        nxt = self._next(state, seat)
        if nxt is not None:
            return Transition(dataclasses.replace(state, to_act=nxt), tuple(events))
        if state.phase == BET1:
            return self._start(dataclasses.replace(state, phase=EXCHANGE), events)
        if state.phase == EXCHANGE:
            seats = tuple(dataclasses.replace(s, acted=False) for s in state.seats)
            nxt_state = dataclasses.replace(state, phase=BET2, seats=seats, level=state.options.stake)
            return self._start(nxt_state, events)
        if state.phase == BET2 and state.options.assignment == "declared_only":
            declare = dataclasses.replace(state, phase=DECLARE)
            if self.first_to_act(declare) is not None:
                return self._start(declare, events)
        return self._showdown(state, events)

    def _start(self, state: BrogginState, events: list[Event]) -> Transition[BrogginState]:
        events.append({"type": "phase", "phase": state.phase})
        return Transition(dataclasses.replace(state, to_act=self.first_to_act(state)), tuple(events))

    def _showdown(self, state: BrogginState, events: list[Event]) -> Transition[BrogginState]:
        """ "lägger man korten på borden och ser vem som har bäst kort"; an exact tie splits the pot (BRG-A10)."""
        done = dataclasses.replace(state, phase=COMPLETE, to_act=None)
        if self.missing_cards(done):  # at a table, hands nobody saw: shown as seen, the pot undecided
            shown = [{"type": "show", "seat": s, "hand": list(done.seats[s].hand)} for s in self._in_showdown(done)]
            return Transition(done, (*events, *shown))
        values = self._values(done)
        for seat, value in values.items():
            events.append(
                {
                    "type": "show",
                    "seat": seat,
                    "hand": list(value.hand),
                    "category": value.category,
                    "description": value.description,
                    "interpretation": value.interpretation,
                }
            )
        for seat, amount in self._winnings(done, values).items():
            events.append({"type": "pot_won", "seat": seat, "amount": amount})
        return Transition(done, tuple(events))

    def _in_showdown(self, state: BrogginState) -> list[int]:
        """The seats still in at the showdown, in turn order."""
        return [seat for seat in self.turn_order(state) if not state.seats[seat].folded]

    def missing_cards(self, state: BrogginState) -> list[dict[str, int]]:
        """A table deal's showdown (docs/api.md 18): the cards nobody saw of each hand still in, which decide the
        pot; a pot won by folds needs none. A record that ends in the declarations where each seat left to declare
        has a hand nobody saw whole is at its showdown (none of them had a trump to declare)."""
        if state.phase == DECLARE:
            state = self._passed_over(state, None)
        if state.phase != COMPLETE or len(still_in(state.seats)) < 2:
            return []
        return unshown({s: state.seats[s].hand for s in self._in_showdown(state)})

    def _values(self, state: BrogginState) -> dict[int, HandValue]:
        """Every remaining hand, in turn order, with its declared or best reading."""
        out = {}
        for seat in self.turn_order(state):
            me = state.seats[seat]
            if me.folded:
                continue
            if me.declared:
                pairs = [(a.trump, a.card) for a in me.declared]
                out[seat] = evaluate_declared(me.hand, pairs, state.options)
            else:
                out[seat] = evaluate_hand(me.hand, state.options)
        return out

    def _winnings(self, state: BrogginState, values: Mapping[int, HandValue]) -> dict[int, int]:
        top = max(v.key for v in values.values())
        winners = [seat for seat, v in values.items() if v.key == top]
        order = self.turn_order(state)
        if state.options.odd_chip == "last_clockwise":
            order.reverse()
        return split_pot(state.pot, winners, order)

    # -- result ------------------------------------------------------------------------------------
    def result(self, state: BrogginState) -> Result | None:
        if state.phase != COMPLETE or self.missing_cards(state):
            return None
        put_in = [s.put_in for s in state.seats]
        survivor = last_in(state.seats)
        if survivor is not None:
            won = {survivor: state.pot}
            return {"winners": [survivor], "payouts": payouts(put_in, won), "reason": "all_folded", "pot": state.pot}
        values = self._values(state)
        if not values:  # pragma: no cover - an invalid state
            return {"winners": [], "payouts": [0] * state.players, "reason": "no_players", "pot": state.pot}
        won = self._winnings(state, values)
        ranking = ranking_groups([v.key for v in values.values()])
        seats = list(values)
        decided = self.comparison([v.key for v in values.values()]).deciding
        return {
            "winners": sorted(won),
            "payouts": payouts(put_in, won),
            "reason": "showdown",
            "pot": state.pot,
            "deciding": decided,
            "split": len(won) > 1,
            "won": {str(seat): amount for seat, amount in sorted(won.items())},
            "ranking": [[seats[i] for i in group] for group in ranking],
            "hands": [
                {
                    "seat": seat,
                    "hand": list(v.hand),
                    "category": v.category,
                    "strength": v.strength,
                    "description": v.description,
                    "interpretation": v.interpretation,
                }
                for seat, v in values.items()
            ],
        }

    # -- validate ----------------------------------------------------------------------------------
    def check_state(self, state: BrogginState) -> list[Problem]:
        return state_problems(self, state)

    # -- view --------------------------------------------------------------------------------------
    def view(self, state: BrogginState, seat: int) -> BrogginState:
        """Others' hands, the stock and the discards are hidden; at the showdown the remaining hands are shown."""
        showdown = state.phase == DECLARE or (state.phase == COMPLETE and len(still_in(state.seats)) > 1)
        seats = tuple(
            s if s.seat == seat or (showdown and not s.folded) else evolve(s, {"hand": hide(s.hand)})
            for s in state.seats
        )
        return evolve(state, {"seats": seats, "stock": hide(state.stock), "discards": hide(state.discards)})


# -- helpers ---------------------------------------------------------------------------------------
def _parse_assignments(pairs: Sequence[tuple[str, Card]]) -> tuple[list[tuple[str, Card]], list[tuple[str, str]]]:
    """Trump names and cards in any notation, made canonical; problems for what is not a card."""
    parsed: list[tuple[str, Card]] = []
    problems: list[tuple[str, str]] = []
    for trump, card in pairs:
        try:
            parsed.append((parse_broggin(trump), parse_broggin(card)))
        except CardError as error:
            problems.append(("invalid_card", str(error)))
    return parsed, problems


def _evaluation(value: HandValue, language: str = ENGLISH) -> Evaluation:
    """An evaluated hand as the game's verbs answer it, its description in ``language``."""
    if language == ENGLISH:
        return value
    said = value.said or said_of(value.hand, value.key, value.interpretation)
    return dataclasses.replace(value, description=describe(said, language))
