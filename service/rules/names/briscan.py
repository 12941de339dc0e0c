"""Briscan's and Brisque's names: English and Swedish.

The Swedish seed is a machine translation of the English Wikipedia article (rules/briscan-brisque.md): its
mistranslations ("Sork" for the slam, "klorna" for the talon, "knep" and "trick" for tricks, "domstolskort"
for court cards, "sammanslagningar" for melds) are no names, so an id whose only Swedish word is one of them
has no Swedish entry (:data:`MISTRANSLATIONS`).
"""

from __future__ import annotations

from service.rules.names.common import BRISCAN, EN_RANKS, EN_SUITS, SV_RANKS, SV_SUITS, only
from service.rules.names.terms import Seed, english, kind, names, term

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

_TRUMP_ACE = Seed(BRISCAN, "trumf ess: om trumf ess hålls och inte har bytts ut får det 30 poäng")
_FOUR = Seed(BRISCAN, "fyra kungar eller fyra damer vinner omedelbart spelet")

NAMES = names(
    {
        "en": {
            "suit": EN_SUITS,
            "rank": only(EN_RANKS, RANKS),
            "action": english({"play": "play", "exchange_seven": "exchange the seven", "announce": "announce"}),
            "phase": english({"talon": "talon", "final": "final", "complete": "complete"}),
            "reason": english(
                {
                    "points": "points",
                    "slam": "slam",
                    "target": "target",
                    "four_kings": "four kings",
                    "four_queens": "four queens",
                }
            ),
            "meld": english(
                {
                    "marriage": "marriage",
                    "tierce": "tierce",
                    "quatrieme": "quatrième",
                    "quinte": "quinte",
                    "quartet": "quartet",
                    "carte_blanche_courts": "carte blanche (courts)",
                    "carte_blanche_pips": "carte blanche (pips)",
                    "trump_ace": "trump ace",
                }
            ),
            "bonus": english(
                {
                    "turn_up": "turn-up",
                    "seven_exchange": "seven exchange",
                    "trump_ace": "trump ace",
                    "last_cards": "last five cards",
                    "last_trick": "last trick",
                    "last_tricks": "last five tricks",
                    "most_cards": "most cards",
                }
            ),
        },
        "sv": {
            "suit": SV_SUITS,
            "rank": only(SV_RANKS, RANKS),
            "action": kind(
                {
                    "play": term("spela", Seed(BRISCAN, "innan man spelar för de två sista korten i talonen")),
                    "exchange_seven": term("Utbyte", Seed(BRISCAN, "Utbyte\nTrumfsjuan kan endast bytas ut")),
                    "announce": term("tillkännagivande", Seed(BRISCAN, "tillkännagivanden och poängsättning")),
                }
            ),
            "phase": kind({"talon": term("talonen", Seed(BRISCAN, "De återstående korten bildar talonen"))}),
            "reason": kind(
                {
                    "points": term("poäng", Seed(BRISCAN, "Spelet är 600 poäng.")),
                    "four_kings": term("fyra kungar", _FOUR),
                    "four_queens": term("fyra damer", _FOUR),
                }
            ),
            "meld": kind(
                {
                    "marriage": term("Äktenskap", Seed(BRISCAN, "Äktenskap: en spelare som har en kung och en dam")),
                    "tierce": term("tierce", Seed(BRISCAN, "En körning av tre är en tierce")),
                    "quatrieme": term("quatrième", Seed(BRISCAN, "av fyra är en quatrième")),
                    "quinte": term("quinte", Seed(BRISCAN, "| Quinte | Quatrième | Tierce |")),
                    "quartet": term("kvartett", Seed(BRISCAN, "| Kvartetter (fyra lika) * |")),
                    "carte_blanche_courts": term("carte blanche", Seed(BRISCAN, "Carte blanche (alla domstolar) | 20")),
                    "carte_blanche_pips": term("carte blanche", Seed(BRISCAN, "Carte blanche (alla kärnor) | 10")),
                    "trump_ace": term("trumf ess", _TRUMP_ACE),
                }
            ),
            "bonus": kind(
                {
                    "seven_exchange": term("Utbyte", Seed(BRISCAN, "Utbyte\nTrumfsjuan kan endast bytas ut")),
                    "trump_ace": term("trumf ess", _TRUMP_ACE),
                    "last_cards": term("Sista fem korten", Seed(BRISCAN, "Sista fem korten: om en spelares sista")),
                    "most_cards": term("Tar flest kort", Seed(BRISCAN, "Tar flest kort: 10 poäng")),
                }
            ),
        },
    }
)
"""Briscan's and Brisque's words (the same seed, the same vocabulary)."""
