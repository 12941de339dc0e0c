"""Every worked example of docs/rules/briscola.md, replayed through the engine with the same cards."""

from __future__ import annotations

from service.rules.briscola import Briscola
from service.rules.briscola.game import sides
from service.rules.briscola.state import BriscolaCarry
from tests.actions import act
from tests.conftest import deck_for
from tests.rules.briscola.seed_example import EXAMPLE_DECK, EXAMPLE_PLAYS

GAME = Briscola()
DEFAULT = GAME.options(None)
YOU, ADA = 0, 1


def step(state, seat, kind, **fields):
    return GAME.apply(state, act(GAME, seat, kind, **fields))


def test_components_example_four_players_trump_ace_takes_23():
    assert GAME.trick_winner("S", ["JC", "3C", "2S", "AS"], DEFAULT) == (3, 23)
    assert sides(4, DEFAULT) == ((0, 2), (1, 3))  # seat 3's partner is seat 1


def test_deal_example_the_seed_deal():
    assert EXAMPLE_DECK[:13] == ["AH", "3H", "4S", "KD", "QC", "7C", "5S", "3S", "JH", "6D", "AS", "2C", "7H"]
    state = GAME.deal(2, ADA, DEFAULT, EXAMPLE_DECK).state
    assert sorted(state.seats[YOU].hand) == sorted(["AH", "4S", "QC"])
    assert sorted(state.seats[ADA].hand) == sorted(["3H", "KD", "7C"])
    assert state.turn_up == "5S" and state.trump == "S"
    assert len(state.stock) == 34 and state.stock[0] == "3S" and state.stock[-1] == "5S"
    assert state.to_act == state.leader == YOU


def test_play_example_first_four_tricks_26_to_4():
    state = GAME.deal(2, ADA, DEFAULT, EXAMPLE_DECK).state
    tricks = [("QC", "7C", YOU, 3), ("4S", "JH", YOU, 2), ("6D", "KD", ADA, 4), ("3H", "AH", YOU, 21)]
    draws = []
    for lead, reply, winner, points in tricks:
        state = step(state, state.to_act, "play", card=lead).state
        t = step(state, state.to_act, "play", card=reply)
        state = t.state
        assert [e for e in t.events if e["type"] == "trick"][0]["winner"] == winner
        assert state.tricks[-1].points == points
        draws.append([(e["seat"], e["card"]) for e in t.events if e["type"] == "draw"])
    assert draws[:3] == [[(YOU, "3S"), (ADA, "JH")], [(YOU, "6D"), (ADA, "AS")], [(ADA, "2C"), (YOU, "7H")]]
    assert (state.seats[YOU].points, state.seats[ADA].points) == (26, 4)


def adjudicate(options=None, carry=None):
    state = GAME.deal(2, ADA, GAME.options(options), EXAMPLE_DECK, carry).state
    for card in EXAMPLE_PLAYS:
        state = step(state, state.to_act, "play", card=card).state
    return state


def test_tricks_example_an_off_suit_ace_cannot_win():
    assert GAME.trick_winner("S", ["7C", "AD"], DEFAULT) == (0, 11)


def test_scoring_example_the_seed_deal_ends_68_to_52():
    # the doc's deal: You A♥ 4♠ Q♣, Ada 3♥ K♦ 7♣, then 5♠ and the rest of the example deck
    assert EXAMPLE_DECK[:6] == ["AH", "3H", "4S", "KD", "QC", "7C"]
    state = adjudicate()
    result = GAME.result(state)
    assert result["points"] == [68, 52] and result["winners"] == [YOU] and result["decided_by"] == "points"
    assert result["match"]["match_score"] == "1-0" and not result["match"]["over"]
    assert result["carry"] == {"match_score": [1, 0]}
    # the stated facts: 3S taken by AS, Ada wins trick 17 and You get 5S, You win two of the last three
    trump_trick = next(t for t in state.tricks if set(t.cards) == {"3S", "AS"})
    assert trump_trick.winner == ADA and trump_trick.points == 21 and trump_trick.leader == YOU
    assert state.tricks[16].winner == ADA
    last = state.tricks[17:]
    assert [t.winner for t in last].count(YOU) == 2
    assert {c for t in last if t.winner == YOU for c in t.cards} >= {"5S", "KC"}
    again = GAME.result(adjudicate(carry=BriscolaCarry((1, 0))))["match"]
    assert again["score_before"] == [1, 0] and again["match_score"] == "2-0"
    assert again["over"] and again["winners"] == [YOU]


def test_options_example_two_of_trumps_takes_the_turn_up():
    deck = deck_for({0: ["2S", "KH", "QH"], 1: ["3C", "KD", "QD"]}, 2, 1, GAME.full_pack(), then=["AS"])
    state = GAME.deal(2, 1, GAME.options({"turnup_exchange": "two"}), deck).state
    assert {"seat": 0, "type": "exchange_turnup"} in GAME.legal_actions(state)
    after = step(state, 0, "exchange_turnup").state
    assert after.seats[0].hand == ("AS", "KH", "QH") and after.stock[-1] == "2S" and after.to_act == 0
    assert not any(a["type"] == "exchange_turnup" for a in GAME.legal_actions(after))


def test_settled_reading_exchange_on_any_turn_while_the_stock_lasts():
    deck = deck_for({0: ["KH", "QH", "JH"], 1: ["2S", "KD", "QD"]}, 2, 1, GAME.full_pack(), then=["AS"])
    state = GAME.deal(2, 1, GAME.options({"turnup_exchange": "two"}), deck).state
    state = step(state, 0, "play", card="KH").state  # mid-trick, seat 1's turn: the exchange is open to it
    assert {"seat": 1, "type": "exchange_turnup"} in GAME.legal_actions(state)
    while state.stock:  # seat 1 keeps the two; once the stock is gone no exchange is offered
        plays = [a for a in GAME.legal_actions(state) if a["type"] == "play" and a["card"] != "2S"]
        state = step(state, state.to_act, "play", card=plays[0]["card"]).state
    assert "2S" in state.seats[1].hand
    assert not any(a["type"] == "exchange_turnup" for a in GAME.legal_actions(state))


def test_five_players_is_a_422_naming_briscola_chiamata(client):
    answer = client.post("/v1/briscola/deals", json={"players": 5, "dealer": 0, "seed": "five"})
    assert answer.status_code == 422
    assert "briscola-chiamata" in answer.get_data(as_text=True)
