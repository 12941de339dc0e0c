"""Broggin's notation (docs/api.md section 3, rules/broggin.md 1(a)): every accepted form, canonical output."""

from __future__ import annotations

import pytest

from service.rules.broggin.cards import FULL_PACK, domain, parse_broggin
from service.rules.errors import CardError
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle

GAME = GAMES["broggin"]


def test_pack_is_40_cards_in_canonical_order():
    pack = GAME.full_pack()
    assert len(pack) == len(set(pack)) == 40
    assert pack[:8] == ("1Sw", "2Sw", "3Sw", "4Sw", "5Sw", "6Sw", "QSw", "KSw")
    assert pack[8] == "1St" and pack[16] == "1Co" and pack[24] == "1Cu" and pack[31] == "KCu"
    assert pack[32:] == ("Witch", "Magician", "Fool", "Death", "Merchant", "Innkeeper", "Knight", "Beggar")
    assert GAME.pack(8, GAME.options(None)) == pack


def test_seeded_deck_depends_on_the_canonical_order():
    deck = shuffle(GAME.full_pack(), "broggin")
    assert sorted(deck) == sorted(FULL_PACK)
    assert deck == shuffle(FULL_PACK, "broggin")


REALM_CARDS = [
    ("KSw", "KSw"),
    ("ksw", "KSw"),
    ("8Sw", "KSw"),
    ("QSt", "QSt"),
    ("7st", "QSt"),
    ("1Cu", "1Cu"),
    ("4Co", "4Co"),
    ("6cu", "6Cu"),
    # the rules file's Swedish suit-first form
    ("Sv8", "KSw"),
    ("St7", "QSt"),
    ("My4", "4Co"),
    ("Ba1", "1Cu"),
    ("sv1", "1Sw"),
    ("BA8", "KCu"),
    ("SvK", "KSw"),
    ("SvD", "QSw"),
]
"""Realm cards in every notation: rank-suit, any case, the 8 and 7 as K and Q, the Swedish suit-first form."""
TRUMPS = [
    ("Witch", "Witch"),
    ("witch", "Witch"),
    ("Häxan", "Witch"),
    ("haxan", "Witch"),
    ("HÄXAN", "Witch"),
    ("Magician", "Magician"),
    ("Magikern", "Magician"),
    ("Trollkarlen", "Magician"),
    ("trollkarlen", "Magician"),
    ("Fool", "Fool"),
    ("Narren", "Fool"),
    ("Death", "Death"),
    ("Döden", "Death"),
    ("doden", "Death"),
    ("Merchant", "Merchant"),
    ("Köpmannen", "Merchant"),
    ("kopmannen", "Merchant"),
    ("Innkeeper", "Innkeeper"),
    ("Värdshusvärden", "Innkeeper"),
    ("vardshusvarden", "Innkeeper"),
    ("Knight", "Knight"),
    ("Riddaren", "Knight"),
    ("Beggar", "Beggar"),
    ("TIGGAREN", "Beggar"),
    # decomposed (NFD), as macOS and iOS may send a name: a base letter and U+0308 COMBINING DIAERESIS
    ("Ha\u0308xan", "Witch"),
    ("HA\u0308XAN", "Witch"),
    ("theDo\u0308den", "Death"),
    ("Va\u0308rdshusvärden", "Innkeeper"),
]
"""Trumps by their English and Swedish names, any case, with or without diacritics, composed or decomposed."""


@pytest.mark.parametrize(("text", "code"), REALM_CARDS + TRUMPS)
def test_cards_in_every_notation(text, code):
    assert parse_broggin(text) == code
    assert GAME.parse_card(text) == code


def test_magikern_and_trollkarlen_are_one_card_BRG_A1():
    assert parse_broggin("Magikern") == parse_broggin("Trollkarlen") == "Magician"


@pytest.mark.parametrize(
    "text",
    ["??", "", "9Sw", "KS", "AS", "Sv9", "Sv0", "KSwx", "Jester", "0Cu", "Sw", "K"]
    # only the notations of docs/api.md section 3: no spaces, no compatibility or look-alike letters
    + [" 6cu ", "6cu\n", "\u3000KSw", "ＫＳｗ", "Kſw", "6\u212aCu", "Ｗitch", "Witch\u00a0", "\ud800"]
    # a name's own diacritics only, each once (docs/api.md section 3: "with or without diacritics")
    + [
        "Hàxan",
        "Ha\u0300xan",
        "Ha\u0308\u0308xan",
        "Ha\u0308\u0301xan",
        "H\u00e4\u0308xan",
        "Wi\u0308tch",
        "Do\u0308\u0308den",
    ],
)
def test_not_cards(text):
    with pytest.raises(CardError):
        parse_broggin(text)


def test_not_a_string():
    with pytest.raises(CardError):
        parse_broggin(8)  # type: ignore[arg-type]


def test_trump_domains():
    assert domain("Witch") == ("QSw", "QSt", "QCo", "QCu")
    assert domain("Magician") == ("KSw", "KSt", "KCo", "KCu")
    assert len(domain("Fool")) == 24 and not any(c[0] in "QK" for c in domain("Fool"))
    assert domain("Death") == ("QSw", "KSw", "QSt", "KSt", "QCo", "KCo", "QCu", "KCu")
    assert domain("Merchant") == tuple(r + "Co" for r in "123456QK")
    assert domain("Innkeeper") == tuple(r + "Cu" for r in "123456QK")
    assert domain("Knight") == tuple(r + "Sw" for r in "123456QK")
    assert domain("Beggar") == tuple(r + "St" for r in "123456QK")


def test_an_over_long_code_is_refused_before_any_folding():
    with pytest.raises(CardError, match="longer than 24") as refused:
        parse_broggin(" " * 1_000_000 + "Witch")
    assert len(str(refused.value)) < 200
