"""The hot operations' plain path: a body in its plainest form is read without marshmallow.

``hands/evaluate``, ``hands/compare`` and ``records/adjudicate`` first try a reader that takes the body as
the guard parsed it (:func:`plain_first`). A reader accepts only what the operation's schema surely accepts
(canonical card codes, integers that are ``int``, no field the schema would refuse) and returns the data the
schema would load; for anything else it returns None and the request goes the schema's way, which answers it
(or finds every problem, with the same pointers) exactly as before. Either way the view builds its answer from
plain values, once.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from flask import g
from marshmallow import Schema, ValidationError, fields, missing

from schemas.game import MAX_ACTIONS, MAX_HANDS, GameSchemas
from service.rules.actions import ActionBase
from service.rules.errors import InvalidInput
from service.rules.game import Game, HandGame
from service.rules.tables import HandRank

Reader = Callable[[Any], dict[str, Any] | None]
"""The data a body loads to, read without marshmallow; None to leave the body to the schema."""
F = TypeVar("F", bound=Callable[..., Any])

MAX_SEED = 256
"""The longest seed (``validate.Length(1, 256)`` of the deal source)."""
MAX_KNOWN_ACTIONS = 4096
"""Distinct actions an :class:`ActionReader` remembers (a few hundred per game are ever submitted)."""


def plain_first(read: Reader) -> Callable[[F], F]:
    """Give the view (decorated by ``blp.arguments``) the data ``read`` finds in the body, skipping the
    schema; when ``read`` finds nothing, the view goes through its decorators as usual."""

    def decorate(view: F) -> F:
        body = inspect.unwrap(view)  # the view itself, taking the loaded data

        @functools.wraps(view)
        def dispatch(*args: Any, **kwargs: Any) -> Any:
            data = read(g.json_document) if "json_document" in g else None
            if data is not None:
                return body(data, *args, **kwargs)
            return view(*args, **kwargs)

        return dispatch  # type: ignore[return-value]

    return decorate


class Options:
    """A request's ``options`` as the options field loads them: absent or null are the defaults."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        self.default = game.options(None)

    def read(self, document: Mapping[str, Any]) -> tuple[bool, Any]:
        """Whether the options are plain, and the options."""
        raw = document.get("options")
        if raw is None:
            return True, self.default
        if type(raw) is not dict:
            return False, None
        try:
            return True, self.game.options(raw, pointer="")
        except InvalidInput:
            return False, None


class PackHands(list[list[str]]):
    """Hands known to hold the game's hand size of distinct cards of its pack, each a canonical code, with
    their evaluations (``ranks``), found as they were read."""

    def __init__(self, hands: list[list[str]], ranks: list[HandRank]) -> None:
        super().__init__(hands)
        self.ranks = ranks


class HandsReader:
    """``{"hands": [...], "options": {...}}`` with every card a canonical code of the pack, each hand of the
    game's size, none twice: the hands as the hands field loads them (the same codes), with their evaluations.

    The table is the check: it finds an evaluation only for a hand of distinct cards of the pack given by their
    canonical codes (:meth:`~service.rules.tables.HandTable.lookup`), so reading and evaluating are one pass."""

    KEYS = frozenset({"hands", "options"})

    def __init__(self, game: HandGame[Any, Any, Any]) -> None:
        self.game = game
        self.size = game.hand_size
        self.options = Options(game)

    def __call__(self, document: Any) -> dict[str, Any] | None:
        if type(document) is not dict or not document.keys() <= self.KEYS:
            return None
        hands = document.get("hands")
        if type(hands) is not list or not 1 <= len(hands) <= MAX_HANDS:
            return None
        size = self.size
        for hand in hands:
            if type(hand) is not list or len(hand) != size:
                return None
        plain, options = self.options.read(document)
        if not plain:
            return None
        try:
            ranks = self.game.ranks(hands, options)
        except (KeyError, TypeError):  # a card in another notation, not a string, not of the pack, or twice
            return None
        return {"hands": PackHands(hands, ranks), "options": options}


class ActionReader:
    """An action as the game's action field loads it, remembered by its JSON value (the same object, of the
    same JSON types, always loads to the same immutable action)."""

    def __init__(self, field: fields.Field) -> None:
        self.field = field
        self.known: dict[tuple[Any, ...], ActionBase] = {}

    def __call__(self, raw: Any) -> ActionBase | None:
        if type(raw) is not dict:
            return None
        key = (*raw.items(), *map(type, raw.values()))  # 1, 1.0 and true are equal keys: their types are not
        try:
            return self.known[key]
        except KeyError:
            pass
        except TypeError:  # a list or an object inside: loaded each time
            key = ()
        try:
            action: ActionBase = self.field.deserialize(raw)
        except ValidationError:
            return None
        if key and len(self.known) < MAX_KNOWN_ACTIONS:
            self.known[key] = action
        return action


class RecordReader:
    """``{"record": {"players", "dealer", "seed", "options", "actions"}}`` (a seed, not a deck; no views),
    each field plainly what the record schema takes."""

    KEYS = frozenset({"players", "dealer", "seed", "options", "actions"})
    REQUIRED = frozenset({"players", "dealer", "seed", "actions"})

    def __init__(self, game: Game[Any, Any, Any], schemas: GameSchemas) -> None:
        self.counts = frozenset(game.player_counts())
        self.seats = game.max_players
        self.options = Options(game)
        self.action = ActionReader(schemas.deriver.action())
        record = schemas.record_request().fields["record"]
        assert isinstance(record, fields.Nested) and isinstance(record.schema, Schema)
        self.defaults = {  # what the record schema gives a field left out (a game's carry: None)
            name: field.load_default
            for name, field in record.schema.fields.items()
            if name not in self.KEYS and field.load_default is not missing
        }

    def __call__(self, document: Any) -> dict[str, Any] | None:
        if type(document) is not dict or len(document) != 1 or type(document.get("record")) is not dict:
            return None
        record = document["record"]
        if not self.REQUIRED <= record.keys() <= self.KEYS:
            return None
        players, dealer, seed, raw_actions = record["players"], record["dealer"], record["seed"], record["actions"]
        if type(players) is not int or players not in self.counts:
            return None
        if type(dealer) is not int or not 0 <= dealer < self.seats:
            return None
        if type(seed) is not str or not 1 <= len(seed) <= MAX_SEED:
            return None
        if type(raw_actions) is not list or len(raw_actions) > MAX_ACTIONS:
            return None
        plain, options = self.options.read(record)
        if not plain:
            return None
        actions = []
        for raw in raw_actions:
            action = self.action(raw)
            if action is None:
                return None
            actions.append(action)
        plain = {"players": players, "dealer": dealer, "seed": seed, "options": options, "actions": actions}
        return {"record": {**plain, **self.defaults}}


__all__ = ["ActionReader", "HandsReader", "PackHands", "RecordReader", "plain_first"]
