"""Descriptions in each game's languages (service/rules/<game>/wording.py): built from the names table with the
language's grammar, the seeds' own phrases where they give one, the same codes and strengths in every language."""

from __future__ import annotations

import itertools

import pytest

from service.rules import names
from service.rules.registry import GAMES

HAND_GAMES = ("three-card-brag", "old-brag", "broggin")


def describe(game_id: str, hands: list[list[str]], language: str, options: dict | None = None) -> list[str]:
    game = GAMES[game_id]
    opts = game.options(options)
    return game.describe(hands, game.ranks(hands, opts), opts, language)


@pytest.mark.parametrize(
    ("game_id", "hand", "language", "phrase"),
    [
        ("three-card-brag", ["KS", "KH", "KD"], "sv", "Triss i kungar"),  # issue 21
        ("three-card-brag", ["3S", "3H", "3D"], "sv", "Triss i treor"),  # the seed: "tre treor är bäst"
        ("old-brag", ["AS", "AH", "AC"], "sr-Latn", "Tri prirodna Keca"),  # the seed's phrases, word for word
        ("old-brag", ["KS", "KH", "KD"], "sr-Latn", "Tri prirodna Kralja"),
        ("old-brag", ["QS", "QH", "QD"], "sr-Latn", "Tri prirodne Dame"),
        ("old-brag", ["AD", "AS", "AH"], "sr-Latn", "Tri prirodna Keca"),  # "Kec-karo se tretira kao prirodna karta"
        ("broggin", ["4St", "4Cu", "4Co", "KSw"], "sv", "Triss i fyror"),  # the seed: "triss i fyror"
        ("broggin", ["Witch", "Magician", "Fool", "Death"], "sv", "De fyra ryttarna"),
        ("broggin", ["Merchant", "Innkeeper", "Knight", "Beggar"], "sv", "Ständerna"),
    ],
)
def test_the_seeds_phrases(game_id: str, hand: list[str], language: str, phrase: str) -> None:
    (said,) = describe(game_id, [hand], language)
    assert said.startswith(phrase)


def test_a_bragger_combination_says_so_in_serbian() -> None:
    """ "„Tri Keca“ mogu biti sastavljena uz pomoć jednog Bregera": with one bragger, and with two."""
    one, two, pair = describe("old-brag", [["AS", "AH", "JC"], ["KC", "JC", "9D"], ["KC", "JC", "5H"]], "sr-Latn")
    assert one.startswith("Tri Keca") and "Bregerom" in one and "prirodn" not in one
    assert two.startswith("Tri Kralja") and "Bregerima" in two
    assert pair.startswith("Dva Kralja") and pair.endswith("Petica")


def test_serbian_numerals_agree_with_the_ranks_gender() -> None:
    ranks = names.table("old-brag")["sr-Latn"]["rank"]
    for letter, found in ranks.items():
        (prial,) = describe("old-brag", [[letter + s for s in "SHC"]], "sr-Latn")
        natural = "prirodne" if found.gender == "f" else "prirodna"
        assert prial == f"Tri {natural} {found.form('paucal')}"


def opening(game_id: str, language: str, category: str) -> tuple[str, ...]:
    """How a description of ``category`` begins: the category's word (Swedish), the seed's numeral (Serbian:
    "Tri prirodna Keca", "Dve iste") or its word for the best card."""
    if language == "sr-Latn":
        grammar = names.GRAMMARS[game_id]
        numerals = {"prial": (grammar["three"],), "pair": (grammar["two"],), "high_card": (grammar["high_card"],)}
        return tuple(w for found in numerals[category] for w in (found.text, *(f.text for f in found.forms.values())))
    return (names.table(game_id)[language]["category"][category].text,)


@pytest.mark.parametrize("game_id", HAND_GAMES)
def test_every_hand_has_a_description_in_every_language(game_id: str) -> None:
    """Every hand of the pack (a sample of Broggin's), with the words of its category in the language."""
    game = GAMES[game_id]
    hands = [list(h) for h in itertools.combinations(game.full_pack(), game.hand_size)]
    if game_id == "broggin":
        hands = hands[::37]
    opts = game.options(None)
    ranks = game.ranks(hands, opts)
    english = game.describe(hands, ranks, opts, "en")
    assert english == [rank["description"] for rank in ranks]
    for language in game.languages()[1:]:
        said = game.describe(hands, ranks, opts, language)
        for rank, text in zip(ranks, said, strict=True):
            assert text and text != rank["description"] or rank["category"] in ("flush",), (rank, text)
            assert text.startswith(opening(game_id, language, rank["category"])), (rank, text)
        described = game.hand_table(opts).derived[f"descriptions:{language}"]
        assert len(described) <= len(game.hand_table(opts).data.answers)  # one text per answer, at most


@pytest.mark.parametrize("game_id", HAND_GAMES)
def test_an_unknown_language_is_english(game_id: str) -> None:
    hands = [list(GAMES[game_id].full_pack()[::4][: GAMES[game_id].hand_size])]
    assert describe(game_id, hands, "fr") == describe(game_id, hands, "en")


def test_options_change_the_words_with_the_ranking() -> None:
    """J♣ standing for itself is a bragger under ``only_ace_diamond_natural`` (OB-A4): so the Serbian says."""
    hand = [["JC", "JS", "5H"]]
    assert describe("old-brag", hand, "sr-Latn") == ["Dva prirodna Žandara i Petica"]
    assert describe("old-brag", hand, "sr-Latn", {"only_ace_diamond_natural": True}) == [
        "Dva Žandara sa Bregerom i Petica"
    ]


def test_declared_trumps_in_swedish() -> None:
    game = GAMES["broggin"]
    hand = ["4Sw", "KSt", "Fool", "Merchant"]
    declared = {"Fool": "4Co", "Merchant": "KCo"}
    opts = game.options(None)
    (english,) = game.evaluate_declared_hands([hand], [declared], opts)
    (swedish,) = game.evaluate_declared_hands([hand], [declared], opts, "sv")
    assert (swedish.category, swedish.strength, swedish.interpretation) == (
        english.category,
        english.strength,
        english.interpretation,
    )
    assert "declared" in english.description and "bestämt" in swedish.description
    assert "Narren = My4" in swedish.description and "Köpmannen = My8" in swedish.description
