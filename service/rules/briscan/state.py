"""Briscan and Brisque states: immutable values that travel with each request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from service.rules.base import SeatBase, StateBase
from service.rules.bounds import DEAL_TRICKS, PACK_CARDS, PER_SEAT, Carried, Seat
from service.rules.briscan.melds import Announcement
from service.rules.briscan.options import BriscanOptions
from service.rules.cards import Card
from service.rules.tricks import Trick

TALON = "talon"
FINAL = "final"
COMPLETE = "complete"
PHASES = (TALON, FINAL, COMPLETE)
TRICKS = 16
"""Tricks in a deal: the 32 cards, two by two."""
ENDINGS = ("", "points", "slam", "four_kings", "four_queens", "target")
"""The words of ``ended``: '' while the deal goes on, else why it ended."""


@dataclass(frozen=True)
class Bonus:
    """A bonus scored automatically: ``turn_up``, ``seven_exchange``, ``trump_ace`` (BSC-A10 automatic),
    ``last_cards`` (last five all trumps), ``last_trick``, ``last_tricks`` (all final tricks), ``most_cards``."""

    kind: str
    points: int


@dataclass(frozen=True)
class BriscanSeat(SeatBase):
    """One player: the hand, card points taken in tricks, announced melds (public), bonuses and the deal score."""

    card_points: int
    melds: tuple[Announcement, ...]
    bonuses: tuple[Bonus, ...]
    score: int


@dataclass(frozen=True)
class BriscanCarry:
    """What a deal carries in from the one before: ``game_score``, each seat's game score so far (BSC-A8),
    seat 0 first; 0 and 0 for the first deal."""

    game_score: Annotated[tuple[Carried, ...], PER_SEAT] = (0, 0)


@dataclass(frozen=True)
class BriscanState(StateBase):
    """A deal of Briscan or Brisque.

    ``talon`` is top first; its last card lies face up: the turn-up, or the trump seven exchanged for it
    (``exchanged_by`` the seat that did). ``trick`` is the trick in progress, led by ``leader``; ``tricks``
    the finished ones. ``ended`` is '' while the deal goes on, else why it ended: ``points`` (all tricks),
    ``slam`` ("Sork"), ``four_kings``/``four_queens`` (Brisque) or ``target`` (BSC-A8 ``immediate``).
    """

    options: BriscanOptions
    carry: BriscanCarry
    seats: Annotated[tuple[BriscanSeat, ...], PER_SEAT]
    trump: str
    turn_up: Card
    talon: Annotated[tuple[Card, ...], PACK_CARDS]
    exchanged_by: Seat | None
    leader: Seat
    trick: Annotated[tuple[Card, ...], PER_SEAT]
    tricks: Annotated[tuple[Trick, ...], DEAL_TRICKS]
    ended: str
