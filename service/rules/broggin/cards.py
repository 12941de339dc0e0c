"""Broggin's 40-card pack (rules/broggin.md 1(a), docs/api.md section 3): 32 realm cards and 8 trumps.

Realm cards ("rikskort") are rank then suit: ranks ``1 2 3 4 5 6 Q K`` (Queen = 7, King = 8; "drottning med
värdet sju, och kung med värdet åtta"), suits ``Sw`` (Swords, "Svärd"), ``St`` (Staves, "Stavar"), ``Co``
(Coins, "Mynt"), ``Cu`` (Cups, "Bägare"). Trumps ("trumfkort") by English name: the fate cards
("ödeskort") ``Witch`` (Häxan), ``Magician`` (Magikern = Trollkarlen, BRG-A1), ``Fool`` (Narren), ``Death``
(Döden) and the estate cards ("ståndskort") ``Merchant`` (Köpmannen), ``Innkeeper`` (Värdshusvärden),
``Knight`` (Riddaren), ``Beggar`` (Tiggaren).

Accepted on input: the canonical form in any case, ``7``/``8`` (and ``D`` for "drottning") for ``Q``/``K``,
the Swedish suit-first form of the rules file (``Sv8`` = ``KSw``, ``St7`` = ``QSt``, ``My4`` = ``4Co``,
``Ba1`` = ``1Cu``; either suit vocabulary in either order), and the trumps' English or Swedish names,
case-insensitive, with or without diacritics (``Häxan``, ``haxan``, ``Trollkarlen``, ``Sorcerer``).

**Canonical pack order** (``full_pack``; the seeded shuffle of docs/api.md section 5 starts from it): the realm
suits in the rules file's order Swords, Staves, Coins, Cups; within each suit the ranks ascending
``1 2 3 4 5 6 Q K``; then the eight trumps in the rules file's order Witch, Magician, Fool, Death, Merchant,
Innkeeper, Knight, Beggar::

    1Sw 2Sw ... QSw KSw 1St ... KSt 1Co ... KCo 1Cu ... KCu Witch Magician Fool Death Merchant Innkeeper Knight Beggar
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Annotated

from service.rules.bounds import HAND, Notation
from service.rules.cards import HIDDEN, Card, any_case, card_text, in_notation, one_of
from service.rules.errors import CardError, excerpt
from service.rules.names.broggin import NAMES

RANKS = "123456QK"
"""Realm ranks, lowest first; a rank's value is its position + 1 (Q = 7, K = 8)."""
SUITS = ("Sw", "St", "Co", "Cu")
"""Realm suits in the rules file's order, which is also the suit order of the final tie-break, highest first."""
SUIT_ORDER = {"Sw": 4, "St": 3, "Co": 2, "Cu": 1}
"""Suit order for the final tie-break (1(c) step 4): Svärd > Stav > Mynt > Bägare."""
SUIT_OF_ORDER = {v: s for s, v in SUIT_ORDER.items()}
RANK_VALUE = {r: i + 1 for i, r in enumerate(RANKS)}
"""``1`` is 1 ... ``Q`` is 7, ``K`` is 8: no ace above the king."""
RANK_OF_VALUE = {v: r for r, v in RANK_VALUE.items()}

TRUMPS = ("Witch", "Magician", "Fool", "Death", "Merchant", "Innkeeper", "Knight", "Beggar")
"""The eight trumps in the rules file's order: four fate cards, then four estate cards."""
FATE_CARDS = TRUMPS[:4]
ESTATE_CARDS = TRUMPS[4:]

SWEDISH_NAMES = {trump: found.text for trump, found in NAMES["sv"]["card"].items()}
"""The seed's name of each trump (Magikern is also called Trollkarlen, BRG-A1)."""

ALL_SUITS = (4, 3, 2, 1)
TRUMP_RANKS: dict[str, tuple[int, ...]] = {
    "Witch": (7,),  # "en drottning ur valfri svit"
    "Magician": (8,),  # "istället för en kung i valfri svit"
    "Fool": (1, 2, 3, 4, 5, 6),  # "valfritt icke-klätt kort (valörskort)"
    "Death": (7, 8),  # "valfritt klätt kort (honnörskort)"
    "Merchant": (1, 2, 3, 4, 5, 6, 7, 8),
    "Innkeeper": (1, 2, 3, 4, 5, 6, 7, 8),
    "Knight": (1, 2, 3, 4, 5, 6, 7, 8),
    "Beggar": (1, 2, 3, 4, 5, 6, 7, 8),
}
"""The ranks each trump may stand for (its "domain", 1(a))."""
TRUMP_SUITS: dict[str, tuple[int, ...]] = {
    "Witch": ALL_SUITS,
    "Magician": ALL_SUITS,
    "Fool": ALL_SUITS,
    "Death": ALL_SUITS,
    "Merchant": (SUIT_ORDER["Co"],),  # "valfritt kort ur sviten med mynt"
    "Innkeeper": (SUIT_ORDER["Cu"],),  # bägare
    "Knight": (SUIT_ORDER["Sw"],),  # svärd
    "Beggar": (SUIT_ORDER["St"],),  # stavar
}
"""The suits each trump may stand for, as suit-order values (Sw 4, St 3, Co 2, Cu 1)."""

_SUIT_WORDS = {"sw": "Sw", "sv": "Sw", "st": "St", "co": "Co", "my": "Co", "cu": "Cu", "ba": "Cu"}
_RANK_WORDS = {
    "1": "1",
    "2": "2",
    "3": "3",
    "4": "4",
    "5": "5",
    "6": "6",
    "7": "Q",
    "8": "K",
    "q": "Q",
    "k": "K",
    "d": "Q",
}


