"""Old Brag's descriptions, in each language of its names table (service/rules/names/old_brag.py).

A description says the combination, its rank, whether braggers made it, and the odd card of a pair. English
as the service has always said it ("Natural prial of aces", "Bragger pair of kings, five kicker"); Serbian as
the seed says it, with the numeral's agreement: "Tri prirodna Keca" and "Tri prirodne Dame" (the paucal after
"tri", "dva"/"dve"), "Tri Kralja sa Bregerima" (the seed's "ili sa Bregerima").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from service.rules.cards import RANK_LETTER, RANK_NAMES, rank_plural
from service.rules.names.old_brag import GRAMMAR, NAMES


class Said(NamedTuple):
    """What a description says of a hand (its best reading)."""

    category: str
    """``prial``, ``pair`` or ``high_card``."""
    values: tuple[int, ...]
    """The ranks as read (braggers as what they stand for), highest first."""
    braggers: int = 0
    """How many of the combination's cards are braggers' (0: natural)."""

    @property
    def rank(self) -> int:
        """The prial's or the pair's rank (the middle card's, highest first)."""
        return self.values[1]

    @property
    def kicker(self) -> int:
        """A pair's odd card."""
        return self.values[2] if self.values[0] == self.values[1] else self.values[0]


def _spelled(values: tuple[int, ...]) -> str:
    return "-".join(RANK_LETTER[v] for v in values)


def english(said: Said) -> str:
    """The service's English description."""
    kind = "Natural" if said.braggers == 0 else "Bragger"
    if said.category == "prial":
        return f"{kind} prial of {rank_plural(said.rank)}"
    if said.category == "pair":
        return f"{kind} pair of {rank_plural(said.rank)}, {RANK_NAMES[said.kicker]} kicker"
    return "High card " + _spelled(said.values)


def serbian(said: Said) -> str:
    """Serbian (Latin script): "Tri prirodna Keca", "Tri Kralja sa Bregerom", "Dve prirodne Dame i Petica",
    "Najjača karta A-K-5"."""
    ranks = NAMES["sr-Latn"]["rank"]
    if said.category == "high_card":
        return f"{GRAMMAR['high_card'].text} " + _spelled(said.values).replace("T", "10")
    combined = ranks[RANK_LETTER[said.rank]]
    feminine = combined.gender == "f"
    numeral = GRAMMAR["three"].text if said.category == "prial" else GRAMMAR["two"].form("f" if feminine else "")
    if said.braggers == 0:
        natural = GRAMMAR["natural"].form("f") if feminine else GRAMMAR["natural"].text
        words = f"{numeral} {natural} {combined.form('paucal')}"
    else:
        braggers = GRAMMAR["braggers"].form("one") if said.braggers == 1 else GRAMMAR["braggers"].text
        words = f"{numeral} {combined.form('paucal')} {braggers}"
    if said.category == "pair":
        return f"{words} i {ranks[RANK_LETTER[said.kicker]].text}"
    return words


DESCRIBE: dict[str, Callable[[Said], str]] = {"en": english, "sr-Latn": serbian}
"""Each language's description, by the tag of the names table."""


def describe(said: Said, language: str = "en") -> str:
    """The description of ``said`` in ``language`` (a language of the table)."""
    return DESCRIBE[language](said)
