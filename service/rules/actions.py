"""Typed actions (docs/api.md section 6): one small frozen dataclass per action type, as PokerKit types each operation.

Every action has the ``seat`` that takes it; its class says its ``type`` word on the wire. A game declares
the classes it accepts (``Game.actions``) and takes their union in ``apply``. The actions several games share
live here; a game's own live in its package.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Any, ClassVar

from service.rules.bounds import Chips, Seat
from service.rules.cards import Card


@dataclass(frozen=True)
class ActionBase:
    """An action of some seat; ``type`` is its word on the wire."""

    seat: Seat
    type: ClassVar[str]
    """The action's word on the wire, given where the class is declared: ``class Call(ActionBase, type="call")``."""
    exactly_one_of: ClassVar[tuple[str, ...]] = ()
    """Optional fields of which an action carries exactly one (chiamata's bid: ``rank`` or ``points``)."""

    def __init_subclass__(cls, type: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if type:
            cls.type = type


@dataclass(frozen=True)
class Play(ActionBase, type="play"):
    """Play a card to the trick."""

    card: Card


@dataclass(frozen=True)
class Bet(ActionBase, type="bet"):
    """The first wager: ``amount`` is the stake (or level) it sets."""

    amount: Chips


@dataclass(frozen=True)
class Call(ActionBase, type="call"):
    """Stay in: match the current stake or level."""


@dataclass(frozen=True)
class Raise(ActionBase, type="raise"):
    """Raise: ``amount`` is the new stake or level."""

    amount: Chips


@dataclass(frozen=True)
class Fold(ActionBase, type="fold"):
    """Give up the deal."""


def action_fields(cls: type[ActionBase]) -> list[tuple[str, Any, bool]]:
    """Each field of an action class an action says besides its ``seat`` (the one every action has): its name,
    its type hint (with its annotations) and whether it is required (it has no default)."""
    hints = typing.get_type_hints(cls, include_extras=True)
    return [
        (f.name, hints[f.name], f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        for f in dataclasses.fields(cls)
        if f.name != "seat"
    ]


def wire(action: ActionBase) -> dict[str, Any]:
    """An action as the service lists it: ``seat``, ``type``, then its other fields (those not given left out),
    in plain JSON values."""
    out: dict[str, Any] = {"seat": action.seat, "type": action.type}
    for field in fields(action):
        value = getattr(action, field.name)
        if field.name != "seat" and value is not None:
            out[field.name] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value) if getattr(value, f.name) is not None}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(_plain(k)): _plain(v) for k, v in value.items()}
    return value


__all__ = ["ActionBase", "Bet", "Call", "Fold", "Play", "Raise", "wire"]