def _fold(text: str) -> str:
    """Lower case without diacritics: ``Värdshusvärden`` -> ``vardshusvarden``; ``""`` for anything that is
    not ASCII then (no compatibility forms: full-width ``ＫＳｗ`` and ``ſ`` are not letters of any notation)."""
    decomposed = unicodedata.normalize("NFD", text)
    folded = "".join(c for c in decomposed if not unicodedata.combining(c))
    return folded.lower() if folded.isascii() else ""


_TRUMP_NAMES: dict[str, str] = {}
for _english, _swedish in SWEDISH_NAMES.items():
    _TRUMP_NAMES[_fold(_english)] = _english
    _TRUMP_NAMES[_fold(_swedish)] = _english
_TRUMP_NAMES[_fold(NAMES["sv"]["card"]["Magician"].form("also"))] = "Magician"  # BRG-A1: the seed's other name
_TRUMP_NAMES["sorcerer"] = "Magician"


def _name_notation(name: str) -> str:
    """A trump's name in any case, each letter with a diacritic also without it and also decomposed (NFD, as
    macOS and iOS may send it): ``ä`` as ``ä``, ``a``, or ``a`` followed by U+0308 COMBINING DIAERESIS, each in
    either case. Only a name's own diacritics: ``Hàxan`` is not ``Häxan``."""
    return "".join(_letter_notation(c) for c in name)


def _letter_notation(letter: str) -> str:
    """One letter of a name in any case; a letter with diacritics also as its base letter, with or without its
    combining marks (escaped, as ECMA-262 and Python both read ``\\u0308``)."""
    decomposed = unicodedata.normalize("NFD", letter.lower())
    base, marks = decomposed[0], decomposed[1:]
    if not marks:
        return any_case(letter)
    escaped = "".join(f"\\u{ord(m):04x}" for m in marks)
    return f"(?:[{letter.lower()}{letter.upper()}]|[{base}{base.upper()}](?:{escaped})?)"


_REALM_RANKS = "[1-8QqKkDd]"
_REALM_SUITS = one_of(_SUIT_WORDS)
_NAMES = "|".join(
    _name_notation(n)
    for n in (*SWEDISH_NAMES, *SWEDISH_NAMES.values(), NAMES["sv"]["card"]["Magician"].form("also"), "Sorcerer")
)
TRUMP_NOTATION = f"(?:{any_case('the')})?(?:{_NAMES})"
"""Every text :func:`parse_broggin` accepts as a trump (a declaration's keys)."""
NOTATION = f"(?:{any_case('the')})?(?:{_NAMES}|{_REALM_RANKS}{_REALM_SUITS}|{_REALM_SUITS}{_REALM_RANKS})"
"""Every text :func:`parse_broggin` accepts, as a regular expression (docs/api.md section 3): a trump's English or
Swedish name (any case, with or without its diacritics, composed or decomposed), a realm card rank first or
suit first, each optionally after "the" (the parser refuses what this does not match, so the schema's pattern
is exact)."""


TrumpName = Annotated[str, Notation(TRUMP_NOTATION)]
"""A trump by any of its names (a declaration's key)."""
Assignments = Annotated[Mapping[TrumpName, Card], HAND]
"""What each wild trump stands for, ``{trump: card}`` (BRG-A3): at most one member per card of a hand."""


def full_pack() -> tuple[Card, ...]:
    """The 40 cards in canonical order (see the module docstring)."""
    return tuple(r + s for s in SUITS for r in RANKS) + TRUMPS


FULL_PACK = full_pack()


def is_trump(card: Card) -> bool:
    """True for the eight trumps."""
    return card in TRUMP_RANKS


def realm(card: Card) -> tuple[int, int]:
    """A realm card as ``(rank value 1..8, suit order 1..4)``."""
    return RANK_VALUE[card[0]], SUIT_ORDER[card[1:]]


def realm_code(rank_value: int, suit_value: int) -> Card:
    """The canonical code of the realm card ``(rank value, suit order)``."""
    return RANK_OF_VALUE[rank_value] + SUIT_OF_ORDER[suit_value]


def domain(trump: Card) -> tuple[Card, ...]:
    """Every realm card ``trump`` may stand for, in canonical order."""
    return tuple(
        realm_code(r, SUIT_ORDER[s]) for s in SUITS for r in TRUMP_RANKS[trump] if SUIT_ORDER[s] in TRUMP_SUITS[trump]
    )


def parse_broggin(text: str) -> Card:
    """The canonical code of ``text`` in any accepted notation; raises :class:`CardError`."""
    raw = card_text(text, "'KSw', 'Sv8' or 'Witch'")
    if raw == HIDDEN:
        raise CardError("'??' is a hidden card, not a card of the pack")
    folded = _fold(raw) if in_notation(NOTATION, raw) else ""
    if folded.startswith("the"):
        folded = folded[3:]
    trump = _TRUMP_NAMES.get(folded)
    if trump is not None:
        return trump
    if len(folded) == 3:
        rank_first = _RANK_WORDS.get(folded[0]), _SUIT_WORDS.get(folded[1:])
        suit_first = _RANK_WORDS.get(folded[2]), _SUIT_WORDS.get(folded[:2])
        for rank_code, suit_code in (rank_first, suit_first):
            if rank_code is not None and suit_code is not None:
                return rank_code + suit_code
    raise CardError(
        f"{excerpt(raw)} is not a Broggin card: expected rank then suit ('KSw', '1Cu'; ranks 1-6, Q, K; suits Sw St Co "
        "Cu), the Swedish suit-first form ('Sv8', 'Ba1') or a trump's name ('Witch', 'Häxan')"
    )
