"""What Briscola and Briscola chiamata share: the pack's notation, suits, the trick winner and the trick step."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import Any, ClassVar, TypeVar

from service.rules.base import Event, Transition
from service.rules.briscola.cards import PACK, RANKS, check_trick_input, parse_card, winner_and_points
from service.rules.briscola.state import COMPLETE, BriscolaState, ChiamataState
from service.rules.cards import Card, french_notation, rank, suit, suit_text_notation
from service.rules.frozen import evolve
from service.rules.trick_replay import trick_record
from service.rules.tricks import SUIT_WORDS, Trick

HIGH_TURN_UPS = "A3KQJ"
"""Turn-ups above the seven, which the seven of trumps may take (BRI-A5 ``seven_then_two``)."""

Table = TypeVar("Table", BriscolaState, ChiamataState)


class BriscolaCards:
    """The card verbs of both Briscola games (mixed into the :class:`TrickGame` classes)."""

    max_players: ClassVar[int]
    """A trick holds at most one card per player: 6 in Briscola, 5 in Briscola chiamata."""
    card_notation = french_notation(RANKS, italian=True)
    suit_notation = suit_text_notation(SUIT_WORDS)

    def parse_card(self, text: str) -> Card:
        """French codes, ``10`` for T, suit symbols, lower case and ``A-denari`` (docs/api.md section 3)."""
        return parse_card(text)

    def full_pack(self) -> tuple[Card, ...]:
        return PACK

    def trick_winner(self, trump: str, cards: Sequence[Card], options: Any) -> tuple[int, int]:
        """The winning card's index in play order and the trick's card points (3(c)); one card per player
        at most (6 in Briscola, 5 in chiamata)."""
        check_trick_input(trump, cards, self.max_players)
        return winner_and_points(trump, cards)

    def score_trick(self, state: BriscolaState | ChiamataState, cards: Sequence[Card]) -> tuple[int, int]:
        """The winning card and the trick's points with the deal's trump (3(c))."""
        assert state.trump is not None  # tricks are played once the trump is known
        return _scored(state.trump, tuple(cards))

    def trick_recorder(self, state: BriscolaState | ChiamataState) -> Callable[[int, tuple[Card, ...]], Trick]:
        """:meth:`score_trick`'s records with the deal's trump, which a deal's play never changes, remembered
        (:func:`_recorded`)."""
        assert state.trump is not None  # tricks are played once the trump is known
        return partial(_recorded, state.trump, state.players)

    def trick_taken(self, state: Table, events: list[Event]) -> Transition[Table]:
        """The winner leads the next trick; once every hand is empty the deal is complete."""
        for seat in state.seats:
            if seat.hand:
                return Transition(state, tuple(events))
        return Transition(evolve(state, {"to_act": None, "phase": COMPLETE}), tuple(events))


@lru_cache(maxsize=8192)
def _scored(trump: str, cards: tuple[Card, ...]) -> tuple[int, int]:
    """:func:`winner_and_points`, remembered: a two-player deal's tricks are 6,240 (40 x 39 cards, 4 trumps),
    so a worker soon knows them all; longer tricks are remembered while they recur."""
    return winner_and_points(trump, cards)


@lru_cache(maxsize=16384)
def _recorded(trump: str, players: int, leader: int, cards: tuple[Card, ...]) -> Trick:
    """:func:`~service.rules.trick_replay.trick_record` with ``trump``, remembered as :func:`_scored` is (one record for
    all the deals that take the same trick from the same seat: records are immutable). Keyed by the leader too, a
    two-player deal's are 12,480: room for them all (some 7 MB with :func:`_scored`'s), so a worker that has seen
    them misses none."""
    return trick_record(partial(_scored, trump), players, leader, cards)


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
