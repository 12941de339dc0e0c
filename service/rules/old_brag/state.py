"""Old Brag states: immutable values that travel with each request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from service.rules.base import SeatBase, StateBase
from service.rules.bounds import PACK_CARDS, PER_SEAT, Carried, Seat
from service.rules.cards import Card
from service.rules.old_brag.options import OldBragOptions

BETTING = "betting"
"""Phase II ("klađenje"): the betting for the main pot."""
DRAWING = "drawing"
"""Phase III ("31"): contenders for Pot III hit or stand in priority order."""
COMPLETE = "complete"
PHASES = (BETTING, DRAWING, COMPLETE)


@dataclass(frozen=True)
class OldBragSeat(SeatBase):
    """One player of the deal.

    ``hand`` is the three dealt cards in the order dealt; with the consolation pots on, the third
    (``hand[2]``) was dealt face up and is public. ``drawn`` holds the cards asked for in the 31 phase.
    ``folded`` is "Dalje" (gave up the main pot); ``staked`` the chips bet into the main pot beyond the
    ante; ``stood`` that the player stopped drawing in the 31 phase.
    """

    drawn: Annotated[tuple[Card, ...], PACK_CARDS]
    folded: bool
    staked: int
    stood: bool


@dataclass(frozen=True)
class OldBragCarry:
    """What a deal carries in from the one before: ``pot3``, the chips of a Pot III nobody won (OB-A6
    ``carry``), 0 for none."""

    pot3: Carried = 0


@dataclass(frozen=True)
class OldBragState(StateBase):
    """A deal of Old Brag.

    ``main_pot``, ``pot1`` (face-up card) and ``pot3`` ("31") hold the chips of each pot; Pot I is won at
    the deal. ``level`` is the highest total staked in the betting (0 before the dealer opens) and
    ``aggressor`` the seat whose bet or raise set it: the betting ends when the turn comes back to it.
    ``stock`` is the rest of the deck, top first: the 31-phase draws come off it.
    """

    options: OldBragOptions
    carry: OldBragCarry
    seats: Annotated[tuple[OldBragSeat, ...], PER_SEAT]
    stock: Annotated[tuple[Card, ...], PACK_CARDS]
    main_pot: int
    pot1: int
    pot3: int
    level: int
    aggressor: Seat | None
