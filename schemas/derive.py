"""Schemas derived from the engine's frozen dataclasses by their type hints: one piece of code for all games.

int -> strict integer, bool -> strict boolean, str -> string, ``Card`` -> the game's card field,
``X | None`` -> nullable, ``tuple[X, ...]`` -> array, a nested dataclass -> a nested object, the game's
options dataclass -> its options object.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from marshmallow import RAISE, Schema, fields, post_load

from schemas.fields import CardField, StrictBoolean, StrictInteger, StrictString, TupleList
from service.rules.cards import CARD


def camel(text: str) -> str:
    """``three-card-brag`` -> ``ThreeCardBrag``."""
    return "".join(part.capitalize() for part in text.replace("_", "-").split("-"))


class Deriver:
    """Builds (and remembers) one marshmallow schema class per dataclass for one game."""

    def __init__(self, game: Any, options_field: Any) -> None:
        self.game = game
        self.prefix = camel(game.id)
        self.options_field = options_field
        self.cache: dict[type, type[Schema]] = {}

    def schema(self, cls: type) -> type[Schema]:
        """The schema class for a dataclass; loads to an instance of it."""
        if cls in self.cache:
            return self.cache[cls]
        hints = typing.get_type_hints(cls, include_extras=True)
        attrs: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            attrs[f.name] = self.field(hints[f.name], required=True)

        def make(self_: Schema, data: dict[str, Any], **_: Any) -> Any:
            return cls(**data)

        attrs["make"] = post_load(make)
        attrs["Meta"] = type("Meta", (), {"unknown": RAISE, "ordered": True})
        doc = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
        name = self.prefix + cls.__name__.removeprefix(self.prefix)
        schema_cls = type(name + "Schema", (Schema,), attrs)
        schema_cls.__doc__ = doc
        self.cache[cls] = schema_cls
        return schema_cls

    def field(self, hint: Any, **kwargs: Any) -> fields.Field:
        """The field for one type hint."""
        origin = typing.get_origin(hint)
        if origin is typing.Annotated:
            base, *extras = typing.get_args(hint)
            if CARD in extras:
                return CardField(self.game.parse_card, **kwargs)
            return self.field(base, **kwargs)
        if origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(hint) if a is not type(None)]
            if len(args) == 1:
                return self.field(args[0], allow_none=True, **kwargs)
            return fields.Raw(allow_none=type(None) in typing.get_args(hint), **kwargs)
        if origin is tuple:
            inner, *rest = typing.get_args(hint)
            return TupleList(self.field(inner), **kwargs)
        if hint is self.game.options_type:
            return self.options_field(self.game, **kwargs)
        if dataclasses.is_dataclass(hint):
            return fields.Nested(self.schema(typing.cast(type, hint)), **kwargs)
        if hint is bool:
            return StrictBoolean(**kwargs)
        if hint is int:
            return StrictInteger(**kwargs)
        if hint is str:
            return StrictString(**kwargs)
        raise TypeError(f"no wire field for {hint!r} in {self.game.id}")
