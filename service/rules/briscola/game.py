"""Plain Briscola (2, 3, 4 or 6 players) as a :class:`~service.rules.game.TrickGame` (rules/briscola.md)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from service.rules.actions import ActionBase, Play
from service.rules.briscola.cards import PACK, winner_and_points
from service.rules.briscola.common import (
    BriscolaCards,
    check_points,
    check_seats,
    check_tricks,
    current_trick_problems,
)
from service.rules.briscola.events import BRISCOLA_EVENTS, BriscolaResult
from service.rules.briscola.options import BriscolaOptions
from service.rules.briscola.state import COMPLETE, PHASES, PLAY, BriscolaCarry, BriscolaSeat, BriscolaState
from service.rules.cards import SUITS, Card, rank, suit
from service.rules.errors import CardError, InvalidInput, Problem, excerpt
from service.rules.frozen import evolve
from service.rules.game import Event, LegalAction, Result, Transition, TrickGame, cards_problem, hide
from service.rules.seats import deal_hands, deal_order, next_seat, replace_seat
from service.rules.tricks import Trick, draw_after_trick, side_of, side_points

HAND_SIZE = 3
""""Tre kort var" (three cards each)."""
HIGH_TURN_UPS = "A3KQJ"
"""Turn-ups above the seven, which the seven of trumps may take (BRI-A5 ``seven_then_two``)."""


@dataclass(frozen=True)
class ExchangeTurnup(ActionBase):
    """Take the face-up trump for the card that may exchange it (BRI-A5 ``turnup_exchange``)."""

    type: ClassVar[str] = "exchange_turnup"


BriscolaAction = Play | ExchangeTurnup


def sides(players: int, options: BriscolaOptions) -> tuple[tuple[int, ...], ...]:
    """The sides of a deal: 4 players 0+2 v 1+3; 6 players 2x3 alternating (BRI-A3); else each alone."""
    if players == 4:
        return ((0, 2), (1, 3))
    if players == 6:
        if options.six_player_teams == "3x2":
            return ((0, 3), (1, 4), (2, 5))
        return ((0, 2, 4), (1, 3, 5))
    return tuple((seat,) for seat in range(players))


def face_up_reachable(turn_up: Card, face_up: Card, mode: str) -> bool:
    """Whether ``face_up`` can lie under the stock after BRI-A5 exchanges of ``turn_up`` (same suit).

    ``none``: only the turn-up. ``two``: the two of trumps may take any turn-up. ``seven_then_two``: the
    seven takes a turn-up above it (A 3 K Q J), then the two takes the seven (or a seven turned up).
    """
    if face_up == turn_up:
        return True
    if suit(face_up) != suit(turn_up) or mode == "none":
        return False
    if mode == "two":
        return rank(face_up) == "2"
    high = rank(turn_up) in HIGH_TURN_UPS
    return (rank(face_up) == "7" and high) or (rank(face_up) == "2" and (high or rank(turn_up) == "7"))


def match_problems(players: int, options: BriscolaOptions, carry: BriscolaCarry) -> list[Problem]:
    """Problems with the match score a deal carries in (BRI-A12)."""
    score, pointer = carry.match_score, "/carry/match_score"
    count = len(sides(players, options))
    if score and len(score) != count:
        return [Problem("invalid_carry", f"match_score holds one number per side ({count}), or none", pointer)]
    if any(s >= options.deals_to_win for s in score):
        return [Problem("match_over", f"a side has already won {options.deals_to_win} deals", pointer)]
    return []


class Briscola(BriscolaCards, TrickGame[BriscolaState, BriscolaOptions, BriscolaAction]):
    """Briscola: no obligation to follow, the turn-up's suit is trump, the winner draws first; 61 wins."""

    id = "briscola"
    name = "Briscola"
    min_players = 2
    max_players = 6
    options_type = BriscolaOptions
    state_type = BriscolaState
    carry_type = BriscolaCarry
    phases = PHASES
    rules_file = "briscola.md"
    actions = (Play, ExchangeTurnup)
    event_types = BRISCOLA_EVENTS
    result_type = BriscolaResult

    # -- cards and options -------------------------------------------------------------------------
    def pack(self, players: int, options: BriscolaOptions) -> tuple[Card, ...]:
        """40 cards; 3 players without 2C (BRI-A1: or the chosen card, or every two); 6 without the twos."""
        if players == 3:
            if options.three_player_removed == "all_twos":
                return tuple(c for c in PACK if rank(c) != "2")
            return tuple(c for c in PACK if c != options.three_player_removed)
        if players == 6:
            return tuple(c for c in PACK if rank(c) != "2")
        return PACK

    def options(self, raw: Mapping[str, Any] | None, pointer: str = "/options") -> BriscolaOptions:
        """As :meth:`Game.options`, also taking ``three_player_removed`` in any card notation ("2♣")."""
        if isinstance(raw, Mapping) and isinstance(raw.get("three_player_removed"), str):
            value = raw["three_player_removed"]
            if value != "all_twos":
                with contextlib.suppress(CardError):  # else build_options rejects it, listing the allowed
                    raw = {**raw, "three_player_removed": self.parse_card(value)}
        return super().options(raw, pointer)

    players_note = "five play Briscola chiamata (briscola-chiamata)"

    def player_counts(self) -> tuple[int, ...]:
        return (2, 3, 4, 6)

    def check_table(self, players: int, dealer: int, options: BriscolaOptions) -> list[Problem]:
        problems = super().check_table(players, dealer, options)
        if players == 5:
            problems.append(
                Problem("invalid_players", "five players play Briscola chiamata (briscola-chiamata)", "/players")
            )
        return problems

    def check_carry(self, players: int, options: BriscolaOptions, carry: BriscolaCarry | None) -> list[Problem]:
        return match_problems(players, options, carry or BriscolaCarry())

    # -- deal --------------------------------------------------------------------------------------
    def deal(
        self,
        players: int,
        dealer: int,
        options: BriscolaOptions,
        deck: Sequence[Card],
        carry: BriscolaCarry | None = None,
    ) -> Transition[BriscolaState]:
        """Three each from the dealer's right; the next card is turned up and becomes the stock's last."""
        carry = carry or BriscolaCarry()
        problems = self.check_table(players, dealer, options)
        problems = problems or self.check_carry(players, options, carry)
        if problems:
            raise InvalidInput(problems)
        self.check_deck(players, options, deck)
        hands, position = deal_hands(deck, dealer, players, HAND_SIZE)
        order = deal_order(dealer, players)
        turn_up = deck[position]
        stock = (*deck[position + 1 :], turn_up)
        state = BriscolaState(
            game=self.id,
            players=players,
            dealer=dealer,
            phase=PLAY,
            to_act=order[0],
            options=options,
            carry=carry,
            seats=tuple(BriscolaSeat(seat, tuple(hands[seat]), 0) for seat in range(players)),
            trump=suit(turn_up),
            turn_up=turn_up,
            stock=stock,
            leader=order[0],
            trick=(),
            tricks=(),
        )
        events: tuple[Event, ...] = (
            {"type": "deal", "cards_each": HAND_SIZE, "first": order[0]},
            {"type": "turn_up", "card": turn_up, "trump": suit(turn_up)},
        )
        return Transition(state, events)

    # -- legal actions -----------------------------------------------------------------------------
    def _exchange_card(self, state: BriscolaState, seat: int) -> Card | None:
        """The card ``seat`` may swap for the face-up turn-up now (BRI-A5), or None."""
        mode = state.options.turnup_exchange
        if mode == "none" or not state.stock:
            return None
        face_up = state.stock[-1]
        if mode == "two":
            wanted = "2" + state.trump
        elif rank(face_up) in HIGH_TURN_UPS:
            wanted = "7" + state.trump
        elif rank(face_up) == "7":
            wanted = "2" + state.trump
        else:
            return None
        return wanted if wanted in state.seats[seat].hand and wanted != face_up else None

    def legal_actions(self, state: BriscolaState) -> list[LegalAction]:
        seat = state.to_act
        if seat is None or state.phase != PLAY:
            return []
        actions: list[LegalAction] = [
            {"seat": seat, "type": "play", "card": card} for card in state.seats[seat].hand
        ]  # "Du får lägga absolut vilket kort som helst"
        if self._exchange_card(state, seat) is not None:
            actions.append({"seat": seat, "type": "exchange_turnup"})
        return actions

    # -- apply -------------------------------------------------------------------------------------
    def apply(self, state: BriscolaState, action: BriscolaAction) -> Transition[BriscolaState]:
        self.check_turn(state, action)
        seat = action.seat
        if state.phase != PLAY:
            raise self.illegal(state, "deal_over", "flow", "the deal is over: no action is legal")
        if isinstance(action, ExchangeTurnup):
            return self._exchange(state, seat)
        card = action.card
        hand = state.seats[seat].hand
        if card not in hand:
            raise self.illegal(state, "card_not_in_hand", "3(b)4", f"seat {seat} does not hold {card}")
        seats = replace_seat(state.seats, seat, hand=tuple(c for c in hand if c != card))
        trick = (*state.trick, card)
        events: list[Event] = [{"type": "play", "seat": seat, "card": card}]
        if len(trick) < state.players:
            after = evolve(state, seats=seats, trick=trick, to_act=next_seat(seat, state.players))
            return Transition(after, tuple(events))
        return self._finish_trick(state, seats, trick, events)

    def _exchange(self, state: BriscolaState, seat: int) -> Transition[BriscolaState]:
        mine = self._exchange_card(state, seat)
        if mine is None:
            raise self.illegal(
                state,
                "exchange_not_allowed",
                "BRI-A5",
                "no exchange of the turn-up is possible for this seat now"
                if state.options.turnup_exchange != "none"
                else "the turn-up may not be exchanged (BRI-A5 default)",
            )
        face_up = state.stock[-1]
        hand = tuple(face_up if c == mine else c for c in state.seats[seat].hand)
        after = evolve(state, seats=replace_seat(state.seats, seat, hand=hand), stock=(*state.stock[:-1], mine))
        return Transition(after, ({"type": "exchange_turnup", "seat": seat, "gave": mine, "took": face_up},))

    def _finish_trick(
        self, state: BriscolaState, seats: tuple[BriscolaSeat, ...], trick: tuple[Card, ...], events: list[Event]
    ) -> Transition[BriscolaState]:
        """Score the full ``trick`` (``seats`` hold what is left after it), draw (winner first, BRI-A7) and pass
        the lead to the winner."""
        index, points = winner_and_points(state.trump, trick)
        winner = (state.leader + index) % state.players
        done = Trick(state.leader, trick, winner, points)
        events.append({"type": "trick", "winner": winner, "cards": list(trick), "points": points})
        hands, stock, draws = draw_after_trick([s.hand for s in seats], state.stock, winner)
        seats = tuple(
            evolve(s, hand=hands[s.seat], points=s.points + points)
            if s.seat == winner
            else evolve(s, hand=hands[s.seat])
            for s in seats
        )  # one new record per seat: its draw, and the trick's points for the winner
        events.extend({"type": "draw", "seat": s, "card": c} for s, c in draws)
        over = not any(hands)
        after = evolve(
            state,
            seats=seats,
            stock=stock,
            trick=(),
            tricks=(*state.tricks, done),
            leader=winner,
            to_act=None if over else winner,
            phase=COMPLETE if over else PLAY,
        )
        return Transition(after, tuple(events))

    # -- result ------------------------------------------------------------------------------------
    def result(self, state: BriscolaState) -> Result | None:
        """Card points per seat and side; the highest side wins (61 of 120); 60-60 per BRI-A2."""
        if state.phase != COMPLETE:
            return None
        groups = sides(state.players, state.options)
        points = [s.points for s in state.seats]
        totals = side_points(points, groups)
        best = max(totals)
        top = [i for i, total in enumerate(totals) if total == best]
        decided_by = "points"
        winning: int | None = top[0] if len(top) == 1 else None
        if winning is None and len(groups) == 2 and state.options.tie_rule == "last_trick" and state.tricks:
            winning = side_of(state.tricks[-1].winner, groups)  # BRI-A2
            decided_by = "last_trick"
        result: Result = {
            "winners": list(groups[winning]) if winning is not None else [],
            "reason": "points",
            "decided_by": decided_by if winning is not None else "draw",
            "points": points,
            "teams": [list(g) for g in groups],
            "team_points": totals,
            "match": self._match(state, winning),
        }
        result["carry"] = self._next_carry(result["match"])
        return result

    def _match(self, state: BriscolaState, winning: int | None) -> dict[str, Any]:
        """The match after this deal (BRI-A12): drawn deals count for nobody."""
        groups = sides(state.players, state.options)
        before = list(state.carry.match_score)
        if len(before) != len(groups):
            before = [0] * len(groups)
        after = list(before)
        if winning is not None:
            after[winning] += 1
        champion = next((i for i, won in enumerate(after) if won >= state.options.deals_to_win), None)
        return {
            "deals_to_win": state.options.deals_to_win,
            "score_before": before,
            "score": after,
            "match_score": "-".join(str(n) for n in after),
            "over": champion is not None,
            "winners": list(groups[champion]) if champion is not None else [],
        }

    def _next_carry(self, match: dict[str, Any]) -> dict[str, Any]:
        """What the next deal carries in (its ``carry``): the match score, or a new match once it is won."""
        return {"match_score": [0] * len(match["score"]) if match["over"] else match["score"]}

    # -- validate and view -------------------------------------------------------------------------
    def validate(self, state: BriscolaState) -> list[Problem]:
        problems = self.check_table(state.players, state.dealer, state.options)
        problems = problems or self.check_carry(state.players, state.options, state.carry)
        if state.game != self.id:
            problems.append(Problem("wrong_game", f"this state is of {excerpt(state.game)}, not '{self.id}'", "/game"))
        if problems:
            return problems
        n = state.players
        problems = check_seats(state.seats, n)
        if problems:
            return problems
        pack = self.pack(n, state.options)
        every: list[Card] = [*state.stock, *state.trick]
        for s in state.seats:
            every.extend(s.hand)
        for t in state.tricks:
            every.extend(t.cards)
        problems.extend(cards_problem(every, pack, "/seats"))
        if state.trump not in SUITS:  # report it and go on: the sizes and the turn do not depend on it
            problems.append(Problem("trump", "trump is a suit: S, H, D or C", "/trump"))
        elif state.turn_up not in pack or suit(state.turn_up) != state.trump:
            problems.append(Problem("turn_up", "the turn-up is a card of the pack in the trump suit", "/turn_up"))
        if state.stock and state.stock[-1] in pack and state.turn_up in pack:
            face_up = state.stock[-1]
            if not face_up_reachable(state.turn_up, face_up, state.options.turnup_exchange):
                problems.append(
                    Problem(
                        "turn_up",
                        "the stock's last card is the turn-up"
                        if state.options.turnup_exchange == "none"
                        else "the stock's last card is the turn-up or a trump exchanged for it (BRI-A5)",
                        "/stock",
                    )
                )
        first = next_seat(state.dealer, n)
        problems.extend(check_tricks(state.tricks, state.trump, n, first, pack))
        problems.extend(check_points(state.seats, state.tricks))
        total_tricks = len(pack) // n
        played = len(state.tricks)
        if played > total_tricks:
            problems.append(Problem("tricks", f"a deal has {total_tricks} tricks", "/tricks"))
            return problems
        stock_size = max(0, len(pack) - HAND_SIZE * n - played * n)
        if len(state.stock) != stock_size:
            problems.append(
                Problem("stock_size", f"after {played} tricks the stock holds {stock_size} cards", "/stock")
            )
        expected_leader = state.tricks[-1].winner if state.tricks else first
        if state.leader != expected_leader:
            problems.append(Problem("leader", f"seat {expected_leader} leads this trick", "/leader"))
        if not 0 <= state.leader < n or len(state.trick) >= n:
            problems.append(Problem("trick_size", f"a trick in progress holds fewer than {n} cards", "/trick"))
            return problems
        held = min(HAND_SIZE, (len(pack) - played * n) // n)
        problems.extend(current_trick_problems([s.hand for s in state.seats], state.leader, state.trick, held, n))
        if state.phase not in PHASES:
            problems.append(Problem("phase", f"phase must be one of {list(PHASES)}", "/phase"))
        elif played == total_tricks:
            if state.phase != COMPLETE:
                problems.append(Problem("phase", "every trick has been played: the deal is complete", "/phase"))
            if state.to_act is not None:
                problems.append(Problem("turn", "nobody acts once the deal is complete", "/to_act"))
        else:
            if state.phase != PLAY:
                problems.append(Problem("phase", "tricks remain to be played", "/phase"))
            turn = (state.leader + len(state.trick)) % n
            if state.to_act != turn:
                problems.append(Problem("turn", f"it is seat {turn}'s turn", "/to_act"))
        return problems

    def face_up(self, state: BriscolaState) -> frozenset[Card]:
        """The turn-up (or the card exchanged for it) under the stock, drawn last."""
        return frozenset(state.stock[-1:])

    def view(self, state: BriscolaState, seat: int) -> BriscolaState:
        """Others' hands and the stock are hidden; the face-up turn-up under the stock is public."""
        seats = tuple(s if s.seat == seat else evolve(s, hand=hide(s.hand)) for s in state.seats)
        stock = (*hide(state.stock[:-1]), state.stock[-1]) if state.stock else ()
        return evolve(state, seats=seats, stock=stock)


__all__ = ["Briscola", "face_up_reachable", "sides"]
