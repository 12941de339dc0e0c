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

import orjson
from flask import request
from marshmallow import Schema, ValidationError, fields, missing

from schemas.game import GameSchemas
from schemas.operations.hands import MAX_HANDS
from schemas.operations.records import MAX_ACTIONS
from service.api.guard import NOT_CHECKED, checked_document
from service.rules.actions import ActionBase
from service.rules.errors import InvalidInput
from service.rules.game import Game
from service.rules.hand_game import HandGame
from service.rules.match import MAX_DEALS, MAX_MATCH_ACTIONS
from service.rules.tables import LISTED_SPAN, HandRank, HandTable

Reader = Callable[[Any], dict[str, Any] | None]
"""The data a body loads to, read without marshmallow; None to leave the body to the schema."""
F = TypeVar("F", bound=Callable[..., Any])

MAX_SEED = 256
"""The longest seed (``validate.Length(1, 256)`` of the deal source)."""
MAX_KNOWN_ACTIONS = 4096
"""Distinct actions an :class:`ActionReader` remembers (a few hundred per game are ever submitted)."""
MAX_KNOWN_TEXT = 512
"""The longest JSON text of an action an :class:`ActionReader` remembers (bounds its memory at 2 MB)."""


def plain_first(read: Reader) -> Callable[[F], F]:
    """Give the view (decorated by ``blp.arguments``) the data ``read`` finds in the body, skipping the
    schema; when ``read`` finds nothing, the view goes through its decorators as usual."""

    def decorate(view: F) -> F:
        body = inspect.unwrap(view)  # the view itself, taking the loaded data

        @functools.wraps(view)
        def dispatch(*args: Any, **kwargs: Any) -> Any:
            document = checked_document(request)
            data = None if document is NOT_CHECKED else read(document)
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
    their evaluations (``ranks``) found as they were read, or (for ``hands/evaluate``) the answer's
    ``results`` already written as JSON."""

    def __init__(
        self, hands: list[list[str]], ranks: list[HandRank] | None = None, results: orjson.Fragment | None = None
    ) -> None:
        super().__init__(hands)
        self.ranks = ranks
        self.results = results


class HandsReader:
    """``{"hands": [...], "options": {...}}`` with every card a canonical code of the pack, each hand of the
    game's size, none twice: the hands as the hands field loads them (the same codes), with their evaluations.

    The table is the check: it finds an evaluation only for a hand of distinct cards of the pack given by their
    canonical codes (:meth:`~service.rules.tables.HandTable.lookup`), so reading and evaluating are one pass.
    With ``text`` (``hands/evaluate``) that pass also writes the answer's ``results`` (:func:`results_text`)."""

    KEYS = frozenset({"hands", "options"})

    def __init__(
        self, game: HandGame[Any, Any, Any], *, text: bool = False, english: Callable[[], bool] = lambda: True
    ) -> None:
        self.game = game
        self.size = game.hand_size
        self.options = Options(game)
        self.text = text and game.hand_size in WRITERS
        self.english = english
        """Whether this request's answer is in English (the written text is; another language's is not)."""

    def __call__(self, document: Any) -> dict[str, Any] | None:
        if type(document) is not dict or not document.keys() <= self.KEYS:
            return None
        hands = document.get("hands")
        if type(hands) is not list or not 1 <= len(hands) <= MAX_HANDS:
            return None
        if set(map(type, hands)) != {list}:  # at C speed
            return None
        plain, options = self.options.read(document)
        if not plain:
            return None
        try:
            if self.text and self.english():  # another language: the view describes the hands
                # the writer unpacks each hand into as many cards as the game's hand holds: ValueError otherwise
                written = results_text(self.game.hand_table(options), hands)
                if written is not None:
                    return {"hands": PackHands(hands, results=written), "options": options}
            if set(map(len, hands)) != {self.size}:
                return None
            ranks = self.game.ranks(hands, options)
        except (KeyError, TypeError, ValueError):  # a card in another notation, not a string, not of the pack,
            return None  # twice, or a hand of another size
        return {"hands": PackHands(hands, ranks), "options": options}


