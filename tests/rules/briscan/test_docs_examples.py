"""Every worked example of docs/rules/briscan.md, replayed through the engine with the same cards."""

from __future__ import annotations

import pytest

from service.rules.briscan import Briscan
from service.rules.briscan.state import FINAL
from service.rules.errors import IllegalAction
from tests.actions import act
from tests.rules.briscan.test_examples import announce, deal, play
from tests.rules.briscan.test_rule_ids import A6_DECK, A6_PLAYS

GAME = Briscan()
DEFAULT = GAME.options(None)


def test_components_example_trick_winners_and_points():
    assert GAME.trick_winner("H", ["TS", "7H"], DEFAULT) == (1, 10)
    assert GAME.trick_winner("H", ["AS", "TS"], DEFAULT) == (0, 20)


def test_deal_example():
    t = GAME.deal(2, 1, DEFAULT, A6_DECK)
    state = t.state
    assert A6_DECK[:14] == ["KS", "7S", "QS", "8S", "TH", "AS", "8H", "9D", "KH", "JS", "9H", "TS", "9S", "AH"]
    assert list(state.seats[0].hand) == ["KS", "QS", "TH", "8H", "KH"]
    assert list(state.seats[1].hand) == ["7S", "8S", "AS", "9D", "JS"]
    assert state.turn_up == "9H" and state.trump == "H" and [s.score for s in state.seats] == [0, 0]
    assert len(state.talon) == 22 and state.talon[0] == "TS" and state.talon[-1] == "9H" and state.to_act == 0
    jack = deal(GAME, {}, "JD").state  # a J♦ turn-up: the dealer (seat 1) starts with 10
    assert [s.score for s in jack.seats] == [0, 10]


def test_play_example_final_phase_must_trump():
    state = play(GAME, GAME.deal(2, 1, DEFAULT, A6_DECK).state, *A6_PLAYS)
    assert state.phase == FINAL and state.to_act == 0
    assert list(state.seats[0].hand) == ["KS", "QS", "JC", "9C", "7C"]
    assert sorted(state.seats[1].hand) == sorted(["7D", "KC", "TC", "8C", "9H"])
    led = play(GAME, state, "KS")
    assert GAME.legal_plays(led, 1) == ["9H"]
    assert play(GAME, led, "9H").tricks[-1].winner == 1
    assert sorted(GAME.legal_plays(play(GAME, state, "JC"), 1)) == sorted(["KC", "TC"])


def test_deal_example_no_announcement_before_a_trick():
    state = GAME.deal(2, 1, DEFAULT, A6_DECK).state
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, 0, "announce", melds=[{"kind": "marriage", "cards": ["KS", "QS"]}]))
    assert (err.value.code, err.value.rule) == ("announce_not_allowed", "2(b)4")


def test_scoring_example_melds_of_a_hand():
    found = GAME.evaluate_melds(["AH", "KH", "QH", "JH", "9C"], "H", DEFAULT)
    assert [(m["kind"], m["points"]) for m in found] == [("marriage", 40), ("quatrieme", 200), ("trump_ace", 30)]


def test_scoring_example_the_whole_deal_90_to_50():
    state = GAME.deal(2, 1, DEFAULT, A6_DECK).state
    marriage = act(GAME, 0, "announce", melds=[{"kind": "marriage", "cards": ["KS", "QS"]}])
    state = play(GAME, state, *A6_PLAYS[:2])
    state = GAME.apply(state, marriage).state  # as soon as seat 0 has won a trick
    state = play(GAME, state, *A6_PLAYS[2:], "KS", "9H", "7D", "QS", "KC", "JC", "TC", "9C", "8C", "7C")
    result = GAME.result(state)
    assert result["points"] == [90, 50] and result["card_points"] == [60, 20] and result["winners"] == [0]
    assert result["game"]["game_score"] == "90-50" and not result["game"]["over"]
    assert result["carry"] == {"game_score": [90, 50]}
    assert [(m.kind, m.points) for m in state.seats[0].melds] == [("marriage", 20)]
    assert {b.kind: b.points for b in state.seats[0].bonuses} == {"most_cards": 10}
    assert {b.kind: b.points for b in state.seats[1].bonuses} == {"last_trick": 10, "last_tricks": 20}
    assert [sum(1 for t in state.tricks if t.winner == s) for s in (0, 1)] == [9, 7]


def test_options_example_announce_after_talon():
    marriage = act(GAME, 0, "announce", melds=[{"kind": "marriage", "cards": ["KS", "QS"]}])
    state = play(GAME, GAME.deal(2, 1, DEFAULT, A6_DECK).state, *A6_PLAYS)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, marriage)
    assert (err.value.code, err.value.rule) == ("announce_not_allowed", "BSC-A6")
    opts = GAME.options({"announce_after_talon": True})
    state = play(GAME, GAME.deal(2, 1, opts, A6_DECK).state, *A6_PLAYS)
    after = GAME.apply(state, marriage).state
    assert after.seats[0].melds[-1].points == 20 and after.seats[0].score == state.seats[0].score + 20


def test_BSC_A2_order_of_announcing_matters():
    hands = {0: ["AH", "KH", "QH", "JH", "9C"], 1: ["7C", "8D", "9D", "TD", "JD"]}
    won = play(GAME, deal(GAME, hands, "9H").state, "9C", "7C")
    both = announce(GAME, won, 0, ("marriage", ["KH", "QH"]), ("quatrieme", ["AH", "KH", "QH", "JH"])).state
    assert [m.points for m in both.seats[0].melds] == [40, 200]
    first = announce(GAME, won, 0, ("quatrieme", ["AH", "KH", "QH", "JH"])).state
    with pytest.raises(IllegalAction) as err:
        announce(GAME, first, 0, ("marriage", ["KH", "QH"]))
    assert (err.value.code, err.value.rule) == ("card_reuse", "BSC-A2")
