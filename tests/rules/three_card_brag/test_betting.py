"""Three Card Brag betting: worked examples TB1-TB7 and the rules around blind play and seeing."""

from __future__ import annotations

import pytest

from service.rules.cards import parse_french
from service.rules.errors import IllegalAction, InvalidInput
from service.rules.registry import GAMES
from service.rules.three_card_brag.options import BragOptions
from service.rules.three_card_brag.state import BragCarry
from tests.actions import act
from tests.conftest import deck_for

GAME = GAMES["three-card-brag"]
A, B, C, D = 0, 1, 2, 3  # A = the dealer's left ... D = the dealer


def hand(text):
    return [parse_french(c) for c in text.split()]


def deal(hands, players=4, **options):
    opts = BragOptions(**options)
    deck = deck_for(hands, players, players - 1, GAME.full_pack())
    return GAME.deal(players, players - 1, opts, deck).state


def play(state, *moves):
    events = []
    for seat, kind, *amount in moves:
        t = GAME.apply(state, act(GAME, seat, kind, **({"amount": amount[0]} if amount else {})))
        state = t.state
        events.extend(t.events)
    return state, events


def kinds(state):
    return {a["type"]: a for a in GAME.legal_actions(state)}


def test_TB1_no_see_with_three_players():
    state = deal({}, blind_allowed=False)
    assert state.pot == 4
    state, _ = play(state, (A, "bet", 2), (B, "fold"), (C, "call"), (D, "call"))
    assert state.pot == 10 and state.to_act == A and state.stake == 2
    legal = kinds(state)
    assert set(legal) == {"fold", "call", "raise"}
    assert legal["raise"]["min"] == 3
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, act(GAME, A, "see"))
    assert caught.value.code == "cannot_see"


def test_TB2_equal_hands_the_seer_loses():
    state = deal({A: hand("7♠ 7♥ 2♣"), C: hand("7♦ 7♣ 2♦")}, blind_allowed=False)
    state, _ = play(state, (A, "bet", 2), (B, "fold"), (C, "raise", 4), (D, "fold"))
    assert state.pot == 10 and state.to_act == A
    assert set(kinds(state)) == {"fold", "call", "raise", "see"}
    state, events = play(state, (A, "see"))
    assert events[0] == {"type": "see", "seat": A, "chips": 8}
    assert [e["seat"] for e in events if e["type"] == "show"] == [C, A]  # the seen player shows first
    result = GAME.result(state)
    assert state.pot == 18
    assert result["winners"] == [C] and result["reason"] == "seen" and result["tie"] is True
    assert result["payouts"] == [-11, -1, 13, -1]


def test_TB3_seen_player_wins():
    state = deal({A: hand("Q♠ Q♦ 5♣"), C: hand("J♠ J♥ A♦")}, blind_allowed=False)
    state, _ = play(state, (A, "bet", 2), (B, "fold"), (C, "raise", 4), (D, "fold"), (A, "call"))
    assert state.pot == 14 and state.to_act == C
    assert set(kinds(state)) == {"fold", "call", "raise", "see"}
    state, _ = play(state, (C, "see"))
    result = GAME.result(state)
    assert state.pot == 22 and result["winners"] == [A]
    assert sum(result["payouts"]) == 0


def _tb4_start():
    # 3 players: A (blind), B (open), C = dealer (open). Dealer is seat 2.
    state = deal({A: hand("7♣ 8♣ 9♣"), B: hand("5♠ 5♥ 9♦")}, players=3)
    assert state.pot == 3
    state, events = play(state, (A, "bet", 2))
    assert events[0]["chips"] == 1 and state.stake == 2 and state.pot == 4
    state, _ = play(state, (B, "look"), (B, "call"), (C, "fold"))
    assert state.pot == 6
    return state


