"""Three Card Brag states: immutable values that travel with each request."""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.bounds import Carried, Seat
from service.rules.cards import Card
from service.rules.game import StateBase
from service.rules.three_card_brag.options import BragOptions

BETTING = "betting"
COMPLETE = "complete"
PHASES = (BETTING, COMPLETE)


@dataclass(frozen=True)
class BragSeat:
    """One player: hand, blind or open ("blint": has not looked), folded, chips put in this deal."""

    seat: Seat
    hand: tuple[Card, ...]
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
    seats: tuple[BragSeat, ...]
    stock: tuple[Card, ...]
    pot: int
    stake: int | None
    seer: Seat | None
    """The player who paid to see ("syna"), once the showdown has happened."""
