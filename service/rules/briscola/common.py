"""What Briscola and Briscola chiamata share: the pack's notation, suits, the trick winner, state checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from service.rules.briscola.cards import PACK, RANKS, check_trick_input, parse_card, winner_and_points
from service.rules.briscola.state import BriscolaSeat
from service.rules.cards import SUITS, Card, french_notation, suit_text_notation
from service.rules.errors import Problem
from service.rules.tricks import SUIT_WORDS, Trick, parse_suit


class BriscolaCards:
    """The card verbs of both Briscola games (mixed into the :class:`TrickGame` classes)."""

    max_players: ClassVar[int]
    """A trick holds at most one card per player: 6 in Briscola, 5 in Briscola chiamata."""
    card_notation = french_notation(RANKS, italian=True)
    suit_notation = suit_text_notation(SUIT_WORDS)

    def parse_card(self, text: str) -> Card:
        """French codes, ``10`` for T, suit symbols, lower case and ``A-denari`` (API.md section 3)."""
        return parse_card(text)

    def parse_suit(self, text: str) -> str:
        """``S``, ``♠``, ``spade`` (Italian, English or Swedish suit names) -> ``S``; raises CardError."""
        return parse_suit(text)

    def full_pack(self) -> tuple[Card, ...]:
        return PACK

    def trick_winner(
        self, trump: str, cards: Sequence[Card], options: Any, phase: str | None = None
    ) -> tuple[int, int]:
        """The winning card's index in play order and the trick's card points (3(c)); one card per player
        at most (6 in Briscola, 5 in chiamata)."""
        check_trick_input(trump, cards, self.max_players)
        return winner_and_points(trump, cards)


def check_seats(seats: Sequence[BriscolaSeat], players: int) -> list[Problem]:
    """Seat count and order."""
    if len(seats) != players:
        return [Problem("seat_count", f"{players} players need {players} seats", "/seats")]
    return [
        Problem("seat_order", f"seats must be listed in order: expected seat {i}", f"/seats/{i}/seat")
        for i, seat in enumerate(seats)
        if seat.seat != i
    ]


def check_tricks(
    tricks: Sequence[Trick], trump: str, players: int, first_leader: int, pack: Sequence[Card]
) -> list[Problem]:
    """Every finished trick: one card per player, led by the last winner, its winner and points right."""
    problems: list[Problem] = []
    expected_leader = first_leader
    known = set(pack)
    for k, trick in enumerate(tricks):
        where = f"/tricks/{k}"
        if len(trick.cards) != players:
            problems.append(Problem("trick_size", f"a trick holds one card per player ({players})", where + "/cards"))
            continue
        if trick.leader != expected_leader:
            problems.append(
                Problem(
                    "trick_leader",
                    f"trick {k} is led by the last trick's winner, seat {expected_leader}",
                    where + "/leader",
                )
            )
        if all(c in known for c in trick.cards) and 0 <= trick.leader < players:
            index, points = winner_and_points(trump, trick.cards)
            winner = (trick.leader + index) % players
            if trump in SUITS and trick.winner != winner:  # with no valid trump only the points are judged
                problems.append(Problem("trick_winner", f"trick {k} is won by seat {winner}", where + "/winner"))
            if trick.points != points:
                problems.append(Problem("trick_points", f"trick {k} is worth {points} points", where + "/points"))
        expected_leader = trick.winner
    return problems


def check_points(seats: Sequence[BriscolaSeat], tricks: Sequence[Trick]) -> list[Problem]:
    """Each seat's points are the points of the tricks it won."""
    problems = []
    for seat in seats:
        won = sum(t.points for t in tricks if t.winner == seat.seat)
        if seat.points != won:
            problems.append(
                Problem("points", f"seat {seat.seat} took {won} points in tricks", f"/seats/{seat.seat}/points")
            )
    return problems


def current_trick_problems(
    hands: Sequence[Sequence[Card]], leader: int, trick: Sequence[Card], held: int, players: int
) -> list[Problem]:
    """Hand sizes: ``held`` each at the start of the trick, one fewer for those who have played to it."""
    problems = []
    played = {(leader + k) % players for k in range(len(trick))}
    for seat, hand in enumerate(hands):
        expected = held - (1 if seat in played else 0)
        if len(hand) != expected:
            problems.append(Problem("hand_size", f"seat {seat} should hold {expected} cards", f"/seats/{seat}/hand"))
    return problems
