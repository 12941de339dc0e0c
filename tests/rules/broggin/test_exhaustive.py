"""Every one of the 91,390 Broggin hands against a brute-force reference that tries every trump assignment.

The reference is written from rules/broggin.md 1(c) alone, the slow and obvious way: give each trump every
card of its domain in turn (duplicates allowed unless the option forbids them), list every row of the hand
table that the four cards fit, take the highest, build the whole comparison key, and keep the best key.
The engine's dense ``strength`` must order the hands exactly as the reference keys do, and the card each
trump stood for must reproduce the best reading.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter

import pytest

from service.rules.registry import GAMES

GAME = GAMES["broggin"]

RANK = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "Q": 7, "K": 8}
SUIT = {"Sw": 4, "St": 3, "Co": 2, "Cu": 1}
ANY = (4, 3, 2, 1)
DOMAIN = {
    "Witch": [(7, s) for s in ANY],
    "Magician": [(8, s) for s in ANY],
    "Fool": [(r, s) for r in range(1, 7) for s in ANY],
    "Death": [(r, s) for r in (7, 8) for s in ANY],
    "Merchant": [(r, 2) for r in range(1, 9)],
    "Innkeeper": [(r, 1) for r in range(1, 9)],
    "Knight": [(r, 4) for r in range(1, 9)],
    "Beggar": [(r, 3) for r in range(1, 9)],
}
NAMES = {
    10: "four_horsemen",
    9: "estates",
    8: "court",
    7: "straight_flush",
    6: "four_of_a_kind",
    5: "flush",
    4: "straight",
    3: "three_of_a_kind",
    2: "two_pairs",
    1: "pair",
    0: "high_card",
}


def rows(cards, kickers, top_only):
    """Every row of the table that four (rank, suit, is_trump) cards fit: (category, value, combination)."""
    ranks = sorted((c[0] for c in cards), reverse=True)
    count = Counter(ranks)
    one_suit = len({c[1] for c in cards}) == 1
    straight = len(count) == 4 and ranks[0] - ranks[3] == 3
    fits = [(0, tuple(ranks[:1]) if top_only else tuple(ranks), list(cards))]
    for r, n in count.items():
        others = sorted((x for x in ranks if x != r), reverse=True)
        if n == 2:
            pair = [c for c in cards if c[0] == r]
            fits.append((1, (r, *others) if kickers else (r,), pair))
            if len(set(others)) == 1:
                high, low = max(r, others[0]), min(r, others[0])
                fits.append((2, (high, low) if kickers else (high,), list(cards)))
        if n == 3:
            fits.append((3, (r, *others) if kickers else (r,), [c for c in cards if c[0] == r]))
        if n == 4:
            fits.append((6, (r,), list(cards)))
    if straight:
        fits.append((4, (ranks[0],), list(cards)))
    if one_suit:
        fits.append((5, tuple(ranks) if kickers else (ranks[0],), list(cards)))
    if straight and one_suit:
        fits.append((7, (ranks[0],), list(cards)))
    return fits


@functools.cache
def best_row(cards, kickers, top_only):
    """The highest row that the cards fit (a pure function of the four cards, so remembered)."""
    return max(rows(list(cards), kickers, top_only), key=lambda row: (row[0], row[1]))


def suit_key(naturals, combination, mode):
    if mode == "highest_only":
        return (max(s for _, s, _ in naturals),) if naturals else ()
    if mode == "by_card":
        inside = sorted(((r, s) for r, s, t in combination if not t), reverse=True)
        rest = sorted(((r, s) for r, s, _ in naturals if (r, s, False) not in combination), reverse=True)
        return tuple(x for card in inside + rest for x in card)
    return tuple(sorted((s for _, s, _ in naturals), reverse=True))


def court(naturals, trumps, wild):
    if "Knight" not in trumps or "Magician" not in trumps:
        return False
    others = [t for t in trumps if t not in ("Knight", "Magician")]
    stand = {"Witch": [(7, s) for s in ANY], "Death": [(r, s) for r in (7, 8) for s in ANY]}
    if others and not wild:
        return False
    choices = [[(r, s)] for r, s, _ in naturals] + [stand.get(t, []) for t in others]
    return any(sorted(pick) in ([(7, s), (8, s)] for s in ANY) for pick in itertools.product(*choices))


def reference_key(hand, opts):
    naturals = [(RANK[c[0]], SUIT[c[1:]], False) for c in hand if c not in DOMAIN]
    trumps = [c for c in hand if c in DOMAIN]
    special = None
    if set(trumps) == {"Witch", "Magician", "Fool", "Death"}:
        special = 10
    elif set(trumps) == {"Merchant", "Innkeeper", "Knight", "Beggar"}:
        special = 9
    elif court(naturals, trumps, opts["hovet_wild_courts"]):
        special = 8
    if special is not None:
        return (special, (), -len(trumps), suit_key(naturals, naturals, opts["suit_compare"]))
    best = None
    held = {(r, s) for r, s, _ in naturals}
    for picks in itertools.product(*(DOMAIN[t] for t in trumps)):
        if not opts["allow_duplicate_identity"] and (len(set(picks)) < len(picks) or held & set(picks)):
            continue
        cards = naturals + [(r, s, True) for r, s in picks]
        category, value, combination = best_row(
            tuple(sorted(cards)), opts["kickers"], opts["high_card_compare"] == "top_only"
        )
        in_combination = sum(1 for c in combination if c[2])
        purity = -in_combination if opts["purity_scope"] == "combination" else -len(trumps)
        key = (category, value, purity, suit_key(naturals, combination, opts["suit_compare"]))
        if best is None or key > best:
            best = key
    return best


DEFAULT = {
    "allow_duplicate_identity": True,
    "hovet_wild_courts": False,
    "kickers": False,
    "high_card_compare": "all",
    "purity_scope": "hand",
    "suit_compare": "multiset",
}
EVERY_OTHER = {
    "allow_duplicate_identity": False,
    "hovet_wild_courts": True,
    "kickers": True,
    "high_card_compare": "top_only",
    "purity_scope": "combination",
    "suit_compare": "by_card",
}
MIXED = {**DEFAULT, "kickers": True, "suit_compare": "highest_only", "purity_scope": "combination"}


@pytest.mark.exhaustive
@pytest.mark.parametrize("opts", [DEFAULT, EVERY_OTHER, MIXED], ids=["default", "every_other", "mixed"])
def test_every_hand_against_brute_force(opts):
    options = GAME.options(opts)
    hands = list(itertools.combinations(GAME.full_pack(), 4))
    assert len(hands) == 91_390
    found = GAME.evaluate(hands, options)
    reference = [reference_key(h, opts) for h in hands]
    by_key = {}
    for ref, ev, h in zip(reference, found, hands, strict=True):
        assert NAMES[ref[0]] == ev.category, h
        assert by_key.setdefault(ref, ev.strength) == ev.strength, h  # equal reference keys: equal strength
        if ev.interpretation and ev.category not in ("court",):  # what each trump stood for is in its domain
            for trump, card in ev.interpretation.items():
                assert (RANK[card[0]], SUIT[card[1:]]) in DOMAIN[trump], (h, trump, card)
    ordered = sorted(by_key)
    strengths = [by_key[k] for k in ordered]
    assert strengths == list(range(1, len(ordered) + 1))  # dense, and in the reference's order