Tails = tuple[str, ...] | dict[int, str]
"""Each hand key's answer as text (:func:`result_tails`)."""


def results_text(table: HandTable, hands: list[list[str]]) -> orjson.Fragment | None:
    """``results`` of ``hands/evaluate`` as JSON, written in the pass that looks each hand up: each answer's
    members after ``hand`` are written once per table (:func:`result_tails`), each hand's codes are copied as
    sent (canonical codes of the pack, which JSON writes as they are). The same bytes as orjson writes for
    ``[{"hand": hand, **rank}, ...]``. None where the pack has a code JSON would escape; raises KeyError or
    TypeError as the lookup does, ValueError for a hand of another size."""
    tails = result_tails(table)
    if not tails:
        return None
    text = WRITERS[table.data.hand_size](hands, table.bits, tails)
    if NO_HAND in text:
        raise KeyError("a hand holds a card twice")
    return orjson.Fragment(text)


RESULT_TAILS = "results_text"
NO_HAND = "\0"
"""The text of a key that names no hand (a card twice): a NUL, which JSON text never holds unescaped."""


def result_tails(table: HandTable) -> Tails:
    """Each hand key's answer written after its last card's code, ``"],"category":...}``: built on first use
    and kept beside the table (``table.derived``). A tuple indexed by the key where the table's keys are few
    enough (:data:`~service.rules.tables.LISTED_SPAN`: a slot found without hashing or comparing the key;
    :data:`NO_HAND` where no hand has the key; a tuple of strings, which the cyclic collector leaves alone),
    else a dict; empty when a code of the pack is not written as it is, or when the table writes its answers only
    as they are asked (a table for options not shipped: the answers are then written as orjson writes them)."""
    tails: Tails | None = table.derived.get(RESULT_TAILS)
    if tails is not None:
        return tails
    tails = {}
    if table.complete and all(orjson.dumps(card) == f'"{card}"'.encode() for card in table.bits):
        members = {id(answer): '"],' + orjson.dumps(answer).decode()[1:] for answer in table.answers}
        tails = {key: members[id(answer)] for key, answer in table.by_hand.items()}
        if table.key_span <= LISTED_SPAN:
            listed = [NO_HAND] * table.key_span
            for key, text in tails.items():
                listed[key] = text
            tails = tuple(listed)
    table.derived[RESULT_TAILS] = tails
    return tails


_ITEM, _NEXT_CARD = ',{"hand":["', '","'
"""What goes before a result's first card (after the one before it), and between its cards."""


def _three(hands: list[list[str]], bits: dict[str, int], tails: Tails) -> str:
    parts: list[str] = []
    extend = parts.extend
    for x, y, z in hands:
        extend((_ITEM, x, _NEXT_CARD, y, _NEXT_CARD, z, tails[bits[x] + bits[y] + bits[z]]))
    return _array(parts)


def _four(hands: list[list[str]], bits: dict[str, int], tails: Tails) -> str:
    parts: list[str] = []
    extend = parts.extend
    for w, x, y, z in hands:
        key = bits[w] + bits[x] + bits[y] + bits[z]
        extend((_ITEM, w, _NEXT_CARD, x, _NEXT_CARD, y, _NEXT_CARD, z, tails[key]))
    return _array(parts)


def _array(parts: list[str]) -> str:
    """The results as one JSON array from their parts, joined once. No string per result: 10,000 strings of some
    180 bytes fill pymalloc's arenas, which go back to the system when the request ends and are faulted in afresh
    by the next (some 430 page faults a 10,000-hand request, a quarter of its time in the worker)."""
    parts[0] = "[" + parts[0][1:]
    parts.append("]")
    return "".join(parts)


WRITERS: dict[int, Callable[[list[list[str]], dict[str, int], Tails], str]] = {3: _three, 4: _four}
"""The results writer by hand size (unpacked, as :meth:`~service.rules.tables.HandTable.lookup` does)."""


