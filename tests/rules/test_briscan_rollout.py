"""Briscan's and Brisque's rollout on lists (service/rules/bots/briscan_rollout.py) is the engine's greedy rollout:
from every state of random deals under option sets that reach each rule it plays (announcements of every kind and
their limits, the seven exchange, Brisque's four kings or queens, the target reached at once, strict play or free,
the bonuses), the same outcome for both seats."""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from service.rules.bots import briscan_rollout, pimc
from service.rules.bots.cheap import rollout_action
from service.rules.briscan.game import Briscan, Brisque
from service.rules.registry import GAMES
from tests.simulation import play

OPTIONS = [
    {},
    {"win_check": "immediate", "target_score": 150},
    {
        "card_points": "ace_ten_120",
        "final_phase_rule": "follow_only",
        "seven_exchange_points": 10,
        "trump_ace_bonus": "automatic_on_holding",
    },
    {
        "carte_blanche_timing": "initial_hand",
        "announce_after_talon": True,
        "melds_per_turn": 1,
        "strict_card_reuse": True,
    },
    {
        "seven_exchange_requires_trick_win": True,
        "final_phase_rule": "free",
        "quartet_doubling": "always",
        "sequence_cards_in_quartets": True,
        "ace_is_court": True,
    },
    {"brisque_turnup_bonus": False, "win_check": "immediate", "target_score": 60, "card_points": "none"},
]


DEALS = 6


def live_states(game_id: str, options: dict[str, Any]) -> Iterator[Any]:
    """Every state with a seat to act of :data:`DEALS` random deals."""
    for k in range(DEALS):
        for state in play(GAMES[game_id], 2, f"briscan-rollout-{k}", options=options).states():
            if state.to_act is not None:
                yield state


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("game_id", ["briscan", "brisque"])
def test_the_rollout_on_lists_ends_as_the_engines(game_id, options):
    game = GAMES[game_id]
    compared = 0
    for state in live_states(game_id, options):
        for seat in (0, 1):
            assert briscan_rollout.play_out(game, state, seat) == pimc.play_out(game, state, seat, rollout_action)
        compared += 1
    assert compared > DEALS * 15


def holding(state: Any, seat: int, wanted: tuple[str, ...]) -> Any:
    """``state`` with ``wanted`` (cards not played yet) swapped into ``seat``'s hand for as many of its own."""
    hand = state.seats[seat].hand
    giving = [c for c in hand if c not in wanted]
    swap = dict(zip([c for c in wanted if c not in hand], giving, strict=False))
    swap.update({v: k for k, v in swap.items()})
    seats = tuple(dataclasses.replace(s, hand=tuple(swap.get(c, c) for c in s.hand)) for s in state.seats)
    talon = tuple(swap.get(c, c) for c in state.talon)
    return dataclasses.replace(state, seats=seats, talon=talon)


def test_brisques_four_kings_end_the_rollout_as_the_engines():
    """A seat on lead after a trick holding the four kings announces them, and the deal is its (as the engine)."""
    game = GAMES["brisque"]
    compared = 0
    for state in live_states("brisque", {}):
        kings = ("KS", "KH", "KD", "KC")
        unplayed = {c for s in state.seats for c in s.hand} | set(state.talon[:-1])
        if state.trick or not state.tricks or not unplayed.issuperset(kings):
            continue
        mover = state.to_act
        four = holding(state, mover, kings)
        assert game.validate(four) == []
        for seat in (0, 1):
            engine = pimc.play_out(game, four, seat, rollout_action)
            assert briscan_rollout.play_out(game, four, seat) == engine
            assert (engine > 0) == (seat == mover)
        compared += 1
    assert compared >= DEALS


def test_the_compared_rollouts_reach_every_rule(monkeypatch):
    """The deals above are not all alike: their rollouts announce, exchange, and end each way the deal can end."""
    seen: collections.Counter[str] = collections.Counter()
    deal = briscan_rollout._Deal
    announce, exchange, outcome = deal.announce, deal.exchange, deal.outcome

    def counted_announce(self, seat, kind, cards, points):
        seen[kind] += 1
        return announce(self, seat, kind, cards, points)

    def counted_exchange(self, seat):
        seen["exchange_seven"] += 1
        return exchange(self, seat)

    def counted_outcome(self, seat):
        seen[self.ended] += 1
        seen["last_cards"] += any(self.last_cards)
        return outcome(self, seat)

    monkeypatch.setattr(deal, "announce", counted_announce)
    monkeypatch.setattr(deal, "exchange", counted_exchange)
    monkeypatch.setattr(deal, "outcome", counted_outcome)
    for game_id in ("briscan", "brisque"):
        for options in OPTIONS:
            for state in live_states(game_id, options):
                for seat in (0, 1):
                    briscan_rollout.play_out(GAMES[game_id], state, seat)
    wanted = {"marriage", "tierce", "quartet", "carte_blanche_pips", "trump_ace", "exchange_seven", "last_cards"}
    assert wanted <= {key for key, count in seen.items() if count}
    ended = {key for key, count in seen.items() if count}
    assert {"points", "target"} <= ended


def test_the_sampler_rolls_briscan_and_brisque_out_on_lists():
    assert pimc._ON_LISTS[(Briscan, rollout_action)] is briscan_rollout.play_out
    assert pimc._ON_LISTS[(Brisque, rollout_action)] is briscan_rollout.play_out
    for game_id in ("briscan", "brisque"):
        for level in ("easy", "normal", "hard"):
            assert pimc.budget(game_id, level).rollout is rollout_action
