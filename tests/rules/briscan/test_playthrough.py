"""Random legal playthroughs (hypothesis) of Briscan and Brisque under random options: validate is [] at
every step, every listed action is accepted, strict play refuses the rest, every card is played once and
the card points add up to the pack's total."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.briscan import Briscan, Brisque
from service.rules.briscan.cards import pack_total
from service.rules.briscan.state import COMPLETE, FINAL
from service.rules.errors import IllegalAction
from service.rules.shuffle import shuffle
from tests.actions import act, load

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "card_points": st.sampled_from(["brisques10", "ace_ten_120", "none"]),
        "sequence_cards_in_quartets": st.booleans(),
        "strict_card_reuse": st.booleans(),
        "final_phase_rule": st.sampled_from(["follow_head_trump", "follow_only", "free"]),
        "quartet_doubling": st.sampled_from(["never", "always"]),
        "seven_exchange_requires_trick_win": st.booleans(),
        "seven_exchange_points": st.sampled_from([0, 10]),
        "announce_after_talon": st.booleans(),
        "melds_per_turn": st.sampled_from([None, 1, 2]),
        "win_check": st.sampled_from(["end_of_deal", "immediate"]),
        "ace_is_court": st.booleans(),
        "carte_blanche_timing": st.sampled_from(["announce", "initial_hand"]),
        "trump_ace_bonus": st.sampled_from(["announce", "automatic_on_holding"]),
        "brisque_turnup_bonus": st.booleans(),
        "target_score": st.sampled_from([600, 100, 30]),
        "game_score": st.sampled_from(["", "0-0", "20-10"]),
    },
)


def held(state):
    cards = [c for s in state.seats for c in s.hand] + list(state.trick) + list(state.talon)
    return cards + [c for t in state.tricks for c in t.cards]


def check_step(game, state, pack):
    assert game.validate(state) == []
    assert sorted(held(state)) == sorted(pack)
    legal = game.legal_actions(state)
    assert len({repr(sorted(a.items())) for a in legal}) == len(legal)
    for listed in legal:
        game.apply(state, load(game, listed))
    seat = state.to_act
    plays = {a["card"] for a in legal if a["type"] == "play"}
    for card in state.seats[seat].hand:  # strict play refuses every card not listed
        if card not in plays:
            assert state.phase == FINAL and state.trick
            with pytest.raises(IllegalAction) as err:
                game.apply(state, act(game, seat, "play", card=card))
            assert err.value.code == "must_follow"
    other = state.seats[1 - seat].hand
    if other:
        with pytest.raises(IllegalAction):  # the other seat may not play
            game.apply(state, act(game, 1 - seat, "play", card=other[0]))
    return legal


@pytest.mark.parametrize("game", [Briscan(), Brisque()], ids=["briscan", "brisque"])
@settings(max_examples=25, deadline=None)
@given(options=OPTIONS, seed=st.text(min_size=1, max_size=6), dealer=st.integers(0, 1), rng=st.randoms())
def test_random_playthrough(game, options, seed, dealer, rng: random.Random):
    opts = game.options(options)
    if game.check_table(2, dealer, opts):
        return
    pack = game.full_pack()
    state = game.deal(2, dealer, opts, shuffle(pack, seed)).state
    steps = 0
    while state.phase != COMPLETE:
        legal = check_step(game, state, pack)
        state = game.apply(state, load(game, rng.choice(legal))).state
        steps += 1
        assert steps < 200
    assert game.validate(state) == [] and game.legal_actions(state) == []
    result = game.result(state)
    assert result is not None and result["reason"] == state.ended
    assert result["points"] == [s.score for s in state.seats]
    if state.ended in ("points", "slam"):
        played = [c for t in state.tricks for c in t.cards]
        assert sorted(played) == sorted(pack)  # every card played once
        assert sum(s.card_points for s in state.seats) == pack_total(opts.card_points)
        assert len(result["winners"]) <= 1
    with pytest.raises(IllegalAction):
        game.apply(state, act(game, 0, "play", card=pack[0]))
