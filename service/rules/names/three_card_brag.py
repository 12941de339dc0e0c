"""Three Card Brag's names: English and Swedish (the seed is a Swedish poker blog, rules/three-card-brag.md); its
own words are in ``three_card_brag.toml``."""

from __future__ import annotations

from service.rules.names.common import EN_RANKS, EN_SUITS, SOURCES, SV_RANKS, SV_SUITS
from service.rules.names.files import words
from service.rules.names.terms import names

_OWN = words("three_card_brag", SOURCES)

NAMES = names(
    {
        "en": {"suit": EN_SUITS, "rank": EN_RANKS, **_OWN.languages["en"]},
        "sv": {"suit": SV_SUITS, "rank": SV_RANKS, **_OWN.languages["sv"]},
    }
)
"""The seed's words for Three Card Brag ("Triss (Prial)"; "syna" in its sense of seeing, rules 5)."""
