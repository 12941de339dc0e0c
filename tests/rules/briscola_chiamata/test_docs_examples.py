"""Every worked example of docs/rules/briscola-chiamata.md, replayed through the engine with the same cards."""

from __future__ import annotations

import pytest

from service.rules.briscola import BriscolaChiamata
from service.rules.errors import IllegalAction
from service.rules.shuffle import shuffle
from tests.actions import act

GAME = BriscolaChiamata()
DEALER = 4
DECK = shuffle(GAME.full_pack(), "s9")
HANDS = [
    ["JS", "4S", "7C", "3C", "KC", "KD", "7D", "6C"],
    ["JH", "5H", "4H", "7H", "3S", "5S", "5D", "AD"],
    ["QH", "AH", "QS", "AC", "4C", "QD", "QC", "AS"],
    ["2H", "3H", "6H", "JC", "KS", "3D", "KH", "2S"],
    ["6S", "6D", "5C", "2D", "4D", "2C", "7S", "JD"],
]
AUCTION = [(0, "A", None), (1, "K", None), (2, None, None), (3, "7", None), (4, None, None), (0, "2", None)]


def step(state, seat, kind, **fields):
    return GAME.apply(state, act(GAME, seat, kind, **fields))


def deal(**options):
    return GAME.deal(5, DEALER, GAME.options(options or None), DECK).state


def auction(state, calls):
    for seat, rank, points in calls:
        if rank is None and points is None:
            state = step(state, seat, "pass").state
        else:
            named = {"rank": rank} if rank is not None else {"points": points}
            state = step(state, seat, "bid", **named).state
    return state


def play_out(state):
    """Each player plays the first card of their hand; every event in order."""
    events = []
    while state.to_act is not None:
        t = step(state, state.to_act, "play", card=state.seats[state.to_act].hand[0])
        state = t.state
        events.extend(t.events)
    return state, events


def test_components_example_calling_ones_own_king_plays_alone():
    state = auction(deal(), [(0, "K", None), (1, None, None), (2, None, None), (3, None, None), (4, None, None)])
    t = step(state, 0, "choose_suit", suit="C")
    assert t.events == ({"type": "call", "seat": 0, "card": "KC", "trump": "C"},)
    assert "KC" in t.state.seats[0].hand and t.state.partner is None
    state, events = play_out(t.state)
    revealed = [e for e in events if e["type"] == "partner_revealed"]
    assert revealed == [{"type": "partner_revealed", "seat": 0, "alone": True}]
    tricks_before = sum(1 for e in events[: events.index(revealed[0])] if e["type"] == "trick")
    assert tricks_before == 4  # K♣ is played in trick 5
    result = GAME.result(state)
    assert result["alone"] and result["team_points"][0] == 73 and result["payouts"] == [4, -1, -1, -1, -1]


def test_deal_example_eight_cards_each():
    state = deal()
    assert [list(s.hand) for s in state.seats] == HANDS
    assert state.to_act == 0 and state.phase == "auction" and state.trump is None


def test_auction_example_two_at_65_and_point_bids_one_per_value():
    state = auction(deal(), [*AUCTION, (1, None, 65)])
    legal = GAME.legal_actions(state)
    assert state.to_act == 3 and len(legal) == 56
    assert legal[0] == {"seat": 3, "type": "pass"}
    assert [a["points"] for a in legal[1:]] == list(range(66, 121))
    state = auction(state, [(3, None, None), (0, None, None)])
    assert state.phase == "call" and state.caller == 1
    t = step(state, 1, "choose_suit", suit="H")
    assert t.state.called_card == "2H" and t.state.trump == "H" and "2H" in t.state.seats[3].hand
    assert t.state.partner is None and GAME.view(t.state, 1).partner is None


def called_deal(**options):
    state = auction(deal(**options), [*AUCTION, (1, None, 65), (3, None, None), (0, None, None)])
    return step(state, 1, "choose_suit", suit="H").state


def test_play_example_partner_revealed_in_trick_1():
    state = called_deal()
    assert state.to_act == 0
    events = []
    for card in ["JS", "JH", "QH", "2H", "6S"]:
        t = step(state, state.to_act, "play", card=card)
        state = t.state
        events.extend(t.events)
    assert {"type": "partner_revealed", "seat": 3, "alone": False} in events
    assert GAME.view(state, 0).partner == 3
    assert state.tricks[0].winner == 2 and state.tricks[0].points == 7 and state.to_act == 2


def test_scoring_example_side_makes_65_with_68():
    state, _ = play_out(called_deal())
    table = [
        (0, ["JS", "JH", "QH", "2H", "6S"], 2, 7),
        (2, ["AH", "3H", "6D", "4S", "5H"], 2, 21),
        (2, ["QS", "6H", "5C", "7C", "4H"], 3, 3),
        (3, ["JC", "2D", "3C", "7H", "AC"], 1, 23),
        (1, ["3S", "4C", "KS", "4D", "KC"], 1, 18),
        (1, ["5S", "QD", "3D", "2C", "KD"], 1, 17),
        (1, ["5D", "QC", "KH", "7S", "7D"], 3, 7),
        (3, ["2S", "JD", "6C", "AD", "AS"], 2, 24),
    ]
    assert [(t.leader, list(t.cards), t.winner, t.points) for t in state.tricks] == table
    result = GAME.result(state)
    assert result["points"] == [0, 58, 52, 10, 0] and result["team_points"] == [68, 52]
    assert result["made"] and result["target"] == 65 and result["winners"] == [1, 3]
    assert result["payouts"] == [-1, 2, -1, 1, -1] and result["multiplier"] == 1 and not result["cappotto"]


def test_options_example_subito_al_due_doubles_a_failed_75():
    calls = [(0, "2", None), (1, None, 75), (2, None, None), (3, None, None), (4, None, None), (0, None, None)]
    payouts = []
    for options in ({}, {"score_multipliers": "subito_al_due"}):
        state = auction(deal(**options), calls)
        state, _ = play_out(step(state, 1, "choose_suit", suit="H").state)
        result = GAME.result(state)
        assert result["team_points"][0] == 68 and not result["made"] and result["target"] == 75
        payouts.append(result["payouts"])
    assert payouts == [[1, -2, 1, -1, 1], [2, -4, 2, -2, 2]]


def test_auction_refusal_example_ace_after_three_breaks_3b2():
    state = auction(deal(), [(0, "3", None)])
    with pytest.raises(IllegalAction) as err:
        step(state, 1, "bid", rank="A")
    assert (err.value.code, err.value.rule) == ("bid_not_lower", "3(b')2")


def test_settled_reading_point_bids_one_per_value_after_118():
    state = auction(deal(), [(0, "2", None), (1, None, 118)])
    assert GAME.legal_actions(state) == [
        {"seat": 2, "type": "pass"},
        {"seat": 2, "type": "bid", "points": 119},
        {"seat": 2, "type": "bid", "points": 120},
    ]


def test_settled_reading_cappotto_double_defaults_to_false():
    assert GAME.options(None).cappotto_double is False
