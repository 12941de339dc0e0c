"""Percentile (docs/api.md section 10): below / equal / total of every hand, by brute force over the full pack."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from service.rules.registry import GAMES

OPTION_SETS = [
    ("three-card-brag", None),
    ("three-card-brag", {"a23_rank": "lowest", "prial_order": "aces_high"}),
    ("old-brag", None),
    ("old-brag", {"fewer_braggers_better": True}),
    ("broggin", None),
]


@pytest.mark.parametrize(("game_id", "raw"), OPTION_SETS)
def test_every_hand_s_percentile_counts_the_hands_below_and_equal(game_id, raw):
    game = GAMES[game_id]
    options = game.options(raw)
    hands = list(itertools.combinations(game.full_pack(), game.hand_size))
    strengths = [evaluation.strength for evaluation in game.evaluate(hands, options)]
    by_strength = Counter(strengths)
    weaker = 0
    expected = {}
    for strength in sorted(by_strength):
        expected[strength] = (weaker, by_strength[strength])
        weaker += by_strength[strength]
    total = math.comb(len(game.full_pack()), game.hand_size)
    found = game.percentiles(hands, options)
    for strength, percentile in zip(strengths, found, strict=True):
        below, equal = expected[strength]
        assert (percentile["below"], percentile["equal"], percentile["total"]) == (below, equal, total)
        assert percentile["value"] == (below + equal / 2) / total
    assert total in (22_100, 91_390)


def test_percentile_weighs_hands_not_classes():
    game = GAMES["three-card-brag"]
    options = game.options(None)
    prial, high = game.percentiles([["3S", "3H", "3D"], ["5S", "3H", "2D"]], options)
    assert prial["below"] == 22_100 - 4 and prial["equal"] == 4  # three threes: the best hand, four ways
    assert high["below"] == 0 and high["equal"] == 4**3 - 4  # 5-3-2 of any suits but one
    middle = game.percentiles([["AS", "AH", "2D"]], options)[0]  # aces, the lowest kicker: flushes and better above
    assert 0.89 < middle["value"] < 0.92
