"""Old Brag deals (rules/old-brag.md 4(b)): the O16 record, every pot, options and illegal actions."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest
from marshmallow import ValidationError

from service.rules.broggin.game import Exchange
from service.rules.cards import french_pack
from service.rules.errors import IllegalAction, InvalidInput
from service.rules.old_brag import OldBrag
from service.rules.old_brag.game import total_31
from service.rules.old_brag.state import OldBragCarry, OldBragState
from service.rules.seats import deal_order
from tests.actions import act, load, script

GAME = OldBrag()


def build_deck(hands: Sequence[Sequence[str]], dealer: int, draws: Sequence[str] = ()) -> list[str]:
    """A deck (top first) that deals ``hands`` (by seat, in dealing order within each hand) as docs/api.md 5
    says, then has ``draws`` on top of the rest; the remaining cards follow in pack order."""
    cards = [[GAME.parse_card(c) for c in hand] for hand in hands]
    deck = [cards[seat][r] for r in range(3) for seat in deal_order(dealer, len(hands))]
    deck += [GAME.parse_card(c) for c in draws]
    deck += [c for c in french_pack() if c not in deck]
    assert sorted(deck) == sorted(french_pack())
    return deck


def play(
    hands: Sequence[Sequence[str]],
    actions: Sequence[dict[str, Any]],
    dealer: int = 0,
    draws: Sequence[str] = (),
    carry: OldBragCarry | None = None,
    **options: Any,
) -> tuple[OldBragState, list[dict[str, Any]]]:
    """Replay a record: deal from the deck, then apply each action (what records/adjudicate does)."""
    opts = GAME.options(options)
    deck = build_deck(hands, dealer, draws)
    GAME.check_deck(len(hands), opts, deck)
    t = GAME.deal(len(hands), dealer, opts, deck, carry)
    state, events = t.state, list(t.events)
    assert GAME.validate(state) == []
    for raw in actions:
        t = GAME.apply(state, load(GAME, raw))
        state = t.state
        events.extend(t.events)
        assert GAME.validate(state) == [], raw
    return state, events


# O16: D = seat 0 (dealer), P1 = 1, P2 = 2, P3 = 3
O16_HANDS = [["7♠", "7♥", "5♣"], ["K♥", "2♠", "A♥"], ["Q♠", "10♦", "A♣"], ["K♣", "J♣", "6♥"]]
O16_DRAWS = ["10♥", "6♦", "8♠"]
D, P1, P2, P3 = 0, 1, 2, 3
O16_BETTING = [
    {"seat": D, "type": "bet", "amount": 1},
    {"seat": P1, "type": "call"},
    {"seat": P2, "type": "raise", "amount": 3},
    {"seat": P3, "type": "call"},
    {"seat": D, "type": "fold"},
    {"seat": P1, "type": "fold"},
]
O16_DRAWING = [
    {"seat": D, "type": "hit"},
    {"seat": D, "type": "stand"},
    {"seat": P1, "type": "hit"},
    {"seat": P1, "type": "stand"},
    {"seat": P2, "type": "stand"},
    {"seat": P3, "type": "hit"},
]


def test_O16_full_deal_across_three_pots() -> None:
    opts = GAME.options(None)
    start = GAME.deal(4, D, opts, build_deck(O16_HANDS, D, O16_DRAWS)).state
    # antes: main 2x4, Pot I 1x4, Pot III 1x4
    assert (start.main_pot, start.pot1, start.pot3) == (8, 4, 4)
    assert start.to_act == D
    assert [s.hand[2] for s in start.seats] == ["5C", "AH", "AC", "6H"]
    state, events = play(O16_HANDS, O16_BETTING + O16_DRAWING, draws=O16_DRAWS)
    pot1 = [e for e in events if e["type"] == "pot_won" and e["pot"] == "pot1"]
    assert pot1 == [{"type": "pot_won", "pot": "pot1", "seat": P1, "amount": 4, "card": "AH"}]
    assert state.main_pot == 8 + 1 + 1 + 3 + 3 == 16
    assert [s.drawn for s in state.seats] == [("TH",), ("6D",), (), ("8S",)]
    assert state.phase == "complete" and state.to_act is None
    result = GAME.result(state)
    assert result is not None
    assert result["winners"] == [P3] and result["reason"] == "showdown"
    assert result["pots"]["main"] == {"amount": 16, "winner": P3, "reason": "showdown"}
    assert result["pots"]["pot1"] == {"amount": 4, "winner": P1, "card": "AH"}
    assert result["pots"]["pot3"] == {
        "amount": 4,
        "winner": P2,
        "reason": "highest_total",
        "total": 31,
        "cards": 3,
    }
    assert result["payouts"] == [-5, -1, -3, 9]
    assert sum(result["payouts"]) == 0
    assert "carried_pot3" not in result
    assert result["next_dealer"] == 1
    busts = [e for e in events if e["type"] == "bust"]
    assert busts == [{"type": "bust", "seat": P3, "total": 34}]
    # Phase II showdown: P2 high card A-Q-10, P3 bragger pair of Kings, kicker 6
    shown = {e["seat"]: GAME.evaluate([e["hand"]], opts)[0].description for e in events if e["type"] == "show"}
    assert shown == {P2: "High card A-Q-T", P3: "Bragger pair of kings, six kicker"}
    # Phase III: D 19 + 10 = 29, P1 23 + 6 = 29, P2 31 with three cards, P3 26 + 8 = 34
    hits = [(e["seat"], e["card"], e["total"]) for e in events if e["type"] == "hit"]
    assert hits == [(D, "TH", 29), (P1, "6D", 29), (P3, "8S", 34)]
    stands = [(e["seat"], e["total"]) for e in events if e["type"] == "stand"]
    assert stands == [(D, 29), (P1, 29), (P2, 31)]
    pot3 = [e for e in events if e["type"] == "pot_won" and e["pot"] == "pot3"]
    assert pot3 == [{"type": "pot_won", "pot": "pot3", "seat": P2, "amount": 4}]


def test_O16_showdown_and_phase_change() -> None:
    state, events = play(O16_HANDS, O16_BETTING, draws=O16_DRAWS)
    assert state.phase == "drawing" and state.to_act == D
    shows = [e["seat"] for e in events if e["type"] == "show"]
    assert shows == [P2, P3]
    main = [e for e in events if e["type"] == "pot_won" and e["pot"] == "main"]
    assert main == [{"type": "pot_won", "pot": "main", "seat": P3, "amount": 16, "reason": "showdown"}]
    assert GAME.result(state) is None
    assert GAME.legal_actions(state) == [{"seat": D, "type": "hit"}, {"seat": D, "type": "stand"}]


def test_O16_tie_variant_fewer_cards_wins() -> None:
    # P2 holds 29 in three cards (Q 8 A): ties D and P1 at 29 with four cards, and wins on fewer cards
    hands = [O16_HANDS[0], O16_HANDS[1], ["Q♠", "8♦", "A♣"], O16_HANDS[3]]
    state, events = play(hands, O16_BETTING + O16_DRAWING, draws=O16_DRAWS)
    stands = [(e["seat"], e["total"]) for e in events if e["type"] == "stand"]
    assert stands == [(D, 29), (P1, 29), (P2, 29)]
    assert [len(s.hand + s.drawn) for s in state.seats[:3]] == [4, 4, 3]
    result = GAME.result(state)
    assert result is not None
    assert result["pots"]["pot3"] == {"amount": 4, "winner": P2, "reason": "highest_total", "total": 29, "cards": 3}


def test_O16_tie_variant_priority_between_equal_totals_and_cards() -> None:
    # P2 has 23 and stands, P3 busts: D and P1 tie at 29 with four cards -> D by priority
    hands = [O16_HANDS[0], O16_HANDS[1], ["Q♠", "2♦", "A♣"], O16_HANDS[3]]
    state, events = play(hands, O16_BETTING + O16_DRAWING, draws=O16_DRAWS)
    stands = [(e["seat"], e["total"]) for e in events if e["type"] == "stand"]
    assert stands == [(D, 29), (P1, 29), (P2, 23)]
    result = GAME.result(state)
    assert result is not None
    assert result["pots"]["pot3"] == {"amount": 4, "winner": D, "reason": "highest_total", "total": 29, "cards": 4}
    # with the eldest hand first, P1 precedes D
    state, _ = play(
        hands,
        O16_BETTING + [O16_DRAWING[i] for i in (2, 3, 4, 5, 0, 1)],
        draws=["6♦", "8♠", "10♥"],
        priority="eldest_first",
    )
    result = GAME.result(state)
    assert result is not None
    assert result["pots"]["pot3"]["winner"] == P1


def test_pot1_ties_go_by_priority_and_ace_of_diamonds_option() -> None:
    hands = [["7♠", "7♥", "A♠"], ["K♥", "2♠", "A♦"], ["Q♠", "10♦", "A♣"], ["K♣", "J♣", "6♥"]]
    start = GAME.deal(4, 0, GAME.options(None), build_deck(hands, 0)).events
    assert [e["seat"] for e in start if e["type"] == "pot_won"] == [0]
    eldest = GAME.deal(4, 0, GAME.options({"priority": "eldest_first"}), build_deck(hands, 0)).events
    assert [e["seat"] for e in eldest if e["type"] == "pot_won"] == [1]
    supreme = GAME.deal(4, 0, GAME.options({"pot1_ace_diamonds_supreme": True}), build_deck(hands, 0)).events
    assert [e["seat"] for e in supreme if e["type"] == "pot_won"] == [1]


def test_main_pot_tie_goes_to_first_in_priority() -> None:
    hands = [["7♠", "7♥", "5♣"], ["K♥", "K♠", "4♥"], ["K♦", "K♣", "4♣"], ["2♣", "3♥", "6♥"]]
    betting = script("0 bet 2", "1 call", "2 call", "3 fold")
    state, events = play(hands, betting, consolation_pots=False)
    assert [e["seat"] for e in events if e["type"] == "show"] == [0, 1, 2]
    result = GAME.result(state)
    assert result is not None and result["winners"] == [1]
    state, _ = play(hands, betting, consolation_pots=False, priority="eldest_first")
    result = GAME.result(state)
    assert result is not None and result["winners"] == [1]
    # dealer 1: eldest-first priority puts seat 2 before seat 1 (the dealer, last)
    betting_d1 = script("1 bet 2", "2 call", "3 fold", "0 fold")
    state, _ = play(hands, betting_d1, dealer=1, consolation_pots=False)
    assert GAME.result(state)["winners"] == [1]  # type: ignore[index]
    state, _ = play(hands, betting_d1, dealer=1, consolation_pots=False, priority="eldest_first")
    assert GAME.result(state)["winners"] == [2]  # type: ignore[index]


def test_O10_pair_natural_priority_false_equal_pairs_go_to_priority() -> None:
    # seat 1 (bragger pair of Kings, J♣ as a King) comes before seat 2 (natural pair of Kings) in priority
    hands = [["7♠", "7♥", "2♣"], ["K♣", "J♣", "5♥"], ["K♠", "K♥", "5♦"], ["2♦", "3♥", "6♠"]]
    betting = script("0 bet 1", "1 call", "2 call", "3 fold")
    state, _ = play(hands, betting, consolation_pots=False)
    assert GAME.result(state)["winners"] == [2]  # type: ignore[index]
    state, _ = play(hands, betting, consolation_pots=False, pair_natural_priority=False)
    assert GAME.result(state)["winners"] == [1]  # type: ignore[index]
    state, _ = play(hands, betting, consolation_pots=False, pair_natural_priority=False, priority="eldest_first")
    assert GAME.result(state)["winners"] == [1]  # type: ignore[index]
    state, _ = play(
        hands,
        [{**a, "seat": (a["seat"] + 1) % 4} for a in betting[:3]] + [{"seat": 0, "type": "fold"}],
        dealer=1,
        consolation_pots=False,
        pair_natural_priority=False,
    )
    assert GAME.result(state)["winners"] == [1]  # type: ignore[index]


def test_OB_A11_total_first_fewer_cards_only_break_ties() -> None:
    # seat 1 reaches 30 with four cards, seat 0 stands on 29 with three: the higher total wins
    hands = [["K♠", "Q♥", "9♣"], ["K♥", "2♠", "4♥"], ["Q♠", "10♦", "3♣"], ["8♣", "7♣", "6♥"]]
    actions = script(
        "0 bet 1", "1 fold", "2 fold", "3 fold", "0 stand", "1 hit", "1 hit", "1 stand", "2 stand", "3 stand"
    )
    state, events = play(hands, actions, draws=["7♠", "7♥"])
    assert [(e["seat"], e["total"]) for e in events if e["type"] == "hit"] == [(1, 23), (1, 30)]
    result = GAME.result(state)
    assert result is not None
    assert result["pots"]["pot3"] == {"amount": 4, "winner": 1, "reason": "highest_total", "total": 30, "cards": 5}


def test_OB_A12_braggers_count_face_value_in_pot3_and_are_not_wild_in_pot1() -> None:
    assert total_31(["AD", "JC", "9D"], GAME.options(None)) == 11 + 10 + 9
    # face-up A♠, J♣ (a Jack, not wild), A♦ (just an Ace, OB-A3) and 9♦ (a Nine): the Aces tie -> seat 0
    hands = [["7♠", "7♥", "A♠"], ["K♥", "2♠", "J♣"], ["Q♠", "10♦", "A♦"], ["K♣", "5♣", "9♦"]]
    events = GAME.deal(4, 0, GAME.options(None), build_deck(hands, 0)).events
    assert [e for e in events if e["type"] == "pot_won"] == [
        {"type": "pot_won", "pot": "pot1", "seat": 0, "amount": 4, "card": "AS"}
    ]
    hands = [["7♠", "7♥", "J♣"], ["K♥", "2♠", "Q♥"], ["Q♠", "10♦", "9♦"], ["K♣", "5♣", "2♥"]]
    events = GAME.deal(4, 0, GAME.options(None), build_deck(hands, 0)).events
    assert [e["seat"] for e in events if e["type"] == "pot_won"] == [1]  # Q♥ beats the J♣ and the 9♦


def test_pot3_over_31_from_the_deal_is_disqualified() -> None:
    # A♠ A♥ K♣ = 32: "Zbir, koji je veći od 31 se diskvalifikuje"; seat 0 never draws and cannot win Pot III
    hands = [["A♠", "A♥", "K♣"], ["K♥", "2♠", "4♥"], ["Q♠", "10♦", "3♣"], ["K♦", "J♣", "6♥"]]
    actions = [{"seat": 0, "type": "bet", "amount": 1}] + [{"seat": s, "type": "call"} for s in (1, 2, 3)]
    state, _ = play(hands, actions)
    assert state.phase == "drawing" and state.to_act == 1
    assert _illegal(state, seat=0, type="hit").code == "already_bust"
    for seat in (1, 2, 3):
        state = GAME.apply(state, act(GAME, seat, "stand")).state
    result = GAME.result(state)
    assert result is not None
    assert result["pots"]["main"]["winner"] == 0
    assert result["pots"]["pot3"]["winner"] == 3 and result["pots"]["pot3"]["total"] == 26
    # with an Ace worth 1 or 11 (OB-A11 option) the same hand holds 22 and draws first
    state, _ = play(hands, actions, pot3_ace="1_or_11")
    assert state.to_act == 0


def test_last_player_standing_takes_the_pot_unseen() -> None:
    actions = script("0 bet 1", "1 raise 5", "2 fold", "3 fold", "0 fold")
    state, events = play(O16_HANDS, actions, draws=O16_DRAWS)
    assert not [e for e in events if e["type"] == "show"]
    main = [e for e in events if e["type"] == "pot_won" and e["pot"] == "main"]
    assert main[0]["seat"] == 1 and main[0]["reason"] == "all_folded" and main[0]["amount"] == 8 + 1 + 5
    # the 31 phase still follows, with the folded players in (OB-A5 default)
    assert state.phase == "drawing" and state.to_act == 0
    # the winner's hand stays hidden from the others
    assert GAME.view(state, 0).seats[1].hand == ("??", "??", "AH")


def test_folded_players_out_of_pot3_option() -> None:
    actions = script("0 bet 1", "1 raise 5", "2 fold", "3 fold", "0 fold")
    state, _ = play(O16_HANDS, actions, draws=O16_DRAWS, pot3_folded_players_eligible=False)
    assert state.to_act == 1
    assert GAME.legal_actions(state) == script("1 hit", "1 stand")
    t = GAME.apply(state, act(GAME, 1, "stand"))
    result = GAME.result(t.state)
    assert result is not None
    assert result["pots"]["pot3"]["winner"] == 1 and result["pots"]["pot3"]["total"] == 23
    assert result["payouts"] == [-1 - 2 - 2, 4 + 4 + 14 - 9, -4, -4]


EVERYONE_BUSTS = script("0 hit", "1 hit", "2 hit", "3 hit")


def _bust_all(carry: OldBragCarry | None = None, **options: Any) -> dict[str, Any]:
    hands = [["K♠", "Q♥", "5♣"], ["K♥", "Q♠", "4♥"], ["K♦", "Q♣", "3♣"], ["T♣", "T♥", "2♥"]]
    actions = script("0 bet 1", "1 fold", "2 fold", "3 fold") + EVERYONE_BUSTS
    state, events = play(hands, actions, draws=["K♣", "J♠", "J♥", "J♦"], carry=carry, **options)
    result = GAME.result(state)
    assert result is not None
    return result


def test_pot3_no_winner_carries_over_by_default() -> None:
    result = _bust_all()
    assert result["pots"]["pot3"] == {"amount": 4, "winner": None, "reason": "carried"}
    assert result["carried_pot3"] == 4 and result["carry"] == {"pot3": 4}
    assert sum(result["payouts"]) == -4  # the carried chips leave this deal
    # the next deal takes the carried pot in: the result's carry as it is
    again = _bust_all(OldBragCarry(**result["carry"]))
    assert again["carried_pot3"] == 8 and again["carry"] == {"pot3": 8}


def test_carried_pot3_is_no_option() -> None:
    with pytest.raises(InvalidInput) as refused:
        GAME.options({"carried_pot3": 4})
    assert [(p.code, p.pointer) for p in refused.value.problems] == [("moved_option", "/options/carried_pot3")]
    assert "carry.pot3" in refused.value.problems[0].message


def test_pot3_no_winner_return_option() -> None:
    result = _bust_all(pot3_no_winner="return")
    assert result["pots"]["pot3"]["reason"] == "returned"
    assert "carried_pot3" not in result and result["carry"] == {"pot3": 0}
    assert sum(result["payouts"]) == 0
    # seat 0 put in 5 and takes the main pot (9) and Pot I (4, face-up 5♣); everyone gets 1 back from Pot III
    assert result["payouts"] == [-5 + 9 + 4 + 1, -4 + 1, -4 + 1, -4 + 1]


def test_carried_pot3_is_won_with_the_pot() -> None:
    state, _ = play(O16_HANDS, O16_BETTING + O16_DRAWING, draws=O16_DRAWS, carry=OldBragCarry(pot3=6))
    assert state.pot3 == 10
    result = GAME.result(state)
    assert result is not None
    assert result["pots"]["pot3"]["amount"] == 10 and result["payouts"][P2] == -3 + 6
    assert sum(result["payouts"]) == 6  # the carried-in chips come from an earlier deal


def test_no_consolation_pots() -> None:
    state, events = play(O16_HANDS, O16_BETTING, draws=O16_DRAWS, consolation_pots=False)
    assert (state.pot1, state.pot3) == (0, 0)
    assert not [e for e in events if e["type"] == "face_up"]
    assert state.phase == "complete"
    result = GAME.result(state)
    assert result is not None
    assert set(result["pots"]) == {"main"}
    assert result["payouts"] == [-3, -3, -5, 11]
    # nothing is dealt face up: another seat sees nothing of a hand during the betting
    start = GAME.deal(4, 0, GAME.options({"consolation_pots": False}), build_deck(O16_HANDS, 0)).state
    assert GAME.view(start, 0).seats[1].hand == ("??", "??", "??")


def test_ace_one_or_eleven_in_pot3() -> None:
    hands = [["A♠", "A♥", "5♣"], ["K♥", "2♠", "4♥"], ["Q♠", "10♦", "3♣"], ["K♣", "J♣", "6♥"]]
    actions = [
        {"seat": 0, "type": "bet", "amount": 1},
        {"seat": 1, "type": "fold"},
        {"seat": 2, "type": "fold"},
        {"seat": 3, "type": "fold"},
        {"seat": 0, "type": "hit"},  # A A 5 = 27 (or 17) + 9 = 36 (or 26)
    ]
    state, events = play(hands, actions, draws=["9♠"])
    assert [e for e in events if e["type"] == "bust"][0]["seat"] == 0
    assert state.to_act == 1
    state, events = play(hands, actions, draws=["9♠"], pot3_ace="1_or_11")
    assert not [e for e in events if e["type"] == "bust"]
    assert [e for e in events if e["type"] == "hit"][0]["total"] == 26
    assert state.to_act == 0


def test_max_raise_option() -> None:
    opts = GAME.options({"max_raise": 2})
    state = GAME.deal(4, 0, opts, build_deck(O16_HANDS, 0)).state
    assert GAME.legal_actions(state) == [{"seat": 0, "type": "bet", "min": 1, "max": 2}]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, 0, "bet", amount=3))
    assert err.value.code == "raise_too_large" and err.value.rule == "OB-A9"
    state = GAME.apply(state, act(GAME, 0, "bet", amount=2)).state
    assert {"seat": 1, "type": "raise", "min": 3, "max": 4} in GAME.legal_actions(state)


# -- illegal actions: clear codes and rule ids ---------------------------------------------------------
def _start(**options: Any) -> OldBragState:
    return GAME.deal(4, 0, GAME.options(options), build_deck(O16_HANDS, 0, O16_DRAWS)).state


def _illegal(state: OldBragState, **raw: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, load(GAME, raw))
    assert err.value.legal_actions == GAME.legal_actions(state)
    return err.value


def test_opening_bet_by_anyone_but_the_dealer() -> None:
    err = _illegal(_start(), seat=1, type="bet", amount=1)
    assert (err.code, err.rule) == ("dealer_opens", "4(b)4")


def test_dealer_must_open_at_least_one_chip() -> None:
    state = _start()
    assert GAME.legal_actions(state) == [{"seat": 0, "type": "bet", "min": 1, "max": None}]
    refused = [
        _illegal(state, seat=0, type="fold"),
        _illegal(state, seat=0, type="call"),
        _illegal(state, seat=0, type="raise", amount=2),
        _illegal(state, seat=0, type="bet", amount=0),
    ]
    assert [(e.code, e.rule) for e in refused] == [  # the betting step of the flow, 4(b) 4
        ("dealer_must_open", "4(b)4"),
        ("nothing_to_call", "4(b)4"),
        ("no_bet_to_raise", "4(b)4"),
        ("bet_too_small", "4(b)4"),
    ]
    err = _illegal(state, seat=0, type="hit")
    assert (err.code, err.rule) == ("not_drawing_phase", "4(b)")  # the order of the phases
    with pytest.raises(IllegalAction) as other_game:  # an action of another game (Broggin's exchange)
        GAME.apply(state, Exchange(0, discard=()))
    assert other_game.value.code == "unknown_action"
    with pytest.raises(ValidationError) as refused:  # on the wire, no such type
        load(GAME, {"seat": 0, "type": "exchange"})
    assert refused.value.messages == {"type": ["Must be one of: bet, call, raise, fold, hit, stand."]}


def test_raise_below_the_current_level() -> None:
    state, _ = play(O16_HANDS, O16_BETTING[:3], draws=O16_DRAWS)
    assert state.level == 3 and state.to_act == P3
    err = _illegal(state, seat=P3, type="raise", amount=2)
    assert err.code == "raise_too_small" and "3" in err.message
    assert _illegal(state, seat=P3, type="raise", amount=3).code == "raise_too_small"
    err = _illegal(state, seat=P3, type="bet", amount=5)
    assert (err.code, err.rule) == ("already_opened", "4(b)4")
    assert _illegal(state, seat=D, type="call").code == "not_your_turn"
    assert GAME.legal_actions(state) == [
        {"seat": P3, "type": "fold"},
        {"seat": P3, "type": "call"},
        {"seat": P3, "type": "raise", "min": 4, "max": None},
    ]


def test_hit_after_standing_or_busting() -> None:
    state, _ = play(O16_HANDS, O16_BETTING + O16_DRAWING[:5], draws=O16_DRAWS)
    assert state.to_act == P3
    err = _illegal(state, seat=D, type="hit")
    assert (err.code, err.rule) == ("already_stood", "4(b)6")
    err = _illegal(state, seat=P3, type="call")
    assert (err.code, err.rule) == ("betting_over", "4(b)")
    # P3 goes bust; then a hit by P3 is refused because of the bust, whatever the turn
    hands = [["K♠", "Q♥", "5♣"], ["K♥", "Q♠", "4♥"], ["K♦", "Q♣", "3♣"], ["T♣", "T♥", "2♥"]]
    actions = script("0 bet 1", "1 fold", "2 fold", "3 fold", "0 hit")
    state, _ = play(hands, actions, draws=["K♣"])
    assert state.to_act == 1
    err = _illegal(state, seat=0, type="hit")
    assert (err.code, err.rule) == ("already_bust", "4(b)6")


def test_actions_after_the_deal_is_over() -> None:
    state, _ = play(O16_HANDS, O16_BETTING + O16_DRAWING, draws=O16_DRAWS)
    assert GAME.legal_actions(state) == []
    assert _illegal(state, seat=0, type="hit").code == "deal_over"


# -- validate and view ---------------------------------------------------------------------------------
def test_validate_lists_every_problem() -> None:
    state, _ = play(O16_HANDS, O16_BETTING[:3], draws=O16_DRAWS)
    seats = list(state.seats)
    seats[0] = dataclasses.replace(seats[0], hand=seats[0].hand + (state.stock[0],))  # a 4th card
    seats[1] = dataclasses.replace(seats[1], hand=(seats[1].hand[0], seats[1].hand[0], seats[1].hand[2]))
    bad = dataclasses.replace(state, seats=tuple(seats), main_pot=99)
    codes = {p.code for p in GAME.validate(bad)}
    assert {"hand_size", "duplicate_card", "missing_card"} <= codes
    pointers = {p.pointer for p in GAME.validate(bad)}
    assert "/seats/0/hand" in pointers
    # the chip checks do not need the cards: a bad main pot is reported alongside the card problems
    assert "/main_pot" in pointers
    # and alongside an unknown phase; a wrong turn too, with the cards in order
    problems = GAME.validate(dataclasses.replace(bad, phase="nonsense"))
    assert {"/phase", "/main_pot", "/seats/0/hand"} <= {p.pointer for p in problems}
    problems = GAME.validate(dataclasses.replace(bad, to_act=P2))
    assert {"/to_act", "/main_pot", "/seats/0/hand"} <= {p.pointer for p in problems}
    bad = dataclasses.replace(state, main_pot=99, to_act=P2, pot3=0)
    problems = GAME.validate(bad)
    assert {p.pointer for p in problems} >= {"/main_pot", "/to_act", "/pot3"}


@pytest.mark.parametrize(
    "changes",
    [
        {"to_act": 17},
        {"to_act": -1},
        {"dealer": 9},
        {"players": 2},
        {"aggressor": 55},
        {"level": -3},
        {"phase": "nonsense"},
        {"phase": "complete", "to_act": None},
        {"phase": "drawing"},
        {"main_pot": -1},
    ],
)
def test_validate_never_crashes_and_finds_the_problem(changes: dict[str, Any]) -> None:
    state, _ = play(O16_HANDS, O16_BETTING[:3], draws=O16_DRAWS)
    problems = GAME.validate(dataclasses.replace(state, **changes))
    assert problems


def test_validate_seat_fields() -> None:
    state, _ = play(O16_HANDS, O16_BETTING + O16_DRAWING[:2], draws=O16_DRAWS)
    seats = list(state.seats)
    seats[2] = dataclasses.replace(seats[2], stood=True)  # P2 stood before P1 finished
    assert any(p.pointer == "/seats/2" for p in GAME.validate(dataclasses.replace(state, seats=tuple(seats))))
    seats = list(state.seats)
    seats[3] = dataclasses.replace(seats[3], staked=-2)
    assert any(p.pointer == "/seats/3/staked" for p in GAME.validate(dataclasses.replace(state, seats=tuple(seats))))
    seats = list(state.seats)
    seats[0] = dataclasses.replace(seats[0], seat=3)
    assert any(p.code == "seat_order" for p in GAME.validate(dataclasses.replace(state, seats=tuple(seats))))


def test_view_hides_all_but_the_face_up_cards() -> None:
    state = _start()
    view = GAME.view(state, P1)
    assert view.seats[P1].hand == state.seats[P1].hand
    assert view.seats[D].hand == ("??", "??", "5C")
    assert view.seats[P2].hand == ("??", "??", "AC")
    assert set(view.stock) == {"??"} and len(view.stock) == len(state.stock)
    # after the showdown the hands shown are public; draws stay hidden until the end
    state, _ = play(O16_HANDS, O16_BETTING + O16_DRAWING[:1], draws=O16_DRAWS)
    view = GAME.view(state, P1)
    assert view.seats[P3].hand == state.seats[P3].hand
    assert view.seats[D].hand == ("??", "??", "5C")
    assert view.seats[D].drawn == ("??",)
    # at the end the Pot III contenders within 31 show their cards; P3 went bust
    state, _ = play(O16_HANDS, O16_BETTING + O16_DRAWING, draws=O16_DRAWS)
    view = GAME.view(state, P3)
    assert view.seats[D].hand == state.seats[D].hand and view.seats[D].drawn == ("TH",)
    view = GAME.view(state, D)
    assert view.seats[P3].drawn == ("??",)
