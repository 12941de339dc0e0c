"""French card and suit notation: exactly what docs/api.md section 3 lists, and over-long codes refused at once."""

from __future__ import annotations

import pytest

from service.rules.briscola.cards import parse_card as parse_briscola
from service.rules.cards import MAX_CARD_TEXT, parse_french
from service.rules.errors import CardError
from service.rules.registry import GAMES
from service.rules.tricks import parse_suit


@pytest.mark.parametrize(
    ("text", "code"), [("AS", "AS"), ("as", "AS"), ("10h", "TH"), ("Q♣", "QC"), ("t♦", "TD"), ("2c", "2C")]
)
def test_the_notations_of_the_contract(text, code):
    assert parse_french(text) == code


@pytest.mark.parametrize(
    "text",
    [
        "Aſ",  # 'ſ'.upper() == 'S'
        "\u3000KS",  # full-width space
        "KS\u3000",
        " AS",
        "AS ",
        "A\tS",
        "ＡＳ",  # full-width letters
        "A♤",  # white suit symbols are not in the contract
        "\u212aS",  # the Kelvin sign, which lower() makes 'k'
        "ıS",
        "A\ud800",
        "1\u20800H",
        "",
        "S",
    ],
)
def test_look_alikes_and_spaces_are_not_cards(text):
    with pytest.raises(CardError):
        parse_french(text)


@pytest.mark.parametrize("text", ["A-denari", "3-BASTONI", "K-Coppe"])
def test_italian_suit_words(text):
    assert parse_briscola(text)[1] in "SHDC"


@pytest.mark.parametrize(("text", "code"), [("re-coppe", "KH"), ("Asso-denari", "AD"), ("sette-SPADE", "7S")])
def test_italian_rank_words(text, code):
    """Briscola's Italian rank words from its names table (issue 43 item 5): ``re-coppe`` is the king of cups."""
    assert parse_briscola(text) == code


@pytest.mark.parametrize("text", ["re-cups", "roi-coppe", "ZZ"])
def test_a_refused_briscola_card_says_both_forms(text):
    with pytest.raises(CardError, match="'AS'") as refused:
        parse_briscola(text)
    assert "re-coppe" in str(refused.value)


@pytest.mark.parametrize("text", ["A-\u212aoppe", "A-denar\u0131", "A- denari", "A-ｄｅｎａｒｉ"])
def test_italian_look_alikes_are_not_cards(text):
    with pytest.raises(CardError):
        parse_briscola(text)


@pytest.mark.parametrize("text", ["S", "h", "♦", "spade", "klöver", "KLÖVER"])
def test_suits(text):
    assert parse_suit(text) in "SHDC"


@pytest.mark.parametrize("text", [" S", "Ｓ", "ſ", "\u212alöver", "\u3000H", "♤"])
def test_suit_look_alikes(text):
    with pytest.raises(CardError):
        parse_suit(text)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_refuses_an_over_long_code_with_a_short_message(game):
    parse = GAMES[game].parse_card
    with pytest.raises(CardError, match=f"longer than {MAX_CARD_TEXT}") as refused:
        parse("A" * 2_000_000)
    assert len(str(refused.value)) < 120
    with pytest.raises(CardError, match=f"longer than {MAX_CARD_TEXT}"):
        GAMES[game].parse_suit("S" * (MAX_CARD_TEXT + 1))
