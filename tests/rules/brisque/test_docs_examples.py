"""Every worked example of docs/rules/brisque.md, replayed through the engine with the same cards."""

from __future__ import annotations

import pytest

from service.rules.briscan import Brisque
from service.rules.errors import IllegalAction
from tests.actions import act
from tests.rules.briscan.test_examples import announce, deal, play

GAME = Brisque()
DEFAULT = GAME.options(None)


def test_components_example_other_plain_suit_loses():
    assert GAME.trick_winner("H", ["KC", "AD"], DEFAULT) == (0, 10)


def test_tricks_example_a_higher_trump_wins():
    assert GAME.trick_winner("H", ["9H", "TH"], DEFAULT) == (1, 10)


def test_deal_example_the_pack_in_order():
    state = GAME.deal(2, 1, DEFAULT, list(GAME.full_pack())).state
    assert list(state.seats[0].hand) == ["AS", "QS", "TS", "8S", "AH", "QH"]
    assert list(state.seats[1].hand) == ["KS", "JS", "9S", "7S", "KH", "JH"]
    assert state.turn_up == "TH" and state.trump == "H" and len(state.talon) == 20 and state.talon[0] == "9H"
    assert [s.score for s in state.seats] == [0, 10] and state.to_act == 0


def test_play_example_seven_exchanged_during_a_trick():
    hands = {0: ["8C", "9C", "TC", "JC", "QC", "KC"], 1: ["7H", "8D", "9D", "TD", "JD", "QD"]}
    led = play(GAME, deal(GAME, hands, "AH").state, "8C")
    assert {"seat": 1, "type": "exchange_seven"} in GAME.legal_actions(led)
    t = GAME.apply(led, act(GAME, 1, "exchange_seven"))
    assert t.events == ({"type": "exchange_seven", "seat": 1, "gave": "7H", "took": "AH"},)
    assert t.state.seats[1].hand == ("AH", "8D", "9D", "TD", "JD", "QD") and t.state.exchanged_by == 1
    assert t.state.talon[-1] == "7H" and t.state.to_act == 1


def test_scoring_example_four_kings_win_the_game():
    hands = {0: ["KS", "KH", "KD", "KC", "8C", "9D"], 1: ["7C", "7S", "8S", "9S", "TS", "JS"]}
    state = deal(GAME, hands, "9H").state
    with pytest.raises(IllegalAction) as err:
        announce(GAME, state, 0, ("quartet", ["KS", "KH", "KD", "KC"]))
    assert (err.value.code, err.value.rule) == ("announce_not_allowed", "2(b)4")
    state = play(GAME, state, "8C", "7C")
    assert state.tricks[0].winner == 0
    done = announce(GAME, state, 0, ("quartet", ["KS", "KH", "KD", "KC"])).state
    result = GAME.result(done)
    assert done.phase == "complete" and result["reason"] == "four_kings" and result["game"]["winners"] == [0]


def test_options_example_no_turn_up_bonus():
    opts = GAME.options({"brisque_turnup_bonus": False})
    state = GAME.deal(2, 1, opts, list(GAME.full_pack())).state
    assert state.turn_up == "TH" and [s.score for s in state.seats] == [0, 0]
