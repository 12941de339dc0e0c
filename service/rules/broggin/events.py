"""Broggin's events and result (see service/rules/events.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal, NotRequired, TypedDict

from service.rules.bounds import Phase, Seat, Words
from service.rules.broggin.cards import Assignments
from service.rules.broggin.evaluation import RANKING
from service.rules.cards import Card
from service.rules.events import (
    AnteEvent,
    BettingResult,
    CallEvent,
    ChipsEvent,
    DealEvent,
    FoldEvent,
    PotWonEvent,
    RaiseEvent,
)

Category = Annotated[str, Words(RANKING.categories)]
"""A hand category, as evaluations name it."""


class BrogginBetEvent(ChipsEvent):
    """A seat bet its stake in the first round."""

    type: Literal["bet"]


class ExchangeEvent(TypedDict):
    """A seat exchanged ``cards`` cards (how many, not which)."""

    type: Literal["exchange"]
    seat: Seat
    cards: int


class RestockEvent(TypedDict):
    """The stock ran out: ``cards`` discards were shuffled back (BRG-A12)."""

    type: Literal["restock"]
    cards: int


class DeclareEvent(TypedDict):
    """A seat declared what each trump it holds stands for (BRG-A3)."""

    type: Literal["declare"]
    seat: Seat
    assignments: Assignments


class BrogginPhaseEvent(TypedDict):
    """The next phase began."""

    type: Literal["phase"]
    phase: Phase


class BrogginShowEvent(TypedDict):
    """A seat showed its hand at the showdown, with its evaluation."""

    type: Literal["show"]
    seat: Seat
    hand: list[Card]
    category: Category
    description: str
    interpretation: Assignments | None


class ShownHand(TypedDict):
    """A hand at the showdown, evaluated."""

    seat: Seat
    hand: list[Card]
    category: Category
    strength: int
    description: str
    interpretation: Assignments | None


class BrogginResult(BettingResult):
    """At a showdown: what decided it (``deciding``), the chips each winner took (``won``, by seat), the
    seats best first (``ranking``, equal hands grouped) and every hand shown (``hands``)."""

    reason: Literal["showdown", "all_folded", "no_players"]
    pot: int
    deciding: NotRequired[Annotated[str, Words(RANKING.decides)]]
    split: NotRequired[bool]
    won: NotRequired[Mapping[str, int]]
    ranking: NotRequired[list[list[Seat]]]
    hands: NotRequired[list[ShownHand]]


EVENTS = (
    AnteEvent,
    DealEvent,
    BrogginBetEvent,
    FoldEvent,
    ExchangeEvent,
    RestockEvent,
    CallEvent,
    RaiseEvent,
    DeclareEvent,
    BrogginPhaseEvent,
    BrogginShowEvent,
    PotWonEvent,
)
