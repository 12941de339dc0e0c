"""Names in the games' own languages (docs/api.md section 12): one table per game, the single source of every
native word the service offers (and of the native words it accepts: Broggin's trumps, the suit words).

:func:`languages` and :func:`table` give a game's; :mod:`service.rules.names.terms` says how a table is
built and where each term comes from. The words themselves are data, each with its source: the shared ones in
``common.toml``, each game's own in ``<game>.toml`` (read by :mod:`service.rules.names.files`).
"""

from __future__ import annotations

from service.rules.names import briscan, briscola, broggin, old_brag, three_card_brag
from service.rules.names.terms import Kind, Names, Term, texts

TABLES: dict[str, Names] = {
    "three-card-brag": three_card_brag.NAMES,
    "old-brag": old_brag.NAMES,
    "broggin": broggin.NAMES,
    "briscola": briscola.NAMES,
    "briscola-chiamata": briscola.CHIAMATA_NAMES,
    "briscan": briscan.NAMES,
    "brisque": briscan.NAMES,
}
"""Every game's names table by game id."""
GRAMMARS: dict[str, Kind] = {"old-brag": old_brag.GRAMMAR, "broggin": broggin.GRAMMAR}
"""The words a game's descriptions are built with besides its table's (numerals, "prirodna", "trumf"), sourced
the same way; not on the wire."""

ENGLISH = "en"


def table(game: str) -> Names:
    """The names table of ``game`` (a registered game's id)."""
    return TABLES[game]


def languages(game: str) -> tuple[str, ...]:
    """The languages of ``game``'s names, English first (BCP 47 tags)."""
    return tuple(TABLES[game])


def word(game: str, language: str, kind: str, id_: str) -> str:
    """The word for ``id_`` of ``kind`` in ``language``, else the English one, else ``id_`` itself."""
    for tag in (language, ENGLISH):
        found: Term | None = TABLES[game].get(tag, {}).get(kind, {}).get(id_)
        if found is not None:
            return found.text
    return id_


__all__ = ["ENGLISH", "GRAMMARS", "TABLES", "languages", "table", "texts", "word"]