def test_TB4_blind_against_open():
    state = _tb4_start()
    legal = kinds(state)
    assert set(legal) == {"fold", "call", "raise", "see", "look"}
    assert legal["raise"]["min"] == 4  # at least 2 blind chips: S = 2 * chips
    state, events = play(state, (A, "call"))
    assert events[0]["chips"] == 1 and state.pot == 7
    assert set(kinds(state)) == {"fold", "call", "raise"}  # you cannot see a blind man
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, act(GAME, B, "see"))
    assert "blind" in caught.value.message
    state, _ = play(state, (B, "call"))
    assert state.pot == 9
    state, events = play(state, (A, "see"))
    assert events[0]["chips"] == 2 and state.pot == 11
    assert [e["seat"] for e in events if e["type"] == "show"] == [B, A]
    result = GAME.result(state)
    assert result["winners"] == [A] and result["payouts"] == [11 - 5, -5, -1]


def test_TB5_blind_player_looks():
    state = _tb4_start()
    state, _ = play(state, (A, "look"))
    assert state.to_act == A and not state.seats[A].blind
    assert set(kinds(state)) == {"fold", "call", "raise", "see"}
    state, events = play(state, (A, "see"))
    assert events[0]["chips"] == 4


def test_TB6_blind_against_blind():
    state = deal({}, players=3)
    state, events = play(state, (A, "bet", 2), (B, "raise", 4), (C, "fold"))
    assert [e["chips"] for e in events if e["type"] in ("bet", "raise")] == [1, 2]
    legal = kinds(state)
    assert set(legal) == {"fold", "call", "raise", "see", "look"}
    assert legal["raise"]["min"] == 6  # at least 3 blind chips
    _, events = play(state, (A, "call"))
    assert events[0]["chips"] == 2
    _, events = play(state, (A, "see"))
    assert events[0]["chips"] == 4


def test_TB7_all_fold_to_a_blind_player():
    state = deal({})
    state, _ = play(state, (A, "bet", 2), (B, "fold"), (C, "fold"), (D, "fold"))
    result = GAME.result(state)
    assert result["winners"] == [A] and result["reason"] == "all_folded" and sum(result["payouts"]) == 0
    assert result["payouts"][A] == 5 - 2


def test_TB7_carry_forward_option():
    state = deal({}, blind_survivor="carry_forward")
    state, events = play(state, (A, "bet", 2), (B, "fold"), (C, "fold"), (D, "fold"))
    result = GAME.result(state)
    assert result["winners"] == [] and result["reason"] == "carried_forward"
    assert result["carried_pot"] == 5 and result["keeps_hand"] == A  # antes 4 + one blind chip
    assert sum(result["payouts"]) == -5
    assert events[-1]["type"] == "pot_carried"


def test_carried_pot_starts_the_next_deal():
    state = deal({}, blind_survivor="carry_forward")
    state, _ = play(state, (A, "bet", 2), (B, "fold"), (C, "fold"), (D, "fold"))
    assert GAME.result(state)["carry"] == {"pot": 5}  # the next deal's carry, as the wire takes it
    state = GAME.deal(4, 3, BragOptions(), deck_for({}, 4, 3, GAME.full_pack()), BragCarry(pot=6)).state
    assert state.pot == 10 and state.carry == BragCarry(pot=6)
    state, _ = play(state, (A, "fold"), (B, "fold"), (C, "fold"))
    result = GAME.result(state)
    assert result["winners"] == [D] and sum(result["payouts"]) == 6 and result["carry"] == {"pot": 0}


def test_carried_pot_is_no_option():
    with pytest.raises(InvalidInput) as refused:
        GAME.options({"carried_pot": 6})
    (problem,) = refused.value.problems
    assert problem.code == "moved_option" and problem.pointer == "/options/carried_pot"
    assert "carry.pot" in problem.message


def test_wins_and_keeps_hand_option():
    state = deal({}, blind_survivor="wins_and_keeps_hand")
    state, _ = play(state, (A, "bet", 2), (B, "fold"), (C, "fold"), (D, "fold"))
    result = GAME.result(state)
    assert result["winners"] == [A] and result["keeps_hand"] == A


def test_BT_A9_first_player_may_fold_and_survivor_takes_the_antes():
    state = deal({})
    state, _ = play(state, (A, "fold"), (B, "fold"), (C, "fold"))
    result = GAME.result(state)
    assert result["winners"] == [D] and result["payouts"] == [-1, -1, -1, 3]


