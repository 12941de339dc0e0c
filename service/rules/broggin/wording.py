"""Broggin's descriptions, in each language of its names table (service/rules/names/broggin.py).

A description names the hand (the seed's name, in English with its translation: "Triss (three of a kind)"),
what it makes ("of fours", "5-6-7-8 in swords"), its purity (the trumps in it) and what each trump stood for.
In Swedish with the seed's words and forms: "Triss i fyror; 1 trumf (Narren = My4)" ("triss i fyror",
"minst antal trumf i handen"), the cards in the rules file's Swedish suit-first codes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from service.rules.broggin.cards import RANK_OF_VALUE, SUIT_OF_ORDER, is_trump, realm
from service.rules.cards import Card
from service.rules.names.broggin import GRAMMAR, NAMES

HORSEMEN, ESTATES, COURT, STRAIGHT_FLUSH, FOUR_OF_A_KIND, FLUSH, STRAIGHT, TRISS, TWO_PAIRS, PAIR, HIGH_CARD = range(
    10, -1, -1
)
CATEGORY_NAMES = {
    HORSEMEN: "four_horsemen",
    ESTATES: "estates",
    COURT: "court",
    STRAIGHT_FLUSH: "straight_flush",
    FOUR_OF_A_KIND: "four_of_a_kind",
    FLUSH: "flush",
    STRAIGHT: "straight",
    TRISS: "three_of_a_kind",
    TWO_PAIRS: "two_pairs",
    PAIR: "pair",
    HIGH_CARD: "high_card",
}
"""Each category's id by its number (10 the best)."""
SEED_NAMES = {
    HORSEMEN: "De fyra ryttarna (the Four Horsemen)",
    ESTATES: "Ständerna (the Estates)",
    COURT: "Hovet (the Court)",
    STRAIGHT_FLUSH: "Svitstege (straight flush)",
    FOUR_OF_A_KIND: "Fyrtal (four of a kind)",
    FLUSH: "Svit (flush)",
    STRAIGHT: "Stege (straight)",
    TRISS: "Triss (three of a kind)",
    TWO_PAIRS: "Två par (two pairs)",
    PAIR: "Ett par (one pair)",
    HIGH_CARD: "Fyra kort vilka som helst (high card)",
}
"""The English descriptions' names: the seed's, with their translation."""
_PLURAL = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "queens", 8: "kings"}


class Said(NamedTuple):
    """What a description says of a hand."""

    category: int
    cards: tuple[tuple[int, int], ...]
    """The four cards as read, ``(rank value, suit order)``: natural cards, then what the trumps stood for
    (none for a special hand, whose trumps are not substituted)."""
    trumps: int
    value: tuple[int, ...]
    """The comparison key's value (the defining ranks)."""
    stand_ins: tuple[tuple[str, Card], ...] = ()
    """What each trump stood for, in the hand's order: ``(trump, realm card)``."""
    declared: bool = False
    """Whether the stand-ins were declared (BRG-A3) rather than the best reading."""


def said_of(hand: Sequence[Card], key: Any, interpretation: Mapping[str, Card] | None) -> Said:
    """What the description says of an evaluated hand: its cards, its comparison key and its trumps' reading."""
    category: int = key[0]
    value: tuple[int, ...] = key[1]
    trumps = sum(1 for c in hand if is_trump(c))
    naturals = [realm(c) for c in hand if not is_trump(c)]
    if category >= COURT or not interpretation:
        cards = () if category >= COURT else tuple(naturals)
        return Said(category, cards, trumps, value)
    stand_ins = tuple(interpretation.items())
    return Said(category, (*naturals, *(realm(c) for _, c in stand_ins)), trumps, value, stand_ins)


def _ranks(said: Said, letter: Callable[[int], str]) -> str:
    return "-".join(letter(r) for r in sorted((r for r, _ in said.cards), reverse=True))


def _pairs(said: Said) -> list[int]:
    ranks = [r for r, _ in said.cards]
    return sorted({r for r in ranks if ranks.count(r) == 2}, reverse=True)


