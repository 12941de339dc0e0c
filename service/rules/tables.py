"""Hand tables: every possible hand of a hand game under one set of ranking options, with its evaluation.

A :class:`HandTable` answers a hand with a shared :class:`HandRank` (category, dense strength, description,
wild-card reading and the same as a JSON-ready object), found by one dict lookup on the sum of the hand's
card values (:mod:`service.rules.hand_keys`). Hands with the same evaluation share one ``HandRank``.

The tables for each game's default options ship with the package (``service/rules/data/<game>.table``,
written by ``python -m service.rules.data``, loaded in milliseconds). Tables for other options are built on
first use and kept in :data:`TABLES`, a least-recently-used cache bounded by count and by size, so that no
sequence of option sets grows a process without limit.
"""

from __future__ import annotations

import array
import itertools
import json
import math
import struct
import sys
import threading
import zlib
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, NotRequired, TypedDict

from service.rules.hand_keys import card_values

MAGIC = b"card-arbiter hand table 1\n"
DATA_PACKAGE = "service.rules.data"


class Percentile(TypedDict):
    """Where a strength stands among every hand of the full pack (docs/api.md section 10): ``below`` hands are
    weaker, ``equal`` as strong (the hand itself included), ``value = (below + equal / 2) / total``."""

    value: float
    below: int
    equal: int
    total: int


class HandRank(TypedDict):
    """One evaluation as a JSON object (the hand aside), shared by every hand that has it: never change one."""

    category: str
    strength: int
    description: str
    interpretation: NotRequired[dict[str, str]]
    """What each wild card stood for (Old Brag's braggers, Broggin's trumps); absent when nothing was wild."""
    percentile: NotRequired[Percentile]
    """Where the strength stands among every hand of the pack: in every answer a :class:`HandTable` gives."""


def hand_rank(category: str, strength: int, description: str, interpretation: dict[str, str] | None) -> HandRank:
    """An evaluation, with ``interpretation`` only where there is one."""
    rank = HandRank(category=category, strength=strength, description=description)
    if interpretation is not None:
        rank["interpretation"] = interpretation
    return rank


@dataclass(frozen=True)
class TableData:
    """A table as stored: one answer id per hand (hands in ``itertools.combinations(pack, size)`` order),
    the distinct answers, and the distinct comparison keys weakest first (key of strength s: ``keys[s - 1]``)."""

    game: str
    options: Any
    """The ranking options the table is for (JSON form)."""
    pack: tuple[str, ...]
    hand_size: int
    ids: array.array[int]
    answers: list[HandRank]
    keys: list[Any]

    @classmethod
    def of(
        cls, game: str, options: Any, pack: Sequence[str], hand_size: int, hands: Iterable[HandRank], keys: list[Any]
    ) -> TableData:
        """Gather the answers of every hand (in combination order), each distinct answer once."""
        index: dict[tuple[Any, ...], int] = {}
        answers: list[HandRank] = []
        ids = array.array("I")
        for answer in hands:
            token = answer_token(answer)
            found = index.get(token)
            if found is None:
                found = index[token] = len(answers)
                answers.append(answer)
            ids.append(found)
        return cls(game, _jsonable(options), tuple(pack), hand_size, ids, answers, keys)


@dataclass(frozen=True)
class LazyTableData:
    """A table built for the cache (options other than the shipped defaults): every hand's strength (hands in
    ``itertools.combinations(pack, size)`` order), the comparison keys weakest first in a packed form (the table's
    ``key_of`` reads one), and how to write a hand's answer, which is written only when a hand is first asked:
    a few MiB a table rather than an object per distinct answer (issue 28)."""

    game: str
    options: Any
    pack: tuple[str, ...]
    hand_size: int
    strengths: array.array[int]
    keys: PackedKeys
    answer_of: Callable[[tuple[str, ...], int], HandRank]
    """A hand's answer (the percentile aside) from its cards in pack order and its strength."""


