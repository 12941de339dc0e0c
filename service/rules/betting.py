"""Pieces shared by the betting games (Three Card Brag, Old Brag, Broggin): pots and payouts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


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
