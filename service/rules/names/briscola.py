"""Briscola's and Briscola chiamata's names: English, Swedish (the seed, rules/briscola.md) and Italian."""

from __future__ import annotations

from service.rules.names.common import BRISCOLA, EN_RANKS, EN_SUITS, IT_RANKS, IT_SUITS, SV_RANKS, SV_SUITS, only
from service.rules.names.terms import Language, Seed, english, kind, names, term

RANKS = "AKQJ765432"
"""The 40-card pack's ranks."""

_SWEDISH: Language = {
    "suit": SV_SUITS,
    "rank": only(SV_RANKS, RANKS),
    "action": kind({"play": term("spela", Seed(BRISCOLA, "att spela ut det vore att skänka det till vilken trumf"))}),
    "phase": kind({"play": term("spelet", Seed(BRISCOLA, "Före spelet bjuder en spelare om att nämna ett kort"))}),
    "reason": kind({"points": term("poäng", Seed(BRISCOLA, "120 poäng i leken, och 61 vinner."))}),
}
_ITALIAN: Language = {"suit": IT_SUITS, "rank": IT_RANKS}


def _english(actions: tuple[str, ...], phases: tuple[str, ...], reasons: dict[str, str]) -> Language:
    return {
        "suit": EN_SUITS,
        "rank": only(EN_RANKS, RANKS),
        "action": english({a: a.replace("_", " ") for a in actions}),
        "phase": english({p: p for p in phases}),
        "reason": english(reasons),
    }


NAMES = names(
    {
        "en": _english(("play", "exchange_turnup"), ("play", "complete"), {"points": "points"}),
        "sv": _SWEDISH,
        "it": _ITALIAN,
    }
)
"""Briscola's words: the Swedish seed's, and the Italian suits and ranks (denari, coppe, spade, bastoni)."""

CHIAMATA_NAMES = names(
    {
        "en": _english(
            ("bid", "pass", "choose_suit", "play"),
            ("auction", "call", "play", "complete"),
            {"points": "points", "thrown_in": "thrown in"},
        ),
        "sv": _SWEDISH,
        "it": _ITALIAN,
    }
)
"""Briscola chiamata's words (its seed is the Briscola seed's "Briscola chiamata" section)."""
