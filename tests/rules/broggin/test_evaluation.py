"""Broggin hand evaluation: the worked examples B1-B13 by name, every ranking option against the default."""

from __future__ import annotations

import itertools

import pytest

from service.rules.broggin.cards import FULL_PACK, parse_broggin
from service.rules.broggin.evaluation import CATEGORIES, _classify, evaluate_declared, evaluate_hand
from service.rules.broggin.options import BrogginOptions
from service.rules.errors import InvalidInput
from service.rules.registry import GAMES

GAME = GAMES["broggin"]


def hand(*texts):
    """Cards as the rules file writes them (Swedish, suit first; trumps by Swedish name), made canonical."""
    return tuple(parse_broggin(t) for t in texts)


def options(**chosen):
    return GAME.options(chosen)


def compare(x, y, **chosen):
    return GAME.compare([hand(*x), hand(*y)], options(**chosen))


def evaluate(*texts, **chosen):
    return GAME.evaluate([hand(*texts)], options(**chosen))[0]


def key(*texts, **chosen):
    """The comparison key (category, value, -trumps, natural suits) of rules/broggin.md 1(c)."""
    return evaluate_hand(hand(*texts), options(**chosen)).key


X_WINS, Y_WINS, SPLIT = [[0], [1]], [[1], [0]], [[0, 1]]


# -- the worked examples of rules/broggin.md 1(d) --------------------------------------------------
def test_B1_four_horsemen_beat_the_estates():
    result = compare(["Häxan", "Magikern", "Narren", "Döden"], ["Köpmannen", "Värdshusvärden", "Riddaren", "Tiggaren"])
    assert result.ranking == X_WINS and result.winners == [0]
    assert result.deciding == "category"
    x, y = GAME.evaluate(
        [hand("Häxan", "Trollkarlen", "Narren", "Döden"), hand("Köpmannen", "Värdshusvärden", "Riddaren", "Tiggaren")],
        options(),
    )
    assert (x.category, y.category) == ("four_horsemen", "estates")
    assert x.interpretation is None and y.interpretation is None  # special hands: trumps not substituted


def test_B2_court_beats_a_straight_flush_whatever_the_purity():
    result = compare(["Sv8", "Sv7", "Riddaren", "Magikern"], ["St5", "St6", "St7", "St8"])
    assert result.ranking == X_WINS and result.deciding == "category"
    assert evaluate("Sv8", "Sv7", "Riddaren", "Magikern").category == "court"
    assert evaluate("St5", "St6", "St7", "St8").category == "straight_flush"


def test_B3_purity_decides_between_two_triss_of_fours():
    result = compare(["St4", "Ba4", "My4", "Sv8"], ["Sv4", "St8", "Narren", "Köpmannen"])
    assert result.ranking == X_WINS and result.deciding == "purity"
    y = evaluate("Sv4", "St8", "Narren", "Köpmannen")
    assert y.category == "three_of_a_kind"
    assert y.interpretation is not None
    assert y.interpretation["Fool"][0] == "4" and y.interpretation["Merchant"] == "4Co"
    x = evaluate("St4", "Ba4", "My4", "Sv8")
    assert x.category == "three_of_a_kind" and "fours" in x.description and "no trump" in x.description
    assert "fours" in y.description and "2 trumps" in y.description
    with_kickers = compare(["St4", "Ba4", "My4", "Sv8"], ["Sv4", "St8", "Narren", "Köpmannen"], kickers=True)
    assert with_kickers.ranking == X_WINS and with_kickers.deciding == "purity"  # both kickers are 8


def test_B4_suit_order_decides_between_two_fyrtal_with_two_trumps():
    result = compare(["Sv4", "Ba4", "Narren", "Köpmannen"], ["St4", "My4", "Riddaren", "Värdshusvärden"])
    assert result.ranking == X_WINS and result.deciding == "suit"
    x = evaluate("Sv4", "Ba4", "Narren", "Köpmannen")
    assert x.category == "four_of_a_kind"
    assert x.interpretation == {"Fool": x.interpretation["Fool"], "Merchant": "4Co"}
    assert x.interpretation["Fool"][0] == "4"
    y = evaluate("St4", "My4", "Riddaren", "Värdshusvärden")
    assert y.category == "four_of_a_kind" and y.interpretation == {"Innkeeper": "4Cu", "Knight": "4Sw"}
    assert key("Sv4", "Ba4", "Narren", "Köpmannen") == (6, (4,), -2, (4, 1))  # natural suits [Sv, Ba]
    assert key("St4", "My4", "Riddaren", "Värdshusvärden") == (6, (4,), -2, (3, 2))  # [St, My]