class ActionReader:
    """An action as the game's action field loads it, remembered by its JSON text (the same text always loads
    to the same immutable action; ``1``, ``1.0`` and ``true`` are different texts)."""

    def __init__(self, field: fields.Field) -> None:
        self.field = field
        self.known: dict[bytes, ActionBase] = {}

    def __call__(self, raw: Any) -> ActionBase | None:
        if type(raw) is not dict:
            return None
        try:
            key = orjson.dumps(raw)
        except TypeError:  # an integer past 64 bits: loaded (and refused) by the schema each time
            key = b""
        found = self.known.get(key)
        if found is not None:
            return found
        try:
            action: ActionBase = self.field.deserialize(raw)
        except ValidationError:
            return None
        if key and len(key) <= MAX_KNOWN_TEXT and len(self.known) < MAX_KNOWN_ACTIONS:
            self.known[key] = action
        return action

    def all(self, raw_actions: list[Any]) -> list[ActionBase] | None:
        """Every action of a list, or None when one is not plainly an action (the schema then reads them)."""
        known, dumps = self.known, orjson.dumps
        try:  # every action remembered (the common case): found by its text, no call per action
            return [known[dumps(raw)] for raw in raw_actions]
        except (KeyError, TypeError):
            actions = []
            for raw in raw_actions:
                action = self(raw)
                if action is None:
                    return None
                actions.append(action)
            return actions


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
        if (
            type(players) is not int
            or players not in self.counts
            or not plain_deal(self.seats, dealer, seed, raw_actions)
        ):
            return None
        plain, options = self.options.read(record)
        if not plain:
            return None
        actions = self.action.all(raw_actions)
        if actions is None:
            return None
        plain = {"players": players, "dealer": dealer, "seed": seed, "options": options, "actions": actions}
        return {"record": {**plain, **self.defaults}}


def plain_deal(seats: int, dealer: Any, seed: Any, raw_actions: Any) -> bool:
    """Whether a deal's ``dealer``, ``seed`` and ``actions`` are plainly what the schema takes (a seat of the
    largest table, a seed of 1 to MAX_SEED characters, a list of at most MAX_ACTIONS): a record's, or a match's
    deal's."""
    if type(dealer) is not int or not 0 <= dealer < seats:
        return False
    if type(seed) is not str or not 1 <= len(seed) <= MAX_SEED:
        return False
    return type(raw_actions) is list and len(raw_actions) <= MAX_ACTIONS


class MatchReader:
    """``{"match": {"players", "options", "deals": [{"dealer", "seed", "actions"}...]}}`` (seeds, no deck, no carry;
    no views, no trace), each field plainly what the match schema takes, within its limits."""

    KEYS = frozenset({"players", "options", "deals"})
    DEAL = frozenset({"dealer", "seed", "actions"})

    def __init__(self, game: Game[Any, Any, Any], schemas: GameSchemas) -> None:
        self.counts = frozenset(game.player_counts())
        self.seats = game.max_players
        self.options = Options(game)
        self.action = ActionReader(schemas.deriver.action())
        self.carry = {"carry": None} if game.carry_type is not None else {}

    def __call__(self, document: Any) -> dict[str, Any] | None:
        if type(document) is not dict or len(document) != 1 or type(document.get("match")) is not dict:
            return None
        match = document["match"]
        if not {"players", "deals"} <= match.keys() <= self.KEYS:
            return None
        players, raw_deals = match["players"], match["deals"]
        if type(players) is not int or players not in self.counts:
            return None
        if type(raw_deals) is not list or not 1 <= len(raw_deals) <= MAX_DEALS:
            return None
        plain, options = self.options.read(match)
        if not plain:
            return None
        deals, count = [], 0
        for deal in raw_deals:
            if type(deal) is not dict or deal.keys() != self.DEAL:
                return None
            dealer, seed, raw_actions = deal["dealer"], deal["seed"], deal["actions"]
            if not plain_deal(self.seats, dealer, seed, raw_actions):
                return None
            count += len(raw_actions)
            actions = self.action.all(raw_actions) if count <= MAX_MATCH_ACTIONS else None
            if actions is None:
                return None
            deals.append({"dealer": dealer, "seed": seed, "actions": actions})
        return {"match": {"players": players, "options": options, "deals": deals, **self.carry}}


__all__ = ["ActionReader", "HandsReader", "MatchReader", "PackHands", "RecordReader", "plain_first"]
