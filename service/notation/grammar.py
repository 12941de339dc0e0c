"""The words of each action (docs/notation.md N-A1 ... ), derived from the game's action classes, so that the
text of an action has the fields of its JSON and no others (one source of truth: the action dataclasses).

A field's value is written by its type: a card, a suit, a rank or another word as one word; an amount as a
whole number (Briscola chiamata's point bid with its unit, ``112pt``); a list of cards as the words that
follow (a second list, Broggin's ``drawn``, after its name); Broggin's declaration as ``trump=card`` words;
Briscan's melds as ``kind(card card ...)``.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import types
import typing
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any

from service.rules.actions import ActionBase, action_fields
from service.rules.bounds import GameBound
from service.rules.cards import CARD, SUIT
from service.rules.game import Game


class Shape(Enum):
    """How one field's value is written."""

    NUMBER = "a whole number"
    WORD = "a word"
    CARD = "a card"
    SUIT = "a suit"
    CARDS = "cards"
    PAIRS = "trump=card pairs"
    MELDS = "melds such as marriage(KH QH)"


SUFFIXES = {"points": "pt"}
"""A field written with its unit after the number, where the number alone would read as another field of the
same action (Briscola chiamata's ``bid 112pt`` beside ``bid K``; docs/api.md section 16)."""


@dataclass(frozen=True)
class Field:
    """One field of an action: its name, how it is written, and whether the action must carry it."""

    name: str
    shape: Shape
    required: bool
    suffix: str = ""
    words: tuple[str, ...] = ()
    """The words the field takes, where its type lists them (a bid's rank): read in any case."""

    def spelled(self, text: str) -> str:
        """``text`` as the field's own word when it is one in another case (``a`` for the rank ``A``)."""
        lowered = text.lower()
        return next((word for word in self.words if word.lower() == lowered), text)

    @property
    def keyword(self) -> bool:
        """Whether the field's words follow its name (an optional list after a list: Broggin's ``drawn``)."""
        return self.shape is Shape.CARDS and not self.required


@dataclass(frozen=True)
class Signature:
    """An action's words: its ``type`` word, then its fields in the order of its class (those of an
    ``exactly_one_of`` group told apart by their suffix)."""

    type: str
    fields: tuple[Field, ...]
    one_of: tuple[str, ...]


def _shape(hint: Any) -> Shape:
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        base, *extras = typing.get_args(hint)
        if CARD in extras:
            return Shape.CARD
        if SUIT in extras:
            return Shape.SUIT
        if any(isinstance(e, GameBound) and e.what == "meld_kind" for e in extras):
            return Shape.WORD
        return _shape(base)
    if origin in (typing.Union, types.UnionType):
        (inner,) = [a for a in typing.get_args(hint) if a is not type(None)]
        return _shape(inner)
    if origin is typing.Literal or hint is str:
        return Shape.WORD
    if hint is int:
        return Shape.NUMBER
    if origin is tuple:
        inner = typing.get_args(hint)[0]
        return Shape.MELDS if dataclasses.is_dataclass(_bare(inner)) else Shape.CARDS
    if origin in (dict, collections.abc.Mapping):
        return Shape.PAIRS
    raise TypeError(f"no notation for a field of type {hint!r}")


def _words(hint: Any) -> tuple[str, ...]:
    """The words of a ``Literal`` field (optional or not)."""
    hint = _bare(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        (hint,) = [_bare(a) for a in typing.get_args(hint) if a is not type(None)]
    return tuple(str(w) for w in typing.get_args(hint)) if typing.get_origin(hint) is typing.Literal else ()


def _bare(hint: Any) -> Any:
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    return hint


def signature(cls: type[ActionBase]) -> Signature:
    """The words of one action class."""
    made = [
        Field(name, _shape(hint), required, SUFFIXES.get(name, ""), _words(hint))
        for name, hint, required in action_fields(cls)
    ]
    return Signature(cls.type, tuple(made), tuple(cls.exactly_one_of))


@cache
def signatures(game: Game[Any, Any, Any]) -> dict[str, Signature]:
    """Every action of ``game`` by its ``type`` word, in the game's order."""
    return {cls.type: signature(cls) for cls in game.actions}


__all__ = ["SUFFIXES", "Field", "Shape", "Signature", "signature", "signatures"]
