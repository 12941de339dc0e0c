"""The portable sampler ``sha256-sample/1`` (API.md section 10): the byte stream and ``uniform(m)`` of the seeded
shuffle (:mod:`service.rules.shuffle`), one stream for every sample of a request."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

from service.rules.shuffle import byte_stream, rejection_limit

RNG = "sha256-sample/1"

T = TypeVar("T")


def sample_draws(unknown: Sequence[T], need: int, samples: int, seed: str) -> Iterator[list[T]]:
    """For each of ``samples`` samples: a fresh copy ``U`` of ``unknown`` (in canonical order), ``j = uniform(i + 1)``
    and ``U[i], U[j]`` swapped for ``i`` from ``len(U) - 1`` down to ``len(U) - need``; then ``U[len(U) - need:]``,
    in index order (the cards to deal to opponent 0, 1, ..., each as many as it lacks)."""
    word = byte_stream(seed).__next__
    first = len(unknown) - need
    steps = [(i, i + 1, rejection_limit(i + 1)) for i in range(len(unknown) - 1, first - 1, -1)]
    for _ in range(samples):
        cards = list(unknown)
        for i, m, limit in steps:  # j = uniform(i + 1), inlined
            value = word()
            while value >= limit:
                value = word()
            j = value % m
            cards[i], cards[j] = cards[j], cards[i]
        yield cards[first:]
