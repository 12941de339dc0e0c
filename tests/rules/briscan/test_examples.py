"""Every worked example of rules/briscan-brisque.md 2(d) (C1 to C24), by its id, and the trick winner of
every pair of cards under every trump against a simple reference."""

from __future__ import annotations

import dataclasses
from itertools import permutations

import pytest

from service.rules.briscan import Briscan, Brisque
from service.rules.briscan.state import COMPLETE, FINAL, TALON, BriscanCarry
from service.rules.cards import SUITS
from service.rules.errors import IllegalAction, InvalidInput
from service.rules.tricks import Trick
from tests.actions import act
from tests.conftest import deck_for

BRISCAN = Briscan()
BRISQUE = Brisque()
DEFAULT = BRISCAN.options(None)


def deal(game, hands, turn_up, then=(), dealer=1, options=None, carry=None):
    """A deal where seat 0 (the non-dealer, on lead) and seat 1 hold ``hands``; ``then`` tops the talon."""
    opts = game.options(options)
    used = {c for h in hands.values() for c in h} | {turn_up, *then}
    spare = iter([c for c in game.full_pack() if c not in used])
    full = {s: list(hands.get(s, [])) for s in (0, 1)}
    for hand in full.values():
        hand.extend(next(spare) for _ in range(game.hand_size - len(hand)))
    deck = deck_for(full, 2, dealer, game.full_pack(), then=(turn_up, *then))
    return game.deal(2, dealer, opts, deck, carry)


def play(game, state, *cards):
    for card in cards:
        state = game.apply(state, act(game, state.to_act, "play", card=card)).state
    return state


def announce(game, state, seat, *melds):
    return game.apply(state, act(game, seat, "announce", melds=[{"kind": k, "cards": list(c)} for k, c in melds]))


def bonuses(state, seat):
    return {b.kind: b.points for b in state.seats[seat].bonuses}


def final_state(hand, lead, trump="H", options=None):
    """The follower (seat 1) to play to ``lead`` once the talon is empty."""
    state = deal(BRISCAN, {}, "9" + trump if trump != "H" else "9H", options=options).state
    seats = (state.seats[0], dataclasses.replace(state.seats[1], hand=tuple(hand)))
    return dataclasses.replace(state, phase=FINAL, talon=(), trick=(lead,), seats=seats, to_act=1, trump=trump)


# -- 2(b)2-3 the deal and the turn-up bonus -------------------------------------------------------------
def test_C1_turn_up_jack_scores_the_dealer_ten():
    t = deal(BRISCAN, {}, "JD")
    state = t.state
    assert state.trump == "D" and state.talon[-1] == "JD" and len(state.talon) == 22
    assert bonuses(state, 1) == {"turn_up": 10} and state.seats[1].score == 10 and state.seats[0].score == 0
    assert {"type": "bonus", "seat": 1, "kind": "turn_up", "points": 10} in t.events
    assert [len(s.hand) for s in state.seats] == [5, 5] and state.to_act == 0


def test_C1_brisque_deals_six_and_the_bonus_option():
    state = deal(BRISQUE, {}, "JD").state
    assert [len(s.hand) for s in state.seats] == [6, 6] and len(state.talon) == 20
    assert state.seats[1].score == 10  # BSC-A12 default
    assert deal(BRISQUE, {}, "JD", options={"brisque_turnup_bonus": False}).state.seats[1].score == 0


def test_C2_turn_up_nine_scores_nothing():
    state = deal(BRISCAN, {}, "9C").state
    assert state.trump == "C" and [s.score for s in state.seats] == [0, 0]


def test_C3_turn_up_seven_of_trumps_no_exchange_possible():
    state = deal(BRISCAN, {}, "7S").state
    assert [s.score for s in state.seats] == [0, 0]
    for _ in range(22):
        assert not any(a["type"] == "exchange_seven" for a in BRISCAN.legal_actions(state))
        state = play(BRISCAN, state, BRISCAN.legal_actions(state)[0]["card"])
    with pytest.raises(IllegalAction) as err:
        BRISCAN.apply(deal(BRISCAN, {}, "7S").state, act(BRISCAN, 0, "exchange_seven"))
    assert err.value.code == "exchange_not_allowed"


