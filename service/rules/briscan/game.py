"""Briscan (5 cards) and Brisque (6 cards) as :class:`~service.rules.trick_game.TrickGame` (rules/briscan-brisque.md).

Talon phase: free play, the trick winner draws first, the loser takes the turn-up last. Final phase (talon
empty): strict play (BSC-A3). Announcements only by the player on lead after a trick ("när det är
ledning"); the trump seven may be exchanged for the turn-up (2(b)4, BSC-A5).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from service.rules.actions import ActionBase, Play
from service.rules.base import Event, LegalAction, Result, Transition, hide
from service.rules.bounds import HAND, MELDS, NOT_EMPTY, MeldKind
from service.rules.briscan.cards import ORDER, PACK, SEQUENCE, check_trick_input, parse_card, winner_and_points
from service.rules.briscan.events import EVENTS, BriscanResult
from service.rules.briscan.melds import (
    Announcement,
    _ordered,
    candidates,
    evaluate,
    meld_points,
    most_melds,
    reuse_problem,
)
from service.rules.briscan.options import BriscanOptions
from service.rules.briscan.state import (
    COMPLETE,
    FINAL,
    PHASES,
    TALON,
    TRICKS,
    Bonus,
    BriscanCarry,
    BriscanSeat,
    BriscanState,
)
from service.rules.briscan.validate import BriscanProblem, final_play_problems, state_problems
from service.rules.briscan.variants import BRISCAN, BRISQUE, CB_COURTS, CB_PIPS, KINDS, QUARTET, TRUMP_ACE, Variant
from service.rules.cards import HIDDEN, Card, french_notation, rank, suit, suit_text_notation
from service.rules.errors import Problem
from service.rules.frozen import evolve
from service.rules.seats import next_seat, replace_seat
from service.rules.seen import TABLE_RULE, reveal, trump_unseen, turn_up_event, turn_up_unseen
from service.rules.trick_game import TrickGame
from service.rules.tricks import SUIT_WORDS

FINAL_PLAY = {
    "follow_head_trump": "talon empty: follow suit and head the trick if you can, else trump",
    "follow_only": "talon empty: follow suit if you can",
    "free": "talon empty: any card may be played",
}
"""What strict play asks once the talon is empty, by BSC-A3 ``final_phase_rule``."""


def strict_plays(hand: list[Card], led: Card, trump: str, rule: str) -> list[Card]:
    """The cards of ``hand`` that may follow ``led`` once the talon is empty, by BSC-A3 ``final_phase_rule``
    (:data:`FINAL_PLAY`)."""
    if rule == "free":
        return hand
    same = [c for c in hand if suit(c) == suit(led)]
    if same:
        if rule == "follow_only":
            return same
        higher = [c for c in same if ORDER.index(rank(c)) < ORDER.index(rank(led))]
        return higher or same
    if rule == "follow_only":
        return hand
    trumps = [c for c in hand if suit(c) == trump]
    return trumps or hand


@dataclass(frozen=True)
class Meld:
    """One meld announced: its ``kind`` and the cards that make it."""

    kind: MeldKind
    cards: Annotated[tuple[Card, ...], HAND, NOT_EMPTY]


@dataclass(frozen=True)
class Announce(ActionBase, type="announce"):
    """Announce melds ("melda"): only the player on lead after a trick (BSC-A6), or at the start (carte blanche)."""

    melds: Annotated[tuple[Meld, ...], MELDS, NOT_EMPTY]


@dataclass(frozen=True)
class ExchangeSeven(ActionBase, type="exchange_seven"):
    """Exchange the trump seven for the turn-up (2(b)4, BSC-A5)."""


BriscanAction = Play | ExchangeSeven | Announce


class Briscan(TrickGame[BriscanState, BriscanOptions, BriscanAction]):
    """Briscan: 5 cards each, every meld and bonus of 2(c); 600 wins the game."""

    id = "briscan"
    name = "Briscan"
    min_players = 2
    max_players = 2
    variant: ClassVar[Variant] = BRISCAN
    phases = PHASES
    problem_codes = (BriscanProblem,)
    refusal_codes = (
        "invalid_meld too_many_melds meld_not_allowed card_not_in_hand card_reuse trump_ace_exchanged "
        "announce_not_allowed must_follow exchange_not_allowed"
    )
    unseen_events = {"turn_up": ("card", "trump")}  # a turn-up nobody saw (docs/api.md 18)
    event_types = EVENTS
    result_type = BriscanResult
    announces_melds = True
    points_field = "card_points"
    stock_field = "talon"
    meld_kinds = KINDS

    # -- cards and options -------------------------------------------------------------------------
    card_notation = french_notation(SEQUENCE)
    suit_notation = suit_text_notation(SUIT_WORDS)

    def parse_card(self, text: str) -> Card:
        return parse_card(text)

    def full_pack(self) -> tuple[Card, ...]:
        return PACK

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (the variant's)."""
        return self.variant.hand_size

    @property
    def most_melds(self) -> int:
        """The most melds one announcement can hold (the variant's)."""
        return most_melds(self.variant)

    @property
    def talon_tricks(self) -> int:
        """Tricks played with drawing: 11 (Briscan), 10 (Brisque)."""
        return (len(PACK) - 2 * self.hand_size) // 2

    match_end = (BriscanProblem.game_over, "BSC-A8")

    def match_winners(self, result: Result) -> list[int] | None:
        """The seat that won the game: over the target at the end of a deal, a slam, four kings or queens
        (BSC-A8)."""
        game = result["game"]
        return list(game["winners"]) if game["over"] else None

    def check_carry(self, players: int, options: BriscanOptions, carry: BriscanCarry | None) -> list[Problem]:
        """The game score carried in: two numbers, and no seat has won the game yet (BSC-A8)."""
        score, pointer = (carry or BriscanCarry()).game_score, "/carry/game_score"
        if len(score) != 2:
            message = "game_score holds each seat's score, seat 0 first: two numbers"
            return [Problem(BriscanProblem.invalid_carry, message, pointer)]
        if max(score) >= options.target_score and score[0] != score[1]:
            return [Problem(BriscanProblem.game_over, "a seat has already won the game", pointer)]
        return []

    def trick_winner(self, trump: str, cards: Sequence[Card], options: BriscanOptions) -> tuple[int, int]:
        """The winning card's index and the trick's card points (the same in the talon and the final phase)."""
        check_trick_input(trump, cards)
        return winner_and_points(trump, cards, options.card_points)

    def evaluate_melds(self, hand: Sequence[Card], trump: str, options: BriscanOptions) -> list[dict[str, Any]]:
        """Every meld ``hand`` holds (longest runs only) as ``{kind, cards, points}``; no reuse rules applied."""
        return evaluate(hand, trump, options, self.variant)

    # -- deal --------------------------------------------------------------------------------------
    def deal_checked(
        self,
        players: int,
        dealer: int,
        options: BriscanOptions,
        deck: Sequence[Card],
        carry: BriscanCarry | None = None,
    ) -> Transition[BriscanState]:
        """5 (6) each from the non-dealer; the next card is turned up and becomes the talon's last."""
        carry = carry or BriscanCarry()
        hands, rest, _ = self.deal_cards(players, dealer, deck, self.hand_size)
        turn_up = rest[0]
        first = next_seat(dealer, players)  # BSC-A14
        state = BriscanState(
            **self.opening(players, dealer, TALON, first, options, carry),
            seats=tuple(BriscanSeat(s, hands[s], 0, (), (), 0) for s in range(players)),
            trump=suit(turn_up),
            turn_up=turn_up,
            talon=(*rest[1:], turn_up),
            exchanged_by=None,
            leader=first,
            trick=(),
            tricks=(),
            ended="",
        )
        events: list[Event] = [
            {"type": "deal", "cards_each": self.hand_size, "first": first},
            turn_up_event(turn_up),
        ]
        return self._settle(state, events)

    # -- bonuses and scores ------------------------------------------------------------------------
    def _final_hand(self, state: BriscanState, seat: int) -> list[Card]:
        """The seat's hand when the talon ran out: its hand now and what it has played since."""
        cards = list(state.seats[seat].hand)
        for trick in state.tricks[self.talon_tricks :]:
            cards.extend(c for i, c in enumerate(trick.cards) if (trick.leader + i) % 2 == seat)
        cards.extend(c for i, c in enumerate(state.trick) if (state.leader + i) % 2 == seat)
        return cards

    def expected_bonuses(self, state: BriscanState) -> list[tuple[Bonus, ...]]:
        """Every automatic bonus each seat has earned so far (2(c) Bonuses), in a fixed order."""
        out: list[list[Bonus]] = [[], []]
        opts, variant = state.options, self.variant
        scores = set(variant.bonuses)
        if (
            "turn_up" in scores
            and rank(state.turn_up) in "ATKQJ"
            and (not variant.turn_up_bonus_optional or opts.brisque_turnup_bonus)
        ):
            out[state.dealer].append(Bonus("turn_up", 10))  # BSC-A12
        if "seven_exchange" in scores and state.exchanged_by in (0, 1) and opts.seven_exchange_points:
            out[state.exchanged_by].append(Bonus("seven_exchange", opts.seven_exchange_points))  # BSC-A5
        ace = "A" + state.trump
        exchanged_ace = state.exchanged_by is not None and state.turn_up == ace
        if "trump_ace" in scores and opts.trump_ace_bonus == "automatic_on_holding" and not exchanged_ace:  # BSC-A10
            holder = next((s.seat for s in state.seats if ace in s.hand), None)
            for trick in state.tricks:
                holder = next(((trick.leader + i) % 2 for i, c in enumerate(trick.cards) if c == ace), holder)
            holder = next(((state.leader + i) % 2 for i, c in enumerate(state.trick) if c == ace), holder)
            if holder is not None:
                out[holder].append(Bonus("trump_ace", 30))
        played = len(state.tricks)
        if "last_cards" in scores and played >= self.talon_tricks and not state.talon:
            for seat in (0, 1):
                last = self._final_hand(state, seat)
                if len(last) == variant.hand_size and all(c != HIDDEN and suit(c) == state.trump for c in last):
                    out[seat].append(Bonus("last_cards", 30))
        if played == TRICKS:
            if "last_trick" in scores:
                out[state.tricks[-1].winner].append(Bonus("last_trick", 10))
            final = {t.winner for t in state.tricks[self.talon_tricks :]}
            if "last_tricks" in scores and len(final) == 1:
                out[final.pop()].append(Bonus("last_tricks", 20))
            won = [sum(1 for t in state.tricks if t.winner == s) for s in (0, 1)]
            if "most_cards" in scores and won[0] != won[1]:
                out[0 if won[0] > won[1] else 1].append(Bonus("most_cards", 10))  # BSC-A11
        return [tuple(b) for b in out]

    def _settle(self, state: BriscanState, events: list[Event]) -> Transition[BriscanState]:
        """Score the bonuses now due, total the scores, and end the deal if it is over (BSC-A8)."""
        due = self.expected_bonuses(state)
        seats = []
        for s in state.seats:
            for bonus in due[s.seat]:
                if bonus not in s.bonuses:
                    events.append({"type": "bonus", "seat": s.seat, "kind": bonus.kind, "points": bonus.points})
            score = s.card_points + sum(m.points for m in s.melds) + sum(b.points for b in due[s.seat])
            changed = score != s.score or due[s.seat] != s.bonuses
            seats.append(evolve(s, {"bonuses": due[s.seat], "score": score}) if changed else s)
        state = evolve(state, {"seats": tuple(seats)})
        if not state.ended and len(state.tricks) == TRICKS:
            slam = len({t.winner for t in state.tricks}) == 1
            state = evolve(state, {"ended": "slam" if slam else "points"})
        if not state.ended and state.options.win_check == "immediate":
            before = list(state.carry.game_score)
            totals = [before[s.seat] + s.score for s in state.seats]
            reached = [s for s in (0, 1) if totals[s] >= state.options.target_score]
            if reached and totals[0] != totals[1]:
                winner = 0 if totals[0] > totals[1] else 1
                events.append({"type": "game_won", "seat": winner, "score": totals[winner]})
                state = dataclasses.replace(state, ended="target")
        if state.ended:
            state = evolve(state, {"phase": COMPLETE, "to_act": None})
        return Transition(state, tuple(events))

    # -- what is legal -----------------------------------------------------------------------------
    def unheld(self, state: BriscanState, seat: int, card: Card) -> str | None:
        """Why ``seat``'s hand cannot hold the unseen ``card`` (docs/api.md 18), or None: a final-phase trick it
        followed without it where strict play (BSC-A3) would have asked for it, the trick taken as played legally."""
        if not state.tricks[self.talon_tricks :] or HIDDEN not in state.seats[seat].hand:
            return None
        broken = final_play_problems(self, reveal(state, seat, card))
        if not broken:
            return None
        trick = broken[0].pointer.rsplit("/", 1)[-1]
        return f"seat {seat} cannot hold {card}: strict play (BSC-A3) would have asked for it in trick {trick}"

    def check_held(self, state: BriscanState, seat: int, card: Card) -> None:
        """Refuse showing ``card`` from ``seat``'s hand where it cannot hold it (:meth:`unheld`)."""
        why = self.unheld(state, seat, card)
        if why is not None:
            raise self.illegal(state, "card_not_in_hand", TABLE_RULE, why)

    def legal_plays(self, state: BriscanState, seat: int) -> list[Card]:
        """Cards ``seat`` may play now: any in the talon phase; strict play in the final phase (BSC-A3)."""
        hand = list(state.seats[seat].hand)
        if state.phase != FINAL or not state.trick:
            return hand
        return strict_plays(hand, state.trick[0], state.trump, state.options.final_phase_rule)

    def exchange_allowed(self, state: BriscanState, seat: int) -> bool:
        """Whether ``seat`` may swap the trump seven for the turn-up now (2(b)4, BSC-A5, C21)."""
        if state.ended or state.phase != TALON or state.exchanged_by is not None:
            return False
        if "7" + state.trump not in state.seats[seat].hand or not state.talon or state.talon[-1] != state.turn_up:
            return False
        if state.options.seven_exchange_requires_trick_win:
            return seat == state.leader and bool(state.tricks) and not state.trick
        if self.variant.exchange_any_time:
            return True  # Brisque: "när som helst under spelet"
        return not state.trick and len(state.talon) >= 2

    def _exchange_refusal(self, state: BriscanState, seat: int) -> tuple[str, str]:
        """Why ``seat`` may not exchange the trump seven now (rule, message)."""
        seven = "7" + state.trump
        if state.turn_up == seven:
            return "2(b)4", "the turn-up is the trump seven itself: there is nothing to exchange"
        if state.exchanged_by is not None:
            return "2(b)4", "the trump seven has already been exchanged this deal"
        if seven not in state.seats[seat].hand:
            return "2(b)4", f"seat {seat} does not hold the trump seven ({seven})"
        if not state.talon or state.phase != TALON:
            return "2(b)4", "the turn-up has been drawn: the talon is empty"
        if state.options.seven_exchange_requires_trick_win:
            return "BSC-A5", "only the player on lead after winning a trick may exchange the trump seven"
        return "2(b)4", "Briscan: the trump seven is exchanged between tricks, not during one"

    def announce_kinds(self, state: BriscanState, seat: int) -> tuple[str, ...]:
        """The meld kinds ``seat`` may announce now ("när minst ett trick har tagits och när det är ledning")."""
        opts = state.options
        if state.ended or state.phase == COMPLETE or state.trick:
            return ()
        kinds = self.variant.meld_kinds
        if opts.trump_ace_bonus != "announce":
            kinds = tuple(k for k in kinds if k != TRUMP_ACE)
        initial = self.variant.initial_carte_blanche(opts)  # BSC-A9
        if not state.tricks:
            return (CB_COURTS, CB_PIPS) if initial else ()
        if seat != state.leader or (state.phase == FINAL and not opts.announce_after_talon):  # BSC-A6
            return ()
        if initial:
            kinds = tuple(k for k in kinds if k not in (CB_COURTS, CB_PIPS))
        return kinds

    def _melds_this_turn(self, state: BriscanState, seat: int) -> int:
        return sum(1 for m in state.seats[seat].melds if m.trick == len(state.tricks))

    def _announce_problem(
        self, state: BriscanState, seat: int, melds: Sequence[tuple[str, tuple[Card, ...]]]
    ) -> tuple[str, str, str] | None:
        """Why ``melds`` may not be announced by ``seat`` now (code, rule, message), or None."""
        kinds = self.announce_kinds(state, seat)
        if not kinds:
            return self._announce_refusal(state, melds)
        if not melds:
            return "invalid_meld", "6", "announce needs at least one meld"
        limit = state.options.melds_per_turn
        if limit is not None and self._melds_this_turn(state, seat) + len(melds) > limit:
            return "too_many_melds", "BSC-A7", f"at most {limit} melds per turn"
        prior = list(state.seats[seat].melds)
        hand = state.seats[seat].hand
        for kind, cards in melds:
            if kind not in kinds:
                return (
                    "meld_not_allowed",
                    self._kind_rule(state, kind),
                    (f"'{kind}' may not be announced now (allowed: {list(kinds)})"),
                )
            if not all(c in hand for c in cards):
                return "card_not_in_hand", "2(c)", f"seat {seat} does not hold all of {list(cards)}"
            points = meld_points(kind, cards, state.trump, state.options, self.variant)
            if points is None:
                return "invalid_meld", "2(c)", f"{list(cards)} is not a {kind}"
            why = reuse_problem(kind, cards, prior, state.options)
            if why is not None:
                return "card_reuse", "BSC-A2", why
            if kind == TRUMP_ACE and state.exchanged_by == seat and state.turn_up == "A" + state.trump:
                return "trump_ace_exchanged", "BSC-A10", "the trump ace taken by the seven exchange scores nothing"
            prior.append(Announcement(kind, _ordered(cards), points, len(state.tricks)))
        return None

    def _announce_refusal(
        self, state: BriscanState, melds: Sequence[tuple[str, tuple[Card, ...]]]
    ) -> tuple[str, str, str]:
        """Why no announcement at all is possible now (code, rule, message): the rule actually broken."""
        opts = state.options
        if state.phase == FINAL and not opts.announce_after_talon:
            return "announce_not_allowed", "BSC-A6", "no announcements once the talon is empty"
        initial = self.variant.initial_carte_blanche(opts)
        if not state.tricks and initial and melds and all(k in (CB_COURTS, CB_PIPS) for k, _ in melds):
            return "announce_not_allowed", "BSC-A9", "carte blanche is declared on the dealt hand before the first lead"
        if not state.tricks:
            return "announce_not_allowed", "2(b)4", "announcements only once a trick has been taken"
        return "announce_not_allowed", "2(b)4", "announcements only by the player on lead, before leading"

    def _kind_rule(self, state: BriscanState, kind: str) -> str:
        """The rule that keeps ``kind`` out of the kinds announceable now."""
        if (
            kind == TRUMP_ACE
            and kind in self.variant.meld_kinds
            and not self.variant.announces_trump_ace(state.options)
        ):
            return "BSC-A10"  # the bonus is scored automatically
        if kind in (CB_COURTS, CB_PIPS) and self.variant.initial_carte_blanche(state.options):
            return "BSC-A9"  # only on the dealt hand
        return "2(c)"

    def _announce_actions(self, state: BriscanState, seat: int) -> list[LegalAction]:
        if not self.announce_kinds(state, seat):
            return []
        hand = [c for c in state.seats[seat].hand if c != HIDDEN]  # a table deal's unseen cards make no meld
        out: list[LegalAction] = []
        for kind, cards, _ in candidates(hand, state.trump, state.options, self.variant, maximal=False):
            if self._announce_problem(state, seat, [(kind, cards)]) is None:
                out.append({"seat": seat, "type": "announce", "melds": [{"kind": kind, "cards": list(cards)}]})
        return out

    def legal_actions(self, state: BriscanState) -> list[LegalAction]:
        """Plays of the seat to act, its single-meld announcements, and the seven exchange; the other seat's
        exchange (the holder may exchange whoever is on lead, BSC-A5) and initial carte blanche too."""
        seat = state.to_act
        if seat is None or state.ended or state.phase == COMPLETE:
            return []
        actions: list[LegalAction] = [{"seat": seat, "type": "play", "card": c} for c in self.legal_plays(state, seat)]
        if trump_unseen(state):  # an announcement's points and the seven to exchange need the trump (docs/api.md 18)
            return actions
        for s in (seat, 1 - seat):
            if s == seat or state.options.carte_blanche_timing == "initial_hand":
                actions.extend(self._announce_actions(state, s))
            if self.exchange_allowed(state, s):
                actions.append({"seat": s, "type": "exchange_seven"})
        return actions

    def shown_cards(self, state: BriscanState, action: BriscanAction) -> list[tuple[int, Card]]:
        """The cards an action shows from its seat's hand (docs/api.md 18): a play's card, an announcement's meld
        cards, the trump seven an exchange gives."""
        if isinstance(action, ExchangeSeven):
            return [(action.seat, "7" + state.trump)]
        if isinstance(action, Announce):
            return list(dict.fromkeys((action.seat, c) for meld in action.melds for c in meld.cards))
        return [(action.seat, action.card)]

    # -- apply -------------------------------------------------------------------------------------
    def apply(self, state: BriscanState, action: BriscanAction) -> Transition[BriscanState]:
        if state.to_act is None or state.ended or state.phase == COMPLETE:
            raise self.illegal(state, "deal_over", "flow", "the deal is over: no action is legal")
        if type(action) not in self.actions:
            raise self.illegal(state, "unknown_action", "flow", f"'{action.type}' is not an action of {self.name}")
        seat = action.seat
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise self.illegal(state, "not_your_turn", "turn", f"seat {seat} is not at this table")
        if trump_unseen(state) and isinstance(action, ExchangeSeven | Announce):
            kind = "which seven is exchanged" if isinstance(action, ExchangeSeven) else "what an announcement scores"
            raise turn_up_unseen(f"the trump decides {kind}")
        if isinstance(action, ExchangeSeven):
            return self._exchange(state, seat)
        if isinstance(action, Announce):
            melds = [(m.kind, tuple(m.cards)) for m in action.melds]
            if seat != state.to_act and not self.announce_kinds(state, seat):
                raise self.illegal(state, "not_your_turn", "turn", f"it is seat {state.to_act}'s turn")
            if any(c not in PACK for _, cards in melds for c in cards):
                raise self.illegal(state, "invalid_meld", "6", "a meld's cards are cards of the pack")
            why = self._announce_problem(state, seat, melds)
            if why is not None:
                raise self.illegal(state, *why)
            return self._announce(state, seat, melds)
        if seat != state.to_act:
            raise self.illegal(state, "not_your_turn", "turn", f"it is seat {state.to_act}'s turn, not seat {seat}'s")
        card = action.card
        hand = state.seats[seat].hand
        if card not in hand:
            raise self.illegal(state, "card_not_in_hand", "2(b)4", f"seat {seat} does not hold {card}")
        if card not in self.legal_plays(state, seat):
            raise self.illegal(state, "must_follow", "BSC-A3", FINAL_PLAY[state.options.final_phase_rule])
        return self.play_to_trick(state, seat, card)

    def _exchange(self, state: BriscanState, seat: int) -> Transition[BriscanState]:
        if not self.exchange_allowed(state, seat):
            raise self.illegal(state, "exchange_not_allowed", *self._exchange_refusal(state, seat))
        seven = "7" + state.trump
        hand = tuple(state.turn_up if c == seven else c for c in state.seats[seat].hand)
        after = dataclasses.replace(
            state,
            seats=replace_seat(state.seats, seat, hand=hand),
            talon=(*state.talon[:-1], seven),
            exchanged_by=seat,
        )
        return self._settle(after, [{"type": "exchange_seven", "seat": seat, "gave": seven, "took": state.turn_up}])

    def _announce(
        self, state: BriscanState, seat: int, melds: Sequence[tuple[str, tuple[Card, ...]]]
    ) -> Transition[BriscanState]:
        new: list[Announcement] = []
        for kind, cards in melds:
            points = meld_points(kind, cards, state.trump, state.options, self.variant) or 0
            new.append(Announcement(kind, _ordered(cards), points, len(state.tricks)))
        mine = state.seats[seat]
        after = dataclasses.replace(state, seats=replace_seat(state.seats, seat, melds=(*mine.melds, *new)))
        events: list[Event] = [
            {
                "type": "announce",
                "seat": seat,
                "melds": [{"kind": m.kind, "cards": list(m.cards), "points": m.points} for m in new],
            }
        ]
        if self.variant.quartet_ends_game:
            four = next((m for m in new if m.kind == QUARTET), None)
            if four is not None:  # "fyra kungar eller fyra damer vinner omedelbart spelet"
                ended = "four_kings" if rank(four.cards[0]) == "K" else "four_queens"
                after = dataclasses.replace(after, ended=ended)
                events.append({"type": "game_won", "seat": seat, "reason": ended})
        return self._settle(after, events)

    def score_trick(self, state: BriscanState, cards: Sequence[Card]) -> tuple[int, int]:
        """The winning card and the trick's card points (2(b)4, BSC-A1)."""
        return winner_and_points(state.trump, cards, state.options.card_points)

    def trick_taken(self, state: BriscanState, events: list[Event]) -> Transition[BriscanState]:
        """The winner leads; the final phase begins once the talon is empty; bonuses now due are scored."""
        return self._settle(evolve(state, {"to_act": state.leader, "phase": TALON if state.talon else FINAL}), events)

    # -- result ------------------------------------------------------------------------------------
    def result(self, state: BriscanState) -> Result | None:
        """The deal's score per seat (card points, melds, bonuses) and the game toward the target (BSC-A8)."""
        if state.phase != COMPLETE or not state.ended or len(state.seats) != 2:
            return None  # (also on a malformed state: result never raises)
        points = [s.score for s in state.seats]
        before = list(state.carry.game_score)
        after = [before[i] + points[i] for i in (0, 1)]
        target = state.options.target_score
        decisive: int | None = None
        if state.ended == "slam" and state.tricks:
            decisive = state.tricks[0].winner
        elif state.ended in ("four_kings", "four_queens"):
            decisive = next((s.seat for s in state.seats if any(m.kind == QUARTET for m in s.melds)), None)
        elif state.ended == "target":
            decisive = 0 if after[0] > after[1] else 1
        if decisive is not None:
            deal_winners = [decisive]
            game_winners = [decisive]
        else:
            deal_winners = [] if points[0] == points[1] else [0 if points[0] > points[1] else 1]
            over = max(after) >= target and after[0] != after[1]
            game_winners = [0 if after[0] > after[1] else 1] if over else []
        return {
            "winners": deal_winners,
            "reason": state.ended,
            "points": points,
            "card_points": [s.card_points for s in state.seats],
            "game": {
                "target": target,
                "score_before": before,
                "score": after,
                "game_score": f"{after[0]}-{after[1]}",
                "over": bool(game_winners),
                "winners": game_winners,
            },
            "carry": {"game_score": [0, 0] if game_winners else after},
        }

    # -- validate and view -------------------------------------------------------------------------
    def check_state(self, state: BriscanState) -> list[Problem]:
        return state_problems(self, state)

    def face_up(self, state: BriscanState) -> frozenset[Card]:
        """The turn-up (or the trump seven exchanged for it) under the talon, drawn last."""
        return frozenset(state.talon[-1:])

    def view(self, state: BriscanState, seat: int) -> BriscanState:
        """The other hand and the talon are hidden, except the face-up card; announced melds are public."""
        seats = tuple(s if s.seat == seat else evolve(s, {"hand": hide(s.hand)}) for s in state.seats)
        talon = (*hide(state.talon[:-1]), state.talon[-1]) if state.talon else ()
        return dataclasses.replace(state, seats=seats, talon=talon)


class Brisque(Briscan):
    """Brisque: 6 cards each; only marriages, four kings or queens (the game at once), the last trick."""

    id = "brisque"
    name = "Brisque"
    variant = BRISQUE
    absent_codes = ("trump_ace_exchanged",)
    """Brisque has no trump-ace meld: an announced one is refused as ``meld_not_allowed`` (a state's is an
    ``invalid_meld``) before the check that would say ``trump_ace_exchanged``."""


__all__ = ["Briscan", "Brisque", "strict_plays"]
