"""validate flags announcements that could not have been made when they claim (2(b)4, BSC-A6, BSC-A9,
BSC-A10), and the automatic bonuses of 2(c) on whole deals (last five cards, slam, Brisque's one bonus)."""

from __future__ import annotations

import dataclasses

from service.rules.briscan import Briscan, Brisque
from service.rules.briscan.melds import Announcement, _ordered
from service.rules.briscan.state import FINAL
from service.rules.briscan.validate import meld_problems
from service.rules.tricks import Trick
from tests.actions import act
from tests.rules.briscan.test_examples import c14_state, deal, play

GAME = Briscan()
BRISQUE = Brisque()


def with_meld(state, seat, meld):
    """``state`` with ``meld`` appended to ``seat``'s melds and the score kept consistent."""
    mine = state.seats[seat]
    changed = dataclasses.replace(mine, melds=(*mine.melds, meld), score=mine.score + meld.points)
    return dataclasses.replace(state, seats=tuple(changed if s.seat == seat else s for s in state.seats))


def codes(problems):
    return {p.code for p in problems}


def test_BSC_A9_carte_blanche_before_trick_1_only_with_initial_hand():
    hands = {0: ["KS", "QD", "JC", "KD", "JH"]}
    state = deal(GAME, hands, "9H").state
    meld = Announcement("carte_blanche_courts", _ordered(hands[0]), 20, 0)
    assert "meld_trick" in codes(GAME.validate(with_meld(state, 0, meld)))  # default: announced after a trick
    initial = deal(GAME, hands, "9H", options={"carte_blanche_timing": "initial_hand"}).state
    assert GAME.validate(with_meld(initial, 0, meld)) == []


def test_BSC_A9_initial_hand_carte_blanche_not_after_a_trick():
    hands = {0: ["KS", "QD", "JC", "KD", "8C"], 1: ["7C", "7S", "8S", "9S", "TS"]}
    state = deal(GAME, hands, "9H", then=("QS",), options={"carte_blanche_timing": "initial_hand"}).state
    state = play(GAME, state, "8C", "7C")
    assert state.leader == 0 and sorted(state.seats[0].hand) == sorted(["KS", "QD", "JC", "KD", "QS"])
    meld = Announcement("carte_blanche_courts", _ordered(state.seats[0].hand), 20, 1)
    assert "meld_trick" in codes(GAME.validate(with_meld(state, 0, meld)))


def test_BSC_A6_no_announcement_recorded_after_the_talon_is_empty():
    state = c14_state()
    tricks = (*state.tricks, *(Trick(0, ("7D", "8D"), 0, 0) for _ in range(10)))
    meld = Announcement("marriage", ("KH", "QH"), 40, 11)
    late = with_meld(dataclasses.replace(state, tricks=tricks), 0, meld)
    assert "meld_trick" in codes(meld_problems(GAME, late, late.seats[0]))
    allowed = dataclasses.replace(late, options=GAME.options({"announce_after_talon": True}))
    assert "meld_trick" not in codes(meld_problems(GAME, allowed, allowed.seats[0]))


def test_BSC_A10_announced_trump_ace_not_under_automatic_bonus():
    hands = {0: ["AH", "8C", "9C", "TC", "JC"], 1: ["7C", "7S", "8S", "9S", "TS"]}
    state = deal(GAME, hands, "9H", options={"trump_ace_bonus": "automatic_on_holding"}).state
    state = play(GAME, state, "8C", "7C")
    assert state.seats[0].score == 30 and GAME.validate(state) == []
    twice = with_meld(state, 0, Announcement("trump_ace", ("AH",), 30, 1))
    assert "invalid_meld" in codes(GAME.validate(twice))  # the 30 would count twice


def test_BSC_A10_validate_refuses_the_exchanged_trump_ace():
    hands = {0: ["7H", "8C", "9C", "TC", "JC"], 1: ["7C", "7S", "8S", "9S", "TS"]}
    state = deal(GAME, hands, "AH").state
    state = GAME.apply(state, act(GAME, 0, "exchange_seven")).state
    state = play(GAME, state, "8C", "7C")
    assert GAME.validate(state) == []
    forged = with_meld(state, 0, Announcement("trump_ace", ("AH",), 30, 1))
    assert "trump_ace_exchanged" in codes(GAME.validate(forged))


def last_cards_state(game):
    """The talon just ran out: seat 0 holds only trumps (♥)."""
    trumps = ["AH", "TH", "KH", "QH", "JH", "9H"][: game.hand_size]
    state = deal(game, {0: trumps}, "7H").state
    tricks = tuple(Trick(1, ("7D", "8D"), 1, 0) for _ in range(game.talon_tricks))
    return dataclasses.replace(state, tricks=tricks, talon=(), phase=FINAL)


def test_last_five_cards_all_trumps_scores_30_in_briscan_only():
    assert {b.kind: b.points for b in GAME.expected_bonuses(last_cards_state(GAME))[0]} == {"last_cards": 30}
    assert GAME.expected_bonuses(last_cards_state(GAME))[1] == ()
    assert BRISQUE.expected_bonuses(last_cards_state(BRISQUE)) == [(), ()]  # Brisque: last trick only


def slam_state(game):
    """Seat 1 (the leader, dealer 0) has won all 16 tricks."""
    state = deal(game, {}, "9H", dealer=0).state
    pack = list(game.full_pack())
    tricks = tuple(Trick(1, (pack[2 * k], pack[2 * k + 1]), 1, 0) for k in range(16))
    seats = tuple(dataclasses.replace(s, hand=()) for s in state.seats)
    return dataclasses.replace(state, tricks=tricks, talon=(), trick=(), seats=seats, phase=FINAL)


def test_sork_wins_the_game_at_once():
    transition = GAME._settle(slam_state(GAME), [])
    result = GAME.result(transition.state)
    assert transition.state.ended == "slam" and result["game"]["winners"] == [1] and result["game"]["over"]
    kinds = {b.kind: b.points for b in transition.state.seats[1].bonuses}
    assert kinds == {"last_trick": 10, "last_tricks": 20, "most_cards": 10}


def test_brisque_scores_only_the_last_trick_bonus():
    due = BRISQUE.expected_bonuses(slam_state(BRISQUE))
    assert due[0] == () and [(b.kind, b.points) for b in due[1]] == [("last_trick", 10)]


def test_result_never_raises_on_a_malformed_finished_state():
    done = dataclasses.replace(GAME._settle(slam_state(GAME), []).state)
    assert GAME.result(dataclasses.replace(done, seats=done.seats[:1])) is None


def test_2c_validate_refuses_a_meld_of_cards_the_other_seat_holds():
    state = c14_state()  # seat 0 holds A♥ K♥ Q♥ J♥ 9♣ on lead; seat 1 holds 7♠ 8♠ 9♠ 10♠ and 8♦
    assert GAME.validate(with_meld(state, 0, Announcement("marriage", ("KH", "QH"), 40, 1))) == []
    forged = with_meld(state, 0, Announcement("tierce", ("TS", "9S", "8S"), 20, 1))
    assert "meld_cards" in codes(GAME.validate(forged))
