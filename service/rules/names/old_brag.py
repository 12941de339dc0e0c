"""Old Brag's names: English and Serbian in Latin script (the seed's, rules/old-brag.md)."""

from __future__ import annotations

from service.rules.names.common import EN_RANKS, EN_SUITS, OLD_BRAG, SR_RANKS, SR_SUITS
from service.rules.names.terms import Inflected, Seed, english, kind, names, term

_COMBINATIONS = Seed(OLD_BRAG, "Posle 3 iste karte, sledi Par (2 iste)")

NAMES = names(
    {
        "en": {
            "suit": EN_SUITS,
            "rank": EN_RANKS,
            "category": english({"prial": "Prial", "pair": "Pair", "high_card": "High card"}),
            "action": english({a: a for a in ("bet", "call", "raise", "fold", "hit", "stand")}),
            "phase": english({"betting": "betting", "drawing": "drawing", "complete": "complete"}),
            "reason": english(
                {
                    "showdown": "showdown",
                    "all_folded": "all folded",
                    "highest_total": "highest total",
                    "returned": "returned",
                    "carried": "carried",
                }
            ),
            "pot": english({"main": "main pot", "pot1": "Pot I", "pot3": "Pot III"}),
            "deciding": english(
                {
                    "category": "category",
                    "rank": "rank",
                    "natural": "natural cards",
                    "braggers": "braggers",
                    "kicker": "kicker",
                    "tie": "tie",
                }
            ),
        },
        "sr-Latn": {
            "suit": SR_SUITS,
            "rank": SR_RANKS,
            "category": kind({"prial": term("3 iste karte", _COMBINATIONS), "pair": term("Par", _COMBINATIONS)}),
            "action": kind(
                {
                    "bet": term("uložiti", Seed(OLD_BRAG, "on mora uložiti najmanje 1 žeton")),
                    "call": term(
                        "uplatiti", Seed(OLD_BRAG, "Može prosto uplatiti sumu, koju je uložio predhodni igrač")
                    ),
                    "raise": term("povisiti ulog", Seed(OLD_BRAG, "može još i povisiti ulog")),
                    "fold": term("Dalje", Seed(OLD_BRAG, "Može reći „Dalje“")),
                }
            ),
            "phase": kind(
                {
                    "betting": term("Klađenje", Seed(OLD_BRAG, "Klađenje je identično Pokerskom")),
                    "drawing": term("III faza igre", Seed(OLD_BRAG, "III faza igre: Na kraju deljenja")),
                }
            ),
            "pot": kind(
                {
                    "main": term("Pot", Seed(OLD_BRAG, "a onaj sa najjačom nosi Pot")),
                    "pot1": term("Utešni Pot", Seed(OLD_BRAG, "odmah osvaja jedan Utešni Pot")),
                    "pot3": term("Utešni Pot", Seed(OLD_BRAG, "igrači se bore za drugi Utešni Pot")),
                }
            ),
            "deciding": kind(
                {
                    "category": term("kombinacija", Seed(OLD_BRAG, "Najjača kombinacija nosi sadržaj Glavnog Pota")),
                    "rank": term("jačina", Seed(OLD_BRAG, "upoređuje se jačina treće")),
                    "natural": term("prirodna karta", Seed(OLD_BRAG, "a Kec-karo se tretira kao prirodna karta")),
                    "braggers": term("Bregeri", Seed(OLD_BRAG, "nazivaju se „Bregeri“")),
                    "kicker": term("jačina treće", Seed(OLD_BRAG, "upoređuje se jačina treće")),
                    "tie": term("potpuno identične karte", Seed(OLD_BRAG, "imaju sve 3 potpuno identične karte")),
                }
            ),
        },
    }
)
"""The seed's words for Old Brag ("Tri prirodna Keca", "Dalje", "Utešni Pot", "Bregeri")."""

GRAMMAR = kind(
    {
        "three": term("Tri", Seed(OLD_BRAG, "„Tri prirodna Keca“ je najjača kombinacija")),
        "two": term(
            "Dva",
            Seed(OLD_BRAG, "Ako dva igrača imaju istovetne 2 iste karte"),
            f=term("Dve", Seed(OLD_BRAG, "nema ni „Dve iste“")),
        ),
        "natural": term(
            "prirodna",
            Seed(OLD_BRAG, "„Tri prirodna Keca“ je najjača kombinacija"),
            f=term("prirodne", Seed(OLD_BRAG, "„Tri prirodne Dame“")),
        ),
        "braggers": term(
            "sa Bregerima",
            Seed(OLD_BRAG, "koji takođe može biti prirodan, ili sa Bregerima"),
            one=term("sa Bregerom", Inflected("Bregeri", "instrumental singular")),
        ),
        "high_card": term("Najjača karta", Inflected("koja je karta najjača", "the phrase as a noun: adjective first")),
    }
)
"""The words the Serbian descriptions are built with: the numerals, "prirodna" and the braggers, each in the
forms the seed shows ("Tri prirodna Keca", "Tri prirodne Dame", "ili sa Bregerima")."""
