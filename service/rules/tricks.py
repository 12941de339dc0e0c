"""Pieces shared by the trick-taking games (Briscola, Briscola chiamata, Briscan, Brisque).

A trick is won by the highest trump in it, else by the highest card of the suit led ("Sticket går till
högsta trumfen, eller om ingen trumf lagts, högsta kortet i utspelad färg"); a rank order (high to low) and
a card-point table are all a game has to give. After a trick the winner draws first from the stock and the
others follow in play order; the turn-up is the stock's last card. Sides (partnerships) total their points.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Annotated

from service.rules.bounds import PER_SEAT, Seat
from service.rules.cards import ITALIAN_SUITS, Card, parse_suit_text
from service.rules.names.common import EN_SUITS, SV_SUITS

SUIT_WORDS: dict[str, str] = {
    **ITALIAN_SUITS,
    **{found.text: suit for words in (EN_SUITS, SV_SUITS) for suit, found in words.items()},
}
"""Suit names accepted besides letters and symbols: Italian (docs/api.md section 3), English, Swedish (the names
tables': ``spade``, ``spades``, ``spader``)."""


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in play order, the seat that won it and its card points."""

    leader: Seat
    cards: Annotated[tuple[Card, ...], PER_SEAT]
    winner: Seat
    points: int


def parse_suit(text: str, *, words: bool = True) -> str:
    """The suit letter ``S H D C`` of a letter, a symbol or (with ``words``) a suit name; raises CardError."""
    return parse_suit_text(text, SUIT_WORDS if words else None)


def trick_winner(cards: Sequence[Card], trump: str, order: str) -> int:
    """Index (in play order) of the winning card: the highest trump, else the highest of the suit led.

    ``order`` lists the ranks high to low. A card of another plain suit cannot win; if nobody follows,
    the leader's card wins. ``cards`` must not be empty.
    """
    place = _places(order)
    suits = [card[1] for card in cards]  # suit(card), unrolled: this runs once a trick
    contest = trump if trump in suits else suits[0]
    best, best_place = -1, len(order)
    for i, card in enumerate(cards):
        if suits[i] == contest:
            here = place[card[0]]  # rank(card); lower is higher
            if here < best_place:
                best, best_place = i, here
    return best


def beaten_by(pack: Iterable[Card], takes: Callable[[Card, Card], bool]) -> dict[Card, frozenset[Card]]:
    """For each card of ``pack``, the cards that take a trick it is winning when played after it: ``takes(w, c)``
    is the game's own trick winner of the two cards ``w, c`` (the rollouts on lists compare each card once with
    the card winning the trick so far)."""
    cards = tuple(pack)
    return {w: frozenset(c for c in cards if c != w and takes(w, c)) for w in cards}


@cache
def _places(order: str) -> dict[str, int]:
    """Each rank's place in ``order`` (0 the highest)."""
    return {r: i for i, r in enumerate(order)}


def card_points(cards: Sequence[Card], values: Mapping[str, int]) -> int:
    """The card points of ``cards`` by rank (ranks missing from ``values`` count nothing)."""
    return sum([values.get(c[0], 0) for c in cards])  # rank(c), unrolled


def draw_after_trick(stock: tuple[Card, ...], winner: int, players: int) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """Who draws after a trick: the winner the top card of the stock, then the others in play order, one each
    while it lasts. The rest of the stock and the seats that draw, in draw order (the k-th takes the stock's
    k-th card). The turn-up, the stock's last card, goes to the last player in draw order on the final round.
    """
    drew = _draw_orders(players)[winner][: len(stock)]
    return stock[len(drew) :], drew


@cache
def _draw_orders(players: int) -> list[tuple[int, ...]]:
    """The seats in draw order after a trick of ``players``, by its winner: the winner first, the others in
    play order."""
    return [tuple((winner + k) % players for k in range(players)) for winner in range(players)]


def side_of(seat: int, sides: Sequence[Sequence[int]]) -> int:
    """The index of the side (partnership) that ``seat`` belongs to; -1 if none."""
    for i, members in enumerate(sides):
        if seat in members:
            return i
    return -1


def side_points(points: Sequence[int], sides: Sequence[Sequence[int]]) -> list[int]:
    """Each side's total of its seats' points."""
    return [sum([points[s] for s in members]) for members in sides]
