"""Broggin's names: English and Swedish (the seed is the Swedish role-playing game Eon's text, rules/broggin.md),
all its own, in ``broggin.toml``."""

from __future__ import annotations

from service.rules.names.common import SOURCES
from service.rules.names.files import words
from service.rules.names.terms import names

_OWN = words("broggin", SOURCES)

NAMES = names(_OWN.languages)
"""The seed's words for Broggin (the trumps Häxan ... Tiggaren, the hands De fyra ryttarna ... Fyra kort vilka som
helst, the order "kombination, valör, renhet, svitordning")."""

GRAMMAR = _OWN.grammar
"""The words the Swedish descriptions are built with besides the table's: the purity ("minst antal trumf i
handen") and a declaration ("varje spelare själv bestämmer vilket kort eventuella trumfkort skall motsvara")."""
