"""Trick winner and card points (rules/briscola.md 3(c), examples S1-S5) against a brute-force reference."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.briscola import Briscola, BriscolaChiamata
from service.rules.errors import CardError, InvalidInput
from service.rules.tricks import draw_after_trick

GAME = Briscola()
CHIAMATA = BriscolaChiamata()
PACK = GAME.full_pack()

# The reference, from the rules text only: "A > 3 > K > Q > J > 7 > 6 > 5 > 4 > 2"; A 11, 3 10, K 4, Q 3, J 2.
STRENGTH = {r: 10 - i for i, r in enumerate(["A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"])}
WORTH = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}


def beats(challenger: str, holder: str, trump: str) -> bool:
    """Does ``challenger`` (played later) take the trick from ``holder`` (currently winning)?"""
    if challenger[1] == holder[1]:
        return STRENGTH[challenger[0]] > STRENGTH[holder[0]]
    return challenger[1] == trump  # a trump beats a non-trump; any other suit cannot win


def reference(trump: str, cards: list[str]) -> tuple[int, int]:
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best, sum(WORTH.get(c[0], 0) for c in cards)


@pytest.mark.parametrize(
    ("trump", "cards", "winner", "points"),
    [
        ("S", ["3H", "AH"], 1, 21),
        ("S", ["KD", "2S"], 1, 4),
        ("S", ["7C", "AD"], 0, 11),
        ("S", ["JC", "3C", "2S", "AS"], 3, 23),
        ("H", ["KC", "QC", "AD", "7C"], 0, 18),
    ],
    ids=["S1", "S2", "S3", "S4", "S5"],
)
def test_worked_examples(trump, cards, winner, points):
    assert GAME.trick_winner(trump, cards, GAME.options(None)) == (winner, points)
    assert CHIAMATA.trick_winner(trump, cards, CHIAMATA.options(None)) == (winner, points)


def test_S4_points_go_to_the_team_of_P2_and_P4():
    # P1..P4 counter-clockwise = seats 0..3 in play order; P4 (seat 3) wins, partners 1 and 3 (docs/api.md 4).
    index, points = GAME.trick_winner("S", ["JC", "3C", "2S", "AS"], GAME.options(None))
    assert (index, points) == (3, 23)
    assert index in (1, 3)


def test_every_pair_and_every_trump_against_the_reference():
    count = 0
    for trump in "SHDC":
        for lead, reply in itertools.permutations(PACK, 2):
            expected = reference(trump, [lead, reply])
            assert GAME.trick_winner(trump, [lead, reply], None) == expected, (trump, lead, reply)
            count += 1
    assert count == 4 * 40 * 39


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.sampled_from(PACK), min_size=1, max_size=6, unique=True),
    trump=st.sampled_from("SHDC"),
)
def test_any_number_of_cards_against_the_reference(cards, trump):
    assert GAME.trick_winner(trump, cards, None) == reference(trump, cards)


def test_a_trick_holds_at_most_one_card_per_player():
    """Six players at most in Briscola; a chiamata trick has five cards (3(b')4), so six is no trick."""
    six = ["AS", "KS", "QS", "JS", "7S", "6S"]
    assert GAME.trick_winner("S", six, None) == (0, 20)
    assert CHIAMATA.trick_winner("S", six[:5], None) == (0, 20)
    with pytest.raises(InvalidInput):
        CHIAMATA.trick_winner("S", six, None)
    with pytest.raises(InvalidInput):
        GAME.trick_winner("S", [*six, "5S"], None)


def test_an_off_suit_card_never_wins():
    # "Ett kort i en helt annan färg kan helt enkelt inte vinna."
    assert GAME.trick_winner("S", ["2H", "AD", "AC", "3D"], None) == (0, 11 + 11 + 10)


def test_the_pack_holds_120_points():
    assert sum(WORTH.get(c[0], 0) for c in PACK) == 120
    assert len(PACK) == 40
    assert PACK[:10] == ("AS", "KS", "QS", "JS", "7S", "6S", "5S", "4S", "3S", "2S")


def test_bad_trick_input_is_rejected():
    with pytest.raises(InvalidInput):
        GAME.trick_winner("X", ["AS"], None)
    with pytest.raises(InvalidInput):
        GAME.trick_winner("S", [], None)
    with pytest.raises(InvalidInput):
        GAME.trick_winner("S", ["AS", "AS"], None)
    with pytest.raises(InvalidInput):
        GAME.trick_winner("S", ["TS", "AS"], None)


@pytest.mark.parametrize(
    ("text", "letter"),
    [
        ("S", "S"),
        ("s", "S"),
        ("♠", "S"),
        ("spade", "S"),
        ("Coppe", "H"),
        ("denari", "D"),
        ("BASTONI", "C"),
        ("hearts", "H"),
        ("klöver", "C"),
        ("♦", "D"),
    ],
)
def test_parse_suit(text, letter):
    assert GAME.parse_suit(text) == letter
    assert CHIAMATA.parse_suit(text) == letter


@pytest.mark.parametrize("text", ["", "X", "SH", "spada", "??"])
def test_parse_suit_rejects(text):
    with pytest.raises(CardError):
        GAME.parse_suit(text)


@pytest.mark.parametrize(
    ("text", "card"),
    [("AS", "AS"), ("a♠", "AS"), ("A-denari", "AD"), ("3-coppe", "3H"), ("k-bastoni", "KC"), ("7♥", "7H")],
)
def test_parse_card(text, card):
    assert GAME.parse_card(text) == card


@pytest.mark.parametrize("text", ["10S", "TS", "8H", "9-coppe", "??", "A-spadi", "AX"])
def test_parse_card_rejects(text):
    with pytest.raises(CardError):
        GAME.parse_card(text)


def test_draw_after_trick_winner_first_then_play_order():
    rest, drew = draw_after_trick(("1", "2", "3", "4", "5"), 2, 4)
    assert drew == (2, 3, 0, 1) and rest == ("5",)  # the k-th seat takes the stock's k-th card
    rest, drew = draw_after_trick(("1", "2"), 1, 3)  # the stock runs out: the last in draw order draws none
    assert drew == (1, 2) and rest == ()
    rest, drew = draw_after_trick((), 1, 2)
    assert drew == () and rest == ()
