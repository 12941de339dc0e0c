"""Announcements (melds and the trump-ace bonus) of Briscan and Brisque (rules/briscan-brisque.md 2(c)).

Kinds: ``marriage`` (K+Q of a suit, "äktenskap"), ``tierce``/``quatrieme``/``quinte`` (runs of 3/4/5 in
sequence order A K Q J 10 9 8 7, named by the top card), ``quartet`` (four of a rank, A 10 K Q J),
``carte_blanche_courts`` / ``carte_blanche_pips`` (a full hand of courts only / no courts) and
``trump_ace`` (the 30 bonus, BSC-A10). Brisque counts only marriages and four kings or queens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated

from service.rules.bounds import HAND
from service.rules.briscan.cards import COURTS, SEQUENCE
from service.rules.briscan.options import BriscanOptions
from service.rules.briscan.variants import CB_COURTS, CB_PIPS, MARRIAGE, QUARTET, SEQUENCE_KINDS, TRUMP_ACE, Variant
from service.rules.cards import SUITS, Card, rank, suit

SEQUENCE_POINTS = {
    "quinte": {"A": 300, "K": 150, "Q": 100, "J": 50},
    "quatrieme": {"A": 100, "K": 80, "Q": 60, "J": 40, "T": 30},
    "tierce": {"A": 60, "K": 50, "Q": 40, "J": 30, "T": 20, "9": 20},
}
"""Sequence points by length and top card (2(c) table), doubled in trumps."""
QUARTET_POINTS = {"A": 150, "T": 100, "K": 80, "Q": 60, "J": 40}
"""Quartets (nines, eights and sevens score nothing), doubled only with BSC-A4 ``always``."""


@dataclass(frozen=True)
class Announcement:
    """An announced meld: its kind, cards (canonical order), points, and the tricks finished when announced."""

    kind: str
    cards: Annotated[tuple[Card, ...], HAND]
    points: int
    trick: int


def _ordered(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (SUITS.index(suit(c)), SEQUENCE.index(rank(c)))))


def is_court(card: Card, options: BriscanOptions) -> bool:
    """K, Q, J; the ace too with BSC-A9 ``ace_is_court``."""
    return rank(card) in COURTS or (options.ace_is_court and rank(card) == "A")


def meld_points(kind: str, cards: Sequence[Card], trump: str, options: BriscanOptions, variant: Variant) -> int | None:
    """The points of ``cards`` announced as ``kind``, or None when they do not form it (or do not count)."""
    if kind not in variant.meld_kinds:
        return None
    if len(set(cards)) != len(cards) or not all(isinstance(c, str) and len(c) == 2 for c in cards):
        return None
    ranks = sorted(SEQUENCE.find(rank(c)) for c in cards)
    suits = {suit(c) for c in cards}
    if any(r < 0 for r in ranks):
        return None
    if kind == MARRIAGE:
        if len(cards) == 2 and len(suits) == 1 and {rank(c) for c in cards} == {"K", "Q"}:
            return 40 if suits == {trump} else 20
        return None
    if kind in SEQUENCE_POINTS:
        length = {"tierce": 3, "quatrieme": 4, "quinte": 5}[kind]
        if len(cards) != length or len(suits) != 1 or ranks != list(range(ranks[0], ranks[0] + length)):
            return None
        base = SEQUENCE_POINTS[kind].get(SEQUENCE[ranks[0]])
        if base is None:
            return None
        return base * 2 if suits == {trump} else base
    if kind == QUARTET:
        if len(cards) != 4 or len(suits) != 4 or len({rank(c) for c in cards}) != 1:
            return None
        which = rank(cards[0])
        if which not in variant.quartet_ranks:
            return None
        if variant.quartet_ends_game:
            return 0  # wins the game at once instead
        base = QUARTET_POINTS[which]
        return base * 2 if options.quartet_doubling == "always" else base
    if kind in (CB_COURTS, CB_PIPS):
        if len(cards) != variant.hand_size:
            return None
        courts = [is_court(c, options) for c in cards]
        if kind == CB_COURTS:
            return 20 if all(courts) else None
        return 10 if not any(courts) else None
    if kind == TRUMP_ACE:
        return 30 if list(cards) == ["A" + trump] else None
    return None


def most_melds(variant: Variant) -> int:
    """The most melds one announcement can hold (the wire's bound on ``melds``). Each meld is scored once a deal
    and is cards of the hand (2(c), BSC-A2): a marriage per suit (two cards each), runs that share no card (of
    three cards at least), a quartet per rank (four cards each), one carte blanche (courts only or no courts,
    never both) and the trump ace."""
    size, kinds = variant.hand_size, variant.meld_kinds
    most = min(len(SUITS), size // 2) if MARRIAGE in kinds else 0
    if variant.sequences:
        most += size // min(SEQUENCE_KINDS)
    if QUARTET in kinds:
        most += size // len(SUITS)
    return most + int(CB_COURTS in kinds or CB_PIPS in kinds) + int(TRUMP_ACE in kinds)


def reuse_problem(
    kind: str, cards: Sequence[Card], prior: Sequence[Announcement], options: BriscanOptions
) -> str | None:
    """Why ``cards`` may not be announced as ``kind`` after the seat's ``prior`` melds (BSC-A2), or None."""
    for meld in prior:
        if meld.kind != kind or not meld.cards or not cards:
            continue
        if (
            kind in (CB_COURTS, CB_PIPS, TRUMP_ACE)
            or (kind == MARRIAGE and suit(meld.cards[0]) == suit(cards[0]))
            or (kind == QUARTET and rank(meld.cards[0]) == rank(cards[0]))
        ):
            return "this meld has already been scored this deal"
    if kind == TRUMP_ACE:
        return None  # a bonus, not a meld: C14
    if options.strict_card_reuse:
        if kind == QUARTET:
            return None
        blocked = {c for m in prior if m.kind not in (QUARTET, TRUMP_ACE) for c in m.cards}
    else:
        if kind == QUARTET and options.sequence_cards_in_quartets:
            return None
        blocked = {c for m in prior if m.kind in SEQUENCE_POINTS for c in m.cards}
    used = sorted(blocked & set(cards))
    if used:
        return f"cards already declared in a meld may not be used again: {used}"
    return None


def runs(hand: Sequence[Card], *, maximal: bool) -> list[tuple[Card, ...]]:
    """Runs of 3 to 5 cards in sequence order in one suit: every one, or only the longest ones."""
    out: list[tuple[Card, ...]] = []
    held = set(hand)
    for s in SUITS:
        k = 0
        while k < len(SEQUENCE):
            end = k
            while end < len(SEQUENCE) and SEQUENCE[end] + s in held:
                end += 1
            if end - k >= 3:
                block = [SEQUENCE[i] + s for i in range(k, end)]
                if maximal:
                    out.append(tuple(block[:5]))
                else:
                    for length in range(3, min(5, len(block)) + 1):
                        out.extend(tuple(block[i : i + length]) for i in range(len(block) - length + 1))
            k = max(end, k + 1)
    return out


def candidates(
    hand: Sequence[Card], trump: str, options: BriscanOptions, variant: Variant, *, maximal: bool
) -> list[tuple[str, tuple[Card, ...], int]]:
    """Every meld ``hand`` holds as (kind, cards, points), ignoring what was announced before (remembered per
    hand: a worker soon meets the same hands again, and the suggestion sampler meets them thousands of times)."""
    return list(_candidates(tuple(hand), trump, options, variant, maximal))


@lru_cache(maxsize=16384)
def _candidates(
    hand: tuple[Card, ...], trump: str, options: BriscanOptions, variant: Variant, maximal: bool
) -> tuple[tuple[str, tuple[Card, ...], int], ...]:
    held = set(hand)
    found: list[tuple[str, tuple[Card, ...]]] = []
    for s in SUITS:
        if "K" + s in held and "Q" + s in held:
            found.append((MARRIAGE, ("K" + s, "Q" + s)))
    if variant.sequences:
        found.extend((SEQUENCE_KINDS[len(run)], run) for run in runs(hand, maximal=maximal))
    for r in SEQUENCE:
        four = tuple(r + s for s in SUITS)
        if held >= set(four):
            found.append((QUARTET, four))
    if CB_COURTS in variant.meld_kinds:
        found.append((CB_COURTS, _ordered(hand)))
        found.append((CB_PIPS, _ordered(hand)))
    if variant.announces_trump_ace(options) and "A" + trump in held:
        found.append((TRUMP_ACE, ("A" + trump,)))
    out = []
    for kind, cards in found:
        points = meld_points(kind, cards, trump, options, variant)
        if points is not None:
            out.append((kind, cards, points))
    return tuple(out)


def evaluate(hand: Sequence[Card], trump: str, options: BriscanOptions, variant: Variant) -> list[dict[str, object]]:
    """Every meld a hand holds (longest runs only), with kind, cards and points."""
    return [
        {"kind": kind, "cards": list(cards), "points": points}
        for kind, cards, points in candidates(hand, trump, options, variant, maximal=True)
    ]
