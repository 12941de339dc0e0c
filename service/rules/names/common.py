"""Words of the French-suited pack that several games share: English, Swedish, Serbian and Italian.

Each game's table (``service/rules/names/<game>.py``) takes the kinds it needs from here. Swedish card words
come from the seeds (the Briscola seed lists every rank, "Ess, trea, kung, dam, knekt, sju, sex, fem, fyra,
två") and the rules file of Briscola (the suits); the plurals the seeds lack are the Swedish Academy's
dictionary's. Serbian words come from the Old Brag seed and its rules file; Italian from the Briscola rules
file and the standard Italian names of the cards.
"""

from __future__ import annotations

from service.rules.names.terms import Cited, Inflected, Kind, RulesFile, Seed, Term, english, kind, term

BRAG = "three-card-brag-sv.txt"
BRISCOLA = "briscola-sv.txt"
BRISCAN = "briscan-sv.txt"
BROGGIN = "broggin-sv.txt"
OLD_BRAG = "old-brag-sr.txt"

SAOL = Cited(
    "Svenska Akademiens ordlista (SAOL), 14th edition, 2015: the nouns etta, tvåa, femma, sexa, sjua and their "
    "plurals ettor, tvåor, femmor, sexor, sjuor"
)
RSJ = Cited(
    "Rečnik srpskoga jezika, Matica srpska, Novi Sad, 2007: the nouns trojka, četvorka, petica, šestica, sedmica, "
    "osmica, devetka, desetka"
)
TRECCANI = Cited(
    "Vocabolario della lingua italiana Treccani: the card names asso, re and the numerals due, quattro, cinque, "
    "sei, sette, tre"
)

EN_SUITS = english({"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"})
"""The service's English suit words (also accepted for a trump: ``spades``)."""
EN_RANKS = english(
    {
        "A": "ace",
        "K": "king",
        "Q": "queen",
        "J": "jack",
        "T": "ten",
        "9": "nine",
        "8": "eight",
        "7": "seven",
        "6": "six",
        "5": "five",
        "4": "four",
        "3": "three",
        "2": "two",
    }
)
"""The service's English rank words (its descriptions: "Prial of kings")."""

RANKS_LISTED = Seed(BRISCOLA, "Ess, trea, kung, dam, knekt, sju, sex, fem, fyra, två.")
_SHORT = Seed(BRISCOLA, "Du har E♥, 4♠ och D♣.")
_SUITS_SV = RulesFile("briscola.md", "Spader ♠, hjärter ♥, ruter ♦, klöver ♣.")

SV_SUITS = kind(
    {
        "S": term("spader", Seed(BRISCOLA, "Ada delar ut tre var och vänder upp 5♠, så spader är trumf")),
        "H": term("hjärter", _SUITS_SV),
        "D": term("ruter", _SUITS_SV),
        "C": term("klöver", Seed(BRISCOLA, "Ada kan inte slå den i klöver och har ingen trumf")),
    }
)
"""Swedish suit words (also accepted for a trump: ``spader``)."""

SV_RANKS = kind(
    {
        "A": term(
            "ess",
            RANKS_LISTED,
            plural=term("ess", Seed(BRAG, "där tre treor är bäst, sedan ess, kungar etc.")),
            short=term("E", _SHORT),
        ),
        "K": term(
            "kung",
            RANKS_LISTED,
            plural=term("kungar", Seed(BRAG, "där tre treor är bäst, sedan ess, kungar etc.")),
            short=term("K", Seed(BRISCOLA, "Ada har 3♥, K♦ och 7♣.")),
        ),
        "Q": term(
            "dam",
            RANKS_LISTED,
            plural=term("damer", Seed(BRISCAN, "fyra kungar eller fyra damer vinner omedelbart spelet")),
            short=term("D", _SHORT),
        ),
        "J": term(
            "knekt",
            RANKS_LISTED,
            plural=term("knektar", Seed(BRISCAN, "Fyra knektar")),
            short=term("Kn", Seed(BRISCOLA, "Ada drar Kn♥.")),
        ),
        "T": term(
            "tio",
            Seed(BRISCAN, "t.ex. Tio, Knekt, Dam"),
            plural=term("tior", Seed(BRISCOLA, "leken på 52 utan åttor, nior och tior")),
        ),
        "9": term(
            "nio",
            Seed(BRISCAN, "neuf (nio)"),
            plural=term("nior", Seed(BRISCOLA, "leken på 52 utan åttor, nior och tior")),
        ),
        "8": term(
            "åtta",
            Seed(BROGGIN, "och kung med värdet åtta"),
            plural=term("åttor", Seed(BRISCOLA, "leken på 52 utan åttor, nior och tior")),
        ),
        "7": term("sju", RANKS_LISTED, plural=term("sjuor", SAOL)),
        "6": term("sex", RANKS_LISTED, plural=term("sexor", SAOL)),
        "5": term("fem", RANKS_LISTED, plural=term("femmor", SAOL)),
        "4": term(
            "fyra", RANKS_LISTED, plural=term("fyror", Seed(BROGGIN, "två personer har triss i fyror samtidigt"))
        ),
        "3": term("trea", RANKS_LISTED, plural=term("treor", Seed(BRAG, "där tre treor är bäst"))),
        "2": term("två", RANKS_LISTED, plural=term("tvåor", SAOL)),
    }
)
"""Swedish rank words with their plurals ("triss i kungar") and the seed's short forms (``E``, ``Kn``)."""