def test_B5_value_is_compared_before_purity():
    result = compare(["Sv2", "Sv3", "Riddaren", "Narren"], ["My1", "My2", "My3", "My4"])
    assert result.ranking == X_WINS and result.deciding == "value"
    x = evaluate("Sv2", "Sv3", "Riddaren", "Narren")
    assert x.category == "straight_flush"
    assert x.interpretation is not None and set(x.interpretation.values()) == {"4Sw", "5Sw"}


def test_B6_a_trump_makes_a_straight_flush_not_a_flush():
    result = compare(["St8", "St6", "St5", "Tiggaren"], ["Sv8", "Sv6", "Sv3", "Sv1"])
    assert result.ranking == X_WINS and result.deciding == "category"
    x = evaluate("St8", "St6", "St5", "Tiggaren")
    assert x.category == "straight_flush" and x.interpretation == {"Beggar": "QSt"}
    assert evaluate("Sv8", "Sv6", "Sv3", "Sv1").category == "flush"


def test_B7_pair_of_kings_split_by_default_kickers_for_Y():
    x, y = ["Sv8", "Ba8", "St3", "My1"], ["St8", "My8", "Sv6", "Ba5"]
    for cards in (x, y):
        found = evaluate(*cards)
        assert found.category == "pair" and "kings" in found.description and "no trump" in found.description
    assert key(*x) == key(*y) == (1, (8,), 0, (4, 3, 2, 1))
    assert compare(x, y).ranking == SPLIT and compare(x, y).deciding == "tie"
    assert compare(x, y).winners == [0, 1]
    assert compare(x, y, kickers=True).ranking == Y_WINS
    assert compare(x, y, kickers=True).deciding == "value"


def test_B8_two_pairs_with_kings_split_by_default_kickers_for_Y():
    x, y = ["Sv8", "St8", "My3", "Ba3"], ["Ba8", "My8", "Sv5", "St5"]
    for cards in (x, y):
        found = evaluate(*cards)
        assert found.category == "two_pairs" and "kings" in found.description
    assert key(*x) == key(*y) == (2, (8,), 0, (4, 3, 2, 1))
    assert compare(x, y).ranking == SPLIT and compare(x, y).deciding == "tie"
    assert compare(x, y, kickers=True).ranking == Y_WINS and compare(x, y, kickers=True).deciding == "value"


def test_B9_high_card_compares_all_four_cards():
    result = compare(["Sv8", "Ba6", "St4", "My1"], ["St8", "My6", "Ba4", "Sv2"])
    assert result.ranking == Y_WINS and result.deciding == "value"
    assert evaluate("Sv8", "Ba6", "St4", "My1").category == evaluate("St8", "My6", "Ba4", "Sv2").category == "high_card"


def test_B10_same_ranks_same_suits_split_by_card_for_X():
    x, y = ["Sv8", "Ba6", "St4", "My1"], ["St8", "Sv6", "Ba4", "My1"]
    assert compare(x, y).ranking == SPLIT and compare(x, y).deciding == "tie"
    assert evaluate(*x).category == evaluate(*y).category == "high_card"
    by_card = compare(x, y, suit_compare="by_card")
    assert by_card.ranking == X_WINS and by_card.deciding == "suit"


def test_B11_two_four_trump_straights_split_even_with_kickers():
    x, y = ["Häxan", "Magikern", "Köpmannen", "Värdshusvärden"], ["Narren", "Döden", "Riddaren", "Tiggaren"]
    assert compare(x, y).ranking == SPLIT
    assert compare(x, y, kickers=True).ranking == SPLIT
    for cards in (x, y):
        assert key(*cards) == (4, (8,), -4, ())  # Stege to the King, 4 trumps, no realm cards
    ex = evaluate(*x)
    assert ex.category == "straight"
    assert ex.interpretation == {
        "Witch": ex.interpretation["Witch"],
        "Magician": ex.interpretation["Magician"],
        "Merchant": "5Co",
        "Innkeeper": "6Cu",
    }
    assert evaluate(*y).category == "straight"


