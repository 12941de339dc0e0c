"""Hand tables: the shipped ones are what the rules build, and the cache for other options stays bounded."""

from __future__ import annotations

import itertools
import random
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from service.rules.old_brag.evaluation import flags_of
from service.rules.registry import GAMES
from service.rules.tables import LAZY_ANSWERS, TABLES, HandTable, TableCache, TableData, dumps, loads, shipped

OLD_BRAG = GAMES["old-brag"]
FLAGS = ("only_ace_diamond_natural", "pair_natural_priority", "fewer_braggers_better", "ace_prial_max_one_bragger")


def every_old_brag_ranking() -> list[dict[str, bool]]:
    """The 16 option sets that change how Old Brag hands rank (one table each)."""
    return [dict(zip(FLAGS, values, strict=True)) for values in itertools.product((False, True), repeat=4)]


@pytest.mark.parametrize("game_id", ["three-card-brag", "old-brag"])
def test_shipped_table_is_a_fresh_build(game_id):
    game = GAMES[game_id]
    assert shipped(game_id) == game.table_data(game.options(None))


@pytest.mark.exhaustive
def test_shipped_broggin_table_is_a_fresh_build():
    game = GAMES["broggin"]
    assert shipped("broggin") == game.table_data(game.options(None))


def test_a_table_reads_back_as_written():
    data = OLD_BRAG.table_data(OLD_BRAG.options({"only_ace_diamond_natural": True}))
    assert loads(dumps(data)) == data
    assert len(data.ids) == 22_100 and max(data.ids) == len(data.answers) - 1
    with pytest.raises(ValueError, match="not a card-arbiter hand table"):
        loads(b"garbage")


@pytest.fixture
def cache(monkeypatch):
    """The process's table cache, emptied of other options' tables for the test and bounded at 3 tables."""
    monkeypatch.setattr(TABLES, "max_tables", 3)
    with emptied():
        yield TABLES


@contextmanager
def emptied() -> Iterator[None]:
    """The process's table cache emptied while it lasts, then given back what it held."""
    recent, sizes = TABLES.recent.copy(), TABLES.sizes.copy()
    TABLES.recent.clear()
    TABLES.sizes.clear()
    try:
        yield
    finally:
        TABLES.recent.clear()
        TABLES.sizes.clear()
        TABLES.recent.update(recent)
        TABLES.sizes.update(sizes)


def test_the_default_table_comes_from_the_package_not_a_build(cache):
    game = GAMES["three-card-brag"]
    builds = cache.builds
    assert game.evaluate([["AS", "AH", "AD"]], game.options(None))[0].category == "prial"
    assert cache.builds == builds and cache.size() == (0, 0)  # shipped and pinned, outside the bounded part
    game.evaluate([["AS", "AH", "AD"]], game.options({"a23_rank": "lowest"}))
    assert cache.builds == builds + 1 and cache.size()[0] == 1


def test_many_option_sets_do_not_grow_the_cache_past_its_bound(cache):
    builds = cache.builds
    rng = random.Random(11)
    hands = [rng.sample(OLD_BRAG.full_pack(), 3) for _ in range(50)]
    for raw in every_old_brag_ranking():
        options = OLD_BRAG.options(raw)
        found = [e.strength for e in OLD_BRAG.evaluate(hands, options)]
        fresh = HandTable(OLD_BRAG.table_data(options))
        assert found == [r["strength"] for r in fresh.lookup(hands)]
        assert cache.size()[0] <= 3
    assert cache.builds == builds + 15  # the default is shipped; each other set built once
    assert len(cache.recent) == 3


def test_the_least_recently_used_table_goes_first(cache, monkeypatch):
    monkeypatch.setattr(cache, "max_tables", 2)
    first, second, third = (OLD_BRAG.options(raw) for raw in every_old_brag_ranking()[1:4])
    hand = [["AD", "JC", "9D"]]
    OLD_BRAG.evaluate(hand, first)
    OLD_BRAG.evaluate(hand, second)
    OLD_BRAG.evaluate(hand, first)  # first is now the most recent
    OLD_BRAG.evaluate(hand, third)  # second goes
    assert [key for _, key in cache.recent] == [flags_of(first), flags_of(third)]
    builds = cache.builds
    OLD_BRAG.evaluate(hand, first)
    assert cache.builds == builds
    OLD_BRAG.evaluate(hand, second)
    assert cache.builds == builds + 1


