"""Broggin's names: English and Swedish (the seed is the Swedish role-playing game Eon's text, rules/broggin.md)."""

from __future__ import annotations

from service.rules.names.common import BRAG, BRISCAN, BROGGIN, RANKS_LISTED, SAOL
from service.rules.names.terms import Inflected, RulesFile, Seed, english, kind, names, term

_REALMS = Seed(BROGGIN, "De fyra rikena är Svärd, Stavar, Mynt och Bägare.")
_CODES = RulesFile(
    "broggin.md",
    "Notation: `Sv8` = King of Swords, `St7` = Queen of Staves, `My4` = Four of Coins, `Ba1` = One of Cups.",
)
_COURTS = Seed(BROGGIN, "drottning med värdet sju, och kung med värdet åtta")
_HORSEMEN = Seed(BROGGIN, "De fyra ryttarna: Häxan, Trollkarlen, Narren och Döden.")
_ESTATES = Seed(BROGGIN, "Ständerna: Köpmannen, Värdshusvärden, Riddaren och Tiggaren.")
_ORDER = Seed(
    BROGGIN,
    "Rangordna alltså först efter kombination, sedan efter valör, därefter efter renhet (avsaknad av trumf) och "
    "slutligen efter svitordning.",
)
_BET1 = Seed(BROGGIN, "antingen satsa (ytterligare en insats) eller lägga sig")

