"""Schemas derived from the engine's frozen dataclasses by their type hints: one piece of code for all games.

int -> strict integer, bool -> strict boolean, str -> string, ``Card`` -> the game's card field,
``X | None`` -> nullable, ``tuple[X, ...]`` -> array, ``Mapping[str, X]`` -> an object of X, a nested
dataclass -> a nested object, the game's options dataclass -> its options object.

Actions (docs/api.md section 6) are derived the same way, one variant per action class: ``seat``, ``type`` (its one
word) and the class's fields, those with a default optional; a legal action's variant lists a free ``amount``
as ``min``/``max``, an exchange's ``discard`` as ``max_cards`` and a declaration's ``assignments`` as
``domains``. The game's action is the :class:`~schemas.oneof.OneOf` of its variants.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import types
import typing
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate, validates_schema

from schemas.fields import CardField, MostMembers, StrictBoolean, StrictInteger, StrictString, SuitField, TupleList
from schemas.oneof import OneOf
from service.rules.actions import action_fields
from service.rules.bounds import Bounds, GameBound, LeastItems, Notation, Words
from service.rules.cards import CARD, SUIT, card_pattern


class AsIsOneOf(OneOf):
    """A union written as the engine gives it (plain JSON values: no dump)."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return value


class AsIsNested(fields.Nested):
    """A nested object written as the engine gives it (plain JSON values: no dump)."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return value


LISTED_AS: dict[str, dict[str, Any]] = {
    "amount": {
        "min": lambda: fields.Integer(
            required=True, metadata={"description": "The least amount allowed (inclusive); submit `amount`."}
        ),
        "max": lambda: fields.Integer(
            required=True, allow_none=True, metadata={"description": "The most (inclusive; null: no limit)."}
        ),
    },
    "discard": {
        "max_cards": lambda: fields.Integer(
            required=True, metadata={"description": "The most cards that may be discarded; submit `discard`."}
        )
    },
    "assignments": {
        "domains": lambda: fields.Dict(
            keys=fields.String(),
            values=fields.List(fields.String()),
            required=True,
            metadata={"description": "The cards each wild card may stand for; submit `assignments`."},
        )
    },
}
"""How a legal action lists a field the client chooses (docs/api.md section 6)."""

MOST_ITEMS: dict[str, Any] = {
    "hand": lambda game: game.hand_size,
    "melds": lambda game: game.most_melds,
    "pack": lambda game: len(game.full_pack()),
    "table": lambda game: game.max_players,
    "tricks": lambda game: len(game.full_pack()) // game.min_players,
    "calls": lambda game: game.most_calls,
}
"""The most items of an array (members of an object) whose length the game bounds
(:class:`~service.rules.bounds.GameBound`); the request guard refuses a longer array with a 422 at the array
before anything loads (service/api/guard.py), the field an object with more members."""

Meta = type("Meta", (), {"unknown": RAISE, "ordered": True})


def game_field(game: Any, what: str, **kwargs: Any) -> fields.Field:
    """A field whose allowed values the game sets: a seat, a player count, a phase word, the game's id."""
    if what == "seat":
        return StrictInteger(validate=validate.Range(0, game.max_players - 1), **kwargs)
    if what == "players":
        counts = list(game.player_counts())
        if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
            return StrictInteger(validate=validate.Range(counts[0], counts[-1]), **kwargs)
        note = f"; {game.players_note}" if game.players_note else ""
        error = f"{game.name} is played by {', '.join(map(str, counts))} players{note}."
        return StrictInteger(validate=validate.OneOf(counts, error=error), **kwargs)
    if what == "phase":
        return StrictString(validate=validate.OneOf(list(game.phases)), **kwargs)
    if what == "meld_kind":
        return StrictString(validate=validate.OneOf(list(game.meld_kinds)), **kwargs)
    if what == "game":
        kwargs.setdefault("metadata", {})["json_schema"] = {"const": game.id}
        return StrictString(validate=validate.OneOf([game.id]), **kwargs)
    raise TypeError(f"no wire field for {what!r} in {game.id}")


def camel(text: str) -> str:
    """``three-card-brag`` -> ``ThreeCardBrag``."""
    return "".join(part.capitalize() for part in text.replace("_", "-").split("-"))


