"""Three Card Brag states: immutable values that travel with each request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from service.rules.base import SeatBase, StateBase
from service.rules.bounds import PACK_CARDS, PER_SEAT, Carried, Seat
from service.rules.cards import Card
from service.rules.three_card_brag.options import BragOptions

BETTING = "betting"
COMPLETE = "complete"
PHASES = (BETTING, COMPLETE)


@dataclass(frozen=True)
class BragSeat(SeatBase):
    """One player: hand, blind or open ("blint": has not looked), folded, chips put in this deal."""

    blind: bool
    folded: bool
    put_in: int


@dataclass(frozen=True)
class BragCarry:
    """What a deal carries in from the one before: ``pot``, the chips of a pot carried forward (BT-A5
    ``carry_forward``), 0 for none."""

    pot: Carried = 0


@dataclass(frozen=True)
class BragState(StateBase):
    """A deal of Three Card Brag. ``stake`` is S in open-equivalent units, None before the first bet."""

    options: BragOptions
    carry: BragCarry
    seats: Annotated[tuple[BragSeat, ...], PER_SEAT]
    stock: Annotated[tuple[Card, ...], PACK_CARDS]
    pot: int
    stake: int | None
    seer: Seat | None
    """The player who paid to see ("syna"), once the showdown has happened."""
