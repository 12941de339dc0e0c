"""French-suited cards (docs/api.md section 3): canonical codes are rank then suit, two characters.

Ranks ``A K Q J T 9 8 7 6 5 4 3 2``, suits ``S H D C``. Input may use ``10`` for ``T``, the suit symbols
``♠ ♥ ♦ ♣`` and lower case; Briscola also takes the Italian suit words in a spelled form (``A-denari``).
Nothing else: no spaces around a code, no look-alike letters (``Aſ``, full-width ``ＡＳ``). A card is its
canonical code (a ``str``) everywhere in the engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Annotated

from service.rules.errors import CardError, Problem, excerpt
from service.rules.names.common import IT_RANKS, IT_SUITS


class CardCode:
    """Marks a ``str`` as a card code, so that the wire layer parses it with the game's notation."""


CARD = CardCode()
Card = Annotated[str, CARD]
"""A card's canonical code, such as ``"AS"``, ``"TH"``, ``"KSw"`` or ``"Witch"``."""


class SuitCode:
    """Marks a ``str`` as a suit, so that the wire layer parses it with the game's notation."""


SUIT = SuitCode()
Suit = Annotated[str, SUIT]
"""A suit's canonical letter, ``S H D C``."""

HIDDEN = "??"
"""A card that a view hides."""

RANKS = "AKQJT98765432"
"""French ranks, highest first (ace high)."""
SUITS = "SHDC"
"""Spades, hearts, diamonds, clubs: the canonical suit order of every French pack here."""
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
"""The suit symbols docs/api.md section 3 lists (and no others)."""
MAX_CARD_TEXT = 24
"""The longest text any card notation takes ("The Värdshusvärden" is 18): longer is refused at once, before
any parsing or cache sees it."""
ITALIAN_SUITS = {found.text: suit for suit, found in IT_SUITS.items()}
"""Briscola's Italian suit words (docs/api.md section 3: ``spade coppe denari bastoni``), from its names table."""
ITALIAN_RANKS = {found.text: rank for rank, found in IT_RANKS.items()}
"""Briscola's Italian rank words (``asso tre re cavallo fante sette sei cinque quattro due``), from its names
table: a spelled card may name its rank in words too (``re-coppe``, ``asso-denari``)."""
FRENCH_EXAMPLES = "such as 'AS' or '10H'"
ITALIAN_EXAMPLES = "such as 'AS' or '7H', or in Italian rank-suit, such as 're-coppe' or 'A-denari'"

PIP_VALUE = {r: 14 - i for i, r in enumerate(RANKS)}
"""Numeric rank: A 14, K 13, ..., 2 2."""
RANK_LETTER = {v: r for r, v in PIP_VALUE.items()}
"""The rank letter of a numeric rank."""
_NAMES_HIGH_FIRST = (
    "ace",
    "king",
    "queen",
    "jack",
    "ten",
    "nine",
    "eight",
    "seven",
    "six",
    "five",
    "four",
    "three",
    "two",
)
RANK_NAMES = dict(zip(range(14, 1, -1), _NAMES_HIGH_FIRST, strict=True))
"""English rank names by numeric rank, for descriptions."""


def rank_plural(value: int) -> str:
    """``aces``, ``sixes``: the plural of a numeric rank's name."""
    return "sixes" if value == 6 else RANK_NAMES[value] + "s"


def rank(card: Card) -> str:
    """The rank letter of a French card."""
    return card[0]


def suit(card: Card) -> str:
    """The suit letter of a French card."""
    return card[1]


def french_pack(ranks: str = RANKS) -> tuple[Card, ...]:
    """The canonical pack order: suit by suit (S H D C), ranks high to low within each suit."""
    return tuple(r + s for s in SUITS for r in RANKS if r in ranks)


def card_text(text: object, example: str) -> str:
    """``text`` if it may be a card code (a string of at most MAX_CARD_TEXT characters); raises CardError.

    Every game's card and suit parsing starts here, so an over-long code costs nothing and is never cached.
    """
    if not isinstance(text, str):
        raise CardError(f"a card is a string such as {example}")
    if len(text) > MAX_CARD_TEXT:
        raise CardError(f"{excerpt(text)} is not a card: longer than {MAX_CARD_TEXT} characters")
    return text


def parse_suit_text(text: object, words: Mapping[str, str] | None = None) -> str:
    """The suit letter ``S H D C`` of a letter (any case), a symbol ``♠ ♥ ♦ ♣`` or one of ``words``."""
    raw = card_text(text, "'S' or '♠'")
    letter = SUIT_SYMBOLS.get(raw) or (raw.upper() if raw.isascii() else "")
    if words is not None and _spelled_with(raw, words):
        letter = words.get(raw.lower(), letter)
    if len(letter) != 1 or letter not in SUITS:
        known = "S, H, D, C, ♠ ♥ ♦ ♣" + (f" or {', '.join(sorted(set(words)))}" if words else "")
        raise CardError(f"{excerpt(raw)} is not a suit: expected one of {known}")
    return letter


def _spelled_with(text: str, words: Mapping[str, str]) -> bool:
    """Whether ``text`` uses only the letters of ``words`` in either case (no look-alikes such as the Kelvin
    sign, which ``lower()`` turns into ``k``)."""
    letters = "".join(words)
    return set(text) <= set(letters) | set(letters.upper())


