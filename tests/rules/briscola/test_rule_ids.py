"""Every refusal names the rule actually broken (issue 10 item 3): Briscola and Briscola chiamata."""

from __future__ import annotations

import pytest

from service.rules.briscola import Briscola, BriscolaChiamata
from service.rules.errors import IllegalAction
from tests.actions import act
from tests.rules.briscola.seed_example import EXAMPLE_DECK

CHIAMATA = BriscolaChiamata()
BRISCOLA = Briscola()


def refusal(game, state, action):
    with pytest.raises(IllegalAction) as err:
        game.apply(state, action)
    return err.value.code, err.value.rule


@pytest.mark.parametrize(
    ("auction", "points", "rule"),
    [
        ("points_only", 65, "BRI-A10"),  # a bid the rules allow but below this table's points_min
        ("points_only", 60, "3(b')2"),  # below 61: no point bid is that low
        ("points_only", 121, "3(b')2"),
    ],
)
def test_point_bid_below_points_min_breaks_BRI_A10(auction, points, rule):
    state = CHIAMATA.deal(5, 4, CHIAMATA.options({"auction": auction, "points_min": 70}), EXAMPLE_DECK).state
    assert refusal(CHIAMATA, state, act(CHIAMATA, 0, "bid", points=points)) == ("bid_out_of_range", rule)


def test_point_bid_not_above_the_last_breaks_3b2_whatever_points_min():
    state = CHIAMATA.deal(5, 4, CHIAMATA.options({"auction": "points_only", "points_min": 70}), EXAMPLE_DECK).state
    state = CHIAMATA.apply(state, act(CHIAMATA, 0, "bid", points=75)).state
    assert refusal(CHIAMATA, state, act(CHIAMATA, 1, "bid", points=72)) == ("bid_out_of_range", "3(b')2")


def test_briscola_pairs():
    state = BRISCOLA.deal(2, 1, BRISCOLA.options(None), EXAMPLE_DECK).state
    assert refusal(BRISCOLA, state, act(BRISCOLA, 0, "play", card="KD")) == ("card_not_in_hand", "3(b)4")
    assert refusal(BRISCOLA, state, act(BRISCOLA, 0, "exchange_turnup")) == ("exchange_not_allowed", "BRI-A5")
    assert refusal(BRISCOLA, state, act(BRISCOLA, 1, "play", card="KD")) == ("not_your_turn", "turn")
