"""A deal of Broggin as states (rules/broggin.md 1(b)): the betting vector B14, the exchange, the showdown."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
from marshmallow import ValidationError

from service.rules.broggin.state import BET1, BET2, COMPLETE, DECLARE, EXCHANGE
from service.rules.errors import IllegalAction
from service.rules.registry import GAMES
from service.rules.seats import deal_order
from service.rules.shuffle import shuffle
from tests.actions import act

GAME = GAMES["broggin"]


def deck_for(hands, players, dealer, then=()):
    """A deck dealing ``hands`` (seat -> four cards, in the order received), then ``then`` on top of the stock."""
    pack = GAME.full_pack()
    used = {c for h in hands.values() for c in h} | set(then)
    rest = [c for c in pack if c not in used]
    deck = []
    for k in range(4):
        for seat in deal_order(dealer, players):
            deck.append(hands[seat][k] if seat in hands else rest.pop(0))
    return deck + list(then) + rest


def step(state, seat, kind, **fields):
    return GAME.apply(state, act(GAME, seat, kind, **fields))


def play(state, *steps):
    events = []
    for seat, kind, fields in steps:
        transition = step(state, seat, kind, **fields)
        assert GAME.validate(transition.state) == []
        state = transition.state
        events.extend(transition.events)
    return state, events


def start(players=3, dealer=2, deck=None, **chosen):
    options = GAME.options(chosen)
    deck = deck or shuffle(GAME.full_pack(), "broggin-test")
    transition = GAME.deal(players, dealer, options, deck)
    assert GAME.validate(transition.state) == []
    return transition.state


# -- B14 ---------------------------------------------------------------------------------------------
def b14_to_the_raise(**chosen):
    """B = 2, three players: P1 = seat 0 (dealer + 1), P2 = seat 1, D = seat 2 (the dealer)."""
    state = start(players=3, dealer=2, stake=2, **chosen)
    assert state.pot == 6 and state.phase == BET1 and state.to_act == 0
    state, _ = play(state, (0, "bet", {}))
    assert state.pot == 8
    state, _ = play(state, (1, "fold", {}), (2, "bet", {}))
    assert state.pot == 10 and state.phase == EXCHANGE and state.to_act == 0
    hand0, hand2, stock = state.seats[0].hand, state.seats[2].hand, state.stock
    state, _ = play(state, (0, "exchange", {"discard": hand0[:2]}), (2, "exchange", {"discard": hand2[3:]}))
    assert state.seats[0].hand == hand0[2:] + stock[:2]  # drawn from the top of the stock, in turn
    assert state.seats[2].hand == hand2[:3] + stock[2:3]
    assert state.phase == BET2 and state.to_act == 0 and state.level == 2
    state, _ = play(state, (0, "call", {}))
    assert state.pot == 12
    assert {"seat": 2, "type": "raise", "min": 3, "max": 4} in GAME.legal_actions(state)
    state, _ = play(state, (2, "raise", {"amount": 4}))
    assert state.pot == 16 and state.to_act == 0
    return state


def test_B14_betting_vector():
    state = b14_to_the_raise()
    assert GAME.legal_actions(state) == [{"seat": 0, "type": "fold"}, {"seat": 0, "type": "call"}]  # 2B: the cap
    with pytest.raises(IllegalAction) as refused:
        step(state, 0, "raise", amount=5)
    assert refused.value.code == "no_raise" and refused.value.rule == "BRG-A9"
    seen, events = play(state, (0, "call", {}))  # "syna": +2
    assert seen.pot == 18 and seen.phase == COMPLETE
    result = GAME.result(seen)
    assert result["reason"] == "showdown" and sum(result["payouts"]) == 0
    assert sum(e["amount"] for e in events if e["type"] == "pot_won") == 18
    assert result["payouts"][1] == -2
    folded, _ = play(state, (0, "fold", {}))
    result = GAME.result(folded)
    assert result == {"winners": [2], "payouts": [-6, -2, 8], "reason": "all_folded", "pot": 16}


def test_B14_double_previous_allows_a_reraise_to_8():
    state = b14_to_the_raise(raise_rule="double_previous")
    assert {"seat": 0, "type": "raise", "min": 5, "max": 8} in GAME.legal_actions(state)
    state, _ = play(state, (0, "raise", {"amount": 8}))
    assert state.pot == 16 + 6 and state.to_act == 2
    with pytest.raises(IllegalAction) as refused:
        step(state, 2, "raise", amount=17)
    assert refused.value.code == "raise_too_large"


def test_max_raises_BRG_A9():
    state = b14_to_the_raise(raise_rule="double_previous", max_raises=1)
    assert [a["type"] for a in GAME.legal_actions(state)] == ["fold", "call"]


# -- the first round -------------------------------------------------------------------------------
def test_first_round_bet_is_exactly_one_stake_BRG_A15():
    state = start(stake=3)
    assert GAME.legal_actions(state) == [{"seat": 0, "type": "bet"}, {"seat": 0, "type": "fold"}]
    with pytest.raises(IllegalAction) as refused:
        step(state, 0, "bet", amount=6)
    assert refused.value.code == "bet_is_one_stake" and refused.value.rule == "BRG-A15"
    assert step(state, 0, "bet", amount=3).state.pot == 12
    with pytest.raises(IllegalAction) as wrong:
        step(state, 0, "call")
    assert wrong.value.code == "wrong_phase"
    with pytest.raises(IllegalAction) as turn:
        step(state, 1, "bet")
    assert turn.value.code == "not_your_turn"


def test_the_last_player_standing_wins_unseen():
    state = start(players=2, dealer=1)
    done, events = play(state, (0, "fold", {}))  # the dealer need not act
    assert done.phase == COMPLETE and done.to_act is None
    assert GAME.result(done) == {"winners": [1], "payouts": [-1, 1], "reason": "all_folded", "pot": 2}
    assert events[-1] == {"type": "pot_won", "seat": 1, "amount": 2}
    assert GAME.legal_actions(done) == []
    with pytest.raises(IllegalAction) as over:
        step(done, 1, "bet")
    assert over.value.code == "deal_over"
    assert GAME.validate(done) == []


def test_second_round_fold_to_one():
    state = start(players=3, dealer=0)
    state, _ = play(state, (1, "bet", {}), (2, "bet", {}), (0, "bet", {}))
    state, _ = play(
        state, (1, "exchange", {"discard": ()}), (2, "exchange", {"discard": ()}), (0, "exchange", {"discard": ()})
    )
    state, _ = play(state, (1, "raise", {"amount": 2}), (2, "fold", {}), (0, "fold", {}))
    assert GAME.result(state) == {"winners": [1], "payouts": [-2, 4, -2], "reason": "all_folded", "pot": 8}


# -- the exchange ----------------------------------------------------------------------------------
def everyone_bets(state):
    while state.phase == BET1:
        state, _ = play(state, (state.to_act, "bet", {}))
    return state


def test_exchange_checks_the_discards():
    state = everyone_bets(start())
    seat = state.to_act
    assert GAME.legal_actions(state) == [{"seat": seat, "type": "exchange", "max_cards": 4}]
    other = state.seats[(seat + 1) % 3].hand[0]
    for discard, code in [
        ((other,), "card_not_in_hand"),
        ((state.seats[seat].hand[0],) * 2, "duplicate_discard"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            step(state, seat, "exchange", discard=discard)
        assert refused.value.code == code
    with pytest.raises(ValidationError) as missing:  # an exchange lists its discards (maybe none): the schema says so
        step(state, seat, "exchange")
    assert missing.value.messages == {"discard": ["Missing data for required field."]}


def test_empty_stock_reshuffles_earlier_discards_BRG_A12():
    state = everyone_bets(start(players=8, dealer=7))
    assert len(state.stock) == 8
    state, _ = play(state, (0, "exchange", {"discard": state.seats[0].hand}))
    state, _ = play(state, (1, "exchange", {"discard": state.seats[1].hand}))
    assert state.stock == () and len(state.discards) == 8
    assert GAME.legal_actions(state) == [{"seat": 2, "type": "exchange", "max_cards": 4}]
    first_discards = set(state.discards)
    state, events = play(state, (2, "exchange", {"discard": state.seats[2].hand[:3]}))
    assert events[0] == {"type": "restock", "cards": 8}
    assert set(state.seats[2].hand[1:]) <= first_discards  # drawn from the earlier players' discards
    assert len(state.stock) == 5 and len(state.discards) == 3


def test_a_stated_draw_from_the_reshuffled_discards_BRG_A12():
    state = everyone_bets(start(players=8, dealer=7))
    state, _ = play(state, (0, "exchange", {"discard": state.seats[0].hand}))
    with pytest.raises(IllegalAction) as refused:  # the stock still holds four: no stated draw
        step(state, 1, "exchange", discard=state.seats[1].hand, drawn=state.discards[:1])
    assert refused.value.code == "drawn_not_needed"
    state, _ = play(state, (1, "exchange", {"discard": state.seats[1].hand}))
    pile = state.discards
    kept = state.seats[2].hand[3:]
    for bad in (pile[:2], (pile[0], pile[0], pile[1]), (*pile[:2], state.seats[2].hand[0])):
        with pytest.raises(IllegalAction) as refused:
            step(state, 2, "exchange", discard=state.seats[2].hand[:3], drawn=bad)
        assert refused.value.code == "drawn_mismatch" and refused.value.rule == "BRG-A12"
    chosen = (pile[7], pile[2], pile[5])
    after, events = play(state, (2, "exchange", {"discard": state.seats[2].hand[:3], "drawn": chosen}))
    assert events[0] == {"type": "restock", "cards": 8}
    assert after.seats[2].hand == kept + chosen
    assert sorted(after.stock) == sorted(set(pile) - set(chosen)) and GAME.validate(after) == []


def test_exchange_limit_stock_only_BRG_A12():
    state = everyone_bets(start(players=8, dealer=7, exchange_limit="stock_only"))
    state, _ = play(state, (0, "exchange", {"discard": state.seats[0].hand}))
    assert GAME.legal_actions(state) == [{"seat": 1, "type": "exchange", "max_cards": 4}]
    state, _ = play(state, (1, "exchange", {"discard": state.seats[1].hand[:3]}))
    assert GAME.legal_actions(state) == [{"seat": 2, "type": "exchange", "max_cards": 1}]
    with pytest.raises(IllegalAction) as refused:
        step(state, 2, "exchange", discard=state.seats[2].hand[:2])
    assert refused.value.code == "too_many_cards" and refused.value.rule == "BRG-A12"


def test_ten_players_with_max_players_BRG_A14():
    options = GAME.options({})
    assert GAME.check_table(9, 0, options)[0].code == "invalid_players"
    state = everyone_bets(start(players=10, dealer=9, max_players=10))
    assert state.stock == ()
    assert GAME.legal_actions(state) == [{"seat": 0, "type": "exchange", "max_cards": 0}]


# -- the showdown ----------------------------------------------------------------------------------
B7_X, B7_Y = ["KSw", "KCu", "3St", "1Co"], ["KSt", "KCo", "6Sw", "5Cu"]


def to_showdown(state):
    state = everyone_bets(state) if state.phase == BET1 else state
    while state.phase == EXCHANGE:
        state, _ = play(state, (state.to_act, "exchange", {"discard": ()}))
    while state.phase == BET2:
        state, _ = play(state, (state.to_act, "call", {}))
    return state


@pytest.mark.parametrize("odd_chip", ["first_clockwise", "last_clockwise"])
def test_split_pot_odd_chip_BRG_A10(odd_chip):
    deck = deck_for({0: B7_X, 1: B7_Y}, players=3, dealer=2)
    state = start(players=3, dealer=2, deck=deck, odd_chip=odd_chip)
    state, _ = play(state, (0, "bet", {}), (1, "bet", {}), (2, "fold", {}))
    done = to_showdown(state)
    assert done.pot == 7
    result = GAME.result(done)
    assert result["reason"] == "showdown" and result["winners"] == [0, 1] and result["split"]
    assert result["deciding"] == "tie"
    shares = result["won"]
    assert shares == ({"0": 4, "1": 3} if odd_chip == "first_clockwise" else {"0": 3, "1": 4})
    assert result["payouts"] == [shares["0"] - 3, shares["1"] - 3, -1]
    assert sum(result["payouts"]) == 0


def test_showdown_with_kickers_has_one_winner():
    deck = deck_for({0: B7_X, 1: B7_Y}, players=2, dealer=1)
    done = to_showdown(start(players=2, dealer=1, deck=deck, kickers=True))
    result = GAME.result(done)
    assert result["winners"] == [1] and result["deciding"] == "value" and result["payouts"] == [-3, 3]


def test_declared_only_asks_for_declarations_BRG_A3():
    x = ["4Sw", "Knight", "Merchant", "KCu"]  # best: triss of kings (B12)
    y = ["4St", "4Cu", "4Co", "1Sw"]  # triss of fours, pure
    deck = deck_for({0: x, 1: y}, players=2, dealer=1)
    state = to_showdown(start(players=2, dealer=1, deck=deck, assignment="declared_only"))
    assert state.phase == DECLARE and state.to_act == 0  # only the hand with trumps declares
    (listed,) = GAME.legal_actions(state)
    assert listed["type"] == "declare" and set(listed["domains"]) == {"Merchant", "Knight"}
    assert "KSw" in listed["domains"]["Knight"] and "1Co" in listed["domains"]["Merchant"]
    with pytest.raises(IllegalAction) as outside:
        step(state, 0, "declare", assignments={"Knight": "4Co", "Merchant": "4Co"})
    assert outside.value.code == "outside_domain" and outside.value.rule == "BRG-A3"
    with pytest.raises(IllegalAction) as missing:
        step(state, 0, "declare", assignments={"Riddaren": "Sv4"})
    assert missing.value.code == "undeclared_trump"
    view = GAME.view(state, 1)
    assert view.seats[0].hand == state.seats[0].hand  # the cards are on the table
    # "triss i fyror": declared as fours, the pure hand wins (the seed's purity example, BRG-A4)
    fours, _ = play(state, (0, "declare", {"assignments": {"Riddaren": "Sv4", "Köpmannen": "My4"}}))
    assert fours.phase == COMPLETE and fours.seats[0].declared[0].trump == "Merchant"
    result = GAME.result(fours)
    assert result["winners"] == [1] and result["deciding"] == "purity"
    kings, _ = play(state, (0, "declare", {"assignments": {"Knight": "KSw", "Merchant": "KCo"}}))
    assert GAME.result(kings)["winners"] == [0]


def test_best_assignment_by_default_at_the_showdown():
    x = ["4Sw", "Knight", "Merchant", "KCu"]
    y = ["4St", "4Cu", "4Co", "1Sw"]
    deck = deck_for({0: x, 1: y}, players=2, dealer=1)
    done = to_showdown(start(players=2, dealer=1, deck=deck))
    result = GAME.result(done)
    assert result["winners"] == [0] and result["deciding"] == "value"
    assert result["hands"][0]["interpretation"] == {"Merchant": "KCo", "Knight": "KSw"}


# -- views and validation --------------------------------------------------------------------------
def test_view_hides_other_hands_stock_and_discards():
    state = everyone_bets(start())
    state, _ = play(state, (0, "exchange", {"discard": state.seats[0].hand[:2]}))
    seen = GAME.view(state, 1)
    assert seen.seats[1].hand == state.seats[1].hand
    assert seen.seats[0].hand == ("??",) * 4 and seen.seats[2].hand == ("??",) * 4
    assert set(seen.stock) == {"??"} and seen.discards == ("??", "??")
    done = to_showdown(state)
    shown = GAME.view(done, 1)
    assert shown.seats[0].hand == done.seats[0].hand and shown.seats[2].hand == done.seats[2].hand


def test_validate_lists_every_problem():
    state = everyone_bets(start())
    seats = list(state.seats)
    seats[0] = dataclasses.replace(seats[0], hand=seats[1].hand[:1] + seats[0].hand[1:])
    bad = dataclasses.replace(state, seats=tuple(seats), pot=state.pot + 1, to_act=2)
    codes = {p.code for p in GAME.validate(bad)}
    assert {"duplicate_card", "missing_card", "pot", "turn"} <= codes
    short = dataclasses.replace(state, seats=state.seats[:2])
    assert [p.code for p in GAME.validate(short)] == ["seat_count"]
    assert GAME.validate(dataclasses.replace(state, players=11))[0].code == "invalid_players"
    assert any(p.code == "phase" for p in GAME.validate(dataclasses.replace(state, phase="nonsense")))
    early = dataclasses.replace(state, phase=BET2)
    assert GAME.validate(early)  # nobody has exchanged yet


def test_validate_never_raises_on_odd_values():
    state = everyone_bets(start())
    odd = [
        dataclasses.replace(state, to_act=99),
        dataclasses.replace(state, to_act=-1, dealer=-5),
        dataclasses.replace(state, seats=tuple(dataclasses.replace(s, seat=s.seat + 7) for s in state.seats)),
        dataclasses.replace(state, seats=tuple(dataclasses.replace(s, hand=("??", "x")) for s in state.seats)),
        dataclasses.replace(state, phase=COMPLETE, to_act=None),
        dataclasses.replace(state, phase=DECLARE),
        dataclasses.replace(state, level=-3, raises=-1, phase=BET2),
        dataclasses.replace(state, seats=tuple(dataclasses.replace(s, folded=True) for s in state.seats)),
    ]
    for candidate in odd:
        assert GAME.validate(candidate)


def seat_changed(state, seat, **changes):
    seats = list(state.seats)
    seats[seat] = dataclasses.replace(seats[seat], **changes)
    return dataclasses.replace(state, seats=tuple(seats))


def in_second_round(**chosen):
    state = everyone_bets(start(**chosen))
    while state.phase == EXCHANGE:
        state, _ = play(state, (state.to_act, "exchange", {"discard": ()}))
    assert state.phase == BET2 and state.level == state.options.stake and state.raises == 0
    return state


def test_validate_raises_agree_with_the_level_BRG_A9():
    """Every raise lifts the level by at least one chip: ``raises`` is at most level - B."""
    state = in_second_round()
    for raises in (1, 5_000_000):
        codes = {p.code for p in GAME.validate(dataclasses.replace(state, raises=raises))}
        assert "raises" in codes, raises
    raised, _ = play(state, (state.to_act, "raise", {"amount": 2}))
    assert raised.raises == 1 and GAME.validate(raised) == []
    assert "raises" in {p.code for p in GAME.validate(dataclasses.replace(raised, raises=2))}


def test_validate_never_hangs_on_a_huge_raise_count_BRG_A9():
    """``raises`` comes from the client: validate must not compute 2 ** raises (a request that never ends)."""
    code = (
        "import dataclasses\n"
        "from service.rules.registry import GAMES\n"
        "from service.rules.broggin.game import BrogginBet, Exchange\n"
        "from service.rules.shuffle import shuffle\n"
        "g = GAMES['broggin']\n"
        "s = g.deal(2, 1, g.options({'raise_rule': 'double_previous'}), shuffle(g.full_pack(), 'h')).state\n"
        "for a in [BrogginBet(0), BrogginBet(1), Exchange(0, discard=()), Exchange(1, discard=())]:\n"
        "    s = g.apply(s, a).state\n"
        "for level in (1, 2, 10**6):\n"
        "    bad = dataclasses.replace(s, level=level, raises=10**18)\n"
        "    assert 'raises' in {p.code for p in g.validate(bad)}\n"
    )
    root = Path(__file__).resolve().parents[3]
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True, timeout=30)


def test_validate_no_exchange_in_the_first_round_1b4():
    state = start()
    assert state.phase == BET1
    bad = seat_changed(state, 1, exchanged=0)
    assert "exchanged" in {p.code for p in GAME.validate(bad)}


def test_validate_turns_go_clockwise_from_the_dealers_next_BRG_A11():
    state = start(players=3, dealer=2)  # seat 0 first, the dealer (seat 2) last
    dealer_first = seat_changed(state, 2, acted=True, put_in=2)
    dealer_first = dataclasses.replace(dealer_first, pot=dealer_first.pot + 1)
    assert "turn" in {p.code for p in GAME.validate(dealer_first)}
    exchange = everyone_bets(state)
    assert exchange.phase == EXCHANGE and exchange.to_act == 0
    skipped = seat_changed(exchange, 1, exchanged=0)
    assert "turn" in {p.code for p in GAME.validate(skipped)}


def test_validate_discards_are_the_cards_exchanged_BRG_A12():
    state = in_second_round()
    assert GAME.validate(state) == []
    claimed = seat_changed(state, 0, exchanged=2)  # two cards exchanged, yet nothing was discarded
    assert "discards" in {p.code for p in GAME.validate(claimed)}
    folded = start(players=3, dealer=2)
    folded, _ = play(folded, (0, "fold", {}), (1, "bet", {}), (2, "bet", {}))
    folded, _ = play(folded, (1, "exchange", {"discard": ()}), (2, "exchange", {"discard": ()}))
    assert folded.phase == BET2 and GAME.validate(folded) == []
    ghost = seat_changed(folded, 0, exchanged=0)  # folded in the first round: never had an exchange
    assert "exchanged" in {p.code for p in GAME.validate(ghost)}


def test_validate_second_round_turns_and_chips_BRG_A9_A11():
    """States no deal can reach: a fold or a turn out of order in the second round, a level nobody put in."""
    state = in_second_round(players=4, dealer=3)  # seats 0, 1, 2, 3 in turn
    state, _ = play(state, (0, "call", {}))
    assert state.to_act == 1
    skipped = dataclasses.replace(state, to_act=2)  # seat 1 has not called yet
    assert "turn" in {p.code for p in GAME.validate(skipped)}
    early_fold = seat_changed(state, 2, folded=True, acted=True)  # seat 2 folded before its turn
    assert "turn" in {p.code for p in GAME.validate(early_fold)}
    state, _ = play(state, (1, "raise", {"amount": 2}))
    assert state.to_act == 2 and GAME.validate(state) == []
    jumped = dataclasses.replace(state, to_act=0)  # seats 2 and 3 answer the raise before seat 0
    assert "turn" in {p.code for p in GAME.validate(jumped)}
    nobody_at_level = seat_changed(state, 1, bet2=1, put_in=state.seats[1].put_in - 1)
    nobody_at_level = dataclasses.replace(nobody_at_level, pot=state.pot - 1)
    assert "level" in {p.code for p in GAME.validate(nobody_at_level)}
    raiser_folded = seat_changed(state, 1, folded=True)  # a player at the level is never asked to fold
    assert "chips" in {p.code for p in GAME.validate(raiser_folded)}
    unasked = seat_changed(state, 0, folded=True, acted=False)  # a fold is a turn
    assert "acted" in {p.code for p in GAME.validate(unasked)}


def test_validate_first_round_win_has_no_second_round_1b():
    state = start(players=3, dealer=2)
    done, _ = play(state, (0, "bet", {}), (1, "fold", {}), (2, "fold", {}))
    assert done.phase == COMPLETE and GAME.validate(done) == []
    for changed in (dataclasses.replace(done, level=2), dataclasses.replace(done, raises=1)):
        assert "level" in {p.code for p in GAME.validate(changed)}
    bet_then_fold = seat_changed(state, 0, put_in=2, acted=True, folded=True)  # nobody folds after betting
    bet_then_fold = dataclasses.replace(bet_then_fold, pot=state.pot + 1)
    assert "chips" in {p.code for p in GAME.validate(bet_then_fold)}
    never_exchanged = seat_changed(in_second_round(), 0, exchanged=None)
    assert "exchanged" in {p.code for p in GAME.validate(never_exchanged)}
