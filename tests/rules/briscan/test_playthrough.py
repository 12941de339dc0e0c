"""Random deals of Briscan and Brisque under random options, played by the shared driver
(``tests.simulation``; the generic checks are in ``tests/rules/test_simulation.py``): strict play refuses
every card not listed as ``must_follow``, every card is played once and the card points add up to the pack's
total, the result reads the seats' scores."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.briscan import Briscan, Brisque
from service.rules.briscan.cards import pack_total
from service.rules.briscan.state import FINAL
from service.rules.errors import IllegalAction
from tests.actions import act
from tests.simulation import carry_of, play

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
    },
)


@pytest.mark.parametrize("game", [Briscan(), Brisque()], ids=["briscan", "brisque"])
@settings(max_examples=25, deadline=None)
@given(
    options=OPTIONS,
    seed=st.text(min_size=1, max_size=6),
    dealer=st.integers(0, 1),
    score=st.sampled_from([None, [0, 0], [20, 10]]),
)
def test_random_deal(game, options, seed, dealer, score):
    opts = game.options(options)
    carry = None if score is None else {"game_score": score}
    if game.check_carry(2, opts, carry_of(game, carry or {"game_score": [0, 0]})):
        return
    pack = game.full_pack()
    deal = play(game, 2, seed, options, dealer, carry=carry)
    for step in deal.steps:
        state, seat = step.before, step.before.to_act
        plays = {a["card"] for a in step.legal if a["type"] == "play"}
        for card in state.seats[seat].hand:  # strict play refuses every card not listed
            if card not in plays:
                assert state.phase == FINAL and state.trick
                with pytest.raises(IllegalAction) as err:
                    game.apply(state, act(game, seat, "play", card=card))
                assert err.value.code == "must_follow"
    state = deal.state
    result = game.result(state)
    assert result["reason"] == state.ended
    assert result["points"] == [s.score for s in state.seats]
    if state.ended in ("points", "slam"):
        played = [c for t in state.tricks for c in t.cards]
        assert sorted(played) == sorted(pack)  # every card played once
        assert sum(s.card_points for s in state.seats) == pack_total(opts.card_points)
        assert len(result["winners"]) <= 1
