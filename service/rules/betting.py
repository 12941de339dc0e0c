"""Pieces shared by the betting games (Three Card Brag, Old Brag, Broggin): pots and payouts, and the betting
round's rules they share: the wagers listed, who acts next, the last player in taking the pot."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from service.rules.base import LegalAction
from service.rules.options import CHIP_LIMIT
from service.rules.seats import next_active


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


def amounts(low: int, high: int | None) -> tuple[int, int | None] | None:
    """A bet's or raise's amounts, ``low`` to ``high`` (None: no cap of the rules), within what an action may say
    (``CHIP_LIMIT``, the bound of an action's amount); None when no amount is left (a state already at the
    limit: the wager is not listed, as no action could carry it)."""
    top = CHIP_LIMIT if high is None else min(high, CHIP_LIMIT)
    if low > top:
        return None
    return low, None if high is None else top


def last_in(seats: Sequence[BettingSeat]) -> int | None:
    """The one player still in once every other has folded (the pot is theirs, unseen), else None."""
    active = still_in(seats)
    return active[0] if len(active) == 1 else None


def turn_after(seats: Sequence[BettingSeat], seat: int) -> int | None:
    """Who acts after ``seat`` in a betting round: the next player still in, clockwise; None once one player is
    left (:func:`last_in`: the round is over)."""
    active = still_in(seats)
    return None if len(active) < 2 else next_active(seat, len(seats), active)


def wagers(seat: int, bounds: tuple[int, int | None] | None, wager: str, call: bool) -> list[LegalAction]:
    """A betting round's listed actions: fold, call (``call``: there is a bet to match), and the ``wager`` (a bet
    or a raise) of :func:`amounts`'s ``bounds`` when an amount is left."""
    listed: list[LegalAction] = [{"seat": seat, "type": "fold"}]
    if call:
        listed.append({"seat": seat, "type": "call"})
    if bounds is not None:
        listed.append({"seat": seat, "type": wager, "min": bounds[0], "max": bounds[1]})
    return listed
