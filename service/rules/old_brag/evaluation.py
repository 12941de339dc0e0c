"""Old Brag hand ranking with braggers (rules/old-brag.md 4(c)), precomputed over all 22,100 hands.

The braggers ("Bregeri", "divlje karte": wild cards) A♦, J♣ and 9♦ may each stand for any rank or for
themselves; every reading is tried and the best one kept. Prial ("tri iste") > pair ("par") > high card;
within a rank a natural combination beats a bragger one. ``strength`` is a dense rank over every possible
hand under the effective options: equal means an exact tie.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, NamedTuple

from service.rules.bounds import Words
from service.rules.cards import PIP_VALUE, RANK_LETTER, Card, french_pack, rank
from service.rules.hand_game import TIE, HandRanking
from service.rules.old_brag.options import OldBragOptions
from service.rules.old_brag.wording import Said, describe
from service.rules.tables import TABLES, HandRank, HandTable, TableData, hand_rank

BRAGGERS = ("AD", "JC", "9D")
"""A♦ (A-karo), J♣ (J-tref), 9♦ (9-karo)."""
CATEGORIES = ("prial", "pair", "high_card")
"""Best first. Natural and bragger combinations share a category; ``strength`` orders them."""

PRIAL, PAIR, HIGH_CARD = 2, 1, 0
_CATEGORY = {PRIAL: "prial", PAIR: "pair", HIGH_CARD: "high_card"}
_WILD_RANKS = tuple(range(14, 1, -1))

Key = tuple[int, int, int, int]
DEFAULT = OldBragOptions()


class Flags(NamedTuple):
    """The options that change the ranking of hands."""

    only_ace_diamond_natural: bool
    pair_natural_priority: bool
    fewer_braggers_better: bool
    ace_prial_max_one_bragger: bool


@dataclass(frozen=True)
class OldBragHand:
    """An evaluated hand: category, dense strength, comparison key, description, bragger reading."""

    category: str
    strength: int
    key: Key
    description: str
    interpretation: dict[str, str] | None


def flags_of(options: OldBragOptions) -> Flags:
    return Flags(
        options.only_ace_diamond_natural,
        options.pair_natural_priority,
        options.fewer_braggers_better,
        options.ace_prial_max_one_bragger,
    )


def _reading_key(cards: Sequence[tuple[int, bool, bool]], flags: Flags) -> tuple[Key, Said] | None:
    """Key and what the description says of one reading: each card is (rank value, artificial, wild).

    ``artificial`` marks a card that makes the combination a bragger one: a wild card, or (OB-A4 option
    ``only_ace_diamond_natural``) J♣/9♦ standing for themselves. None if the options forbid the reading.
    """
    values = tuple(sorted((v for v, _, _ in cards), reverse=True))
    if values[0] == values[2]:
        wilds = sum(w for _, _, w in cards)
        artificial = sum(a for _, a, _ in cards)
        if values[0] == 14 and flags.ace_prial_max_one_bragger and wilds > 1:  # OB-A8
            return None
        natural = int(artificial == 0)
        fewer = -artificial if flags.fewer_braggers_better else 0  # OB-A8
        return (PRIAL, values[0], natural, fewer), Said("prial", values, artificial)
    if values[0] == values[1] or values[1] == values[2]:
        pair = values[1]
        kicker = values[2] if values[0] == values[1] else values[0]
        artificial = sum(a for v, a, _ in cards if v == pair)
        shown = int(artificial == 0) if flags.pair_natural_priority else 0  # OB-A8
        return (PAIR, pair, shown, kicker), Said("pair", values, artificial)
    return (HIGH_CARD, *values), Said("high_card", values)  # type: ignore[return-value]


def best_reading(hand: Sequence[Card], flags: Flags) -> tuple[Key, Said, dict[str, str] | None]:
    """The best reading of a hand over every choice for its braggers (itself, or wild as any rank)."""
    natural_selves = {"AD"} if flags.only_ace_diamond_natural else set(BRAGGERS)  # OB-A4
    fixed = [(PIP_VALUE[rank(c)], False, False) for c in hand if c not in BRAGGERS]
    braggers = [c for c in hand if c in BRAGGERS]
    choices = [[None, *_WILD_RANKS] for _ in braggers]  # None: the bragger stands for itself
    best: tuple[Key, Said, dict[str, str] | None] | None = None
    for reading in itertools.product(*choices):
        cards = list(fixed)
        for card, wild_rank in zip(braggers, reading, strict=True):
            if wild_rank is None:
                cards.append((PIP_VALUE[rank(card)], card not in natural_selves, False))
            else:
                cards.append((wild_rank, True, True))
        found = _reading_key(cards, flags)
        if found is not None and (best is None or found[0] > best[0]):
            interpretation = {
                card: rank(card) if wild_rank is None else RANK_LETTER[wild_rank]
                for card, wild_rank in zip(braggers, reading, strict=True)
            }
            best = (found[0], found[1], interpretation or None)
    assert best is not None  # the all-itself reading is never forbidden
    return best


GAME_ID = "old-brag"


def table_data(flags: Flags) -> TableData:
    """Every possible hand (in ``itertools.combinations`` order) with its dense strength (1 = the weakest), for
    one set of ranking options; ``keys`` holds the comparison keys weakest first.

    A hand's reading depends only on its braggers and the ranks of its other cards, so each such shape is
    solved once.
    """
    shapes: dict[tuple[tuple[Card, ...], tuple[str, ...]], tuple[Key, Said, dict[str, str] | None]] = {}
    found = []
    for hand in itertools.combinations(french_pack(), 3):
        braggers = tuple(c for c in hand if c in BRAGGERS)
        shape = (braggers, tuple(sorted(rank(c) for c in hand if c not in BRAGGERS)))
        if shape not in shapes:
            shapes[shape] = best_reading(hand, flags)
        found.append(shapes[shape])
    keys = sorted({key for key, _, _ in found})
    dense = {key: i + 1 for i, key in enumerate(keys)}
    answers = (hand_rank(_CATEGORY[key[0]], dense[key], describe(said), reading) for key, said, reading in found)
    return TableData.of(GAME_ID, list(flags), french_pack(), 3, answers, [list(key) for key in keys])


def hand_table(options: OldBragOptions) -> HandTable:
    """The table for the effective options: shipped for the defaults, else built once and cached (bounded)."""
    flags = flags_of(options)
    return TABLES.get(
        GAME_ID, flags, lambda: table_data(flags), default=flags == flags_of(DEFAULT), key_of=lambda k: tuple(k)
    )


def evaluate_hand(hand: Sequence[Card], options: OldBragOptions) -> OldBragHand:
    """Look the hand up in the precomputed table for the effective options."""
    table = hand_table(options)
    found = table.rank(hand)
    return OldBragHand(
        found["category"], found["strength"], table.key(found), found["description"], found.get("interpretation")
    )


Decided = StrEnum("Decided", "category rank natural braggers kicker")
"""What separates two hands, in the order it is looked for."""
Interpretation = Mapping[Annotated[str, Words(BRAGGERS)], Annotated[str, Words(tuple(RANK_LETTER.values()))]]
"""What each bragger held stood for: ``{bragger: rank letter}`` (its own rank when it stood for itself)."""


def deciding(best: Key, second: Key) -> str:
    """What separates two keys, best first: category, rank, natural, braggers, kicker, or tie."""
    if best == second:
        return TIE
    if best[0] != second[0]:
        return Decided.category
    if best[1] != second[1]:
        return Decided.rank
    if best[0] == HIGH_CARD:
        return Decided.kicker
    if best[2] != second[2]:
        return Decided.natural
    return Decided.braggers if best[0] == PRIAL else Decided.kicker


def described(table: HandTable, hand: Sequence[Card], found: HandRank, options: OldBragOptions, language: str) -> str:
    """An evaluated hand's description in ``language``: what its best reading says (read again: once per answer
    of the table and language, :meth:`~service.rules.hand_game.HandGame.describe`)."""
    return describe(best_reading(hand, flags_of(options))[1], language)


RANKING = HandRanking(
    CATEGORIES,
    hand_table,
    lambda options: table_data(flags_of(options)),
    deciding,
    (*Decided, TIE),
    interpretation=Interpretation,
    describe=described,
)
"""How Old Brag ranks hands (4(c), the bragger options)."""
