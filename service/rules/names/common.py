"""Words of the French-suited pack that several games share: English, Swedish, Serbian and Italian, in
``common.toml``.

Each game's table (``service/rules/names/<game>.py``) takes the kinds it needs from here. Swedish card words
come from the seeds (the Briscola seed lists every rank, "Ess, trea, kung, dam, knekt, sju, sex, fem, fyra,
två") and the rules file of Briscola (the suits); the plurals the seeds lack are the Swedish Academy's
dictionary's. Serbian words come from the Old Brag seed and its rules file; Italian from the Briscola rules
file and the standard Italian names of the cards.
"""

from __future__ import annotations

from service.rules.names.files import words
from service.rules.names.terms import Kind, kind

BRISCOLA = "briscola-sv.txt"

_COMMON = words("common", {})
SOURCES = _COMMON.sources
"""The sources the games' data files may name besides their own (``source = "saol"``, ``"ranks_listed"``)."""

EN_SUITS = _COMMON.languages["en"]["suit"]
"""The service's English suit words (also accepted for a trump: ``spades``)."""
EN_RANKS = _COMMON.languages["en"]["rank"]
"""The service's English rank words (its descriptions: "Prial of kings")."""
SV_SUITS = _COMMON.languages["sv"]["suit"]
"""Swedish suit words (also accepted for a trump: ``spader``)."""
SV_RANKS = _COMMON.languages["sv"]["rank"]
"""Swedish rank words with their plurals ("triss i kungar") and the seed's short forms (``E``, ``Kn``)."""
SR_SUITS = _COMMON.languages["sr-Latn"]["suit"]
"""Serbian suit words."""
SR_RANKS = _COMMON.languages["sr-Latn"]["rank"]
"""Serbian rank words, their gender and the form after "tri" and "dva"/"dve" (the paucal: "Tri prirodna
Keca", "Tri prirodne Dame")."""
IT_SUITS = _COMMON.languages["it"]["suit"]
"""Italian suit words (accepted in a spelled card, ``A-denari``, and for a trump)."""
IT_RANKS = _COMMON.languages["it"]["rank"]
"""Italian rank words of the 40-card pack."""


def only(terms: Kind, ids: str | tuple[str, ...]) -> Kind:
    """The terms of ``ids`` alone (a 40- or 32-card pack's ranks)."""
    return kind({id_: found for id_, found in terms.items() if id_ in ids})
