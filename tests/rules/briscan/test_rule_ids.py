"""Every refusal names the rule actually broken (issue 10 item 3): announcements, the seven exchange, strict play."""

from __future__ import annotations

import pytest

from service.rules.briscan import Briscan, Brisque
from service.rules.briscan.state import FINAL
from service.rules.errors import IllegalAction
from tests.actions import act
from tests.rules.briscan.test_examples import announce, deal, play

BRISCAN = Briscan()
BRISQUE = Brisque()

# A real deal (dealer seat 1, trumps hearts) in which seat 0 keeps K♠ Q♠ through the talon phase and is on
# lead once the talon is empty (docs/rules/briscan.md, BSC-A6).
A6_DECK = [
    *("KS", "7S", "QS", "8S", "TH", "AS", "8H", "9D", "KH", "JS", "9H", "TS", "9S", "AH", "QH", "JH"),
    *("7H", "AD", "KD", "QD", "JD", "TD", "8D", "7D", "AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"),
]
A6_PLAYS = [
    *("TH", "7S", "8H", "8S", "KH", "AS", "TS", "9D", "AH", "JS", "JH"),
    *("9S", "AD", "QH", "7H", "QD", "KD", "TD", "AC", "JD", "QC", "8D"),
]


def talon_empty(game=BRISCAN, options=None):
    """The A6 deal after the talon phase: seat 0 on lead with K♠ Q♠ J♣ 9♣ 7♣."""
    state = game.deal(2, 1, game.options(options), A6_DECK).state
    return play(game, state, *A6_PLAYS)


def refusal(game, state, action):
    with pytest.raises(IllegalAction) as err:
        game.apply(state, action)
    return err.value.code, err.value.rule, err.value.message


def test_marriage_on_lead_once_the_talon_is_empty_breaks_BSC_A6():
    state = talon_empty()
    assert state.phase == FINAL and state.talon == () and state.to_act == state.leader == 0
    assert sorted(state.seats[0].hand) == sorted(["KS", "QS", "JC", "9C", "7C"])
    marriage = act(BRISCAN, 0, "announce", melds=[{"kind": "marriage", "cards": ["KS", "QS"]}])
    assert refusal(BRISCAN, state, marriage) == (
        "announce_not_allowed",
        "BSC-A6",
        "no announcements once the talon is empty",
    )
    after = BRISCAN.apply(talon_empty(options={"announce_after_talon": True}), marriage).state
    assert [(m.kind, m.points) for m in after.seats[0].melds] == [("marriage", 20)]


def test_brisque_marriage_once_the_talon_is_empty_breaks_BSC_A6():
    state = deal(BRISQUE, {0: ["KS", "QS", "7C", "8C", "9C", "JC"]}, "9H").state
    while state.phase != FINAL:  # seat 0 keeps K♠ Q♠; in Brisque the talon lasts 10 tricks
        cards = [a["card"] for a in BRISQUE.legal_actions(state) if a["type"] == "play"]
        keep = [c for c in cards if c not in ("KS", "QS")] if state.to_act == 0 else cards
        state = play(BRISQUE, state, keep[0])
    seat = state.to_act
    assert state.talon == () and len(state.tricks) == 10 and seat == state.leader
    code, rule, _ = refusal(
        BRISQUE, state, act(BRISQUE, seat, "announce", melds=[{"kind": "marriage", "cards": ["KS", "QS"]}])
    )
    assert (code, rule) == ("announce_not_allowed", "BSC-A6")


def test_announcing_before_any_trick_or_off_lead_breaks_2b4():
    state = deal(BRISCAN, {0: ["KS", "QS", "7C", "8C", "9C"], 1: ["KD", "QD", "7D", "8D", "9D"]}, "9H").state
    code, rule, message = refusal(
        BRISCAN, state, act(BRISCAN, 0, "announce", melds=[{"kind": "marriage", "cards": ["KS", "QS"]}])
    )
    assert (code, rule) == ("announce_not_allowed", "2(b)4") and "trick has been taken" in message
    state = play(BRISCAN, state, "7C", "8D")  # seat 0 wins and leads 9C; seat 1 is to play
    state = play(BRISCAN, state, "9C")
    code, rule, message = refusal(
        BRISCAN, state, act(BRISCAN, 1, "announce", melds=[{"kind": "marriage", "cards": ["KD", "QD"]}])
    )
    assert (code, rule) == ("announce_not_allowed", "2(b)4") and "on lead, before leading" in message


