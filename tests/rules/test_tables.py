"""Hand tables: the shipped ones are what the rules build, and the cache for other options stays bounded."""

from __future__ import annotations

import itertools
import random

import pytest

from service.rules.old_brag.evaluation import flags_of
from service.rules.registry import GAMES
from service.rules.tables import TABLES, HandTable, TableCache, TableData, dumps, loads, shipped

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
    recent, sizes = TABLES.recent.copy(), TABLES.sizes.copy()
    TABLES.recent.clear()
    TABLES.sizes.clear()
    monkeypatch.setattr(TABLES, "max_tables", 3)
    yield TABLES
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
