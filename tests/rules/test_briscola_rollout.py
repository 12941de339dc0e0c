"""The rollouts on lists (service/rules/bots/briscola_rollout.py, chiamata_rollout.py) are the engine's greedy
rollout: from every state of random deals (Briscola: two to six seats, both tie rules, turn-ups exchanged; Briscola
chiamata: its option sets, every seat), the same outcome."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from service.rules.bots import briscola_rollout, chiamata_rollout, pimc
from service.rules.bots.cheap import allied_rollout_action, rollout_action, worth
from service.rules.bots.counting import counting_rollout_action
from service.rules.cards import suit
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


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_counting_rollout_on_lists_ends_as_the_engines(players):
    """The counting rule played on lists (each seat counting what it could not see in the world) ends every state
    of random deals as the engine's counting rollout does, for every seat, under both tie rules."""
    game = GAMES["briscola"]
    compared = 0
    for k in range(6):
        options = {"tie_rule": ("draw", "last_trick")[k % 2]}
        for state in play(game, players, f"counting-rollout-{k}", options=options).states():
            if state.to_act is None:
                continue
            for seat in {state.to_act, (state.to_act + 1) % players}:
                engine = pimc.play_out(game, state, seat, counting_rollout_action)
                assert briscola_rollout.play_out(game, state, seat, counting=True) == engine
            compared += 1
    assert compared > 6 * 10


def test_the_sampler_rolls_out_on_lists_by_its_level_s_rule(monkeypatch):
    """``normal`` and ``hard`` heads-up take the counting rollout on lists, ``easy`` the greedy one: a seat's values
    are those rollouts' mean over the same worlds."""
    game = GAMES["briscola"]
    state = next(s for s in play(game, 2, "counting-sampler").states() if s.to_act is not None and s.tricks)
    calls = []
    real = briscola_rollout.play_out

    def spy(game, state, seat, counting=False):
        calls.append(counting)
        return real(game, state, seat, counting)

    monkeypatch.setattr(briscola_rollout, "play_out", spy)
    for level in ("normal", "hard"):
        calls.clear()
        counted = pimc._rollout(game, state.to_act, pimc.budget("briscola", level, 2).rollout)
        assert counted(state) == real(game, state, state.to_act, True) and calls == [True]
    easy = pimc._rollout(game, state.to_act, pimc.budget("briscola", "easy", 2).rollout)
    assert easy(state) == real(game, state, state.to_act, False)
    assert real(game, state, state.to_act, True) != real(game, state, state.to_act, False)  # the state tells them apart


def test_the_win_bonus_is_the_samplers():
    assert briscola_rollout.WIN_BONUS == pimc.WIN_BONUS


CHIAMATA_OPTIONS = [
    {},
    {"auction": "points_only", "score_multipliers": "subito_al_due"},
    {"chiamata_first_lead": "caller", "all_pass": "dealer_must_bid", "cappotto_double": True},
]


@pytest.mark.parametrize("options", CHIAMATA_OPTIONS)
def test_chiamatas_rollout_on_lists_ends_as_the_engines(options):
    game = GAMES["briscola-chiamata"]
    compared = 0
    for k in range(8):
        deal = play(game, 5, f"chiamata-rollout-{k}", options=options)
        for state in deal.states():
            if state.to_act is None or state.phase != "play":
                continue
            for seat in range(5):
                assert chiamata_rollout.play_out(game, state, seat) == pimc.play_out(game, state, seat, rollout_action)
                allied = pimc.play_out(game, state, seat, allied_rollout_action)
                assert chiamata_rollout.play_out(game, state, seat, allied=True) == allied
            compared += 1
    assert compared > 8 * 20


def test_chiamatas_defenders_play_together_only_in_hards_rollouts():
    """Once the called card is down, a defender no longer takes a fellow defender's trick in ``hard``'s rollouts
    (:func:`~service.rules.bots.cheap.allied_rollout_action`); ``normal``'s greedy ones still do, so from some
    states of random deals the two end otherwise, and only ``hard``'s budget names the allied rollout."""
    game = GAMES["briscola-chiamata"]
    parted = contested = 0
    for k in range(8):
        for state in play(game, 5, f"chiamata-allied-{k}").states():
            if state.to_act is None or state.phase != "play" or state.partner is None:
                continue
            seat = state.to_act
            allied, alone = pimc.play_out(game, state, seat, allied_rollout_action), pimc.play_out(game, state, seat)
            parted += allied != alone
            if state.trick and seat not in (state.caller, state.partner):
                index, points = game.score_trick(state, state.trick)
                winning = (state.leader + index) % 5
                if points and winning not in (state.caller, state.partner):  # a fellow defender's trick
                    value = worth(game, state.trump, state.options)
                    cheapest = min(state.seats[seat].hand, key=lambda c: (suit(c) == state.trump, value[c]))
                    assert allied_rollout_action(game, state)["card"] == cheapest
                    contested += 1
    assert parted > 0 and contested > 0
    assert pimc.budget("briscola-chiamata", "hard", 5).rollout is allied_rollout_action
    assert pimc.budget("briscola-chiamata", "normal", 5).rollout is rollout_action


@pytest.mark.parametrize("options", CHIAMATA_OPTIONS)
@pytest.mark.parametrize("taken", [0, 40, 61, 120])
def test_chiamatas_settlement_on_lists_is_the_results(options, taken):
    """Every payout the lists can reach (made or not, cappotto doubled or not, a point bid's multiplier) is the
    game's own result's, for every seat."""
    game = GAMES["briscola-chiamata"]
    end = next(
        deal.state
        for deal in (play(game, 5, f"chiamata-settle-{k}", options=options) for k in itertools.count())
        if deal.state.caller is not None
    )
    caller, partner = end.caller, end.partner
    points = [0] * 5
    points[caller] = taken
    points[next(s for s in range(5) if s not in (caller, partner))] = 120 - taken
    finished = dataclasses.replace(end, seats=tuple(dataclasses.replace(s, points=points[s.seat]) for s in end.seats))
    for seat in range(5):
        assert chiamata_rollout._outcome(game, finished, points, caller, partner, seat) == pimc.outcome(
            game, finished, seat
        )


def test_the_payout_weight_is_the_samplers():
    assert chiamata_rollout.PAYOUT_WEIGHT == pimc.PAYOUT_WEIGHT
