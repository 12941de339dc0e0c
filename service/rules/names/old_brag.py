"""Old Brag's names: English and Serbian in Latin script (the seed's, rules/old-brag.md); its own words are in
``old_brag.toml``."""

from __future__ import annotations

from service.rules.names.common import EN_RANKS, EN_SUITS, SOURCES, SR_RANKS, SR_SUITS
from service.rules.names.files import words
from service.rules.names.terms import names

_OWN = words("old_brag", SOURCES)

NAMES = names(
    {
        "en": {"suit": EN_SUITS, "rank": EN_RANKS, **_OWN.languages["en"]},
        "sr-Latn": {"suit": SR_SUITS, "rank": SR_RANKS, **_OWN.languages["sr-Latn"]},
    }
)
"""The seed's words for Old Brag ("Tri prirodna Keca", "Dalje", "Utešni Pot", "Bregeri")."""

GRAMMAR = _OWN.grammar
"""The words the Serbian descriptions are built with: the numerals, "prirodna" and the braggers, each in the
forms the seed shows ("Tri prirodna Keca", "Tri prirodne Dame", "ili sa Bregerima")."""
