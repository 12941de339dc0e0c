"""Three Card Brag hand ranking (rules/three-card-brag.md 5(c)), precomputed over all 22,100 hands.

Prial ("triss") > running flush > run ("stege") > flush > pair ("par") > high card ("högt kort").
``strength`` is a dense rank over every possible hand under the effective options: equal means equal.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from enum import StrEnum

from service.rules.cards import Card, french_pack, suit
from service.rules.hand_game import TIE, HandRanking
from service.rules.tables import TABLES, HandRank, HandTable, TableData, hand_rank
from service.rules.three_card_brag.options import BragOptions
from service.rules.three_card_brag.wording import describe, values_of

CATEGORIES = ("prial", "running_flush", "run", "flush", "pair", "high_card")
"""Best first."""


Key = tuple[int, ...]


def _run_top(values: list[int], a23_rank: str) -> int | None:
    """The run's order value (its top card; A-2-3 per BT-A1), or None when not a run. K-A-2 is no run."""
    low, mid, high = sorted(values)
    if (low, mid, high) == (2, 3, 14):
        return 15 if a23_rank == "highest" else 3  # BT-A1
    if mid == low + 1 and high == mid + 1:
        return high
    return None


def hand_key(hand: Sequence[Card], a23_rank: str, prial_order: str) -> tuple[str, Key, str]:
    """Category, comparison key (higher wins) and description of a 3-card hand."""
    values = values_of(hand)
    one_suit = len({suit(c) for c in hand}) == 1
    if values[0] == values[2]:
        order = 15 if (values[0] == 3 and prial_order == "threes_high") else values[0]  # BT-A2
        return "prial", (6, order), describe("prial", values)
    top = _run_top(list(values), a23_rank)
    if top is not None:
        category = "running_flush" if one_suit else "run"
        return category, (5 if one_suit else 4, top), describe(category, values)
    if one_suit:
        return "flush", (3, *values), describe("flush", values)
    if values[0] == values[1] or values[1] == values[2]:
        pair = values[1]
        kicker = values[2] if values[0] == values[1] else values[0]
        return "pair", (2, pair, kicker), describe("pair", values)
    return "high_card", (1, *values), describe("high_card", values)


GAME_ID = "three-card-brag"
DEFAULT = BragOptions()


def table_key(options: BragOptions) -> tuple[str, str]:
    """The options that change how hands rank (BT-A1, BT-A2)."""
    return options.a23_rank, options.prial_order


def table_data(options: BragOptions) -> TableData:
    """Every possible hand (in ``itertools.combinations`` order) with its dense strength (1 = the weakest)."""
    a23_rank, prial_order = table_key(options)
    keyed = [hand_key(hand, a23_rank, prial_order) for hand in itertools.combinations(french_pack(), 3)]
    dense = {key: i + 1 for i, key in enumerate(sorted({k for _, k, _ in keyed}))}
    answers = (hand_rank(category, dense[key], description, None) for category, key, description in keyed)
    return TableData.of(GAME_ID, list(table_key(options)), french_pack(), 3, answers, [])


def hand_table(options: BragOptions) -> HandTable:
    """The table for the effective options: shipped for the defaults, else built once and cached (bounded)."""
    key = table_key(options)
    return TABLES.get(GAME_ID, key, lambda: table_data(options), default=key == table_key(DEFAULT))


def evaluate_hand(hand: Sequence[Card], options: BragOptions) -> HandRank:
    """Look the hand up in the precomputed table for the effective options."""
    return hand_table(options).rank(hand)


def _key(table: HandTable, found: HandRank) -> tuple[int, str]:
    """A hand's comparison key: its dense strength (its category rides along, to say what decided)."""
    return found["strength"], found["category"]


Decided = StrEnum("Decided", "category rank")
"""What separates two hands: their categories, else their ranks."""


def deciding(best: tuple[int, str], second: tuple[int, str]) -> str:
    """``category`` when the two hands' categories differ, else ``rank``."""
    return Decided.category if best[1] != second[1] else Decided.rank


def described(table: HandTable, hand: Sequence[Card], found: HandRank, options: BragOptions, language: str) -> str:
    """An evaluated hand's description in ``language``: its category and its cards' ranks."""
    return describe(found["category"], values_of(hand), language)


RANKING = HandRanking(CATEGORIES, hand_table, table_data, deciding, (*Decided, TIE), _key, describe=described)
"""How Three Card Brag ranks hands (5(c), BT-A1, BT-A2)."""
