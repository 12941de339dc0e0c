"""Typed actions (API.md section 6): one small frozen dataclass per action type, as PokerKit types each operation.

Every action has the ``seat`` that takes it; its class says its ``type`` word on the wire. A game declares
the classes it accepts (``Game.actions``) and takes their union in ``apply``. The actions several games share
live here; a game's own live in its package.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from service.rules.bounds import Chips, Seat
from service.rules.cards import Card


@dataclass(frozen=True)
class ActionBase:
    """An action of some seat; ``type`` is its word on the wire."""

    seat: Seat
    type: ClassVar[str]
    exactly_one_of: ClassVar[tuple[str, ...]] = ()
    """Optional fields of which an action carries exactly one (chiamata's bid: ``rank`` or ``points``)."""


@dataclass(frozen=True)
class Play(ActionBase):
    """Play a card to the trick."""

    type: ClassVar[str] = "play"
    card: Card


@dataclass(frozen=True)
class Bet(ActionBase):
    """The first wager: ``amount`` is the stake (or level) it sets."""

    type: ClassVar[str] = "bet"
    amount: Chips


@dataclass(frozen=True)
class Call(ActionBase):
    """Stay in: match the current stake or level."""

    type: ClassVar[str] = "call"


@dataclass(frozen=True)
class Raise(ActionBase):
    """Raise: ``amount`` is the new stake or level."""

    type: ClassVar[str] = "raise"
    amount: Chips


@dataclass(frozen=True)
class Fold(ActionBase):
    """Give up the deal."""

    type: ClassVar[str] = "fold"


__all__ = ["ActionBase", "Bet", "Call", "Fold", "Play", "Raise"]
