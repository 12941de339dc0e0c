"""Pieces shared by the betting games (Three Card Brag, Old Brag, Broggin): pots and payouts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol


def payouts(put_in: Sequence[int], won: Mapping[int, int]) -> list[int]:
    """Each seat's net gain: what it won from the pots less what it put in."""
    return [won.get(seat, 0) - paid for seat, paid in enumerate(put_in)]


def split_pot(amount: int, winners: Sequence[int], odd_chip_order: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` equally; the odd chips go one each to winners in ``odd_chip_order``."""
    share, odd = divmod(amount, len(winners))
    won = {seat: share for seat in winners}
    for seat in [s for s in odd_chip_order if s in won][:odd]:
        won[seat] += 1
    return won


class BettingSeat(Protocol):
    """A seat of a betting game: its number and whether it has folded."""

    @property
    def seat(self) -> int: ...

    @property
    def folded(self) -> bool: ...


def still_in(seats: Iterable[BettingSeat]) -> list[int]:
    """The seats that have not folded, in seat order (the players still in for the pot)."""
    return [s.seat for s in seats if not s.folded]