def test_carte_blanche_after_the_first_lead_breaks_BSC_A9_with_initial_hand_timing():
    opts = {"carte_blanche_timing": "initial_hand"}
    hand = ["KS", "QS", "JC", "KD", "JD"]
    state = deal(BRISCAN, {0: hand, 1: ["7D", "8D", "9D", "TD", "AD"]}, "9H", options=opts).state
    blanche = act(BRISCAN, 0, "announce", melds=[{"kind": "carte_blanche_courts", "cards": list(hand)}])
    led = play(BRISCAN, state, "JC")
    assert refusal(BRISCAN, led, blanche)[:2] == ("not_your_turn", "turn")  # seat 1 is to play
    code, rule, _ = refusal(
        BRISCAN, led, act(BRISCAN, 1, "announce", melds=[{"kind": "carte_blanche_courts", "cards": ["KS"]}])
    )
    assert (code, rule) == ("announce_not_allowed", "BSC-A9")
    state = play(BRISCAN, led, "7D")  # seat 0 wins the trick and is on lead
    held = tuple(state.seats[0].hand)
    code, rule, _ = refusal(
        BRISCAN, state, act(BRISCAN, 0, "announce", melds=[{"kind": "carte_blanche_courts", "cards": list(held)}])
    )
    assert (code, rule) == ("meld_not_allowed", "BSC-A9")


def test_trump_ace_when_scored_automatically_breaks_BSC_A10():
    opts = {"trump_ace_bonus": "automatic_on_holding"}
    state = deal(BRISCAN, {0: ["AH", "7C", "8C", "9C", "JC"], 1: ["7D", "8D", "9D", "TD", "JD"]}, "9H", options=opts)
    state = play(BRISCAN, state.state, "7C", "7D")
    assert state.to_act == 0
    code, rule, _ = refusal(BRISCAN, state, act(BRISCAN, 0, "announce", melds=[{"kind": "trump_ace", "cards": ["AH"]}]))
    assert (code, rule) == ("meld_not_allowed", "BSC-A10")


def test_brisque_has_no_sequences_2c():
    hands = {0: ["AS", "KS", "QS", "7C", "8C", "9D"], 1: ["7D", "8D", "9S", "TD", "JD", "QD"]}
    state = play(BRISQUE, deal(BRISQUE, hands, "9H").state, "7C", "7D")
    code, rule, _ = refusal(
        BRISQUE, state, act(BRISQUE, 0, "announce", melds=[{"kind": "tierce", "cards": ["AS", "KS", "QS"]}])
    )
    assert (code, rule) == ("meld_not_allowed", "2(c)")


def test_seven_exchange_refusals_name_their_rule():
    # the turn-up is the seven itself (C3)
    state = deal(BRISCAN, {}, "7S").state
    code, rule, message = refusal(BRISCAN, state, act(BRISCAN, 0, "exchange_seven"))
    assert (code, rule) == ("exchange_not_allowed", "2(b)4") and "turn-up is the trump seven" in message
    # the holder may not exchange during a trick in Briscan, but may in Brisque
    hands = {0: ["8C", "9C", "TC", "JC", "QC"], 1: ["7H", "8D", "9D", "TD", "JD"]}
    led = play(BRISCAN, deal(BRISCAN, hands, "AH").state, "8C")
    code, rule, message = refusal(BRISCAN, led, act(BRISCAN, 1, "exchange_seven"))
    assert (code, rule) == ("exchange_not_allowed", "2(b)4") and "between tricks" in message
    brisque_hands = {0: [*hands[0], "KC"], 1: [*hands[1], "QD"]}
    led = play(BRISQUE, deal(BRISQUE, brisque_hands, "AH").state, "8C")
    assert BRISQUE.apply(led, act(BRISQUE, 1, "exchange_seven")).state.exchanged_by == 1
    # BSC-A5 seven_exchange_requires_trick_win: the holder has not won a trick
    state = deal(BRISCAN, hands, "AH", options={"seven_exchange_requires_trick_win": True}).state
    code, rule, _ = refusal(BRISCAN, state, act(BRISCAN, 1, "exchange_seven"))
    assert (code, rule) == ("exchange_not_allowed", "BSC-A5")
    # someone without the seven
    code, rule, message = refusal(BRISCAN, deal(BRISCAN, hands, "AH").state, act(BRISCAN, 0, "exchange_seven"))
    assert (code, rule) == ("exchange_not_allowed", "2(b)4") and "does not hold" in message


@pytest.mark.parametrize(
    ("final_phase_rule", "words"),
    [("follow_head_trump", "head the trick"), ("follow_only", "follow suit if you can")],
)
def test_strict_play_message_follows_the_option(final_phase_rule, words):
    state = talon_empty(options={"final_phase_rule": final_phase_rule})
    state = play(BRISCAN, state, "JC")  # seat 1 holds K♣ T♣ 8♣: a club, and a higher one, is due
    assert sorted(state.seats[1].hand) == sorted(["7D", "KC", "TC", "8C", "9H"])
    code, rule, message = refusal(BRISCAN, state, act(BRISCAN, 1, "play", card="7D"))
    assert (code, rule) == ("must_follow", "BSC-A3") and words in message


def test_announce_helper_still_accepts_a_legal_marriage():
    state = deal(BRISCAN, {0: ["KS", "QS", "7C", "8C", "9C"], 1: ["KD", "QD", "7D", "8D", "9D"]}, "9H").state
    state = play(BRISCAN, state, "7C", "8D")
    t = announce(BRISCAN, state, 0, ("marriage", ["KS", "QS"]))
    assert [(m.kind, m.points) for m in t.state.seats[0].melds] == [("marriage", 20)]