def dumps(data: TableData) -> bytes:
    """The table in its compact binary form: a magic line, then zlib(lengths, answer ids, JSON of the rest)."""
    ids = array.array("H" if len(data.answers) <= 0xFFFF else "I", data.ids)
    if sys.byteorder == "big":  # pragma: no cover - stored little-endian
        ids.byteswap()
    meta = {
        "game": data.game,
        "options": data.options,
        "pack": list(data.pack),
        "hand_size": data.hand_size,
        "typecode": ids.typecode,
        "answers": data.answers,
        "keys": data.keys,
    }
    text = json.dumps(meta, ensure_ascii=False, separators=(",", ":")).encode()
    raw = ids.tobytes()
    return MAGIC + zlib.compress(struct.pack("<II", len(raw), len(text)) + raw + text, 9)


def loads(blob: bytes) -> TableData:
    """A table from :func:`dumps`; raises ValueError when ``blob`` is not one."""
    if not blob.startswith(MAGIC):
        raise ValueError("not a card-arbiter hand table")
    payload = zlib.decompress(blob[len(MAGIC) :])
    size, text_size = struct.unpack_from("<II", payload)
    meta = _json_loads(payload[8 + size : 8 + size + text_size])
    ids = array.array(meta["typecode"])
    ids.frombytes(payload[8 : 8 + size])
    if sys.byteorder == "big":  # pragma: no cover
        ids.byteswap()
    return TableData(
        meta["game"], meta["options"], tuple(meta["pack"]), meta["hand_size"], ids, meta["answers"], meta["keys"]
    )


DESCRIBED_LANGUAGES = 1
"""Languages besides English whose descriptions a table keeps beside it (each hand game has one more:
:meth:`~service.rules.hand_game.HandGame.describe`), counted in its size."""

LAZY_ANSWERS = 1024
"""The most answers a :class:`LazyTableData` table keeps written (then it forgets them all and writes anew)."""
ANSWER_BYTES = 1000
"""A written answer, or its text in another language, at most, with its slot: Broggin's run to some 550 with
the interpretation, the percentile and the slot, and their Swedish texts some 500 with theirs (measured with
tracemalloc, tests/rules/test_tables.py)."""

LISTED_SPAN = 1 << 20
"""Tables whose keys are below this (three-card hands: 420,000) may keep what is derived from them in tuples
indexed by the key (8 bytes a slot)."""


