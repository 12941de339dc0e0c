"""What a deal tells (docs/api.md sections 2 and 7): the events and results each game writes, declared as typed dicts.

The engine writes events and results as plain JSON-ready dicts; these declarations say which keys each one
has (``NotRequired`` where only some have it), so that the wire layer (schemas/derive.py) derives one schema
per event type and one per game's result, as it derives the states' from their dataclasses. A game lists its
event types in ``Game.event_types`` (``type`` is each one's ``Literal`` word) and its result in
``Game.result_type``; tests/contract/test_results_events.py checks every event and result of many deals
against the committed schema, so a key written here and not there (or there and not here) fails.
The events several games share live here; a game's own live in its package's ``events.py``.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from service.rules.bounds import Seat
from service.rules.cards import Card, Suit


class DealEvent(TypedDict):
    """The cards went out: ``cards_each`` to every seat, starting with ``first``."""

    type: Literal["deal"]
    cards_each: int
    first: Seat


class AnteEvent(TypedDict):
    """A seat's ante went into the pot."""

    type: Literal["ante"]
    seat: Seat
    amount: int


class FoldEvent(TypedDict):
    """A seat gave up the deal."""

    type: Literal["fold"]
    seat: Seat


class ChipsEvent(TypedDict):
    """A seat put chips in (``chips``); a bet or raise also says the new stake or level (``amount``)."""

    seat: Seat
    chips: int


class BetEvent(ChipsEvent):
    """The first wager."""

    type: Literal["bet"]
    amount: int


class CallEvent(ChipsEvent):
    """A seat matched the stake or level."""

    type: Literal["call"]


class RaiseEvent(ChipsEvent):
    """A seat raised to ``amount``."""

    type: Literal["raise"]
    amount: int


class ShowEvent(TypedDict):
    """A seat showed its hand."""

    type: Literal["show"]
    seat: Seat
    hand: list[Card]


class PotWonEvent(TypedDict):
    """A seat won ``amount`` chips."""

    type: Literal["pot_won"]
    seat: Seat
    amount: int


class PlayEvent(TypedDict):
    """A seat played a card to the trick."""

    type: Literal["play"]
    seat: Seat
    card: Card


class TrickEvent(TypedDict):
    """A trick was won: by ``winner`` (a seat), with ``points`` card points."""

    type: Literal["trick"]
    winner: Seat
    cards: list[Card]
    points: int


class DrawEvent(TypedDict):
    """A seat drew a card from the stock or talon ("??" to the others unless it lay face up)."""

    type: Literal["draw"]
    seat: Seat
    card: Card


class TurnUpEvent(TypedDict):
    """The card turned up under the stock, which names the trump suit."""

    type: Literal["turn_up"]
    card: Card
    trump: Suit


class ExchangeEvent(TypedDict):
    """A seat gave a card (``gave``) for the turn-up (``took``)."""

    seat: Seat
    gave: Card
    took: Card


class TrickResult(TypedDict):
    """What every trick game's result says (docs/api.md section 7); each game adds its ``reason`` words."""

    winners: list[Seat]
    points: list[int]


class BettingResult(TypedDict):
    """What every betting game's result says (docs/api.md section 7); each game adds its ``reason`` words."""

    winners: list[Seat]
    payouts: list[int]


class Team(TypedDict):
    """Partnership fields of a result."""

    teams: list[list[Seat]]
    team_points: list[int]


__all__ = [
    "AnteEvent",
    "BetEvent",
    "BettingResult",
    "CallEvent",
    "DealEvent",
    "DrawEvent",
    "ExchangeEvent",
    "FoldEvent",
    "NotRequired",
    "PlayEvent",
    "PotWonEvent",
    "RaiseEvent",
    "ShowEvent",
    "Team",
    "TrickEvent",
    "TrickResult",
    "TurnUpEvent",
]
