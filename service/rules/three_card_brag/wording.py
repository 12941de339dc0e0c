"""Three Card Brag's descriptions, in each language of its names table (service/rules/names/three_card_brag.py).

A description says the category and the ranks that place the hand in it; each language puts them with its own
grammar: "Prial of kings" and "Triss i kungar", "Pair of eights, king kicker" and "Par i åttor med kung". The
words are the names table's (ranks with their plurals and short forms), never a translated sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from service.rules.cards import PIP_VALUE, RANK_LETTER, RANK_NAMES, Card, rank, rank_plural
from service.rules.names.terms import Language
from service.rules.names.three_card_brag import NAMES

Values = tuple[int, ...]
"""A hand's numeric ranks, highest first."""


def values_of(hand: Sequence[Card]) -> Values:
    """The numeric ranks of a hand, highest first."""
    return tuple(sorted((PIP_VALUE[rank(c)] for c in hand), reverse=True))


def _pair(values: Values) -> tuple[int, int]:
    """The pair's rank and the odd card's."""
    return values[1], values[2] if values[0] == values[1] else values[0]


def _is_a23(values: Values) -> bool:
    return values == (14, 3, 2)


def english(category: str, values: Values) -> str:
    """The service's English description ("Prial of kings", "Run A-2-3", "Pair of eights, king kicker")."""
    spelled = "A-2-3" if _is_a23(values) else "-".join(RANK_LETTER[v] for v in values)
    if category == "prial":
        return f"Prial of {rank_plural(values[0])}"
    if category == "pair":
        pair, kicker = _pair(values)
        return f"Pair of {rank_plural(pair)}, {RANK_NAMES[kicker]} kicker"
    word = NAMES["en"]["category"][category].text
    return f"{word} {spelled}"


def swedish(category: str, values: Values) -> str:
    """Swedish: "Triss i kungar", "Stege D-Kn-10", "Par i åttor med kung", "Högt kort E-K-5" (the seed's
    category words, its plurals and its short forms of the court cards)."""
    words: Language = NAMES["sv"]
    ranks = words["rank"]

    def letter(value: int) -> str:
        found = ranks[RANK_LETTER[value]]
        return found.form("short") if "short" in found.forms else str(value)

    spelled = "-".join(letter(v) for v in ((14, 2, 3) if _is_a23(values) else values))
    word = words["category"][category].text
    if category == "prial":
        return f"{word} i {ranks[RANK_LETTER[values[0]]].form('plural')}"
    if category == "pair":
        pair, kicker = _pair(values)
        return f"{word} i {ranks[RANK_LETTER[pair]].form('plural')} med {ranks[RANK_LETTER[kicker]].text}"
    return f"{word} {spelled}"


DESCRIBE: dict[str, Callable[[str, Values], str]] = {"en": english, "sv": swedish}
"""Each language's description, by the tag of the names table."""


def describe(category: str, values: Values, language: str = "en") -> str:
    """The description of a hand of ``category`` with ``values`` in ``language`` (a language of the table)."""
    return DESCRIBE[language](category, values)
