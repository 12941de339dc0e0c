"""Three Card Brag's events and result (see service/rules/events.py)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from service.rules.bounds import Seat
from service.rules.events import (
    AnteEvent,
    BetEvent,
    BettingResult,
    CallEvent,
    DealEvent,
    FoldEvent,
    PotWonEvent,
    RaiseEvent,
    ShowEvent,
)
from service.rules.three_card_brag.state import BragCarry


class LookEvent(TypedDict):
    """A blind seat looked at its cards (open from now on)."""

    type: Literal["look"]
    seat: Seat


class SeeEvent(TypedDict):
    """A seat paid ``chips`` to see the other's hand."""

    type: Literal["see"]
    seat: Seat
    chips: int


class PotCarriedEvent(TypedDict):
    """The blind survivor's pot carries to the next deal (BT-A5 ``carry_forward``)."""

    type: Literal["pot_carried"]
    seat: Seat
    amount: int


class BragResult(BettingResult):
    """``reason``: ``seen`` (a showdown), ``all_folded`` or ``carried_forward`` (BT-A5)."""

    reason: Literal["seen", "all_folded", "carried_forward"]
    pot: int
    seer: NotRequired[Seat]
    seen: NotRequired[Seat]
    tie: NotRequired[bool]
    keeps_hand: NotRequired[Seat]
    carried_pot: NotRequired[int]
    carry: BragCarry


EVENTS = (
    AnteEvent,
    DealEvent,
    BetEvent,
    CallEvent,
    RaiseEvent,
    FoldEvent,
    LookEvent,
    SeeEvent,
    ShowEvent,
    PotWonEvent,
    PotCarriedEvent,
)
