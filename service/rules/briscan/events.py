"""The events and result of Briscan and Brisque (see service/rules/events.py)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from service.rules.bounds import MeldKind, Seat
from service.rules.briscan.state import BriscanCarry
from service.rules.cards import Card
from service.rules.events import DealEvent, DrawEvent, ExchangeEvent, PlayEvent, TrickEvent, TrickResult, TurnUpEvent

Ended = Literal["points", "slam", "target", "four_kings", "four_queens"]
"""Why a deal ended (BSC-A8)."""


class ExchangeSevenEvent(ExchangeEvent):
    """A seat exchanged the trump seven for the turn-up."""

    type: Literal["exchange_seven"]


class ScoredMeld(TypedDict):
    """An announced meld with its points."""

    kind: MeldKind
    cards: list[Card]
    points: int


class AnnounceEvent(TypedDict):
    """A seat announced melds."""

    type: Literal["announce"]
    seat: Seat
    melds: list[ScoredMeld]


class BonusEvent(TypedDict):
    """A bonus scored (turn-up, seven exchange, trump ace, last cards, last trick(s), most cards)."""

    type: Literal["bonus"]
    seat: Seat
    kind: Literal["turn_up", "seven_exchange", "trump_ace", "last_cards", "last_trick", "last_tricks", "most_cards"]
    points: int


class GameWonEvent(TypedDict):
    """A seat won the game: by reaching the target (``score``) or, in Brisque, by four kings or queens."""

    type: Literal["game_won"]
    seat: Seat
    score: NotRequired[int]
    reason: NotRequired[Ended]


class GameProgress(TypedDict):
    """The game toward the target (BSC-A8) after this deal."""

    target: int
    score_before: list[int]
    score: list[int]
    game_score: str
    over: bool
    winners: list[Seat]


class BriscanResult(TrickResult):
    """``points``: card points, melds and bonuses; ``card_points``: the card points alone."""

    reason: Ended
    card_points: list[int]
    game: GameProgress
    carry: BriscanCarry


EVENTS = (
    DealEvent,
    TurnUpEvent,
    PlayEvent,
    ExchangeSevenEvent,
    AnnounceEvent,
    BonusEvent,
    GameWonEvent,
    TrickEvent,
    DrawEvent,
)