def test_new_bounds_apply_at_once_least_recently_used_first():
    cache = TableCache(max_tables=4)
    rankings = every_old_brag_ranking()[1:5]
    for raw in rankings:
        cache.get("old-brag", tuple(raw.values()), lambda raw=raw: OLD_BRAG.table_data(OLD_BRAG.options(raw)))
    cache.get("old-brag", tuple(rankings[0].values()), lambda: pytest.fail("the first table was cached"))
    assert cache.resize(2, 2**40) == (4, 64 * 2**20)
    assert [key for _, key in cache.recent] == [tuple(rankings[3].values()), tuple(rankings[0].values())]
    assert cache.resize(8, 1) == (2, 2**40) and cache.size()[0] == 1  # one table kept over the bytes bound
    assert (cache.max_tables, cache.max_bytes) == (8, 1)


def test_the_size_bound_keeps_one_table_at_most_when_each_is_over_it():
    cache = TableCache(max_tables=10, max_bytes=1)
    built = []

    def build(raw: dict[str, bool]) -> TableData:
        built.append(raw)
        return OLD_BRAG.table_data(OLD_BRAG.options(raw))

    for raw in every_old_brag_ranking()[1:5]:
        table = cache.get("old-brag", tuple(raw.values()), lambda raw=raw: build(raw))
        assert table.nbytes() > 1
        assert cache.size()[0] == 1
    assert len(built) == 4


# -- Broggin's tables for other options (issue 28 item 3) --------------------------------------------------------
BROGGIN = GAMES["broggin"]
BROGGIN_OPTIONS = (
    {"kickers": True},
    {"kickers": True, "suit_compare": "by_card"},
    {"high_card_compare": "top_only", "kickers": True},
    {"suit_compare": "by_card"},
)
"""Four option sets whose tables are built on first use (the first three from the issue)."""


@pytest.fixture
def broggin_cache():
    """The process's table cache with its own bounds (four tables, 64 MiB), emptied for the test."""
    with emptied():
        yield TABLES


def test_four_broggin_option_sets_stay_cached(broggin_cache):
    """Rotating four option sets builds each table once: four fit the cache's budget (each was 78 to 148 MiB
    by its estimate, and a rotation rebuilt almost every time)."""
    assert (broggin_cache.max_tables, broggin_cache.max_bytes) == (4, 64 * 2**20)
    hand = [["Witch", "1Sw", "2Sw", "3Sw"]]
    builds = broggin_cache.builds
    for _ in range(2):
        for raw in BROGGIN_OPTIONS:
            BROGGIN.evaluate(hand, BROGGIN.options(raw))
    assert broggin_cache.builds == builds + 4
    count, size = broggin_cache.size()
    assert count == 4 and size <= broggin_cache.max_bytes


def _fill(table: HandTable, options, rng: random.Random) -> None:
    """Everything a table keeps at its largest: as many answers written as it keeps, their Swedish texts, the
    counts equity uses, the strengths by key."""
    hands = [list(h) for h in rng.sample(list(itertools.combinations(BROGGIN.full_pack(), 4)), LAZY_ANSWERS - 1)]
    ranks = BROGGIN.ranks(hands, options)
    BROGGIN.describe(hands, ranks, options, "sv")
    table.by_card(), table.by_pair(), table.strengths()


@pytest.mark.exhaustive
def test_a_cached_broggin_table_s_estimate_is_honest(broggin_cache):
    """What a build and its use keep (tracemalloc) is within the table's estimate, and four estimates within the
    cache's budget: for the largest table (card-by-card suits: 54,240 keys)."""
    options = BROGGIN.options(BROGGIN_OPTIONS[1])
    tracemalloc.start()
    try:
        table = BROGGIN.hand_table(options)
        _fill(table, options, random.Random(28))
        kept, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert not table.complete
    assert kept <= table.nbytes() <= 1.5 * kept
    assert 4 * table.nbytes() <= broggin_cache.max_bytes


@pytest.mark.exhaustive
@pytest.mark.parametrize("raw", BROGGIN_OPTIONS[:3], ids=["kickers", "by_card", "top_only"])
def test_a_cached_broggin_table_answers_as_the_whole_build(raw, broggin_cache):
    """Every hand's answer written when asked is the one the whole build writes ahead (shipped tables are built
    that way), in every card order, with its comparison key."""
    options = BROGGIN.options(raw)
    cached = BROGGIN.hand_table(options)
    whole = HandTable(BROGGIN.table_data(options), key_of=lambda k: (k[0], tuple(k[1]), k[2], tuple(k[3])))
    assert not cached.complete and whole.complete
    hands = [list(h) for h in itertools.combinations(BROGGIN.full_pack(), 4)]
    rng = random.Random(3)
    for hand in hands:
        rng.shuffle(hand)
    found = cached.lookup(hands)
    assert found == whole.lookup(hands)
    assert [list(a) for a in found] == [list(a) for a in whole.lookup(hands)]  # the members in the same order
    assert list(cached.keys) == whole.keys
    assert cached.strengths() == whole.strengths() and cached.at_most == whole.at_most
    assert cached.by_pair() == whole.by_pair()
