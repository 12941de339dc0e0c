"""Broggin states (rules/broggin.md 1(b)): immutable values that travel with each request.

Phases: ``bet1`` ("Första budet"), ``exchange`` ("Bytet"), ``bet2`` ("Andra budet"), ``declare`` (the
showdown's declarations, only with ``assignment: declared_only``, BRG-A3) and ``complete``. Antes and the
deal happen inside ``deal``; the showdown ("Utspelet") happens when the last betting or declaring turn ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from service.rules.base import SeatBase, StateBase
from service.rules.bounds import HAND, PACK_CARDS, PER_SEAT
from service.rules.broggin.options import BrogginOptions
from service.rules.cards import Card

BET1 = "bet1"
EXCHANGE = "exchange"
BET2 = "bet2"
DECLARE = "declare"
COMPLETE = "complete"
PHASES = (BET1, EXCHANGE, BET2, DECLARE, COMPLETE)


@dataclass(frozen=True)
class Assignment:
    """A declared trump: the realm card it stands for ("vilket kort eventuella trumfkort skall motsvara")."""

    trump: Card
    card: Card


@dataclass(frozen=True)
class BrogginSeat(SeatBase):
    """One player's part of the deal."""

    folded: bool
    """Has laid down the hand ("lagt sig")."""
    put_in: int
    """Chips put in this deal: the ante, the first-round bet and the second-round chips."""
    bet2: int
    """Chips put in during the second round ("Andra budet")."""
    acted: bool
    """Has acted in the current round (in the second round: since the last raise)."""
    exchanged: int | None
    """Cards exchanged ("bytt"), None until this player's exchange turn has passed."""
    declared: Annotated[tuple[Assignment, ...], HAND] | None
    """The declared trumps (BRG-A3), None until declared."""


@dataclass(frozen=True)
class BrogginState(StateBase):
    """A deal of Broggin. ``level`` is the second round's level L (B until someone raises, BRG-A9)."""

    options: BrogginOptions
    seats: Annotated[tuple[BrogginSeat, ...], PER_SEAT]
    stock: Annotated[tuple[Card, ...], PACK_CARDS]
    """The undealt cards, top first."""
    discards: Annotated[tuple[Card, ...], PACK_CARDS]
    """Cards discarded in the exchange and not (yet) shuffled into a new stock (BRG-A12), oldest first."""
    pot: int
    level: int
    raises: int
    """Raises made in the second round (for ``max_raises``)."""