class HandTable:
    """Every hand's evaluation, looked up by its key: the sum of its cards' values (see
    :mod:`service.rules.hand_keys`)."""

    __slots__ = ("bits", "by_hand", "keys", "data", "derived", "key_span", "answers", "at_most", "_by_card", "_by_pair",
                 "_strengths", "complete", "_index")  # fmt: skip

    def __init__(self, data: TableData | LazyTableData, key_of: Callable[[Any], Any] = lambda key: key) -> None:
        self.data = data
        self.bits = dict(zip(data.pack, card_values(len(data.pack), data.hand_size), strict=True))
        masks = map(sum, itertools.combinations(self.bits.values(), data.hand_size))
        self.at_most = _at_most(_hand_strengths(data))
        """The cumulative count: ``at_most[s]`` hands of the pack have a strength of ``s`` or less."""
        self.complete = isinstance(data, TableData)
        """Whether every answer is written ahead (a shipped table's); else each is written when first asked."""
        self._strengths: dict[int, int] | None = None
        self.keys: Sequence[Any]
        if isinstance(data, TableData):
            self.answers: list[HandRank] = [
                {**answer, "percentile": self.percentile(answer["strength"])} for answer in data.answers
            ]
            """The table's distinct answers, each with its percentile (what the evaluation answers give)."""
            self.by_hand: dict[int, HandRank] = dict(zip(masks, map(self.answers.__getitem__, data.ids), strict=True))
            self.keys = [key_of(k) for k in data.keys]
        else:  # the answers asked so far; each strength one shared int
            self.answers, self.by_hand = [], {}
            shared = list(range(len(self.at_most)))
            self._strengths = dict(zip(masks, map(shared.__getitem__, data.strengths), strict=True))
            self.keys = data.keys
        if len(self.by_hand if self.complete else self.strengths()) != math.comb(len(data.pack), data.hand_size):
            raise ValueError("hand keys collide")  # pragma: no cover - see hand_keys
        self._index = {card: i for i, card in enumerate(data.pack)}
        self.key_span = data.hand_size * max(self.bits.values()) + 1
        """Every key, a real hand's or a card's twice, is below this."""
        self.derived: dict[str, Any] = {}
        """What other layers derive from the table once and keep as long as it (the HTTP layer's answers as
        JSON text)."""
        self._by_card: tuple[array.array[int], ...] | None = None
        self._by_pair: dict[tuple[int, ...], array.array[int]] | None = None

    def lookup(self, hands: Iterable[Sequence[str]]) -> list[HandRank]:
        """The evaluation of each hand: canonical, distinct cards of the pack (else KeyError or ValueError)."""
        bits, by_hand = self.bits, self.by_hand
        if not self.complete:
            return [self._written(sum(map(bits.__getitem__, hand)), hand) for hand in hands]
        if self.data.hand_size == 3:  # unpacked: a third of the time of sum(map(...))
            return [by_hand[bits[x] + bits[y] + bits[z]] for x, y, z in hands]
        if self.data.hand_size == 4:
            return [by_hand[bits[w] + bits[x] + bits[y] + bits[z]] for w, x, y, z in hands]
        return [by_hand[sum(map(bits.__getitem__, hand))] for hand in hands]

    def rank(self, hand: Sequence[str]) -> HandRank:
        """The evaluation of one hand."""
        if not self.complete:
            return self._written(sum(map(self.bits.__getitem__, hand)), hand)
        return self.by_hand[sum(map(self.bits.__getitem__, hand))]

    def _written(self, key: int, hand: Sequence[str]) -> HandRank:
        """The answer of the hand of ``key`` in a table whose answers are written when first asked (KeyError for
        a key that names no hand)."""
        found = self.by_hand.get(key)
        if found is not None:
            return found
        strength = self.strengths()[key]
        if len(self.by_hand) >= LAZY_ANSWERS:
            self.by_hand.clear()
        assert isinstance(self.data, LazyTableData)
        cards = tuple(sorted(hand, key=self._index.__getitem__))
        found = self.by_hand[key] = {**self.data.answer_of(cards, strength), "percentile": self.percentile(strength)}
        return found

    def key(self, rank: HandRank) -> Any:
        """The comparison key behind an evaluation's strength (for games that say what decided)."""
        return self.keys[rank["strength"] - 1]

    def percentile(self, strength: int) -> Percentile:
        """The percentile of a hand of ``strength`` among every hand of the full pack."""
        at_most = self.at_most
        total = at_most[-1]
        below = at_most[strength - 1]
        equal = at_most[strength] - below
        return Percentile(value=(below + equal / 2) / total, below=below, equal=equal, total=total)

    def strengths(self) -> dict[int, int]:
        """Each hand's strength by its key (built on first use, kept with the table: what Monte Carlo looks up)."""
        if self._strengths is None:  # a complete table's: a lazy one has them from the start
            self._strengths = {key: answer["strength"] for key, answer in self.by_hand.items()}
        return self._strengths

    def by_card(self) -> tuple[array.array[int], ...]:
        """For each card (by its index in the pack), the strengths of every hand holding it, weakest first
        (built on first use, kept with the table: what equity counts with)."""
        if self._by_card is None:
            held = self._holding(1)
            self._by_card = tuple(held[(card,)] for card in range(len(self.data.pack)))
        return self._by_card

    def by_pair(self) -> dict[tuple[int, ...], array.array[int]]:
        """For each pair of cards (indices, lower first), the strengths of every hand holding both, weakest first
        (built on first use, kept with the table)."""
        if self._by_pair is None:
            self._by_pair = self._holding(2)
        return self._by_pair

    def _holding(self, size: int) -> dict[tuple[int, ...], array.array[int]]:
        """For each set of ``size`` cards, the sorted strengths of the hands holding it."""
        lists: dict[tuple[int, ...], list[int]] = {}
        cards = itertools.combinations(range(len(self.data.pack)), self.data.hand_size)
        for hand, strength in zip(cards, _hand_strengths(self.data), strict=True):
            for part in itertools.combinations(hand, size):
                found = lists.get(part)
                if found is None:
                    found = lists[part] = []
                found.append(strength)
        code = "H" if len(self.at_most) <= 0x10000 else "I"
        return {part: array.array(code, sorted(held)) for part, held in lists.items()}

    def nbytes(self) -> int:
        """An estimate of the table's memory at its largest (see :meth:`_complete_bytes`, :meth:`_lazy_bytes`)."""
        return self._complete_bytes() if self.complete else self._lazy_bytes()

    def _lazy_bytes(self) -> int:
        """A table whose answers are written when asked: the strengths by key (the dict, its int keys), the
        strengths by hand, the packed keys, the counts, and at most :data:`LAZY_ANSWERS` answers written, each
        with its text beside it in English and every other language."""
        assert isinstance(self.data, LazyTableData)
        strengths = self.strengths()
        total: int = sys.getsizeof(strengths) + 32 * (len(strengths) + len(self.at_most))  # the dict, its ints
        total += sys.getsizeof(self.data.strengths) + self.data.keys.nbytes() + sys.getsizeof(self.at_most)
        pairs = self.data.hand_size * (self.data.hand_size - 1) // 2
        counted = 2 if len(self.at_most) <= 0x10000 else 4  # by_card and by_pair's arrays, once built
        total += counted * (self.data.hand_size + pairs) * len(strengths) + 200 * math.comb(len(self.data.pack), 2)
        return total + LAZY_ANSWERS * (1 + DESCRIBED_LANGUAGES) * ANSWER_BYTES

    def _complete_bytes(self) -> int:
        """An estimate of the table's memory: the dict and the strengths by key, its int keys, the answers, the
        keys, and room for what is derived beside it (the HTTP layer's answers as JSON text: a tuple as long as the
        key span or a map as large as the dict, and each answer written once; each answer's description in every
        other language, with its slot, at twice the English one's size for letters beyond Latin-1)."""
        beside = 8 * self.key_span if self.key_span <= LISTED_SPAN else sys.getsizeof(self.by_hand)
        total = 2 * sys.getsizeof(self.by_hand) + beside + 32 * len(self.by_hand) + 120 * len(self.keys)
        pairs = self.data.hand_size * (self.data.hand_size - 1) // 2
        total += 4 * len(self.at_most) + 4 * (self.data.hand_size + pairs) * len(self.by_hand)  # counts
        for answer in self.answers:
            total += sys.getsizeof(answer) + 3 * sys.getsizeof(answer["description"]) + 80
            total += DESCRIBED_LANGUAGES * (2 * sys.getsizeof(answer["description"]) + 100)
            total += sys.getsizeof(answer.get("percentile")) + 64  # its dict and its float
            if "interpretation" in answer:
                total += sys.getsizeof(answer["interpretation"]) + 120 * len(answer["interpretation"])
        return total