class Grammar(NamedTuple):
    """How a language says a Broggin hand: its words for the parts, and the little words between them."""

    name: Callable[[int], str]
    """A category's name, by its number."""
    rank: Callable[[int], str]
    """A rank in a run of ranks (``Q`` or ``7``), by its value."""
    plural: Callable[[int], str]
    """A rank's plural ("fours", "fyror"), by its value."""
    suit: Callable[[int], str]
    """A suit's plural ("swords", "svärd"), by its order value."""
    purity: Callable[[int], str]
    """The count of trumps ("no trump", "2 trumf")."""
    card: Callable[[str, Card], str]
    """What a trump stood for ("Narren = 4Co", "Narren = My4")."""
    of: str
    """Before a rank's plural ("of fours", "i fyror"), and before a suit ("in swords", "i svärd")."""
    suited: str
    and_: str
    declared: str


def _said(said: Said, grammar: Grammar) -> str:
    """A description: the hand, what it makes, its purity, what its trumps stood for."""
    name, category = grammar.name(said.category), said.category
    ranks = _ranks(said, grammar.rank)
    if category in (STRAIGHT_FLUSH, FLUSH) and said.cards:
        text = f"{name} {ranks} {grammar.suited} {grammar.suit(said.cards[0][1])}"
    elif category in (STRAIGHT, HIGH_CARD):
        text = f"{name} {ranks}"
    elif category in (FOUR_OF_A_KIND, TRISS, PAIR):
        text = f"{name} {grammar.of} {grammar.plural(said.value[0])}"
    elif category == TWO_PAIRS:
        high, low = _pairs(said)
        text = f"{name}, {grammar.plural(high)} {grammar.and_} {grammar.plural(low)}"
    else:
        text = name
    text = f"{text}; {grammar.purity(said.trumps)}"
    if said.stand_ins:
        listed = ", ".join(grammar.card(trump, card) for trump, card in said.stand_ins)
        text += f" ({grammar.declared}: {listed})" if said.declared else f" ({listed})"
    return text


def _purity(trumps: int) -> str:
    return "no trump" if trumps == 0 else "1 trump" if trumps == 1 else f"{trumps} trumps"


def _swedish_code(card: Card) -> str:
    """A realm card in the rules file's Swedish suit-first code (``My4``)."""
    rank, suit = realm(card)
    return NAMES["sv"]["suit"][SUIT_OF_ORDER[suit]].form("short") + str(rank)


ENGLISH = Grammar(
    name=SEED_NAMES.__getitem__,
    rank=RANK_OF_VALUE.__getitem__,
    plural=_PLURAL.__getitem__,
    suit=lambda order: NAMES["en"]["suit"][SUIT_OF_ORDER[order]].text,
    purity=_purity,
    card=lambda trump, card: f"{NAMES['sv']['card'][trump].text} = {card}",
    of="of",
    suited="in",
    and_="and",
    declared="declared",
)
"""The service's English: "Triss (three of a kind) of fours; 1 trump (Narren = 4Co)"."""
SWEDISH = Grammar(
    name=lambda category: NAMES["sv"]["category"][CATEGORY_NAMES[category]].text,
    rank=str,
    plural=lambda value: NAMES["sv"]["rank"][RANK_OF_VALUE[value]].form("plural"),
    suit=lambda order: NAMES["sv"]["suit"][SUIT_OF_ORDER[order]].form("plural"),
    purity=lambda trumps: GRAMMAR["no_trump"].text if trumps == 0 else f"{trumps} {GRAMMAR['trump'].text}",
    card=lambda trump, card: f"{NAMES['sv']['card'][trump].text} = {_swedish_code(card)}",
    of="i",
    suited="i",
    and_="och",
    declared=GRAMMAR["declared"].text,
)
"""Swedish: "Triss i fyror; 1 trumf (Narren = My4)", "Svit 8-6-3-1 i svärd; ingen trumf", "Två par, kungar och
fyror; ingen trumf", "De fyra ryttarna; 4 trumf" (queens and kings as 7 and 8, as the seed counts them)."""


GRAMMARS = {"en": ENGLISH, "sv": SWEDISH}
"""Each language's grammar, by the tag of the names table."""


def describe(said: Said, language: str = "en") -> str:
    """The description of ``said`` in ``language`` (a language of the table)."""
    return _said(said, GRAMMARS[language])