def test_deal_follows_api_section_5():
    deck = list(BRISCAN.full_pack())
    state = BRISCAN.deal(2, 0, DEFAULT, deck).state
    assert state.seats[1].hand == tuple(deck[0:10:2]) and state.seats[0].hand == tuple(deck[1:10:2])
    assert state.turn_up == deck[10] and state.talon == (*deck[11:], deck[10]) and state.to_act == 1


# -- 2(b)4 tricks ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (["TS", "7H"], 1),  # C4
        (["KC", "AD"], 0),  # C5
        (["9S", "AS"], 1),  # C6
        (["AS", "TS"], 0),  # C6
    ],
    ids=["C4", "C5", "C6a", "C6b"],
)
def test_C4_C5_C6_trick_winner(cards, winner):
    assert BRISCAN.trick_winner("H", cards, DEFAULT, "talon")[0] == winner


def test_C7_talon_phase_any_card():
    state = dataclasses.replace(deal(BRISCAN, {1: ["AS", "8C", "9D", "JH", "QC"]}, "9H").state, trick=("KS",), to_act=1)
    assert state.phase == TALON
    assert sorted(BRISCAN.legal_plays(state, 1)) == sorted(["AS", "8C", "9D", "JH", "QC"])


@pytest.mark.parametrize(
    ("lead", "hand", "legal"),
    [
        ("KS", ["AS", "9S", "7H"], ["AS"]),
        ("KS", ["9S", "8S", "7H"], ["9S", "8S"]),
        ("KS", ["QD", "7H", "8H"], ["7H", "8H"]),
        ("KS", ["QD", "JC"], ["QD", "JC"]),
        ("9H", ["TH", "8H", "AS"], ["TH"]),
        ("AH", ["TH", "8H", "KC"], ["TH", "8H"]),
    ],
    ids=["C8", "C9", "C10", "C11", "C12", "C13"],
)
def test_C8_to_C13_final_phase_strict_play(lead, hand, legal):
    state = final_state(hand, lead)
    assert sorted(BRISCAN.legal_plays(state, 1)) == sorted(legal)
    for card in hand:
        if card not in legal:
            with pytest.raises(IllegalAction) as err:
                BRISCAN.apply(state, act(BRISCAN, 1, "play", card=card))
            assert err.value.code == "must_follow" and err.value.rule == "BSC-A3"


def test_C8_options_follow_only_and_free():
    follow = final_state(["AS", "9S", "7H"], "KS", options={"final_phase_rule": "follow_only"})
    assert sorted(BRISCAN.legal_plays(follow, 1)) == ["9S", "AS"]
    void = final_state(["QD", "7H"], "KS", options={"final_phase_rule": "follow_only"})
    assert sorted(BRISCAN.legal_plays(void, 1)) == ["7H", "QD"]
    free = final_state(["AS", "9S", "7H"], "KS", options={"final_phase_rule": "free"})
    assert sorted(BRISCAN.legal_plays(free, 1)) == ["7H", "9S", "AS"]


# -- 2(c) melds --------------------------------------------------------------------------------------------
def c14_state(options=None):
    """Seat 0 wins trick 1 (8C over 7C) and draws 9C: on lead with A♥ K♥ Q♥ J♥ 9♣, trumps ♥."""
    hands = {0: ["AH", "KH", "QH", "JH", "8C"], 1: ["7C", "7S", "8S", "9S", "TS"]}
    state = deal(BRISCAN, hands, "TH", then=("9C", "8D", "9D", "7D"), options=options).state
    state = play(BRISCAN, state, "8C", "7C")
    assert state.leader == 0 and sorted(state.seats[0].hand) == sorted(["AH", "KH", "QH", "JH", "9C"])
    return state