def holds_cards(hint: Any) -> bool:
    """Whether a type holds a card anywhere (a field, an item, a nested dataclass's field)."""
    if typing.get_origin(hint) is typing.Annotated:
        base, *extras = typing.get_args(hint)
        return CARD in extras or holds_cards(base)
    if dataclasses.is_dataclass(hint):
        return any(holds_cards(h) for h in typing.get_type_hints(hint, include_extras=True).values())
    return any(holds_cards(arg) for arg in typing.get_args(hint))


class Deriver:
    """Builds (and remembers) one marshmallow schema class per dataclass for one game."""

    def __init__(self, game: Any, options_field: Any) -> None:
        self.game = game
        self.prefix = camel(game.id)
        self.options_field = options_field
        self.cache: dict[type, type[Schema]] = {}
        self.cache_viewed: dict[type, type[Schema]] = {}
        self.cache_legal: dict[str, dict[str, type[Schema]]] = {}
        self.hidden = False
        """Whether the cards of the fields made now may be "??" (a viewed state, an event's private key)."""
        self.viewing = False
        """Whether the dataclasses made now are as a seat's view shows them (:meth:`viewed_schema`)."""
        self.unseen = False
        """Whether the dataclasses made now are a whole state's, whose cards may be unseen (:meth:`state_schema`)."""

    def state_schema(self, cls: type) -> type[Schema]:
        """The schema class of the game's state, whole: every card the deal put somewhere, or ``"??"`` for a card
        nobody at the table saw (a table deal's, docs/api.md 18)."""
        self.unseen = True
        try:
            return self.schema(cls)
        finally:
            self.unseen = False

    def schema(self, cls: type) -> type[Schema]:
        """The schema class for a dataclass, whole (a state a request sends: no card hidden); loads to an
        instance of it."""
        return self._dataclass_schema(cls, viewed=False)

    def viewed_schema(self, cls: type) -> type[Schema]:
        """The schema class for a dataclass as a seat's view shows it, in answers: a card may be "??"
        (``<Game>Viewed<Class>``). A dataclass that holds no card has its one schema."""
        return self._dataclass_schema(cls, viewed=holds_cards(cls))

    def _dataclass_schema(self, cls: type, viewed: bool) -> type[Schema]:
        cache = self.cache_viewed if viewed else self.cache
        if cls in cache:
            return cache[cls]
        hints = typing.get_type_hints(cls, include_extras=True)
        attrs: dict[str, Any] = {}
        outer = self.hidden, self.viewing
        self.hidden = viewed or (self.unseen and holds_cards(cls))
        self.viewing = viewed
        try:
            for f in dataclasses.fields(cls):
                attrs[f.name] = self.field(hints[f.name], required=True)
        finally:
            self.hidden, self.viewing = outer

        def make(self_: Schema, data: dict[str, Any], **_: Any) -> Any:
            return cls(**data)

        attrs["make"] = post_load(make)
        cache[cls] = self._named(cls, "Viewed" if viewed else "", attrs)
        return cache[cls]

    def _named(self, cls: type, kind: str, attrs: dict[str, Any]) -> type[Schema]:
        attrs["Meta"] = Meta
        doc = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
        name = self.prefix + kind + cls.__name__.removeprefix(self.prefix)
        schema_cls = type(name + "Schema", (Schema,), attrs)
        schema_cls.__doc__ = doc
        return schema_cls

    def _action_fields(self, cls: type) -> list[tuple[str, fields.Field, bool]]:
        """Each field of an action class: name, wire field, required."""
        out = []
        for name, hint, required in action_fields(cls):
            if not required:  # optional: absent rather than null
                args = [a for a in typing.get_args(hint) if a is not type(None)]
                hint = args[0] if typing.get_origin(hint) in (typing.Union, types.UnionType) else hint
            out.append((name, self.field(hint, required=required), required))
        return out

    def _action_attrs(self, cls: Any) -> dict[str, Any]:
        attrs: dict[str, Any] = {
            "seat": game_field(self.game, "seat", required=True, metadata={"description": "The seat that acts."}),
            "type": StrictString(required=True, validate=validate.OneOf([cls.type])),
        }
        one_of = tuple(cls.exactly_one_of)
        if one_of:

            def exactly_one(self_: Schema, data: dict[str, Any], **_: Any) -> None:
                given = [name for name in one_of if name in data]
                if len(given) != 1:
                    raise ValidationError(f"'{cls.type}' takes exactly one of {', '.join(one_of)}")

            attrs["exactly_one"] = validates_schema(exactly_one)
            attrs["json_schema_extra"] = {"oneOf": [{"required": [name], "properties": {name: {}}} for name in one_of]}
        return attrs

    def action_schema(self, cls: Any) -> type[Schema]:
        """The variant of one action class: loads to an instance of it."""
        if cls in self.cache:
            return self.cache[cls]
        attrs = self._action_attrs(cls)
        for name, field, _ in self._action_fields(cls):
            attrs[name] = field

        def make(self_: Schema, data: dict[str, Any], **_: Any) -> Any:
            data.pop("type")
            return cls(**data)

        attrs["make"] = post_load(make)
        self.cache[cls] = self._named(cls, "", attrs)
        return self.cache[cls]

    def legal_action_schema(self, cls: Any) -> type[Schema]:
        """The variant of one action class as legal-actions lists it (a dict, dumped as is): a card may be "??",
        any card of the seat's hand nobody saw (a table deal's, docs/api.md 18)."""
        attrs = self._action_attrs(cls)
        self.hidden, outer = True, self.hidden
        try:
            listed = self._action_fields(cls)
        finally:
            self.hidden = outer
        for name, field, required in listed:
            if required and name in LISTED_AS:
                attrs.update({listed: make() for listed, make in LISTED_AS[name].items()})
            else:
                attrs[name] = field
        return self._named(cls, "Legal", attrs)

    def action(self, **kwargs: Any) -> OneOf:
        """The game's action: one of its action classes by ``type``."""
        variants = {cls.type: self.action_schema(cls) for cls in self.game.actions}
        return OneOf(self.prefix + "Action", variants, **kwargs)

    def seen_action(self, **kwargs: Any) -> OneOf:
        """An action as a seat saw another take it (a record's trace in a view): the fields only the acting seat
        may know (``Game.private_action_fields``, Broggin's discards) may be "??"; the game's action where there
        are none."""
        private = self.game.private_action_fields
        if not private:
            return self.action(**kwargs)
        if "seen" not in self.cache_legal:
            variants = {}
            for cls in self.game.actions:
                if cls.type not in private:
                    variants[cls.type] = self.action_schema(cls)
                    continue
                attrs = self._action_attrs(cls)
                self.hidden, outer = True, self.hidden
                try:
                    attrs.update({name: field for name, field, _ in self._action_fields(cls)})
                finally:
                    self.hidden = outer
                variants[cls.type] = self._named(cls, "Seen", attrs)
            self.cache_legal["seen"] = variants
        return OneOf(self.prefix + "SeenAction", self.cache_legal["seen"], **kwargs)

    def legal_action(self, **kwargs: Any) -> OneOf:
        """A legal action of the game, as legal-actions lists it."""
        if "legal" not in self.cache_legal:
            self.cache_legal["legal"] = {cls.type: self.legal_action_schema(cls) for cls in self.game.actions}
        return OneOf(self.prefix + "LegalAction", self.cache_legal["legal"], **kwargs)

    def record_schema(self, cls: Any, name: str = "", hidden: tuple[str, ...] = ()) -> type[Schema]:
        """The schema of a typed dict the engine writes (an event, a result, a part of one), documented key by
        key (``NotRequired`` keys optional); ``hidden``: keys a seat's view may blank (a card "??", else null)."""
        if cls in self.cache:
            return self.cache[cls]
        hints = typing.get_type_hints(cls, include_extras=True)
        attrs: dict[str, Any] = {}
        for key, hint in hints.items():
            # from the hints, not __required_keys__: postponed annotations hide NotRequired from the class
            required = typing.get_origin(hint) is not typing.NotRequired
            if typing.get_origin(hint) in (typing.NotRequired, typing.Required):
                (hint,) = typing.get_args(hint)
            kwargs: dict[str, Any] = {"required": required}
            self.hidden = key in hidden
            try:
                field = self.field(hint, **kwargs)
            finally:
                self.hidden = False
            # a hidden card is "??", anything else (a suit too) null
            if key in hidden and (not isinstance(field, CardField) or isinstance(field, SuitField)):
                field.allow_none = True
            attrs[key] = field
        if name:
            attrs["Meta"] = Meta
            schema_cls = type(self.prefix + name + "Schema", (Schema,), attrs)
            schema_cls.__doc__ = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
        else:
            schema_cls = self._named(cls, "", attrs)
        self.cache[cls] = schema_cls
        return schema_cls

    def events(self, **kwargs: Any) -> OneOf:
        """The game's event: one of its event types by ``type`` (what a seat may not know blanked in views)."""
        variants = {}
        for cls in self.game.event_types:
            word = typing.get_args(typing.get_type_hints(cls)["type"])[0]
            unknown = (*self.game.private_events.get(word, ()), *self.game.unseen_events.get(word, ()))
            variants[word] = self.record_schema(cls, hidden=unknown)
        return AsIsOneOf(self.prefix + "Event", variants, **kwargs)

    def result(self, **kwargs: Any) -> fields.Field:
        """The game's result (docs/api.md section 7), written as the engine gives it."""
        return AsIsNested(self.record_schema(self.game.result_type, name="Result"), **kwargs)

    def field(self, hint: Any, **kwargs: Any) -> fields.Field:
        """The field for one type hint."""
        origin = typing.get_origin(hint)
        if origin is typing.Literal:
            return StrictString(validate=validate.OneOf(list(typing.get_args(hint))), **kwargs)
        if typing.is_typeddict(hint):
            return fields.Nested(self.record_schema(hint), **kwargs)
        if origin is list:
            (inner,) = typing.get_args(hint)
            return fields.List(self.field(inner), **kwargs)
        if origin is typing.Annotated:
            base, *extras = typing.get_args(hint)
            if CARD in extras:
                return CardField(self.game.parse_card, self.game.card_notation, hidden=self.hidden, **kwargs)
            if SUIT in extras:
                return SuitField(self.game.parse_suit, self.game.suit_notation, **kwargs)
            words = next((e for e in extras if isinstance(e, Words)), None)
            if words is not None:
                return StrictString(validate=validate.OneOf(list(words.words)), **kwargs)
            notation = next((e for e in extras if isinstance(e, Notation)), None)
            if notation is not None:
                pattern = card_pattern(notation.regex)
                return StrictString(validate=validate.Regexp(pattern), metadata={"pattern": pattern}, **kwargs)
            bounds = [e for e in extras if isinstance(e, Bounds)]
            if bounds and base is int:
                return StrictInteger(validate=validate.Range(bounds[0].minimum, bounds[0].maximum), **kwargs)
            bound = next((e for e in extras if isinstance(e, GameBound)), None)
            if bound is not None and bound.what in MOST_ITEMS:
                most = MOST_ITEMS[bound.what](self.game)
                least = next((e.items for e in extras if isinstance(e, LeastItems)), None)
                if typing.get_origin(base) in (dict, collections.abc.Mapping):
                    metadata = {**kwargs.pop("metadata", {}), "maxProperties": most}
                    return self.field(base, validate=MostMembers(most), metadata=metadata, **kwargs)
                return self.field(base, validate=validate.Length(min=least, max=most), **kwargs)
            if bound is not None:
                return game_field(self.game, bound.what, **kwargs)
            return self.field(base, **kwargs)
        if origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(hint) if a is not type(None)]
            if len(args) == 1:
                return self.field(args[0], allow_none=True, **kwargs)
            return fields.Raw(allow_none=type(None) in typing.get_args(hint), **kwargs)
        if origin is tuple:
            inner, *rest = typing.get_args(hint)
            return TupleList(self.field(inner), **kwargs)
        if origin in (dict, collections.abc.Mapping):
            key, value = typing.get_args(hint)
            keys = self.field(key)
            if "pattern" in keys.metadata:  # the words a key may be (Broggin's trump names)
                kwargs.setdefault("metadata", {})["json_schema"] = {
                    "propertyNames": {"pattern": keys.metadata["pattern"]}
                }
            choices = next((v.choices for v in keys.validators if isinstance(v, validate.OneOf)), None)
            if choices is not None:  # the words a key is (Old Brag's braggers)
                kwargs.setdefault("metadata", {})["json_schema"] = {"propertyNames": {"enum": list(choices)}}
            return fields.Dict(keys=keys, values=self.field(value), **kwargs)
        if hint is self.game.options_type:
            return self.options_field(self.game, **kwargs)
        if dataclasses.is_dataclass(hint):
            made = self.viewed_schema if self.viewing else self.schema
            return fields.Nested(made(typing.cast(type, hint)), **kwargs)
        if hint is bool:
            return StrictBoolean(**kwargs)
        if hint is int:
            return StrictInteger(**kwargs)
        if hint is str:
            return StrictString(**kwargs)
        raise TypeError(f"no wire field for {hint!r} in {self.game.id}")
