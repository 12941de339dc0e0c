"""Three Card Brag's names: English and Swedish (the seed is a Swedish poker blog, rules/three-card-brag.md)."""

from __future__ import annotations

from service.rules.names.common import BRAG, BROGGIN, EN_RANKS, EN_SUITS, SV_RANKS, SV_SUITS
from service.rules.names.terms import Seed, english, kind, names, term

_RANKING = "stege slår färg och triss är den bästa möjliga handen"
_ORDER = Seed(BROGGIN, "Rangordna alltså först efter kombination, sedan efter valör")

NAMES = names(
    {
        "en": {
            "suit": EN_SUITS,
            "rank": EN_RANKS,
            "category": english(
                {
                    "prial": "Prial",
                    "running_flush": "Running flush",
                    "run": "Run",
                    "flush": "Flush",
                    "pair": "Pair",
                    "high_card": "High card",
                }
            ),
            "action": english({a: a for a in ("bet", "call", "raise", "fold", "see", "look")}),
            "phase": english({"betting": "betting", "complete": "complete"}),
            "reason": english({"seen": "seen", "all_folded": "all folded", "carried_forward": "carried forward"}),
            "deciding": english({"category": "category", "rank": "rank", "tie": "tie"}),
        },
        "sv": {
            "suit": SV_SUITS,
            "rank": SV_RANKS,
            "category": kind(
                {
                    "prial": term("Triss", Seed(BRAG, "Triss (Prial), där tre treor är bäst")),
                    "running_flush": term("Straight flush", Seed(BRAG, "Straight flush (Running flush)")),
                    "run": term("Stege", Seed(BRAG, "Stege (Run)")),
                    "flush": term("Flush", Seed(BRAG, "Flush\nPar\nHögt kort")),
                    "pair": term("Par", Seed(BRAG, "Flush\nPar\nHögt kort")),
                    "high_card": term("Högt kort", Seed(BRAG, "Flush\nPar\nHögt kort")),
                }
            ),
            "action": kind(
                {
                    "bet": term("beta", Seed(BRAG, "har möjligheten att beta eller lägga sig")),
                    "call": term("stanna kvar", Seed(BRAG, "eller stanna kvar i potten genom att bara lägga 4")),
                    "raise": term("höja", Seed(BRAG, "kan nästa spelare följa med och syna, lägga sig eller höja")),
                    "fold": term("lägga sig", Seed(BRAG, "har möjligheten att beta eller lägga sig")),
                    "see": term("syna", Seed(BRAG, "Först då kan en spelare syna den andre.")),
                    "look": term("titta på korten", Seed(BRAG, "välja att titta på korten")),
                }
            ),
            "phase": kind(
                {"betting": term("satsningsrundan", Seed(BRAG, "är inte satsningsrundan över"))},
            ),
            "reason": kind({"seen": term("showdown", Seed(BRAG, "om han lyckas vinna utan showdown"))}),
            "deciding": kind(
                {
                    "category": term("kombination", _ORDER),
                    "rank": term("valör", _ORDER),
                    "tie": term(
                        "lika", Seed(BRAG, "om händernas värde är lika förlorar den som betalade för att syna")
                    ),
                }
            ),
        },
    }
)
"""The seed's words for Three Card Brag ("Triss (Prial)"; "syna" in its sense of seeing, rules 5)."""