_SUITS_SR = RulesFile("old-brag.md", "Suits: karo ♦, tref ♣, herc ♥, pik ♠.")
_BRAGGERS_SR = Seed(OLD_BRAG, "U ovoj igri, A-karo, J-tref i 9-karo, nazivaju se „Bregeri“")
SR_SUITS = kind(
    {
        "S": term("pik", _SUITS_SR),
        "H": term("herc", _SUITS_SR),
        "D": term("karo", _BRAGGERS_SR),
        "C": term("tref", _BRAGGERS_SR),
    }
)
"""Serbian suit words."""

_ORDER_SR = Seed(OLD_BRAG, "Najjači je Kec, pa slede, Kralj, Dama itd, do Dvojke.")
_WORDS_SR = RulesFile("old-brag.md", "Kec = Ace, Kralj = King, Dama = Queen, J/Žandar = Jack, Dvojka = Two")


def _number_sr(text: str, plural: str) -> Term:
    """A Serbian number card (a feminine noun in -ka, -ica) and its plural, the form after "tri" and "dve"."""
    return term(text, RSJ, "f", paucal=term(plural, Inflected(text, "nominative plural, the form after tri and dve")))


SR_RANKS = kind(
    {
        "A": term("Kec", _ORDER_SR, "m", paucal=term("Keca", Seed(OLD_BRAG, "„Tri prirodna Keca“ je najjača"))),
        "K": term("Kralj", _ORDER_SR, "m", paucal=term("Kralja", Seed(OLD_BRAG, "-„Tri prirodna Kralja“"))),
        "Q": term("Dama", _ORDER_SR, "f", paucal=term("Dame", Seed(OLD_BRAG, "-„Tri prirodne Dame“ i tako redom"))),
        "J": term("Žandar", _WORDS_SR, "m", paucal=term("Žandara", Inflected("Žandar", "genitive singular"))),
        "T": _number_sr("Desetka", "Desetke"),
        "9": _number_sr("Devetka", "Devetke"),
        "8": _number_sr("Osmica", "Osmice"),
        "7": _number_sr("Sedmica", "Sedmice"),
        "6": _number_sr("Šestica", "Šestice"),
        "5": _number_sr("Petica", "Petice"),
        "4": _number_sr("Četvorka", "Četvorke"),
        "3": _number_sr("Trojka", "Trojke"),
        "2": term("Dvojka", _WORDS_SR, "f", paucal=term("Dvojke", Seed(OLD_BRAG, "i tako redom, do Dvojke"))),
    }
)
"""Serbian rank words, their gender and the form after "tri" and "dva"/"dve" (the paucal: "Tri prirodna
Keca", "Tri prirodne Dame")."""

_SUITS_IT = RulesFile("briscola.md", "Suits: Italian Spade/Coppe/Denari/Bastoni ≙ ♠/♥/♦/♣")
IT_SUITS = kind(
    {
        "S": term("spade", _SUITS_IT),
        "H": term("coppe", _SUITS_IT),
        "D": term("denari", _SUITS_IT),
        "C": term("bastoni", _SUITS_IT),
    }
)
"""Italian suit words (accepted in a spelled card, ``A-denari``, and for a trump)."""

_COURTS_IT = RulesFile("briscola.md", "Q = Italian Cavallo (Horse), J = Fante.")
IT_RANKS = kind(
    {
        "A": term("asso", TRECCANI),
        "3": term("tre", TRECCANI),
        "K": term("re", TRECCANI),
        "Q": term("cavallo", _COURTS_IT),
        "J": term("fante", _COURTS_IT),
        "7": term("sette", TRECCANI),
        "6": term("sei", TRECCANI),
        "5": term("cinque", TRECCANI),
        "4": term("quattro", TRECCANI),
        "2": term("due", TRECCANI),
    }
)
"""Italian rank words of the 40-card pack."""


def only(terms: Kind, ids: str | tuple[str, ...]) -> Kind:
    """The terms of ``ids`` alone (a 40- or 32-card pack's ranks)."""
    return kind({id_: found for id_, found in terms.items() if id_ in ids})
