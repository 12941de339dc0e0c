"""Hand tables: every possible hand of a hand game under one set of ranking options, with its evaluation.

A :class:`HandTable` answers a hand with a shared :class:`HandRank` (category, dense strength, description,
wild-card reading and the same as a JSON-ready object), found by one dict lookup on the sum of the hand's
card values (:mod:`service.rules.hand_keys`). Hands with the same evaluation share one ``HandRank``.

The tables for each game's default options ship with the package (``service/rules/data/<game>.table``,
written by ``python -m service.rules.tables``, loaded in milliseconds). Tables for other options are built on
first use and kept in :data:`TABLES`, a least-recently-used cache bounded by count and by size, so that no
sequence of option sets grows a process without limit.
"""

from __future__ import annotations

import array
import itertools
import json
import struct
import sys
import threading
import zlib
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from service.rules.hand_keys import card_values

MAGIC = b"card-arbiter hand table 1\n"
DATA_PACKAGE = "service.rules.data"


class Percentile(TypedDict):
    """Where a strength stands among every hand of the full pack (API.md section 10): ``below`` hands are
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
            interpretation = answer.get("interpretation")
            pairs = tuple(interpretation.items()) if interpretation is not None else None
            token = (answer["category"], answer["strength"], answer["description"], pairs)
            found = index.get(token)
            if found is None:
                found = index[token] = len(answers)
                answers.append(answer)
            ids.append(found)
        return cls(game, _jsonable(options), tuple(pack), hand_size, ids, answers, keys)


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
:meth:`~service.rules.game.HandGame.describe`), counted in its size."""

LISTED_SPAN = 1 << 20
"""Tables whose keys are below this (three-card hands: 420,000) may keep what is derived from them in tuples
indexed by the key (8 bytes a slot)."""


class HandTable:
    """Every hand's evaluation, looked up by its key: the sum of its cards' values (see
    :mod:`service.rules.hand_keys`)."""

    __slots__ = ("bits", "by_hand", "keys", "data", "derived", "key_span", "answers", "at_most", "_by_card", "_by_pair",
                 "_strengths")  # fmt: skip

    def __init__(self, data: TableData, key_of: Callable[[Any], Any] = lambda key: key) -> None:
        self.data = data
        self.bits = dict(zip(data.pack, card_values(len(data.pack), data.hand_size), strict=True))
        masks = map(sum, itertools.combinations(self.bits.values(), data.hand_size))
        self.at_most = _at_most(data)
        """The cumulative count: ``at_most[s]`` hands of the pack have a strength of ``s`` or less."""
        self.answers: list[HandRank] = [
            {**answer, "percentile": self.percentile(answer["strength"])} for answer in data.answers
        ]
        """The table's distinct answers, each with its percentile (what the evaluation answers give)."""
        self.by_hand: dict[int, HandRank] = dict(zip(masks, map(self.answers.__getitem__, data.ids), strict=True))
        if len(self.by_hand) != len(data.ids):  # pragma: no cover - see hand_keys
            raise ValueError("hand keys collide")
        self.keys = [key_of(k) for k in data.keys]
        self.key_span = data.hand_size * max(self.bits.values()) + 1
        """Every key, a real hand's or a card's twice, is below this."""
        self.derived: dict[str, Any] = {}
        """What other layers derive from the table once and keep as long as it (the HTTP layer's answers as
        JSON text)."""
        self._by_card: tuple[array.array[int], ...] | None = None
        self._by_pair: dict[tuple[int, ...], array.array[int]] | None = None
        self._strengths: dict[int, int] | None = None

    def lookup(self, hands: Iterable[Sequence[str]]) -> list[HandRank]:
        """The evaluation of each hand: canonical, distinct cards of the pack (else KeyError or ValueError)."""
        bits, by_hand = self.bits, self.by_hand
        if self.data.hand_size == 3:  # unpacked: a third of the time of sum(map(...))
            return [by_hand[bits[x] + bits[y] + bits[z]] for x, y, z in hands]
        if self.data.hand_size == 4:
            return [by_hand[bits[w] + bits[x] + bits[y] + bits[z]] for w, x, y, z in hands]
        return [by_hand[sum(map(bits.__getitem__, hand))] for hand in hands]

    def rank(self, hand: Sequence[str]) -> HandRank:
        """The evaluation of one hand."""
        return self.by_hand[sum(map(self.bits.__getitem__, hand))]

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
        if self._strengths is None:
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
        strengths = _strengths(self.data)
        lists: dict[tuple[int, ...], list[int]] = {}
        cards = itertools.combinations(range(len(self.data.pack)), self.data.hand_size)
        for hand, strength in zip(cards, map(strengths.__getitem__, self.data.ids), strict=True):
            for part in itertools.combinations(hand, size):
                found = lists.get(part)
                if found is None:
                    found = lists[part] = []
                found.append(strength)
        code = "H" if max(strengths) <= 0xFFFF else "I"
        return {part: array.array(code, sorted(held)) for part, held in lists.items()}

    def nbytes(self) -> int:
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
        build: Callable[[], TableData],
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
            data = shipped(game) if default else None
            if data is None or data.options != _jsonable(key):  # none shipped, or not for these options
                data = build()
                self.builds += 1
            table = HandTable(data, key_of)
            if default:
                self.pinned[slot] = table
                return table
            self.recent[slot] = table
            self.sizes[slot] = table.nbytes()
            while len(self.recent) > self.max_tables or (
                len(self.recent) > 1 and sum(self.sizes.values()) > self.max_bytes
            ):
                oldest, _ = self.recent.popitem(last=False)
                del self.sizes[oldest]
            return table

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


def _at_most(data: TableData) -> array.array[int]:
    """How many hands of ``data`` have each strength or less (index: the strength)."""
    strengths = _strengths(data)
    counts = [0] * (max(strengths) + 1)
    for answer_id, n in Counter(data.ids).items():
        counts[strengths[answer_id]] += n
    return array.array("I", itertools.accumulate(counts))


def _strengths(data: TableData) -> list[int]:
    """The strength of each answer of ``data``, by answer id."""
    return [answer["strength"] for answer in data.answers]


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


def write_default_tables(folder: Path | None = None) -> list[Path]:
    """Build every hand game's table for its default options and write it as package data."""
    from service.rules.game import HandGame
    from service.rules.registry import GAMES

    target = folder or Path(__file__).resolve().parent / "data"
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for game in GAMES.values():
        if isinstance(game, HandGame):
            path = target / f"{game.id}.table"
            path.write_bytes(dumps(game.table_data(game.options(None))))
            written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write_default_tables():
        print(f"wrote {written_path} ({written_path.stat().st_size:,} bytes)")
