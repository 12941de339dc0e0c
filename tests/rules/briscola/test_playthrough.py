"""Random deals of Briscola (2, 3, 4, 6 players) and Briscola chiamata (5), played by the shared driver
(``tests.simulation``; the generic checks are in ``tests/rules/test_simulation.py``): every card played
exactly once, the stock drawn in order (winner first, the turn-up last), points summing to 120, the
chiamata settlement."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.briscola import Briscola, BriscolaChiamata
from service.rules.errors import IllegalAction
from service.rules.shuffle import shuffle
from tests.actions import act
from tests.simulation import play

BRISCOLA = Briscola()
CHIAMATA = BriscolaChiamata()


def played_cards(deal):
    return [e["card"] for step in deal.steps for e in step.transition.events if e["type"] == "play"]


@settings(max_examples=60, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4, 6]),
    dealer=st.integers(0, 5),
    seed=st.text(min_size=1, max_size=8),
    tie_rule=st.sampled_from(["draw", "last_trick"]),
    teams=st.sampled_from(["2x3", "3x2"]),
    exchange=st.sampled_from(["none", "none", "two", "seven_then_two"]),
)
def test_random_briscola_deal(players, dealer, seed, tie_rule, teams, exchange):
    game = BRISCOLA
    raw = {"tie_rule": tie_rule, "six_player_teams": teams, "turnup_exchange": exchange}
    dealer %= players
    deal = play(game, players, seed, raw, dealer)
    options = game.options(raw)
    pack = game.pack(players, options)
    deck = shuffle(pack, seed)
    state = deal.start.state
    assert state.stock == (*deck[3 * players + 1 :], deck[3 * players])  # the turn-up comes last
    assert state.to_act == (dealer + 1) % players
    drawn, draw_rounds = [], 0
    for step in deal.steps:
        before, after = step.before, step.after
        stranger = next(c for c in pack if c not in before.seats[before.to_act].hand)
        with pytest.raises(IllegalAction) as refused:  # a card not in hand, named as such
            game.apply(before, act(game, before.to_act, "play", card=stranger))
        assert refused.value.code == "card_not_in_hand"
        draws = [(e["seat"], e["card"]) for e in step.transition.events if e["type"] == "draw"]
        if draws:
            draw_rounds += 1
            winner = after.tricks[-1].winner
            assert [s for s, _ in draws] == [(winner + k) % players for k in range(players)]  # winner first
            assert tuple(c for _, c in draws) == before.stock[:players]  # top of the stock first
            drawn += [c for _, c in draws]
        if len(after.tricks) > len(before.tricks):
            assert bool(draws) == bool(before.stock)
    state = deal.state
    played = played_cards(deal)
    assert sorted(played) == sorted(pack) and len(played) == len(pack)  # every card exactly once
    if exchange == "none":
        assert drawn == list(deck[3 * players + 1 :]) + [deck[3 * players]]  # the turn-up drawn last
    assert draw_rounds == len(pack) // players - 3  # the last three tricks without drawing
    assert len(state.tricks) == len(pack) // players
    result = game.result(state)
    assert sum(result["points"]) == sum(result["team_points"]) == 120
    assert result["points"] == [s.points for s in state.seats]
    if result["winners"]:
        best = max(result["team_points"])
        winning = [t for t, p in zip(result["teams"], result["team_points"], strict=True) if p == best]
        assert result["winners"] in winning or result["decided_by"] == "last_trick"
    else:
        assert result["team_points"].count(max(result["team_points"])) > 1


@settings(max_examples=60, deadline=None)
@given(
    dealer=st.integers(0, 4),
    seed=st.text(min_size=1, max_size=8),
    all_pass=st.sampled_from(["redeal", "dealer_must_bid"]),
    first_lead=st.sampled_from(["dealer_right", "caller"]),
    auction=st.sampled_from(["rank_then_points", "rank_then_points", "points_only"]),
    multipliers=st.sampled_from(["none", "subito_al_due"]),
    cappotto=st.booleans(),
)
def test_random_chiamata_deal(dealer, seed, all_pass, first_lead, auction, multipliers, cappotto):
    game = CHIAMATA
    raw = {
        "all_pass": all_pass,
        "chiamata_first_lead": first_lead,
        "auction": auction,
        "score_multipliers": multipliers,
        "cappotto_double": cappotto,
    }
    deal = play(game, 5, seed, raw, dealer)
    for step in deal.steps:
        state = step.after
        if state.called_card is not None and state.partner is None:
            holder = next((s.seat for s in step.before.seats if state.called_card in s.hand), None)
            if holder is not None:  # the partner is never shown before the called card is played
                assert all(game.view(state, seat).partner is None for seat in range(5))
    state = deal.state
    result = game.result(state)
    played = played_cards(deal)
    if result["reason"] == "thrown_in":
        assert all_pass == "redeal" and played == []
        return
    assert sorted(played) == sorted(game.full_pack()) and len(played) == 40  # every card exactly once
    assert sum(result["points"]) == 120 == sum(result["team_points"])
    assert len(state.tricks) == 8
    caller = state.caller
    assert result["payouts"][caller] == (4 if result["alone"] else 2) * result["multiplier"] * (
        1 if result["made"] else -1
    )
    assert result["made"] == (result["team_points"][0] >= result["target"])