class TableCache:
    """Tables by (game, ranking options): the shipped defaults kept for good, the others least recently used
    first out once there are more than ``max_tables`` or their estimated size passes ``max_bytes``."""

    def __init__(self, max_tables: int = 4, max_bytes: int = 64 * 1024 * 1024) -> None:
        self.max_tables, self.max_bytes = max_tables, max_bytes
        self.pinned: dict[tuple[str, Hashable], HandTable] = {}
        self.recent: OrderedDict[tuple[str, Hashable], HandTable] = OrderedDict()
        self.sizes: dict[tuple[str, Hashable], int] = {}
        self.lock = threading.Lock()
        self.builds = 0

    def get(
        self,
        game: str,
        key: Hashable,
        build: Callable[[], TableData | LazyTableData],
        default: bool = False,
        key_of: Callable[[Any], Any] = lambda key: key,
    ) -> HandTable:
        """The table for ``key``: shipped (for the default options), cached, or built now."""
        slot = (game, key)
        with self.lock:
            found = self.pinned.get(slot) or self.recent.get(slot)
            if found is not None:
                if slot in self.recent:
                    self.recent.move_to_end(slot)
                return found
            data: TableData | LazyTableData | None = shipped(game) if default else None
            if data is None or data.options != _jsonable(key):  # none shipped, or not for these options
                data = build()
                self.builds += 1
            table = HandTable(data, key_of)
            if default:
                self.pinned[slot] = table
                return table
            self.recent[slot] = table
            self.sizes[slot] = table.nbytes()
            self._evict()
            return table

    def _evict(self) -> None:
        """The least recently used tables dropped until the rest are within both bounds (the lock held)."""
        while len(self.recent) > self.max_tables or (
            len(self.recent) > 1 and sum(self.sizes.values()) > self.max_bytes
        ):
            oldest, _ = self.recent.popitem(last=False)
            del self.sizes[oldest]

    def resize(self, max_tables: int, max_bytes: int) -> tuple[int, int]:
        """New bounds, applied now (the least recently used tables go first); the bounds they replace."""
        with self.lock:
            was = self.max_tables, self.max_bytes
            self.max_tables, self.max_bytes = max_tables, max_bytes
            self._evict()
            return was

    def clear(self) -> None:
        with self.lock:
            self.pinned.clear()
            self.recent.clear()
            self.sizes.clear()

    def size(self) -> tuple[int, int]:
        """How many tables the cache holds beyond the defaults, and their estimated bytes."""
        with self.lock:
            return len(self.recent), sum(self.sizes.values())