def test_B12_riddaren_and_kopmannen_make_triss_of_kings_not_fours():
    found = evaluate("Sv4", "Riddaren", "Köpmannen", "Ba8")
    assert found.category == "three_of_a_kind"
    assert found.interpretation == {"Merchant": "KCo", "Knight": "KSw"}
    assert "kings" in found.description


def test_B13_death_cannot_pair_a_value_card():
    found = evaluate("Sv1", "St3", "My5", "Döden")
    assert found.category == "high_card"
    assert found.interpretation is not None and found.interpretation["Death"][0] == "K"
    assert "K-5-3-1" in found.description and "1 trump" in found.description
    assert found.strength < evaluate("KSw", "5St", "3Co", "1Cu").strength  # purity: a trump is worse


# -- the options, each against the default ---------------------------------------------------------
SUIT_X, SUIT_Y = ["Sv8", "My6", "Ba4", "Ba1"], ["St8", "Sv6", "My4", "My1"]


def test_suit_compare_multiset_by_card_highest_only_BRG_A8():
    assert compare(SUIT_X, SUIT_Y).ranking == Y_WINS  # [Sw, St, Co, Co] > [Sw, Co, Cu, Cu]
    assert compare(SUIT_X, SUIT_Y, suit_compare="by_card").ranking == X_WINS  # the King of Swords first
    assert compare(SUIT_X, SUIT_Y, suit_compare="highest_only").ranking == SPLIT  # Swords both


def test_kickers_for_triss_and_flush_BRG_A6():
    x, y = ["Sv5", "St5", "My5", "Ba2"], ["Sv5", "St5", "Ba5", "Ba3"]  # triss of fives
    assert compare(x, y).ranking == X_WINS and compare(x, y).deciding == "suit"
    assert compare(x, y, kickers=True).ranking == Y_WINS and compare(x, y, kickers=True).deciding == "value"
    fx, fy = ["Sv8", "Sv5", "Sv3", "Sv1"], ["Ba8", "Ba6", "Ba3", "Ba1"]
    assert compare(fx, fy).ranking == X_WINS  # flush: the top card only, then suits
    assert compare(fx, fy, kickers=True).ranking == Y_WINS


def test_high_card_compare_top_only_BRG_A6():
    x, y = ["Sv8", "Ba6", "St4", "My1"], ["St8", "My6", "Ba4", "Sv2"]
    assert compare(x, y).ranking == Y_WINS
    assert compare(x, y, high_card_compare="top_only").ranking == SPLIT


def test_hovet_wild_courts_BRG_A5():
    cards = ["Häxan", "Sv8", "Riddaren", "Magikern"]
    assert evaluate(*cards).category == "flush"
    wild = evaluate(*cards, hovet_wild_courts=True)
    assert wild.category == "court" and wild.interpretation == {"Witch": "QSw"}
    assert evaluate("Döden", "My7", "Riddaren", "Magikern", hovet_wild_courts=True).interpretation == {"Death": "KCo"}
    assert evaluate("Döden", "Häxan", "Riddaren", "Magikern", hovet_wild_courts=True).category == "court"
    assert evaluate("Döden", "Häxan", "Riddaren", "Magikern").category != "court"
    natural = ["Ba8", "Ba7", "Riddaren", "Magikern"]
    result = compare(natural, cards, hovet_wild_courts=True)
    assert result.ranking == X_WINS and result.deciding == "purity"  # both Hovet; 2 trumps against 3


def test_purity_scope_combination_BRG_A7():
    x, y = ["Sv8", "St8", "Ba3", "Häxan"], ["My8", "Ba8", "My3", "Ba2"]  # pairs of kings; the Witch is a kicker
    assert compare(x, y).ranking == Y_WINS and compare(x, y).deciding == "purity"
    combination = compare(x, y, purity_scope="combination")
    assert combination.ranking == X_WINS and combination.deciding == "suit"


def test_allow_duplicate_identity_false_BRG_A2():
    cards = ["Sv4", "Ba4", "Riddaren", "Narren"]
    assert evaluate(*cards).category == "four_of_a_kind"  # Riddaren = 4Sw next to the natural Four of Swords
    strict = evaluate(*cards, allow_duplicate_identity=False)
    assert strict.category == "three_of_a_kind"
    assert strict.interpretation is not None and strict.interpretation["Fool"] in ("4St", "4Co")
    b4 = compare(
        ["Sv4", "Ba4", "Narren", "Köpmannen"],
        ["St4", "My4", "Riddaren", "Värdshusvärden"],
        allow_duplicate_identity=False,
    )
    assert b4.ranking == X_WINS and b4.deciding == "suit"


