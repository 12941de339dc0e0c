"""The portable sampler ``sha256-sample/1`` (docs/api.md section 10): the byte stream and ``uniform(m)`` of the seeded
shuffle (:mod:`service.rules.shuffle`), one stream for every sample of a request."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterator, Sequence
from typing import TypeVar

from service.rules import deadline
from service.rules.shuffle import byte_stream, rejection_limit, uniform

RNG = "sha256-sample/1"

T = TypeVar("T")

_CHUNK = 4096
"""About how many words the sampler reads and checks at once."""


def sample_draws(unknown: Sequence[T], need: int, samples: int, seed: str) -> Iterator[list[T]]:
    """For each of ``samples`` samples: a fresh copy ``U`` of ``unknown`` (in canonical order), ``j = uniform(i + 1)``
    and ``U[i], U[j]`` swapped for ``i`` from ``len(U) - 1`` down to ``len(U) - need``; then ``U[len(U) - need:]``,
    in index order (the cards to deal to opponent 0, 1, ..., each as many as it lacks).

    The words of many samples are read, checked and reduced at once, at C speed; should one of them be rejected
    (a chance below 2**-57 a word), those samples are drawn again one by one from the same words, as ``uniform``
    defines."""
    stream = byte_stream(seed)
    first = len(unknown) - need
    positions = range(len(unknown) - 1, first - 1, -1)
    sizes = [i + 1 for i in positions]
    limits = [rejection_limit(m) for m in sizes]
    lowest = min(limits, default=0)
    batch = max(1, _CHUNK // max(need, 1))
    for start in range(0, samples, batch):
        deadline.check()
        count = min(batch, samples - start)
        words = list(itertools.islice(stream, count * need))
        if max(words, default=-1) < lowest:
            draws = iter(list(map(operator.mod, words, sizes * count)))
            for _ in range(count):
                cards = list(unknown)
                for i, j in zip(positions, draws):  # noqa: B905 - positions end first: need draws a sample
                    cards[i], cards[j] = cards[j], cards[i]
                yield cards[first:]
        else:
            stream = itertools.chain(words, stream)
            for _ in range(count):
                yield _one_by_one(unknown, stream, positions, sizes, limits)


def _one_by_one(
    unknown: Sequence[T], stream: Iterator[int], positions: range, sizes: list[int], limits: list[int]
) -> list[T]:
    """One sample: its words reduced at once, or, should one of them be rejected, drawn again word by word."""
    cards = list(unknown)
    words = list(itertools.islice(stream, len(sizes)))
    if any(map(operator.ge, words, limits)):
        stream = itertools.chain(words, stream)
        draws = [uniform(stream, m) for m in sizes]
    else:
        draws = list(map(operator.mod, words, sizes))
    for i, j in zip(positions, draws):  # noqa: B905 - as many draws as positions
        cards[i], cards[j] = cards[j], cards[i]
    return cards[len(unknown) - len(sizes) :]