def test_C14_quatrieme_majeure_in_trumps_blocks_the_marriage():
    state = c14_state()
    listed = BRISCAN.legal_actions(state)
    assert {
        "seat": 0,
        "type": "announce",
        "melds": [{"kind": "quatrieme", "cards": ["AH", "KH", "QH", "JH"]}],
    } in listed
    before = state.seats[0].score
    state = announce(BRISCAN, state, 0, ("quatrieme", ["AH", "KH", "QH", "JH"])).state
    assert state.seats[0].score - before == 200
    with pytest.raises(IllegalAction) as err:
        announce(BRISCAN, state, 0, ("marriage", ["KH", "QH"]))
    assert err.value.code == "card_reuse" and err.value.rule == "BSC-A2"
    assert not any(a.get("melds", [{}])[0].get("kind") == "marriage" for a in BRISCAN.legal_actions(state))
    state = announce(BRISCAN, state, 0, ("trump_ace", ["AH"])).state
    assert state.seats[0].score - before == 230
    assert BRISCAN.validate(state) == []


def test_C14_in_one_announcement():
    state = c14_state()
    after = announce(BRISCAN, state, 0, ("quatrieme", ["AH", "KH", "QH", "JH"]), ("trump_ace", ["AH"])).state
    assert after.seats[0].score - state.seats[0].score == 230
    with pytest.raises(IllegalAction):
        announce(BRISCAN, state, 0, ("quatrieme", ["AH", "KH", "QH", "JH"]), ("marriage", ["KH", "QH"]))


def test_C15_marriage_then_quatrieme_next_turn():
    for strict in (False, True):
        state = c14_state({"strict_card_reuse": strict} if strict else None)
        start = state.seats[0].score
        state = announce(BRISCAN, state, 0, ("marriage", ["KH", "QH"])).state
        assert state.seats[0].score - start == 40
        state = play(BRISCAN, state, "9C", "7S")  # leader wins: 7♠ does not follow
        assert state.leader == 0
        if strict:
            with pytest.raises(IllegalAction) as err:
                announce(BRISCAN, state, 0, ("quatrieme", ["AH", "KH", "QH", "JH"]))
            assert err.value.code == "card_reuse"
        else:
            state = announce(BRISCAN, state, 0, ("quatrieme", ["AH", "KH", "QH", "JH"])).state
            assert state.seats[0].score - start == 240
            assert BRISCAN.validate(state) == []


def melds(hand, trump, options=None, game=BRISCAN):
    return {
        (m["kind"], tuple(m["cards"])): m["points"] for m in game.evaluate_melds(hand, trump, game.options(options))
    }


def test_C16_quinte_au_valet():
    assert melds(["JC", "TC", "9C", "8C", "7C"], "S")[("quinte", ("JC", "TC", "9C", "8C", "7C"))] == 50
    assert melds(["JC", "TC", "9C", "8C", "7C"], "C")[("quinte", ("JC", "TC", "9C", "8C", "7C"))] == 100


def test_C17_tierce_au_dix():
    assert melds(["TD", "9D", "8D", "AS", "KC"], "H") == {("tierce", ("TD", "9D", "8D")): 20}


def test_C18_four_aces():
    hand = ["AS", "AH", "AD", "AC", "9S"]
    assert melds(hand, "H")[("quartet", ("AS", "AH", "AD", "AC"))] == 150
    assert melds(hand, "H", {"quartet_doubling": "always"})[("quartet", ("AS", "AH", "AD", "AC"))] == 300
    assert melds(hand, "H")[("trump_ace", ("AH",))] == 30


def test_C19_carte_blanche_of_courts_and_a_marriage():
    found = melds(["KS", "QD", "JC", "KD", "JH"], "H")
    assert found == {("marriage", ("KD", "QD")): 20, ("carte_blanche_courts", ("KS", "JH", "KD", "QD", "JC")): 20}
    assert sum(found.values()) == 40


def test_C20_carte_blanche_of_pips():
    assert melds(["AS", "TD", "9C", "8H", "7S"], "H") == {("carte_blanche_pips", ("AS", "7S", "8H", "TD", "9C")): 10}
    assert melds(["AS", "TD", "9C", "8H", "7S"], "H", {"ace_is_court": True}) == {}
    assert melds(["AS", "KD", "QD", "JC", "9H"], "H", {"ace_is_court": True}) == {("marriage", ("KD", "QD")): 20}


