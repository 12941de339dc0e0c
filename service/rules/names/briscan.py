"""Briscan's and Brisque's names: English and Swedish.

The Swedish seed is a machine translation of the English Wikipedia article (rules/briscan-brisque.md): its
mistranslations ("Sork" for the slam, "klorna" for the talon, "knep" and "trick" for tricks, "domstolskort"
for court cards, "sammanslagningar" for melds) are no names, so an id whose only Swedish word is one of them
has no Swedish entry (:data:`MISTRANSLATIONS`). Their own words are in ``briscan.toml``.
"""

from __future__ import annotations

from service.rules.names.common import EN_RANKS, EN_SUITS, SOURCES, SV_RANKS, SV_SUITS, only
from service.rules.names.files import words
from service.rules.names.terms import names

RANKS = "AKQJT987"
"""The 32-card piquet pack's ranks."""

MISTRANSLATIONS = (
    "Sork",
    "klorna",
    "knep",
    "trick",
    "domstolskort",
    "domstolar",
    "sammanslagningar",
    "sammansmältningar",
    "partitur",
    "betjänt",
    "turnupen",
)
"""The seed's machine translation's words that are not Swedish for what they stand for (the rules file says
what they mean): no table offers them."""

_OWN = words("briscan", SOURCES)

NAMES = names(
    {
        "en": {"suit": EN_SUITS, "rank": only(EN_RANKS, RANKS), **_OWN.languages["en"]},
        "sv": {"suit": SV_SUITS, "rank": only(SV_RANKS, RANKS), **_OWN.languages["sv"]},
    }
)
"""Briscan's and Brisque's words (the same seed, the same vocabulary)."""