NAMES = names(
    {
        "en": {
            "suit": english({"Sw": "swords", "St": "staves", "Co": "coins", "Cu": "cups"}),
            "rank": english(
                {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "Q": "queen", "K": "king"}
            ),
            "card": english(
                {t: t for t in ("Witch", "Magician", "Fool", "Death", "Merchant", "Innkeeper", "Knight", "Beggar")}
            ),
            "category": english(
                {
                    "four_horsemen": "Four Horsemen",
                    "estates": "Estates",
                    "court": "Court",
                    "straight_flush": "Straight flush",
                    "four_of_a_kind": "Four of a kind",
                    "flush": "Flush",
                    "straight": "Straight",
                    "three_of_a_kind": "Three of a kind",
                    "two_pairs": "Two pairs",
                    "pair": "Pair",
                    "high_card": "High card",
                }
            ),
            "action": english({a: a for a in ("bet", "fold", "exchange", "call", "raise", "declare")}),
            "phase": english(
                {
                    "bet1": "first bet",
                    "exchange": "exchange",
                    "bet2": "second bet",
                    "declare": "declare",
                    "complete": "complete",
                }
            ),
            "reason": english({"showdown": "showdown", "all_folded": "all folded", "no_players": "no players"}),
            "deciding": english(
                {"category": "category", "value": "value", "purity": "purity", "suit": "suit order", "tie": "tie"}
            ),
        },
        "sv": {
            "suit": kind(
                {
                    "Sw": term("Svärd", _REALMS, plural=term("svärd", _REALMS), short=term("Sv", _CODES)),
                    "St": term("Stavar", _REALMS, plural=term("stavar", _REALMS), short=term("St", _CODES)),
                    "Co": term("Mynt", _REALMS, plural=term("mynt", _REALMS), short=term("My", _CODES)),
                    "Cu": term("Bägare", _REALMS, plural=term("bägare", _REALMS), short=term("Ba", _CODES)),
                }
            ),
            "rank": kind(
                {
                    "1": term("etta", SAOL, plural=term("ettor", SAOL)),
                    "2": term("tvåa", SAOL, plural=term("tvåor", SAOL)),
                    "3": term("trea", RANKS_LISTED, plural=term("treor", Seed(BRAG, "där tre treor är bäst"))),
                    "4": term(
                        "fyra", RANKS_LISTED, plural=term("fyror", Seed(BROGGIN, "två personer har triss i fyror"))
                    ),
                    "5": term("femma", SAOL, plural=term("femmor", SAOL)),
                    "6": term("sexa", SAOL, plural=term("sexor", SAOL)),
                    "Q": term("drottning", _COURTS, plural=term("drottningar", Seed(BRISCAN, "Fyra drottningar"))),
                    "K": term(
                        "kung", _COURTS, plural=term("kungar", Seed(BRAG, "där tre treor är bäst, sedan ess, kungar"))
                    ),
                }
            ),
            "card": kind(
                {
                    "Witch": term("Häxan", Seed(BROGGIN, "Häxan: Detta trumfkort kan användas som en drottning")),
                    "Magician": term(
                        "Magikern",
                        Seed(BROGGIN, "Magikern: Används istället för en kung i valfri svit."),
                        also=term("Trollkarlen", _HORSEMEN),
                    ),
                    "Fool": term("Narren", _HORSEMEN),
                    "Death": term("Döden", _HORSEMEN),
                    "Merchant": term("Köpmannen", _ESTATES),
                    "Innkeeper": term("Värdshusvärden", _ESTATES),
                    "Knight": term("Riddaren", _ESTATES),
                    "Beggar": term("Tiggaren", _ESTATES),
                }
            ),
            "category": kind(
                {
                    "four_horsemen": term("De fyra ryttarna", _HORSEMEN),
                    "estates": term("Ständerna", _ESTATES),
                    "court": term("Hovet", Seed(BROGGIN, "Hovet: Kung och drottning i samma svit")),
                    "straight_flush": term("Svitstege", Seed(BROGGIN, "Svitstege: Fyra kort i samma svit")),
                    "four_of_a_kind": term("Fyrtal", Seed(BROGGIN, "Fyrtal: Fyra kort av samma valör.")),
                    "flush": term("Svit", Seed(BROGGIN, "Svit: Alla kort i samma svit.")),
                    "straight": term("Stege", Seed(BROGGIN, "Stege: Fyra kort i följd med stigande valör.")),
                    "three_of_a_kind": term("Triss", Seed(BROGGIN, "Triss: Tre kort av samma valör.")),
                    "two_pairs": term("Två par", Seed(BROGGIN, "Två par: Har två eller fler spelare")),
                    "pair": term("Ett par", Seed(BROGGIN, "Ett par: Har två eller fler spelare")),
                    "high_card": term(
                        "Fyra kort vilka som helst", Seed(BROGGIN, "Fyra kort vilka som helst: Om flera")
                    ),
                }
            ),
            "action": kind(
                {
                    "bet": term("satsa", _BET1),
                    "fold": term("lägga sig", _BET1),
                    "exchange": term("byta", Seed(BROGGIN, "får byta ut valfritt antal kort mot nya")),
                    "call": term("gå med", Seed(BROGGIN, "att gå med (satsa en ny insats)")),
                    "raise": term("höja", Seed(BROGGIN, "att höja (satsa mer pengar")),
                }
            ),
            "phase": kind(
                {
                    "bet1": term("Första budet", Seed(BROGGIN, "Första budet Efter den första given")),
                    "exchange": term("Bytet", Seed(BROGGIN, "Bytet De som inte agt sig")),
                    "bet2": term("Andra budet", Seed(BROGGIN, "Andra budet Efter bytet")),
                    "declare": term("Utspelet", Seed(BROGGIN, "Utspelet Därefter lägger man korten på borden")),
                }
            ),
            "reason": kind(
                {"showdown": term("Utspelet", Seed(BROGGIN, "Utspelet Därefter lägger man korten på borden"))}
            ),
            "deciding": kind(
                {
                    "category": term("kombination", _ORDER),
                    "value": term("valör", _ORDER),
                    "purity": term("renhet", _ORDER),
                    "suit": term("svitordning", _ORDER),
                    "tie": term("lika", Seed(BROGGIN, "Skulle det hända att två händer är precis lika")),
                }
            ),
        },
    }
)
"""The seed's words for Broggin (the trumps Häxan ... Tiggaren, the hands De fyra ryttarna ... Fyra kort vilka som
helst, the order "kombination, valör, renhet, svitordning")."""

GRAMMAR = kind(
    {
        "trump": term("trumf", Seed(BROGGIN, "minst antal trumf i handen")),
        "no_trump": term("ingen trumf", Inflected("avsaknad av trumf", "the absence of trumps as a count: none")),
        "declared": term(
            "bestämt",
            Inflected(
                "varje spelare själv bestämmer vilket kort eventuella trumfkort skall motsvara", "past participle"
            ),
        ),
    }
)
"""The words the Swedish descriptions are built with besides the table's: the purity ("minst antal trumf i
handen") and a declaration ("varje spelare själv bestämmer vilket kort eventuella trumfkort skall motsvara")."""