def test_C21_trump_seven_exchange_timing():
    state = deal(BRISCAN, {0: ["7H", "8C", "9C", "TC", "JC"]}, "AH").state
    assert {"seat": 0, "type": "exchange_seven"} in BRISCAN.legal_actions(state)
    late = dataclasses.replace(state, talon=(state.talon[0], "AH"))
    assert BRISCAN.exchange_allowed(late, 0)  # talon size 2 between tricks: legal
    during = dataclasses.replace(late, trick=("8S",), leader=1)
    assert not BRISCAN.exchange_allowed(during, 0)  # during a trick: illegal (Briscan)
    with pytest.raises(IllegalAction):
        BRISCAN.apply(during, act(BRISCAN, 0, "exchange_seven"))
    brisque = dataclasses.replace(deal(BRISQUE, {0: ["7H", "8C", "9C", "TC", "JC", "QC"]}, "AH").state)
    brisque = play(BRISQUE, brisque, "8C")
    assert brisque.trick == ("8C",) and BRISQUE.exchange_allowed(brisque, 0)  # any time in Brisque
    after = BRISQUE.apply(brisque, act(BRISQUE, 0, "exchange_seven")).state
    assert "AH" in after.seats[0].hand and after.talon[-1] == "7H" and after.exchanged_by == 0
    assert BRISQUE.validate(after) == []


def test_C21_exchanged_trump_ace_earns_no_bonus():
    state = deal(BRISCAN, {0: ["7H", "8C", "9C", "TC", "JC"], 1: ["7C", "7S", "8S", "9S", "TS"]}, "AH").state
    state = BRISCAN.apply(state, act(BRISCAN, 0, "exchange_seven")).state
    state = play(BRISCAN, state, "8C", "7C")
    with pytest.raises(IllegalAction) as err:
        announce(BRISCAN, state, 0, ("trump_ace", ["AH"]))
    assert err.value.code == "trump_ace_exchanged" and err.value.rule == "BSC-A10"


def c22_state():
    """X = seat 0 takes 18 cards with A♠ A♦ 10♠ 10♣ 10♥ and tricks 12-16; Y = seat 1 takes 14 with A♥ A♣ 10♦."""
    x_cards = [
        "AS",
        "AD",
        "TS",
        "TC",
        "TH",
        "KS",
        "QS",
        "JS",
        "9S",
        "8S",
        "7S",
        "KH",
        "QH",
        "JH",
        "9H",
        "8H",
        "7H",
        "KD",
    ]
    y_cards = ["AH", "AC", "TD", "QD", "JD", "9D", "8D", "7D", "KC", "QC", "JC", "9C", "8C", "7C"]
    base = deal(BRISCAN, {}, "9H", dealer=0).state
    tricks = []
    for k in range(7):
        cards = (y_cards[2 * k], y_cards[2 * k + 1])
        tricks.append(Trick(1, cards, 1, sum(10 for c in cards if c[0] in "AT")))
    for k in range(9):
        cards = (x_cards[2 * k], x_cards[2 * k + 1])
        tricks.append(Trick(0, cards, 0, sum(10 for c in cards if c[0] in "AT")))
    seats = tuple(dataclasses.replace(s, hand=()) for s in base.seats)
    return dataclasses.replace(base, tricks=tuple(tricks), talon=(), seats=seats, trick=())


def test_C22_end_of_deal_bonuses():
    state = c22_state()
    due = BRISCAN.expected_bonuses(state)
    card_points = [sum(t.points for t in state.tricks if t.winner == s) for s in (0, 1)]
    assert card_points == [50, 30]
    assert {b.kind: b.points for b in due[0]} == {"last_trick": 10, "last_tricks": 20, "most_cards": 10}
    assert due[1] == ()
    assert [card_points[s] + sum(b.points for b in due[s]) for s in (0, 1)] == [90, 30]


