"""Old Brag's events and result (see service/rules/events.py): three pots, the 31 phase."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from service.rules.bounds import Phase, Seat
from service.rules.cards import Card
from service.rules.events import BetEvent, BettingResult, CallEvent, DealEvent, FoldEvent, RaiseEvent, ShowEvent
from service.rules.old_brag.state import OldBragCarry

Pot = Literal["main", "pot1", "pot3"]
"""The main pot, Pot I (best face-up card) and Pot III (31)."""


class OldBragAnteEvent(TypedDict):
    """A seat's ante into one pot."""

    type: Literal["ante"]
    pot: Pot
    seat: Seat
    amount: int


class FaceUpEvent(TypedDict):
    """A seat's third card, dealt face up (consolation pots on)."""

    type: Literal["face_up"]
    seat: Seat
    card: Card


class OldBragPotWonEvent(TypedDict):
    """A seat won a pot: the main pot says why (``reason``), Pot I by which face-up ``card``."""

    type: Literal["pot_won"]
    pot: Pot
    seat: Seat
    amount: int
    reason: NotRequired[Literal["showdown", "all_folded"]]
    card: NotRequired[Card]


class OldBragPhaseEvent(TypedDict):
    """The betting is over: the 31 phase begins with ``to_act``."""

    type: Literal["phase"]
    phase: Phase
    to_act: Seat


class HitEvent(TypedDict):
    """A seat took a card in the 31 phase; others see "??" and a null ``total``."""

    type: Literal["hit"]
    seat: Seat
    card: Card
    total: int


class StandEvent(TypedDict):
    """A seat stood at ``total`` (null to the others)."""

    type: Literal["stand"]
    seat: Seat
    total: int


class BustEvent(TypedDict):
    """A seat went over 31 (``total`` null to the others)."""

    type: Literal["bust"]
    seat: Seat
    total: int


class PotReturnedEvent(TypedDict):
    """Pot III had no winner: each seat got ``amount_each`` back (OB-A6 ``return``)."""

    type: Literal["pot_returned"]
    pot: Literal["pot3"]
    amount_each: int


class OldBragPotCarriedEvent(TypedDict):
    """Pot III had no winner and carries to the next deal (OB-A6)."""

    type: Literal["pot_carried"]
    pot: Literal["pot3"]
    amount: int


class MainPot(TypedDict):
    """The main pot: its winner and why."""

    amount: int
    winner: Seat
    reason: Literal["showdown", "all_folded"]


class Pot1(TypedDict):
    """Pot I: the best face-up card."""

    amount: int
    winner: Seat
    card: Card


class Pot3(TypedDict):
    """Pot III: the highest total of 31 (``highest_total``), or none (``returned``, ``carried``)."""

    amount: int
    winner: Seat | None
    reason: Literal["highest_total", "returned", "carried"]
    total: NotRequired[int]
    cards: NotRequired[int]


class Pots(TypedDict):
    """Each pot's outcome; Pot I and Pot III only with the consolation pots."""

    main: MainPot
    pot1: NotRequired[Pot1]
    pot3: NotRequired[Pot3]


class OldBragResult(BettingResult):
    """``winners``: the main pot's winner; ``carried_pot3``: the chips Pot III carries to the next deal."""

    reason: Literal["showdown", "all_folded"]
    pots: Pots
    next_dealer: Seat
    carried_pot3: NotRequired[int]
    carry: OldBragCarry


EVENTS = (
    OldBragAnteEvent,
    DealEvent,
    FaceUpEvent,
    BetEvent,
    CallEvent,
    RaiseEvent,
    FoldEvent,
    ShowEvent,
    OldBragPotWonEvent,
    OldBragPhaseEvent,
    HitEvent,
    StandEvent,
    BustEvent,
    PotReturnedEvent,
    OldBragPotCarriedEvent,
)
