"""Broggin as a :class:`~service.rules.game.HandGame` (rules/broggin.md).

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
from typing import ClassVar

from service.rules.actions import ActionBase, Call, Fold, Raise
from service.rules.betting import payouts, split_pot
from service.rules.bounds import Chips
from service.rules.broggin.cards import FULL_PACK, NOTATION, TRUMPS, Assignments, domain, is_trump, parse_broggin
from service.rules.broggin.evaluation import (
    CATEGORIES,
    HandValue,
    Key,
    Rules,
    deciding,
    declaration_problems,
    evaluate_declared,
    evaluate_hand,
    hand_table,
    is_special,
    table_data,
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
from service.rules.cards import Card
from service.rules.errors import CardError, InvalidInput, Problem, excerpt
from service.rules.game import (
    Comparison,
    Evaluation,
    Event,
    HandGame,
    LegalAction,
    Result,
    Transition,
    cards_problem,
    hide,
    ranking_groups,
)
from service.rules.seats import deal_order, order_from, replace_seat
from service.rules.shuffle import shuffle
from service.rules.tables import HandTable, TableData

HAND_SIZE = 4
RESTOCK_SEED = "broggin-restock:"
"""BRG-A12: the engine may not shuffle at random (API.md 1), so a new stock is the discard pile shuffled with
``sha256-fisher-yates/1`` seeded by this prefix and the pile's codes, oldest first, joined with ``,``."""


@dataclass(frozen=True)
class BrogginBet(ActionBase):
    """First round ("satsa"): exactly one stake; ``amount``, if given, must be that stake (BRG-A15)."""

    type: ClassVar[str] = "bet"
    amount: Chips | None = None


@dataclass(frozen=True)
class Exchange(ActionBase):
    """ "Bytet": discard any number of cards (none keeps all four) and draw as many from the stock.

    ``drawn``: once the stock has run out, the cards drawn from the reshuffled discards (BRG-A12)."""

    type: ClassVar[str] = "exchange"
    discard: tuple[Card, ...]
    drawn: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class Declare(ActionBase):
    """At the showdown, with declared trumps: what each trump held stands for, ``{trump: card}`` (BRG-A3)."""

    type: ClassVar[str] = "declare"
    assignments: Assignments


BrogginAction = BrogginBet | Fold | Exchange | Call | Raise | Declare