def test_C23_game_to_600():
    state = deal(BRISCAN, {}, "9H", carry=BriscanCarry((560, 590))).state
    seats = (dataclasses.replace(state.seats[0], score=70), dataclasses.replace(state.seats[1], score=0))
    done = dataclasses.replace(state, phase=COMPLETE, to_act=None, ended="points", seats=seats)
    result = BRISCAN.result(done)
    assert result["game"]["score"] == [630, 590] and result["game"]["winners"] == [0] and result["game"]["over"]
    assert result["winners"] == [0] and result["points"] == [70, 0] and result["reason"] == "points"
    assert result["carry"] == {"game_score": [0, 0]}  # the game is won: the next deal starts a new game
    level = dataclasses.replace(done, carry=BriscanCarry((530, 600)))
    game = BRISCAN.result(level)["game"]  # 600-600: another deal (BSC-A8)
    assert game["score"] == [600, 600] and game["over"] is False and game["winners"] == []
    assert BRISCAN.result(level)["carry"] == {"game_score": [600, 600]}
    both = dataclasses.replace(done, carry=BriscanCarry((590, 595)))
    assert BRISCAN.result(both)["game"]["winners"] == [0]  # 660 v 595: the higher total
    with pytest.raises(InvalidInput) as refused:
        BRISCAN.options({"game_score": "560-590"})
    assert [(p.code, p.pointer) for p in refused.value.problems] == [("moved_option", "/options/game_score")]
    options = BRISCAN.options(None)
    assert [p.code for p in BRISCAN.check_carry(2, options, BriscanCarry((560,)))] == ["invalid_carry"]
    assert [p.code for p in BRISCAN.check_carry(2, options, BriscanCarry((600, 10)))] == ["game_over"]


def test_C24_brisque_four_kings_win_the_game():
    hands = {0: ["KS", "KH", "KD", "KC", "8C", "9D"], 1: ["7C", "7S", "8S", "9S", "TS", "JS"]}
    state = deal(BRISQUE, hands, "9H").state
    with pytest.raises(IllegalAction) as err:  # not before a trick has been taken
        announce(BRISQUE, state, 0, ("quartet", ["KS", "KH", "KD", "KC"]))
    assert err.value.code == "announce_not_allowed"
    state = play(BRISQUE, state, "8C", "7C")
    t = announce(BRISQUE, state, 0, ("quartet", ["KS", "KH", "KD", "KC"]))
    assert t.state.phase == COMPLETE and t.state.ended == "four_kings" and BRISQUE.legal_actions(t.state) == []
    result = BRISQUE.result(t.state)
    assert result["winners"] == [0] and result["reason"] == "four_kings" and result["game"]["winners"] == [0]
    assert BRISQUE.validate(t.state) == []
    # Brisque counts no sequence and no carte blanche
    assert melds(["AH", "KH", "QH", "JH", "9C", "8C"], "H", game=BRISQUE) == {("marriage", ("KH", "QH")): 40}


# -- the trick winner of every pair under every trump --------------------------------------------------
def reference_winner(trump, lead, follow):
    high = ["A", "T", "K", "Q", "J", "9", "8", "7"]
    if follow[1] == lead[1]:
        return 1 if high.index(follow[0]) < high.index(lead[0]) else 0
    return 1 if follow[1] == trump else 0


def test_every_pair_under_every_trump():
    values = {"A": 10, "T": 10}
    for trump in SUITS:
        for lead, follow in permutations(BRISCAN.full_pack(), 2):
            winner, points = BRISCAN.trick_winner(trump, [lead, follow], DEFAULT)
            assert winner == reference_winner(trump, lead, follow), (trump, lead, follow)
            assert points == values.get(lead[0], 0) + values.get(follow[0], 0)


def test_trick_winner_points_options_and_bad_input():
    opts = BRISCAN.options({"card_points": "ace_ten_120"})
    assert BRISCAN.trick_winner("H", ["AS", "KS"], opts) == (0, 15)
    assert BRISCAN.trick_winner("H", ["AS", "KS"], BRISCAN.options({"card_points": "none"})) == (0, 0)
    for bad in (["6S", "AS"], ["AS", "AS"], ["AS", "KS", "QS"]):
        with pytest.raises(InvalidInput):
            BRISCAN.trick_winner("H", bad, DEFAULT)
    with pytest.raises(InvalidInput):
        BRISCAN.trick_winner("X", ["AS"], DEFAULT)