def test_BT_A6_see_needs_a_stake_and_call_needs_a_bet():
    state = deal({}, players=2)
    assert "see" not in kinds(state) and "call" not in kinds(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, act(GAME, 0, "call"))
    assert (caught.value.code, caught.value.rule) == ("nothing_to_call", "5(b)")  # a call needs S (5(b) table)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, act(GAME, 0, "see"))
    assert (caught.value.code, caught.value.rule) == ("cannot_see", "BT-A6")


def test_a_refused_see_names_the_rule_it_breaks():
    three = play(deal({}, players=3), (0, "bet", 2))[0]
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(three, act(GAME, 1, "see"))
    assert (caught.value.code, caught.value.rule) == ("cannot_see", "5(b)")  # three players are in
    heads_up = play(deal({}, players=2), (0, "bet", 2), (1, "look"))[0]  # seat 0 stays blind
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(heads_up, act(GAME, 1, "see"))
    assert (caught.value.code, caught.value.rule) == ("cannot_see", "5(b)/blind")  # open may not see blind
    blind_seer = play(deal({}, players=2), (0, "bet", 2))[0]
    assert "see" in kinds(blind_seer)


def test_limits_and_odd_stakes():
    state = deal({}, blind_allowed=False, max_bet=5, max_raise_increment=2)
    assert kinds(state)["bet"] == {"seat": A, "type": "bet", "min": 1, "max": 5}
    state, _ = play(state, (A, "bet", 2))
    assert kinds(state)["raise"] == {"seat": B, "type": "raise", "min": 3, "max": 4}
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, act(GAME, B, "raise", amount=5))
    assert caught.value.code == "bet_too_large"
    blind = deal({})
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(blind, act(GAME, A, "bet", amount=3))
    assert caught.value.rule == "BT-A4"
    even = deal({}, blind_allowed=False, require_even_stakes=True)
    assert kinds(even)["bet"]["min"] == 2


@pytest.mark.parametrize(
    ("options", "cap"),
    [
        ({"max_bet": 7}, 6),  # a blind stake is even: the odd cap 7 lists 6
        ({"blind_allowed": False, "require_even_stakes": True, "max_bet": 9}, 8),
        ({"blind_allowed": False, "require_even_stakes": False, "max_bet": 9}, 9),
    ],
)
def test_the_listed_max_can_be_sent_as_it_is(options, cap):
    state = deal({}, **options)
    listed = kinds(state)["bet"]
    assert listed["max"] == cap
    after, events = play(state, (A, "bet", listed["max"]))
    assert after.stake == cap and events[0]["amount"] == cap
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, act(GAME, A, "bet", amount=cap + 2))
    assert (caught.value.code, str(cap)) == ("bet_too_large", caught.value.message.rsplit(" ", 1)[-1])


def test_wrong_seat_and_finished_deal():
    state = deal({})
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, act(GAME, B, "fold"))
    assert caught.value.code == "not_your_turn"
    assert caught.value.legal_actions == GAME.legal_actions(state)
    done, _ = play(state, (A, "fold"), (B, "fold"), (C, "fold"))
    assert GAME.legal_actions(done) == []
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(done, act(GAME, D, "fold"))
    assert caught.value.code == "deal_over"


def test_view_hides_other_hands_and_the_stock_until_shown():
    state = deal({A: hand("Q♠ Q♦ 5♣"), C: hand("J♠ J♥ A♦")}, blind_allowed=False)
    seen = GAME.view(state, B)
    assert seen.seats[B].hand == state.seats[B].hand
    assert all(s.hand == ("??",) * 3 for s in seen.seats if s.seat != B)
    assert set(seen.stock) == {"??"}
    state, _ = play(state, (A, "bet", 2), (B, "fold"), (C, "raise", 4), (D, "fold"), (A, "call"), (C, "see"))
    shown = GAME.view(state, B)
    assert shown.seats[A].hand == state.seats[A].hand and shown.seats[C].hand == state.seats[C].hand
    assert shown.seats[D].hand == ("??",) * 3


def test_validate_lists_every_problem():
    import dataclasses

    state = deal({})
    broken = dataclasses.replace(
        state,
        pot=99,
        to_act=7,
        stock=state.stock[:-1] + (state.seats[0].hand[0],),
    )
    codes = {p.code for p in GAME.validate(broken)}
    assert {"pot", "turn", "duplicate_card", "missing_card"} <= codes
    assert GAME.validate(state) == []
