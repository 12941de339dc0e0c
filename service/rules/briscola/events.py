"""The events and results of Briscola and Briscola chiamata (see service/rules/events.py)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from service.rules.bounds import Seat
from service.rules.briscola.state import BriscolaCarry
from service.rules.cards import Card, Suit
from service.rules.events import (
    DealEvent,
    DrawEvent,
    ExchangeEvent,
    PlayEvent,
    Team,
    TrickEvent,
    TrickResult,
    TurnUpEvent,
)


class ExchangeTurnupEvent(ExchangeEvent):
    """A seat took the turn-up for the trump card it held (BRI-A5)."""

    type: Literal["exchange_turnup"]


class Match(TypedDict):
    """The match after this deal (BRI-A12): deals won per side before and after, and its winners once over."""

    deals_to_win: int
    score_before: list[int]
    score: list[int]
    match_score: str
    over: bool
    winners: list[Seat]


class BriscolaResult(TrickResult, Team):
    """``decided_by``: ``points``, ``last_trick`` (a 60-60 tie, BRI-A2) or ``draw``."""

    reason: Literal["points"]
    decided_by: Literal["points", "last_trick", "draw"]
    match: Match
    carry: BriscolaCarry


BRISCOLA_EVENTS = (DealEvent, TurnUpEvent, PlayEvent, ExchangeTurnupEvent, TrickEvent, DrawEvent)


Rank = Literal["A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"]
"""A rank of the auction, highest first (canonical)."""


class BidEvent(TypedDict):
    """A bid: a rank or a number of points."""

    type: Literal["bid"]
    seat: Seat
    rank: NotRequired[Rank]
    points: NotRequired[int]


class PassEvent(TypedDict):
    """A seat left the auction."""

    type: Literal["pass"]
    seat: Seat


class ThrownInEvent(TypedDict):
    """Every seat passed: the deal is thrown in and ``next_dealer`` deals (BRI-A8)."""

    type: Literal["thrown_in"]
    next_dealer: Seat


class AuctionWonEvent(TypedDict):
    """The auction's winner, with the winning rank or points."""

    type: Literal["auction_won"]
    seat: Seat
    rank: Rank | None
    points: int | None


class CallCardEvent(TypedDict):
    """The caller named the called card, whose suit is trump."""

    type: Literal["call"]
    seat: Seat
    card: Card
    trump: Suit


class PartnerRevealedEvent(TypedDict):
    """The called card was played: its holder is the partner (``alone`` when the caller held it)."""

    type: Literal["partner_revealed"]
    seat: Seat
    alone: bool


class ChiamataResult(TrickResult):
    """Zero-sum ``payouts``; a thrown-in deal (``reason`` ``thrown_in``) names ``next_dealer`` only."""

    reason: Literal["points", "thrown_in"]
    payouts: list[int]
    next_dealer: NotRequired[Seat]
    teams: NotRequired[list[list[Seat]]]
    team_points: NotRequired[list[int]]
    caller: NotRequired[Seat]
    partner: NotRequired[Seat]
    alone: NotRequired[bool]
    called_card: NotRequired[Card]
    target: NotRequired[int]
    made: NotRequired[bool]
    multiplier: NotRequired[int]
    cappotto: NotRequired[bool]


CHIAMATA_EVENTS = (
    DealEvent,
    BidEvent,
    PassEvent,
    ThrownInEvent,
    AuctionWonEvent,
    CallCardEvent,
    PlayEvent,
    PartnerRevealedEvent,
    TrickEvent,
)
