"""Random legal playthroughs (hypothesis) for 2, 3, 4, 5 and 6 players: every card played exactly once,
the stock drawn in order (winner first, the turn-up last), points summing to 120, payouts to 0."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.briscola import Briscola, BriscolaChiamata
from service.rules.errors import IllegalAction
from service.rules.shuffle import shuffle
from tests.actions import act, load

BRISCOLA = Briscola()
CHIAMATA = BriscolaChiamata()


def held(state):
    cards = [c for s in state.seats for c in s.hand] + list(state.trick)
    cards += [c for t in state.tricks for c in t.cards]
    return cards + list(getattr(state, "stock", ()))


def check_step(game, state, pack, rng):
    assert game.validate(state) == []
    assert sorted(held(state)) == sorted(pack)  # cards conserved
    legal = game.legal_actions(state)
    assert legal and len({tuple(sorted(a.items())) for a in legal}) == len(legal)
    for listed in legal:  # every listed action is accepted
        game.apply(state, load(game, listed))
    seat = state.to_act
    other = (seat + 1) % state.players
    try:  # the wrong seat is refused
        game.apply(
            state,
            act(game, other, legal[0]["type"], **{k: v for k, v in legal[0].items() if k not in ("seat", "type")}),
        )
        raise AssertionError("a seat played out of turn")
    except IllegalAction as err:
        assert err.code == "not_your_turn"
    if state.phase == "play":
        stranger = next(c for c in pack if c not in state.seats[seat].hand)
        try:  # a card not in hand is refused
            game.apply(state, act(game, seat, "play", card=stranger))
            raise AssertionError("a card not in hand was played")
        except IllegalAction as err:
            assert err.code == "card_not_in_hand"
    viewer = rng.randrange(state.players)
    seen = game.view(state, viewer)
    for s in seen.seats:
        assert s.hand == state.seats[s.seat].hand if s.seat == viewer else set(s.hand) <= {"??"}
    return legal


@settings(max_examples=60, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4, 6]),
    dealer=st.integers(0, 5),
    seed=st.text(min_size=1, max_size=8),
    choices=st.randoms(use_true_random=False),
    tie_rule=st.sampled_from(["draw", "last_trick"]),
    teams=st.sampled_from(["2x3", "3x2"]),
    exchange=st.sampled_from(["none", "none", "two", "seven_then_two"]),
)
def test_random_briscola_playthrough(players, dealer, seed, choices, tie_rule, teams, exchange):
    game = BRISCOLA
    options = game.options({"tie_rule": tie_rule, "six_player_teams": teams, "turnup_exchange": exchange})
    dealer %= players
    pack = game.pack(players, options)
    deck = shuffle(pack, seed)
    transition = game.deal(players, dealer, options, deck)
    state = transition.state
    assert state.stock == (*deck[3 * players + 1 :], deck[3 * players])  # the turn-up comes last
    assert state.to_act == (dealer + 1) % players
    played, drawn = [], []
    draw_rounds = 0
    while state.to_act is not None:
        legal = check_step(game, state, pack, choices)
        before = state
        transition = game.apply(state, load(game, choices.choice(legal)))
        state = transition.state
        played += [e["card"] for e in transition.events if e["type"] == "play"]
        draws = [(e["seat"], e["card"]) for e in transition.events if e["type"] == "draw"]
        if draws:
            draw_rounds += 1
            winner = state.tricks[-1].winner
            assert [s for s, _ in draws] == [(winner + k) % players for k in range(players)]  # winner first
            assert tuple(c for _, c in draws) == before.stock[:players]  # top of the stock first
            drawn += [c for _, c in draws]
        if state.tricks and len(state.tricks) > len(before.tricks):
            assert bool(draws) == bool(before.stock)
    assert game.validate(state) == []
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
    choices=st.randoms(use_true_random=False),
    all_pass=st.sampled_from(["redeal", "dealer_must_bid"]),
    first_lead=st.sampled_from(["dealer_right", "caller"]),
    auction=st.sampled_from(["rank_then_points", "rank_then_points", "points_only"]),
    multipliers=st.sampled_from(["none", "subito_al_due"]),
    cappotto=st.booleans(),
)
def test_random_chiamata_playthrough(dealer, seed, choices, all_pass, first_lead, auction, multipliers, cappotto):
    game = CHIAMATA
    options = game.options(
        {
            "all_pass": all_pass,
            "chiamata_first_lead": first_lead,
            "auction": auction,
            "score_multipliers": multipliers,
            "cappotto_double": cappotto,
        }
    )
    pack = game.full_pack()
    state = game.deal(5, dealer, options, shuffle(pack, seed)).state
    played = []
    bias = random.Random(choices.random())
    while state.to_act is not None:
        legal = check_step(game, state, pack, choices)
        if state.phase == "auction" and bias.random() < 0.5:  # pass more often than a uniform pick would
            legal = [a for a in legal if a["type"] == "pass"] or legal
        transition = game.apply(state, load(game, choices.choice(legal)))
        before, state = state, transition.state
        played += [e["card"] for e in transition.events if e["type"] == "play"]
        if state.called_card is not None:
            holder = next((s.seat for s in before.seats if state.called_card in s.hand), None)
            for seat in range(5):  # the partner is never shown before the called card is played
                if holder is not None and state.partner is None:
                    assert game.view(state, seat).partner is None
    assert game.validate(state) == []
    result = game.result(state)
    assert sum(result["payouts"]) == 0
    if result["reason"] == "thrown_in":
        assert all_pass == "redeal" and played == []
        return
    assert sorted(played) == sorted(pack) and len(played) == 40  # every card exactly once
    assert sum(result["points"]) == 120 == sum(result["team_points"])
    assert len(state.tricks) == 8
    caller = state.caller
    assert result["payouts"][caller] == (4 if result["alone"] else 2) * result["multiplier"] * (
        1 if result["made"] else -1
    )
    assert result["made"] == (result["team_points"][0] >= result["target"])