class Broggin(HandGame[BrogginState, BrogginOptions, BrogginAction]):
    """Broggin from the Eon role-playing game: 40 cards, eight trumps, two betting rounds and an exchange."""

    id = "broggin"
    name = "Broggin"
    min_players = 2
    max_players = 10  # BRG-A14: 8 by default, up to 10 with the option max_players
    hand_size = HAND_SIZE
    options_type = BrogginOptions
    state_type = BrogginState
    phases = PHASES
    rules_file = "broggin.md"
    actions = (BrogginBet, Fold, Exchange, Call, Raise, Declare)
    event_types = EVENTS
    result_type = BrogginResult

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
    def categories(self) -> list[str]:
        return list(CATEGORIES)

    def hand_table(self, options: BrogginOptions) -> HandTable:
        return hand_table(options)

    def table_data(self, options: BrogginOptions) -> TableData:
        return table_data(Rules.of(options))

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
        declarations: Sequence[Mapping[str, Card] | None],
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
        declarations: Sequence[Mapping[str, Card] | None],
        options: BrogginOptions,
    ) -> list[Evaluation]:
        return [_evaluation(v) for v in self._declared_values(hands, declarations, options)]

    def compare_declared_hands(
        self,
        hands: Sequence[Sequence[Card]],
        declarations: Sequence[Mapping[str, Card] | None],
        options: BrogginOptions,
    ) -> Comparison:
        return _comparison([v.key for v in self._declared_values(hands, declarations, options)])

    def compare(self, hands: Sequence[Sequence[Card]], options: BrogginOptions) -> Comparison:
        table = hand_table(options)
        return _comparison([table.key(found) for found in table.lookup(hands)])

    # -- deal --------------------------------------------------------------------------------------
    def deal(
        self, players: int, dealer: int, options: BrogginOptions, deck: Sequence[Card], carry: None = None
    ) -> Transition[BrogginState]:
        """Antes of B from everyone, then four cards each, one at a time from the dealer's next seat."""
        order = deal_order(dealer, players)
        hands: list[list[Card]] = [[] for _ in range(players)]
        position = 0
        for _ in range(HAND_SIZE):
            for seat in order:
                hands[seat].append(deck[position])
                position += 1
        stake = options.stake
        seats = tuple(BrogginSeat(s, tuple(hands[s]), False, stake, 0, False, None, None) for s in range(players))
        events: list[Event] = [{"type": "ante", "seat": s, "amount": stake} for s in order]
        events.append({"type": "deal", "cards_each": HAND_SIZE, "first": order[0]})
        state = BrogginState(
            game=self.id,
            players=players,
            dealer=dealer,
            phase=BET1,
            to_act=order[0],
            options=options,
            seats=seats,
            stock=tuple(deck[position:]),
            discards=(),
            pot=stake * players,
            level=0,
            raises=0,
        )
        return Transition(state, tuple(events))

    # -- turn order --------------------------------------------------------------------------------
    def _order(self, state: BrogginState) -> list[int]:
        return order_from((state.dealer + 1) % state.players, state.players)

    def _active(self, state: BrogginState) -> list[int]:
        return [s.seat for s in state.seats if not s.folded]

    def _needs_declaration(self, state: BrogginState, seat: BrogginSeat) -> bool:
        """declared_only: every hand with trumps declares, except a special hand (its trumps stand for nothing)."""
        if seat.folded or seat.declared is not None or not any(is_trump(c) for c in seat.hand):
            return False
        return not is_special(seat.hand, state.options)

    def _waiting(self, state: BrogginState, seat: BrogginSeat) -> bool:
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
            return self._needs_declaration(state, seat)
        return False

    def _next(self, state: BrogginState, after: int) -> int | None:
        """The next seat after ``after`` (clockwise) that still has a turn in this phase."""
        for k in range(1, state.players + 1):
            seat = (after + k) % state.players
            if self._waiting(state, state.seats[seat]):
                return seat
        return None

    def _first(self, state: BrogginState) -> int | None:
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

    def _fold(self, state: BrogginState, seat: int) -> Transition[BrogginState]:
        """ "lägga sig (kasta sina kort och inte vara med mer)"."""
        after = dataclasses.replace(state, seats=replace_seat(state.seats, seat, folded=True, acted=True))
        events: list[Event] = [{"type": "fold", "seat": seat}]
        active = self._active(after)
        if len(active) == 1:  # the last player standing wins unseen
            events.append({"type": "pot_won", "seat": active[0], "amount": after.pot})
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
        if len(drawn) < len(discard):  # BRG-A12: the earlier players' discards become a new stock
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
        problems.extend(declaration_problems(state.seats[seat].hand, parsed, state.options))
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
            if self._first(declare) is not None:
                return self._start(declare, events)
        return self._showdown(state, events)

    def _start(self, state: BrogginState, events: list[Event]) -> Transition[BrogginState]:
        events.append({"type": "phase", "phase": state.phase})
        return Transition(dataclasses.replace(state, to_act=self._first(state)), tuple(events))

    def _showdown(self, state: BrogginState, events: list[Event]) -> Transition[BrogginState]:
        """ "lägger man korten på borden och ser vem som har bäst kort"; an exact tie splits the pot (BRG-A10)."""
        done = dataclasses.replace(state, phase=COMPLETE, to_act=None)
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

    def _values(self, state: BrogginState) -> dict[int, HandValue]:
        """Every remaining hand, in turn order, with its declared or best reading."""
        out = {}
        for seat in self._order(state):
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
        order = self._order(state)
        if state.options.odd_chip == "last_clockwise":
            order.reverse()
        return split_pot(state.pot, winners, order)

    # -- result ------------------------------------------------------------------------------------
    def result(self, state: BrogginState) -> Result | None:
        if state.phase != COMPLETE:
            return None
        put_in = [s.put_in for s in state.seats]
        active = self._active(state)
        if len(active) == 1:
            won = {active[0]: state.pot}
            return {"winners": active, "payouts": payouts(put_in, won), "reason": "all_folded", "pot": state.pot}
        values = self._values(state)
        if not values:  # pragma: no cover - an invalid state
            return {"winners": [], "payouts": [0] * state.players, "reason": "no_players", "pot": state.pot}
        won = self._winnings(state, values)
        ranking = ranking_groups([v.key for v in values.values()])
        seats = list(values)
        decided = _comparison([v.key for v in values.values()]).deciding
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
    def validate(self, state: BrogginState) -> list[Problem]:
        problems = self.check_table(state.players, state.dealer, state.options)
        if state.game != self.id:
            problems.append(Problem("wrong_game", f"this state is of {excerpt(state.game)}, not '{self.id}'", "/game"))
        if problems:
            return problems
        if len(state.seats) != state.players:
            return [Problem("seat_count", f"{state.players} players need {state.players} seats", "/seats")]
        stake = state.options.stake
        every: list[Card] = list(state.stock) + list(state.discards)
        for i, seat in enumerate(state.seats):
            where = f"/seats/{i}"
            every.extend(seat.hand)
            if seat.seat != i:
                problems.append(Problem("seat_order", f"seats are listed in order: expected seat {i}", where + "/seat"))
            if len(seat.hand) != HAND_SIZE:
                problems.append(Problem("hand_size", f"a Broggin hand holds {HAND_SIZE} cards", where + "/hand"))
            if seat.bet2 < 0:
                problems.append(Problem("chips", "second-round chips cannot be negative", where + "/bet2"))
            if seat.put_in - seat.bet2 not in (stake, 2 * stake):
                message = f"before the second round a player has put in {stake} or {2 * stake}"
                problems.append(Problem("chips", message, where + "/put_in"))
            if seat.exchanged is not None and not 0 <= seat.exchanged <= HAND_SIZE:
                problems.append(Problem("exchanged", "a player exchanges 0 to 4 cards", where + "/exchanged"))
        if any(p.code == "seat_order" for p in problems):
            return problems
        problems.extend(cards_problem(every, self.full_pack(), "/seats"))
        if state.pot != sum(s.put_in for s in state.seats):
            problems.append(Problem("pot", "the pot must be the sum of all chips put in", "/pot"))
        if state.phase not in PHASES:
            problems.append(Problem("phase", f"phase must be one of {list(PHASES)}", "/phase"))
            return problems
        problems.extend(self._phase_problems(state))
        return problems

    def _phase_problems(self, state: BrogginState) -> list[Problem]:
        problems: list[Problem] = []
        opts, stake, phase = state.options, state.options.stake, state.phase
        active = self._active(state)
        total_exchanged = sum(s.exchanged or 0 for s in state.seats)
        # the second round has begun (a deal won in the first round never gets there; nobody folds in the exchange)
        reached_bet2 = phase in (BET2, DECLARE) or (
            phase == COMPLETE and any(s.exchanged is not None for s in state.seats)
        )

        def seat_problem(code: str, message: str, seat: int, field: str) -> None:
            problems.append(Problem(code, message, f"/seats/{seat}/{field}"))

        showdown_or_play = phase in (EXCHANGE, BET2, DECLARE) or (phase == COMPLETE and len(active) > 1)
        for s in state.seats:
            i = s.seat
            if not reached_bet2 and s.bet2:
                seat_problem("chips", "no second-round chips before the second round", i, "bet2")
            if not reached_bet2 and s.folded and s.put_in != stake:
                seat_problem("chips", "a player who folds in the first round has put in the ante only", i, "put_in")
            if reached_bet2 and s.folded and s.put_in - s.bet2 == 2 * stake and not s.acted:
                seat_problem("acted", "a player who folds in the second round has had its turn there", i, "acted")
            if reached_bet2 and s.folded and s.bet2 >= state.level:
                seat_problem("chips", "a player folds only when the level is above its second-round chips", i, "bet2")
            if reached_bet2 and s.exchanged is None and s.put_in - s.bet2 == 2 * stake:
                seat_problem(
                    "exchanged", "every player who bet in the first round has had its exchange", i, "exchanged"
                )
            if s.bet2 > state.level:
                seat_problem("chips", f"nobody puts in more than the level ({state.level})", i, "bet2")
            if showdown_or_play and not s.folded and s.put_in - s.bet2 != 2 * stake:
                seat_problem("chips", "every player still in has bet in the first round", i, "put_in")
            if phase == BET1 and s.acted != (s.folded or s.put_in == 2 * stake):
                seat_problem("acted", "a player has acted in the first round iff it bet or folded", i, "acted")
            if (
                phase in (BET1, EXCHANGE)
                and s.folded
                and s.exchanged is not None
                or phase == BET1
                and s.exchanged is not None
            ):
                seat_problem("exchanged", "nobody exchanges before the exchange, nor after folding", i, "exchanged")
            if s.exchanged is not None and s.put_in - s.bet2 != 2 * stake:
                seat_problem("exchanged", "only a player who bet in the first round exchanges", i, "exchanged")
            if showdown_or_play and phase != EXCHANGE and not s.folded and s.exchanged is None:
                seat_problem("exchanged", "every player still in has had its exchange", i, "exchanged")
            if s.declared is not None and (phase not in (DECLARE, COMPLETE) or s.folded):
                seat_problem("declared", "only a player at the showdown declares trumps", i, "declared")
            if s.declared is not None and opts.assignment != "declared_only":
                seat_problem("declared", "declarations are made only with assignment declared_only", i, "declared")
            if s.declared and _valid_hand(s.hand):
                found = declaration_problems(s.hand, [(a.trump, a.card) for a in s.declared], opts)
                for code, message in found:
                    seat_problem(code, message, i, "declared")
        if phase == BET1 and (state.discards or len(state.stock) != len(FULL_PACK) - HAND_SIZE * state.players):
            problems.append(Problem("stock", "the stock is untouched until the exchange", "/stock"))
        if len(state.discards) > total_exchanged:
            problems.append(Problem("discards", "more discards than cards exchanged", "/discards"))
        elif phase != BET1 and (len(state.discards) < total_exchanged) != (
            total_exchanged > len(FULL_PACK) - HAND_SIZE * state.players and opts.exchange_limit != "stock_only"
        ):  # BRG-A12: the discards are reshuffled into a new stock exactly when the first stock runs out
            problems.append(
                Problem(
                    "discards", "the discards are the cards exchanged until the stock runs out (BRG-A12)", "/discards"
                )
            )
        problems.extend(self._order_problems(state))
        if not reached_bet2 and (state.level or state.raises):
            problems.append(Problem("level", "the second-round level is 0 before the second round", "/level"))
        if reached_bet2 and state.raises > 0 and all(s.bet2 != state.level for s in state.seats):
            problems.append(Problem("level", "the last raiser has put in the level (BRG-A9)", "/level"))
        if reached_bet2:
            # each raise at most doubles the level (double_previous): level <= B * 2 ** raises, tested without
            # computing 2 ** raises for a client's huge count (raises >= level's bit length always holds it)
            doubled_too_often = 0 <= state.raises < state.level.bit_length() and state.level > stake << state.raises
            if (
                not stake <= state.level
                or (opts.raise_rule == "cap_double_insats" and state.level > 2 * stake)
                or doubled_too_often
            ):
                problems.append(Problem("level", "the level is B to the raise cap (BRG-A9)", "/level"))
            if state.raises < 0 or (opts.max_raises is not None and state.raises > opts.max_raises):
                problems.append(Problem("raises", "raises must be 0 to max_raises", "/raises"))
            elif state.raises > state.level - stake:
                problems.append(
                    Problem("raises", "every raise lifts the level by at least one chip (BRG-A9)", "/raises")
                )
            if state.raises == 0 and state.level != stake:
                problems.append(Problem("level", "without a raise the level is B", "/level"))
        if phase == DECLARE and opts.assignment != "declared_only":
            problems.append(Problem("phase", "the declare phase exists only with assignment declared_only", "/phase"))
        if phase in (DECLARE, COMPLETE) and len(active) > 1 and any(state.seats[s].bet2 != state.level for s in active):
            problems.append(Problem("chips", "at the showdown everyone still in has matched the level", "/seats"))
        if phase == COMPLETE:
            if state.to_act is not None:
                problems.append(Problem("turn", "nobody acts once the deal is complete", "/to_act"))
            if not active:
                problems.append(Problem("phase", "a deal ends with at least one player in", "/seats"))
            elif (
                len(active) > 1
                and opts.assignment == "declared_only"
                and any(self._needs_declaration(state, state.seats[s]) for s in active)
            ):
                problems.append(Problem("declared", "every hand with trumps declares before the showdown", "/seats"))
            return problems
        if len(active) < 2:
            problems.append(Problem("phase", "with one player left the deal is complete", "/phase"))
            return problems
        expected = self._first(state) if phase != BET2 else None
        if state.to_act is None or not 0 <= state.to_act < state.players:
            problems.append(Problem("turn", "to_act must be a seat while the deal goes on", "/to_act"))
        elif phase == BET2:
            if not self._waiting(state, state.seats[state.to_act]):
                problems.append(
                    Problem("turn", "to_act must be a player still in who has to call, raise or fold", "/to_act")
                )
        elif expected != state.to_act:
            problems.append(Problem("turn", f"it is seat {expected}'s turn in this phase (BRG-A11)", "/to_act"))
        if phase == BET2 and all(not self._waiting(state, state.seats[a]) for a in active):
            problems.append(Problem("phase", "the second round is over: the showdown follows", "/phase"))
        return problems

    def _order_problems(self, state: BrogginState) -> list[Problem]:
        """BRG-A11: in the first round and the exchange the players who have had their turn come first, in turn
        order from the dealer's next seat (a fold in the first round counts as a turn)."""
        stake = state.options.stake

        def waiting(seats: Sequence[int], folded_in_bet2: bool = False) -> list[bool]:
            """Whether each seat still has a turn; folded seats count only in the first round (and, when asked,
            a fold in the second round counts as that seat's turn)."""
            return [
                self._waiting(state, seat)
                for seat in (state.seats[s] for s in seats)
                if state.phase == BET1 or not seat.folded or (folded_in_bet2 and seat.put_in - seat.bet2 == 2 * stake)
            ]

        def done_then_waiting(flags: list[bool]) -> bool:
            return flags == sorted(flags)  # False (has had its turn) before True (still waiting)

        turn = Problem("turn", "players take their turns clockwise from the dealer's next seat (BRG-A11)", "/seats")
        if state.phase in (BET1, EXCHANGE) and not done_then_waiting(waiting(self._order(state))):
            return [turn]
        if state.phase != BET2 or state.to_act is None or not 0 <= state.to_act < state.players:
            return []
        if state.raises == 0:  # nobody has raised: one turn each, from the dealer's next seat
            if not done_then_waiting(waiting(self._order(state), folded_in_bet2=True)) or state.to_act != self._first(
                state
            ):
                return [turn]
            return []
        # after a raise the others answer it in turn: from to_act on, those still to answer come first
        if not done_then_waiting([not f for f in waiting(order_from(state.to_act, state.players))]):
            return [
                Problem(
                    "turn",
                    "the players still to answer the last raise follow one another from to_act (BRG-A11)",
                    "/seats",
                )
            ]
        return []

    # -- view --------------------------------------------------------------------------------------
    def view(self, state: BrogginState, seat: int) -> BrogginState:
        """Others' hands, the stock and the discards are hidden; at the showdown the remaining hands are shown."""
        showdown = state.phase == DECLARE or (state.phase == COMPLETE and len(self._active(state)) > 1)
        seats = tuple(
            s if s.seat == seat or (showdown and not s.folded) else dataclasses.replace(s, hand=hide(s.hand))
            for s in state.seats
        )
        return dataclasses.replace(state, seats=seats, stock=hide(state.stock), discards=hide(state.discards))


# -- helpers ---------------------------------------------------------------------------------------
def _valid_hand(hand: Sequence[Card]) -> bool:
    return len(hand) == HAND_SIZE and len(set(hand)) == HAND_SIZE and all(c in FULL_PACK for c in hand)


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


def _evaluation(value: HandValue) -> Evaluation:
    return Evaluation(value.hand, value.category, value.strength, value.description, value.interpretation)


def _comparison(keys: Sequence[Key]) -> Comparison:
    """Best first, equal keys grouped; ``deciding`` names the step that separated the top two groups."""
    ranking = ranking_groups(keys)
    tie = len(ranking) == 1 or len(ranking[0]) > 1
    decided = "tie" if tie else deciding(keys[ranking[0][0]], keys[ranking[1][0]])
    return Comparison(ranking, list(ranking[0]), decided)