def parse_french(text: str, *, italian: bool = False) -> Card:
    """The canonical code of ``text``, in any accepted notation; raises :class:`CardError`."""
    raw = card_text(text, "'AS', '10H' or 'Q♣'")
    examples = ITALIAN_EXAMPLES if italian else FRENCH_EXAMPLES
    if italian and "-" in raw:
        rank_part, _, suit_word = raw.rpartition("-")
        suit_letter = ITALIAN_SUITS.get(suit_word.lower()) if _spelled_with(suit_word, ITALIAN_SUITS) else None
        if suit_letter is None:
            known = ", ".join(ITALIAN_SUITS)
            raise CardError(
                f"{excerpt(raw)} is not a card: unknown Italian suit {excerpt(suit_word)} (one of {known}); "
                f"expected rank then suit, {examples}"
            )
        if len(rank_part) > 1 and _spelled_with(rank_part, ITALIAN_RANKS):
            rank_part = ITALIAN_RANKS.get(rank_part.lower(), rank_part)
        raw = rank_part + suit_letter
    rank_part, suit_part = raw[:-1], raw[-1:]
    suit_letter = SUIT_SYMBOLS.get(suit_part) or (suit_part.upper() if suit_part.isascii() else "")
    rank_part = rank_part.upper() if rank_part.isascii() else ""  # upper() makes 'S' of 'ſ': ASCII first
    if rank_part == "10":
        rank_part = "T"
    if len(rank_part) != 1 or rank_part not in RANKS or len(suit_letter) != 1 or suit_letter not in SUITS:
        raise CardError(f"{excerpt(text)} is not a card: expected rank then suit, {examples}")
    return rank_part + suit_letter


def any_case(word: str) -> str:
    """A regular expression matching ``word`` in any case, letter by letter (``ä`` as ``[äÄ]``): the same in
    Python and in ECMA-262, the dialect of JSON Schema's ``pattern`` (which has no case-insensitive flag)."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.lower() != c.upper() else re.escape(c) for c in word)


def one_of(words: Iterable[str]) -> str:
    """A regular expression matching any of ``words`` in any case."""
    return "(?:" + "|".join(any_case(w) for w in words) + ")"


def suit_text_notation(words: Iterable[str] = ()) -> str:
    """Every text :func:`parse_suit_text` accepts (with ``words``), as a regular expression (unanchored)."""
    letters = "[" + SUITS + SUITS.lower() + "".join(SUIT_SYMBOLS) + "]"
    listed = list(words)
    return f"(?:{letters}|{one_of(listed)})" if listed else letters


def french_notation(ranks: str, *, italian: bool = False) -> str:
    """Every text :func:`parse_french` accepts as a card of ``ranks`` (the pack's), as a regular expression
    (unanchored): a rank (any case, ``10`` for ``T``) then a suit letter or symbol, or with ``italian`` also
    a rank or an Italian rank word, ``-`` and an Italian suit word (``re-coppe``)."""
    letters = ranks.replace("T", "")
    rank_class = (
        "[" + letters + "".join(c.lower() for c in letters if c.isalpha()) + ("Tt" if "T" in ranks else "") + "]"
    )
    rank_text = f"(?:{rank_class}|10)" if "T" in ranks else rank_class
    suits = suit_text_notation()
    if italian:
        words = one_of(w for w, r in ITALIAN_RANKS.items() if r in ranks)
        return f"(?:{rank_text}{suits}|(?:{rank_text}|{words})-{one_of(ITALIAN_SUITS)})"
    return rank_text + suits


def card_pattern(notation: str, *, hidden: bool = False) -> str:
    """The JSON Schema ``pattern`` of a card field: the whole text in ``notation`` (or, with ``hidden``, "??")."""
    return "^(?:" + (r"\?\?|" if hidden else "") + notation + ")$"


def in_notation(notation: str, text: str) -> bool:
    """Whether ``text`` is wholly a card in ``notation``."""
    return _compiled(notation).fullmatch(text) is not None


@lru_cache(maxsize=32)
def _compiled(notation: str) -> re.Pattern[str]:
    return re.compile(notation)


def check_cards(
    cards: Sequence[str], pack: Iterable[Card], pointer: str = "", seen: set[str] | None = None
) -> list[Problem]:
    """Problems with canonical ``cards``: not in ``pack``, or the same card twice (or a card of ``seen``, the cards
    checked before, which this adds to)."""
    allowed = set(pack)
    distinct = set(cards)
    earlier: set[str] = set() if seen is None else seen
    if len(distinct) == len(cards) and distinct <= allowed and earlier.isdisjoint(distinct):  # found at C speed
        earlier.update(distinct)
        return []
    problems: list[Problem] = []
    for i, card in enumerate(cards):
        if card not in allowed:
            problems.append(Problem("card_not_in_pack", f"'{card}' is not in this game's pack", f"{pointer}/{i}"))
        elif card in earlier:
            problems.append(Problem("duplicate_card", f"'{card}' appears twice", f"{pointer}/{i}"))
        earlier.add(card)
    return problems


class FrenchCards:
    """The whole 52-card French pack and its notation, for the games that use it (both Brags)."""

    card_notation = french_notation(RANKS)
    """Every text :meth:`parse_card` accepts (docs/api.md section 3), as a regular expression."""

    def parse_card(self, text: str) -> Card:
        """The canonical code of ``text`` in any accepted notation; raises CardError."""
        return parse_french(text)

    def full_pack(self) -> tuple[Card, ...]:
        """The 52 cards in canonical order."""
        return french_pack()
