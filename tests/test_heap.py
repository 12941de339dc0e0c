"""tests/heap.py: between tests the heap is frozen, and what a test left in a cycle is reclaimed first."""

from __future__ import annotations

import gc
import weakref

import pytest

from tests import heap


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_the_heap_that_lived_before_this_test_is_frozen(request: pytest.FixtureRequest) -> None:
    assert request.config.pluginmanager.get_plugin("card-arbiter-heap") is heap
    assert gc.get_freeze_count() > 1_000  # the collected items at least


def test_a_cycle_left_behind_is_reclaimed_before_the_freeze() -> None:
    first, second = Node(), Node()
    first.other, second.other = second, first
    gone = weakref.ref(first)
    del first, second
    heap.settle()
    assert gone() is None
    assert gc.get_freeze_count() > 0


def test_every_so_often_the_frozen_heap_is_collected_whole() -> None:
    kept = Node()
    kept.other = kept
    gone = weakref.ref(kept)
    heap.settle()  # frozen while alive
    del kept
    for _ in range(heap.THAW_EVERY):
        heap.settle()
    assert gone() is None
