"""Briscola's rollout on lists (service/rules/bots/briscola_rollout.py) is the engine's greedy rollout: from every
state of random deals (two to six seats, both tie rules, turn-ups exchanged), the same outcome for the seat to act."""

from __future__ import annotations

import pytest

from service.rules.bots import briscola_rollout, pimc
from service.rules.bots.cheap import rollout_action
from service.rules.registry import GAMES
from tests.simulation import play


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("tie_rule", ["draw", "last_trick"])
def test_the_rollout_on_lists_ends_as_the_engines(players, tie_rule):
    game = GAMES["briscola"]
    compared = 0
    for k in range(6):
        deal = play(game, players, f"rollout-{k}", options={"tie_rule": tie_rule})
        for state in deal.states():
            if state.to_act is None:
                continue
            seat = state.to_act
            assert briscola_rollout.play_out(game, state, seat) == pimc.play_out(game, state, seat, rollout_action)
            compared += 1
    assert compared > 6 * 10


def test_the_win_bonus_is_the_samplers():
    assert briscola_rollout.WIN_BONUS == pimc.WIN_BONUS
