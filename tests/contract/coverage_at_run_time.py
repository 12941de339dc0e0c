"""Schemathesis's coverage phase made when a test runs, not when it is collected.

Schemathesis (4.x) builds every operation's coverage cases (its deterministic edge cases, each attached to the
test as a Hypothesis ``@example``) while pytest collects the module: some 40 s of CPU for this contract's 112
operations, spent again by each xdist worker, though each runs only its share of the tests. :func:`install`
replaces the builder's ``add_coverage`` with one that attaches a list Hypothesis fills on first reading, by the
same ``add_coverage``, when the operation's test runs: the same cases in the same order, built once, by the
worker that runs them (tests/contract/test_coverage_at_run_time.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from schemathesis.generation.hypothesis import builder

EAGER: Callable[..., Callable[..., Any]] = builder.add_coverage
"""Schemathesis's own ``add_coverage``."""


class ExamplesAtRunTime(list):  # type: ignore[type-arg]
    """Hypothesis's ``hypothesis_explicit_examples`` of one test: the examples it had (the contract's own, which
    schemathesis attaches first), then those ``make`` gives, made on first reading (iteration, ``len``, truth) or
    before anything more is appended."""

    def __init__(self, had: list[Any], make: Callable[[], list[Any]]) -> None:
        super().__init__(had)
        self._make: Callable[[], list[Any]] | None = make

    def _fill(self) -> None:
        if self._make is not None:
            make, self._make = self._make, None
            super().extend(make())

    def __iter__(self) -> Iterator[Any]:
        self._fill()
        return super().__iter__()

    def __reversed__(self) -> Iterator[Any]:
        self._fill()
        return super().__reversed__()

    def __len__(self) -> int:
        self._fill()
        return super().__len__()

    def append(self, example: Any) -> None:
        self._fill()
        super().append(example)


def coverage_examples(operation: Any, *args: Any, **kwargs: Any) -> list[Any]:
    """The explicit examples schemathesis's ``add_coverage`` attaches for ``operation``, in attachment order."""

    def probe(case: Any) -> None:  # pragma: no cover - never called, only decorated
        del case

    return list(getattr(EAGER(probe, operation, *args, **kwargs), "hypothesis_explicit_examples", []))


def add_coverage_at_run_time(test: Callable[..., Any], operation: Any, *args: Any, **kwargs: Any) -> Callable[..., Any]:
    had = list(getattr(test, "hypothesis_explicit_examples", []))
    test.hypothesis_explicit_examples = ExamplesAtRunTime(  # type: ignore[attr-defined]
        had, lambda: coverage_examples(operation, *args, **kwargs)
    )
    return test


def install() -> None:
    """Coverage cases made at run time, for every schemathesis test of this process."""
    builder.add_coverage = add_coverage_at_run_time
