"""What every policy shares (docs/api.md section 17): levels, the answer, the seed of a suggestion's byte stream, and
legal actions made submittable and typed.

A suggestion reads nothing but the seat's view: its byte stream (section 5's ``SHA-256(seed ":" k)`` blocks) is
seeded with :func:`stream_seed`, the hex SHA-256 of ``seed``, the seat and the view's canonical JSON, so two
states with the same view give the same stream, and a client can replay it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from service.rules.actions import ActionBase, Play
from service.rules.base import LegalAction
from service.rules.game import Game

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
DEFAULT_SEED = "suggest"
SEED_LENGTH = (1, 256)


@dataclass(frozen=True)
class Candidate:
    """One action a policy weighed: its estimated ``value`` for the seat's side and the samples it rests on."""

    action: LegalAction
    value: float
    samples: int


@dataclass(frozen=True)
class Suggestion:
    """A policy's answer: the action to take, every candidate best first, and the policy's name and version."""

    seat: int
    action: LegalAction
    policy: str
    considered: tuple[Candidate, ...]


def canonical(value: Any) -> str:
    """A state (or any engine value) as canonical JSON: keys sorted, no spaces, UTF-8 text."""
    plain = dataclasses.asdict(value) if dataclasses.is_dataclass(value) and not isinstance(value, type) else value
    return json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain)


def _plain(value: Any) -> Any:
    if isinstance(value, frozenset | set):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def stream_seed(seed: str, seat: int, view: Any) -> str:
    """The seed of a suggestion's byte stream: hex SHA-256 of ``seed``, the seat and the view's canonical JSON,
    joined by newlines (64 characters, so it is a valid seed wherever a seed is taken)."""
    text = f"{seed}\n{seat}\n{canonical(view)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def ranked(candidates: Sequence[Candidate]) -> tuple[Candidate, ...]:
    """Candidates best first; equal values keep their order (the legal actions' order)."""
    return tuple(sorted(candidates, key=lambda c: -c.value))


def rounded(value: float) -> float:
    """A value as the answer gives it: six decimals (the same on every machine)."""
    return round(value + 0.0, 6)


def expand(listed: LegalAction, hand: Sequence[str]) -> list[LegalAction]:
    """The submittable actions of one listed action (docs/api.md 6): a free amount at its least (the
    policies raise by the least step), a discard as every subset of ``hand`` of at most ``max_cards``
    cards (fewest first, in hand order)."""
    action = {k: v for k, v in listed.items() if k not in ("min", "max", "max_cards", "domains")}
    if "min" in listed:
        return [{**action, "amount": listed["min"]}]
    if "max_cards" in listed:
        most = min(listed["max_cards"], len(hand))
        return [
            {**action, "discard": list(cards)}
            for size in range(most + 1)
            for cards in itertools.combinations(hand, size)
        ]
    return [action]


def typed(game: Game[Any, Any, Any], action: Mapping[str, Any]) -> ActionBase:
    """A submittable action as the game's typed action (its class by ``type``; nested records built from
    their dataclasses, lists as tuples), for :meth:`Game.apply`."""
    cls = _classes(game)[action["type"]]
    if cls is Play:
        return Play(action["seat"], action["card"])
    return typing.cast(ActionBase, _build(cls, action))


@cache
def _classes(game: Game[Any, Any, Any]) -> dict[str, type[ActionBase]]:
    return {c.type: c for c in game.actions}


@cache
def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The init fields of a dataclass with their type hints."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


def _build(cls: type, data: Mapping[str, Any]) -> Any:
    values = {name: _value(hint, data[name]) for name, hint in _fields(cls) if name in data}
    return cls(**values)


def _value(hint: Any, value: Any) -> Any:
    if isinstance(value, list):
        args = [a for a in typing.get_args(_bare(hint)) if a is not Ellipsis]
        inner = _bare(args[0]) if args else Any
        if dataclasses.is_dataclass(inner) and isinstance(inner, type):
            return tuple(_build(inner, item) for item in value)
        return tuple(value)
    return value


def _bare(hint: Any) -> Any:
    """A hint without its ``Annotated`` bounds and without ``| None``."""
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(args) == 1:
        return _bare(args[0])
    return hint
