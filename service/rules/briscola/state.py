"""Briscola and Briscola chiamata states: immutable values that travel with each request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from service.rules.base import SeatBase, StateBase
from service.rules.bounds import AUCTION_CALLS, DEAL_TRICKS, PACK_CARDS, PER_SEAT, Carried, Seat
from service.rules.briscola.options import BriscolaOptions, ChiamataOptions
from service.rules.cards import Card
from service.rules.tricks import Trick

PLAY = "play"
COMPLETE = "complete"
AUCTION = "auction"
CALL = "call"
PHASES = (PLAY, COMPLETE)
CHIAMATA_PHASES = (AUCTION, CALL, PLAY, COMPLETE)


@dataclass(frozen=True)
class BriscolaSeat(SeatBase):
    """One player: the hand, and the card points taken in tricks so far."""

    points: int


@dataclass(frozen=True)
class BriscolaCarry:
    """What a deal carries in from the one before: ``match_score``, the deals each side has won so far in
    the match (BRI-A12), one number per side in side order (the side of seat 0 first); a first deal's state
    carries a zero per side (sent empty or omitted)."""

    match_score: Annotated[tuple[Carried, ...], PER_SEAT] = ()


@dataclass(frozen=True)
class BriscolaState(StateBase):
    """A deal of plain Briscola.

    ``stock`` is top first; its last card is the face-up turn-up ("det sista någon drar") while the stock
    lasts. ``turn_up`` is the card turned up at the deal and ``trump`` its suit, the briscola. ``trick`` is
    the trick in progress (play order, led by ``leader``); ``tricks`` the finished ones.
    """

    options: BriscolaOptions
    carry: BriscolaCarry
    seats: Annotated[tuple[BriscolaSeat, ...], PER_SEAT]
    trump: str
    turn_up: Card
    stock: Annotated[tuple[Card, ...], PACK_CARDS]
    leader: Seat
    trick: Annotated[tuple[Card, ...], PER_SEAT]
    tricks: Annotated[tuple[Trick, ...], DEAL_TRICKS]


@dataclass(frozen=True)
class AuctionCall:
    """One call of the auction: ``bid`` with a ``rank`` or ``points``, or ``pass`` (final)."""

    seat: Seat
    type: str
    rank: str | None
    points: int | None


@dataclass(frozen=True)
class ChiamataState(StateBase):
    """A deal of Briscola chiamata ("Femmannaversionen").

    ``auction`` holds every call in order. ``caller`` is the auction winner ("chiamante"), ``called_card``
    the card named and ``trump`` its suit. ``partner`` ("socio", "chiamato") stays None until the called
    card is played, so no view can tell who holds it ("ingen vet något förrän det dyker upp"); it is the
    caller when the caller named a card of their own.
    """

    options: ChiamataOptions
    seats: Annotated[tuple[BriscolaSeat, ...], PER_SEAT]
    auction: Annotated[tuple[AuctionCall, ...], AUCTION_CALLS]
    caller: Seat | None
    called_card: Card | None
    trump: str | None
    partner: Seat | None
    leader: Seat | None
    trick: Annotated[tuple[Card, ...], PER_SEAT]
    tricks: Annotated[tuple[Trick, ...], DEAL_TRICKS]
