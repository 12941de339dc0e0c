"""Every one of the 91,390 Broggin hands against a brute-force reference that tries every trump assignment.

The reference is written from rules/broggin.md 1(c) alone, the slow and obvious way: give each trump every
card of its domain in turn (duplicates allowed unless the option forbids them), list every row of the hand
table that the four cards fit, take the highest, build the whole comparison key, and keep the best key.
The engine's dense ``strength`` must order the hands exactly as the reference keys do, and the card each
trump stood for must reproduce the best reading.

Nothing is left out; what is remembered is only what many hands share: a reading's key by its four cards (the
same cards recur across hands holding the same natural cards), and the highest row by ranks and suits alone.
"""

from __future__ import annotations

import functools
import itertools

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
STANDS_FOR = {trump: [(r, s, True) for r, s in cards] for trump, cards in DOMAIN.items()}
"""Each trump's domain as the cards it can stand for in a reading: (rank, suit, is_trump)."""
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
    """Every row of the table that four (rank, suit, tag) cards fit: (category, value, combination).

    Only ranks and suits are read; the combination is the cards that make the row, tags and all.
    """
    ranks = sorted((c[0] for c in cards), reverse=True)
    count = {r: ranks.count(r) for r in ranks}
    one_suit = len({c[1] for c in cards}) == 1
    straight = len(count) == 4 and ranks[0] - ranks[3] == 3
    fits = [(0, tuple(ranks[:1]) if top_only else tuple(ranks), list(cards))]
    for r, n in count.items():
        others = [x for x in ranks if x != r]  # still highest first
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
def best_row(plain, kickers, top_only):
    """The highest row that four sorted (rank, suit) cards fit, its combination as positions in ``plain``.

    The table reads only ranks and suits, so this is remembered by them alone (which cards are trumps does not
    matter here); the caller picks the combination out of its own cards, trumps marked, by position.
    """
    numbered = [(r, s, i) for i, (r, s) in enumerate(plain)]
    category, value, combination = max(rows(numbered, kickers, top_only), key=lambda row: (row[0], row[1]))
    return category, value, tuple(i for _, _, i in combination)


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


@functools.cache
def reading_key(cards, kickers, top_only, purity_scope, suit_compare):
    """The whole comparison key of one reading: four sorted (rank, suit, is_trump) cards.

    A pure function of the cards and the options, so remembered: hands that hold the same natural cards meet
    the same readings again.
    """
    category, value, positions = best_row(tuple((r, s) for r, s, _ in cards), kickers, top_only)
    combination = [cards[i] for i in positions]
    naturals = [c for c in cards if not c[2]]
    # purity: minus the trumps in the combination, or in the whole hand
    purity = -sum(1 for c in (combination if purity_scope == "combination" else cards) if c[2])
    return (category, value, purity, suit_key(naturals, combination, suit_compare))


def reference_key(hand, opts):
    naturals = tuple((RANK[c[0]], SUIT[c[1:]], False) for c in hand if c not in DOMAIN)
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
    mode = (opts["kickers"], opts["high_card_compare"] == "top_only", opts["purity_scope"], opts["suit_compare"])
    distinct = not opts["allow_duplicate_identity"]
    held = {(r, s, True) for r, s, _ in naturals} if distinct else set()
    domains = [[c for c in STANDS_FOR[t] if c not in held] for t in trumps]  # no trump as a natural card held
    readings = (
        tuple(sorted(naturals + picks))
        for picks in itertools.product(*domains)
        if not distinct or len(set(picks)) == len(picks)  # nor two trumps as the same card
    )
    return max(reading_key(cards, *mode) for cards in readings)


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
    reading_key.cache_clear()  # the readings one option set saw: no use to the next
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