TABLES = TableCache()
"""Every process's tables (each gunicorn worker has its own; the defaults load before the fork)."""


try:  # orjson reads a table's JSON several times faster; the engine works without it
    from orjson import loads as _json_loads
except ImportError:  # pragma: no cover
    _json_loads = json.loads  # type: ignore[assignment]


def _at_most(strengths: Iterable[int]) -> array.array[int]:
    """How many of these hands' ``strengths`` are each strength or less (index: the strength)."""
    found = Counter(strengths)
    counts = [0] * (max(found) + 1)
    for strength, n in found.items():
        counts[strength] = n
    return array.array("I", itertools.accumulate(counts))


def _hand_strengths(data: TableData | LazyTableData) -> Iterable[int]:
    """The strength of each hand of ``data``, in combination order."""
    if isinstance(data, LazyTableData):
        return data.strengths
    return map(_strengths(data).__getitem__, data.ids)


class PackedKeys(Sequence[Any]):
    """A table's comparison keys, weakest first, packed in one bytes object, each read (by ``key_of``, from its
    bytes) when asked: a sequence that ``bisect`` searches, some 16 bytes a key."""

    def __init__(self, packed: Iterable[bytes], key_of: Callable[[bytes], Any]) -> None:
        parts = list(packed)
        self.blob = b"".join(parts)
        self.ends = array.array("I", itertools.accumulate(map(len, parts), initial=0))
        self.key_of = key_of

    def __len__(self) -> int:
        return len(self.ends) - 1

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.key_of(self.blob[self.ends[index] : self.ends[index + 1]])

    def nbytes(self) -> int:
        return sys.getsizeof(self.blob) + sys.getsizeof(self.ends)


def _strengths(data: TableData) -> list[int]:
    """The strength of each answer of ``data``, by answer id."""
    return [answer["strength"] for answer in data.answers]


def answer_token(answer: HandRank) -> tuple[Any, ...]:
    """What makes two answers the same (the percentile follows from the strength)."""
    interpretation = answer.get("interpretation")
    pairs = tuple(interpretation.items()) if interpretation is not None else None
    return (answer["category"], answer["strength"], answer["description"], pairs)


def _jsonable(key: Any) -> Any:
    """``key`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(key))


def shipped(game: str) -> TableData | None:
    """The table shipped for ``game``'s default options, or None if the package has none."""
    try:
        blob = resources.files(DATA_PACKAGE).joinpath(f"{game}.table").read_bytes()
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    return loads(blob)
