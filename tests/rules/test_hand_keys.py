"""Hand keys: every multiset of a hand's size sums to its own key (service/rules/hand_keys.py)."""

from __future__ import annotations

import itertools

import pytest

from service.rules.hand_keys import SIDON_SETS, bit_value, bose_chowla, card_values
from service.rules.registry import GAMES
from service.rules.tables import LISTED_SPAN


def _sums_are_distinct(values: tuple[int, ...], size: int) -> bool:
    sums = [sum(multiset) for multiset in itertools.combinations_with_replacement(values, size)]
    return len(set(sums)) == len(sums)


def _keys_name_hands(values: tuple[int, ...], size: int) -> bool:
    """What a table needs: real hands' sums are distinct, and no multiset with a repeat has a real hand's sum."""
    hands = [sum(hand) for hand in itertools.combinations(values, size)]
    repeats = {sum(m) for m in itertools.combinations_with_replacement(values, size) if len(set(m)) < size}
    return len(set(hands)) == len(hands) and repeats.isdisjoint(hands)


@pytest.mark.parametrize("size", sorted(SIDON_SETS))
def test_every_multiset_of_a_hand_size_has_its_own_sum(size):
    """The written-out sets are B_h sets: no two multisets of ``h`` values (repeats allowed) share a sum, so a
    hand with a card twice finds no real hand; every sum is a small integer."""
    values = SIDON_SETS[size]
    assert len(set(values)) == len(values)
    assert _sums_are_distinct(values, size)
    assert size * max(values) < 2**30


def test_a_set_that_is_not_b_h_is_told_apart():
    """The check above can fail: {0, 1, 2, 3} has 0 + 3 = 1 + 2."""
    assert not _sums_are_distinct((0, 1, 2, 3), 2)


@pytest.mark.parametrize(("q", "size"), [(53, 3), (41, 4)])
def test_the_written_out_sets_are_bose_and_chowlas(q, size):
    """Built again from the field (the four-card one in under a second: its primitive polynomial is found by
    the norm's test, its exponents by discrete logarithms; it was the slow test of the suite)."""
    assert bose_chowla(q, size) == SIDON_SETS[size]


@pytest.mark.parametrize("game_id", ["three-card-brag", "old-brag", "broggin"])
def test_each_hand_games_pack_takes_a_b_h_set(game_id):
    """The games' packs fit their sets (small keys); three-card hands' keys are few enough for a list."""
    game = GAMES[game_id]
    pack = game.full_pack()
    assert card_values(len(pack), game.hand_size) == SIDON_SETS[game.hand_size][: len(pack)]
    table = game.hand_table(game.options(None))
    assert (table.key_span <= LISTED_SPAN) == (game.hand_size == 3)


def test_a_pack_longer_than_any_set_takes_a_bit_per_card():
    values = card_values(60, 3)
    assert values == tuple(bit_value(i, 3) for i in range(60))
    assert _keys_name_hands(values, 3)
    assert not _keys_name_hands((1, 2, 3, 4), 3)  # 1 + 1 + 4 = 1 + 2 + 3
