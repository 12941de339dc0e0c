"""The portable seeded shuffle ``sha256-fisher-yates/1`` and the deck commitment (docs/api.md section 5)."""

from __future__ import annotations

import hashlib
import itertools
import struct
from collections.abc import Iterator, Sequence
from functools import cache

ALGORITHM = "sha256-fisher-yates/1"


_BATCH = 64
"""Blocks hashed at a time by :func:`byte_stream` (a sampler reads millions of words; a deal reads a few)."""
_BATCH_WORDS = struct.Struct(f">{4 * _BATCH}Q")


def byte_stream(seed: str) -> Iterator[int]:
    """Big-endian unsigned 64-bit integers read from SHA-256(seed ":" k) blocks, k = 0, 1, 2, ... (hashed
    :data:`_BATCH` blocks at a time, their words unpacked at once and handed out by a C iterator)."""
    message = seed.encode("utf-8").replace(b"%", b"%%") + b":%d"  # the seed's own "%" written as they are
    sha256 = hashlib.sha256

    def words(start: int) -> tuple[int, ...]:
        blocks = [sha256(message % k).digest() for k in range(start, start + _BATCH)]
        return _BATCH_WORDS.unpack(b"".join(blocks))

    return itertools.chain.from_iterable(map(words, itertools.count(0, _BATCH)))


def uniform(stream: Iterator[int], m: int) -> int:
    """An unbiased integer in ``[0, m)``: rejection sampling below :func:`rejection_limit`."""
    limit = _LIMITS[m]
    while True:
        value = next(stream)
        if value < limit:
            return value % m


def shuffle(pack: Sequence[str], seed: str) -> tuple[str, ...]:
    """The deck that ``seed`` makes of ``pack``: Fisher-Yates from the last position down to 1.

    The words are read in whole blocks first; should one of them be rejected (a chance below 2**-57 per
    deck), the deck is drawn again word by word, as :func:`uniform` defines."""
    deck = list(pack)
    swaps = len(deck) - 1
    if swaps < 1:
        return tuple(deck)
    prefix = hashlib.sha256(seed.encode("utf-8") + b":")  # each block's hash goes on from the seed's, copied
    blocks = (swaps + 3) // 4
    digests = []
    for k in _counters(blocks):
        block = prefix.copy()
        block.update(k)
        digests.append(block.digest())
    words = _words(blocks).unpack(b"".join(digests))
    for i, value, limit in zip(range(swaps, 0, -1), words, _limits_down(swaps + 1)):  # noqa: B905 - a block's last words go unread
        if value >= limit:
            return _shuffle_by_word(pack, seed)
        j = value % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@cache
def _words(blocks: int) -> struct.Struct:
    """``blocks`` SHA-256 blocks as big-endian unsigned 64-bit integers, four a block."""
    return struct.Struct(f">{4 * blocks}Q")


@cache
def _counters(blocks: int) -> tuple[bytes, ...]:
    """The block numbers ``0`` to ``blocks`` - 1 as the messages write them (decimal ASCII)."""
    return tuple(b"%d" % k for k in range(blocks))


@cache
def _limits_down(size: int) -> tuple[int, ...]:
    """The :func:`rejection_limit` of ``m`` = ``size``, ``size`` - 1, ... 2: the Fisher-Yates draws in order."""
    return tuple(rejection_limit(m) for m in range(size, 1, -1))


def _shuffle_by_word(pack: Sequence[str], seed: str) -> tuple[str, ...]:
    """:func:`shuffle` drawing each position from the stream with :func:`uniform` (rejections and all)."""
    deck = list(pack)
    stream = byte_stream(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = uniform(stream, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def rejection_limit(m: int) -> int:
    """``(2**64 // m) * m``: the words below it are spread evenly over ``[0, m)``."""
    return (2**64 // m) * m


class _Limits(dict[int, int]):
    """The :func:`rejection_limit` of each ``m``, computed on first use."""

    def __missing__(self, m: int) -> int:
        limit = self[m] = rejection_limit(m)
        return limit


_LIMITS = _Limits()


def deck_commitment(deck: Sequence[str]) -> str:
    """Lowercase hex SHA-256 of the canonical codes joined with ``,``."""
    return hashlib.sha256(",".join(deck).encode("utf-8")).hexdigest()