def test_a_set_of_cards_takes_the_highest_row():
    assert _classify((4, 4, 4, 4), True, False, False)[0] == 6  # four Fours of Swords: Fyrtal, not Svit
    assert _classify((8, 8, 5, 3), True, False, False)[0] == 5  # a pair inside a flush is a flush
    assert _classify((8, 7, 6, 5), True, False, False)[0] == 7
    assert evaluate("Sv8", "Sv5", "Sv3", "Riddaren").category == "flush"
    assert evaluate("Sv4", "Ba4", "Riddaren", "Narren").category == "four_of_a_kind"
    assert evaluate("Sv4", "Riddaren", "Narren", "Döden").category == "straight_flush"  # 4-5-6-Q (Queen = 7)


# -- declarations (BRG-A3) -------------------------------------------------------------------------
def test_declared_assignment_is_used_and_checked_BRG_A3_A4():
    cards = hand("Sv4", "Riddaren", "Köpmannen", "Ba8")
    declared = GAME.evaluate_declared(cards, {"Riddaren": "Sv4", "Köpmannen": "My4"}, options())
    assert declared.category == "three_of_a_kind" and "fours" in declared.description
    assert declared.interpretation == {"Merchant": "4Co", "Knight": "4Sw"}
    assert declared.strength < evaluate("Sv4", "Riddaren", "Köpmannen", "Ba8").strength
    partial = GAME.evaluate_declared(cards, {"Knight": "4Sw"}, options())
    assert partial.interpretation == {"Merchant": "4Co", "Knight": "4Sw"}  # the rest takes its best card
    ignored = GAME.evaluate_declared(cards, {"Knight": "4Sw"}, options(assignment="best_only"))
    assert ignored.interpretation == {"Merchant": "KCo", "Knight": "KSw"}
    with pytest.raises(InvalidInput) as bad:
        GAME.evaluate_declared(cards, {"Knight": "4Co"}, options())
    assert bad.value.problems[0].code == "outside_domain"
    with pytest.raises(InvalidInput) as missing:
        GAME.evaluate_declared(cards, {"Knight": "4Sw"}, options(assignment="declared_only"))
    assert missing.value.problems[0].code == "undeclared_trump"
    with pytest.raises(InvalidInput) as not_held:
        GAME.evaluate_declared(cards, {"Witch": "QSw"}, options())
    assert not_held.value.problems[0].code == "trump_not_held"
    with pytest.raises(InvalidInput) as dup:
        GAME.evaluate_declared(cards, {"Knight": "4Sw"}, options(allow_duplicate_identity=False))
    assert dup.value.problems[0].code == "duplicate_identity"


def test_declared_strength_orders_with_best_hands():
    low = evaluate_declared(
        hand("Sv1", "St2", "Riddaren", "Köpmannen"), [("Knight", "3Sw"), ("Merchant", "5Co")], BrogginOptions()
    )
    assert low.category == "high_card" and low.key[1] == (5, 3, 2, 1)
    best = evaluate_hand(hand("Sv1", "St2", "Riddaren", "Köpmannen"), BrogginOptions())
    assert best.key > low.key and best.strength >= low.strength


# -- strength ---------------------------------------------------------------------------------------
def test_strength_is_dense_and_ordered_by_category():
    every = [tuple(h) for h in itertools.combinations(FULL_PACK, 4)]
    assert len(every) == 91_390
    found = GAME.evaluate(every, options())
    strengths = sorted({e.strength for e in found})
    assert strengths == list(range(1, len(strengths) + 1))
    by_category = {}
    for e in found:
        low, high = by_category.get(e.category, (10**9, 0))
        by_category[e.category] = (min(low, e.strength), max(high, e.strength))
    ordered = [c for c in reversed(CATEGORIES) if c in by_category]
    assert ordered == list(reversed(CATEGORIES))  # every category occurs
    for lower, higher in itertools.pairwise(ordered):
        assert by_category[lower][1] < by_category[higher][0]


def test_categories_best_first():
    assert GAME.categories()[:4] == ["four_horsemen", "estates", "court", "straight_flush"]
    assert GAME.categories()[-1] == "high_card"
