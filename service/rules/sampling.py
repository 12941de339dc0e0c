"""The portable sampler ``sha256-sample/1`` (API.md section 10): the byte stream and ``uniform(m)`` of the seeded
shuffle (:mod:`service.rules.shuffle`), one stream for every sample of a request."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterator, Sequence
from typing import TypeVar

from service.rules.shuffle import byte_stream, rejection_limit, uniform

RNG = "sha256-sample/1"

T = TypeVar("T")


def sample_draws(unknown: Sequence[T], need: int, samples: int, seed: str) -> Iterator[list[T]]:
    """For each of ``samples`` samples: a fresh copy ``U`` of ``unknown`` (in canonical order), ``j = uniform(i + 1)``
    and ``U[i], U[j]`` swapped for ``i`` from ``len(U) - 1`` down to ``len(U) - need``; then ``U[len(U) - need:]``,
    in index order (the cards to deal to opponent 0, 1, ..., each as many as it lacks).

    A sample's ``need`` words are read and reduced at C speed; should one of them be rejected (a chance below
    2**-57 a word), that sample is drawn again word by word from the same words, as ``uniform`` defines."""
    stream = byte_stream(seed)
    first = len(unknown) - need
    positions = range(len(unknown) - 1, first - 1, -1)
    sizes = [i + 1 for i in positions]
    limits = [rejection_limit(m) for m in sizes]
    for _ in range(samples):
        cards = list(unknown)
        words = list(itertools.islice(stream, need))
        if any(map(operator.ge, words, limits)):
            stream = itertools.chain(words, stream)
            draws = [uniform(stream, m) for m in sizes]
        else:
            draws = list(map(operator.mod, words, sizes))
        for i, j in zip(positions, draws):  # noqa: B905 - as many draws as positions
            cards[i], cards[j] = cards[j], cards[i]
        yield cards[first:]
