"""Seats are numbered in the game's order of play: the next player after ``s`` is ``(s + 1) % n``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, Protocol, TypeVar

from service.rules.frozen import evolve


def next_seat(seat: int, players: int) -> int:
    """The seat that plays after ``seat``."""
    return (seat + 1) % players


@cache
def next_seats(players: int) -> tuple[int, ...]:
    """:func:`next_seat` of every seat of a table of ``players``, by seat."""
    return tuple(next_seat(seat, players) for seat in range(players))


def order_from(first: int, players: int) -> list[int]:
    """Every seat once, in order of play, starting with ``first``."""
    return [(first + k) % players for k in range(players)]


def deal_order(dealer: int, players: int) -> list[int]:
    """Seats in dealing order: the dealer's next first, the dealer last (docs/api.md section 5)."""
    return order_from(next_seat(dealer, players), players)


def next_active(seat: int, players: int, active: Iterable[int]) -> int | None:
    """The first seat after ``seat`` (in order of play) that is in ``active``; None if there is none."""
    live = set(active)
    for k in range(1, players + 1):
        candidate = (seat + k) % players
        if candidate in live:
            return candidate
    return None


def deal_hands(
    deck: Sequence[str], dealer: int, players: int, cards_each: int, order: Sequence[int] | None = None
) -> tuple[list[tuple[str, ...]], int]:
    """Deal ``cards_each`` cards to every seat, one at a time from ``deck[0]`` in dealing order
    (docs/api.md section 5; ``order``: :func:`deal_order`, when the caller has it); the hands, and the position of the
    first card left in the deck."""
    hands: list[tuple[str, ...]] = [()] * players
    dealt = cards_each * players
    # the k-th round's i-th card: deck[k * players + i]
    for i, seat in enumerate(deal_order(dealer, players) if order is None else order):
        hands[seat] = tuple(deck[i:dealt:players])
    return hands, dealt


class HasSeat(Protocol):
    """A per-seat record of a state: a frozen dataclass whose first field is ``seat``."""

    @property
    def seat(self) -> int: ...


SeatT = TypeVar("SeatT", bound=HasSeat)


def replace_seat(seats: tuple[SeatT, ...], seat: int, **changes: Any) -> tuple[SeatT, ...]:
    """The seats with ``seat``'s record changed (states are immutable: a new tuple, new record)."""
    return tuple([evolve(s, changes) if s.seat == seat else s for s in seats])
