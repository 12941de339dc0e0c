"""Broggin hand evaluation (rules/broggin.md 1(c)): every one of the 91,390 four-card hands, exactly.

"Rangordna alltså först efter kombination, sedan efter valör, därefter efter renhet (avsaknad av trumf) och
slutligen efter svitordning" (rank first by combination, then by value, then by purity, then by suit order).

A hand's comparison key (higher wins; equal is an exact tie, BRG-A10) is ``(category, value, purity, suits)``:

* **category** 10 De fyra ryttarna, 9 Ständerna, 8 Hovet (special hands, by card identity: their trumps are
  not substituted), then, with every trump given a card of its domain (duplicates allowed, BRG-A2),
  7 Svitstege, 6 Fyrtal, 5 Svit, 4 Stege, 3 Triss, 2 Två par, 1 Ett par, 0 Fyra kort vilka som helst. A set
  of cards that fits several rows takes the highest.
* **value** the defining rank(s) (BRG-A6): pair rank, higher pair, triplet rank, top card of a straight or
  flush, the four ranks of a high-card hand; with ``kickers`` the poker-style tuple. Special hands have none.
* **purity** minus the number of trumps (BRG-A7: in the hand, or in the combination only).
* **suits** the natural cards' suits (Sw 4 > St 3 > Co 2 > Cu 1), sorted high to low (BRG-A8; or card by
  card, or the highest suit only).

The best assignment of the trumps maximises the whole key (for the default options, (category, value) alone,
since purity and suits do not depend on it). It is found per *signature* (natural ranks, trumps, whether a
flush is reachable): a trump's suit only matters for a flush, so only the trumps' ranks are enumerated, and
hands that share a signature share the search. Every option combination that changes the ranking gets its
own table (built lazily once, cached): ``strength`` is the dense rank of the key over all 91,390 hands.
"""

from __future__ import annotations

import array
import bisect
import itertools
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Annotated, Any, NamedTuple

from service.rules.bounds import Words
from service.rules.broggin.cards import (
    ALL_SUITS,
    ESTATE_CARDS,
    FULL_PACK,
    SWEDISH_NAMES,
    TRUMP_RANKS,
    TRUMP_SUITS,
    TRUMPS,
    is_trump,
    realm,
    realm_code,
)
from service.rules.broggin.options import BrogginOptions
from service.rules.broggin.wording import (
    CATEGORY_NAMES,
    COURT,
    ESTATES,
    FLUSH,
    FOUR_OF_A_KIND,
    HIGH_CARD,
    HORSEMEN,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRISS,
    TWO_PAIRS,
    Said,
    describe,
    said_of,
)
from service.rules.cards import Card
from service.rules.hand_game import TIE, Evaluation, HandRanking
from service.rules.tables import TABLES, HandRank, HandTable, LazyTableData, PackedKeys, TableData, hand_rank

CATEGORIES = tuple(CATEGORY_NAMES[c] for c in sorted(CATEGORY_NAMES, reverse=True))
"""Category names, best first."""
_PACK_SET = frozenset(FULL_PACK)
DECIDING = ("category", "value", "purity", "suit")

Key = tuple[int, tuple[int, ...], int, tuple[int, ...]]
"""``(category, value, purity, suits)``: higher wins, equal is an exact tie."""


class Rules(NamedTuple):
    """The options that change how hands rank (each combination has its own table)."""

    allow_duplicates: bool
    hovet_wild_courts: bool
    kickers: bool
    high_card_top_only: bool
    combination_purity: bool
    suit_compare: str

    @classmethod
    def of(cls, options: BrogginOptions) -> Rules:
        return cls(
            options.allow_duplicate_identity,
            options.hovet_wild_courts,
            options.kickers,
            options.high_card_compare == "top_only",
            options.purity_scope == "combination",
            options.suit_compare,
        )


@dataclass(frozen=True)
class Reading:
    """One way to read the trumps of a hand: their ranks, and what the four cards then make."""

    category: int
    value: tuple[int, ...]
    combo_ranks: frozenset[int]
    """The ranks of the cards that make the combination (BRG-A7, BRG-A8 by_card)."""
    combo_trumps: int
    trump_ranks: tuple[int, ...]
    """The rank each trump stands for, in the hand's trump order (canonical)."""
    flush: bool


@dataclass(frozen=True, kw_only=True)
class HandValue(Evaluation):
    """An evaluated hand (its category, dense strength, description and what each trump stood for) with its
    comparison key."""

    key: Key
    said: Said | None = None
    """What the description says (for a description in another language); None where it was looked up."""


# -- classification of four ranks ------------------------------------------------------------------
@cache
def _classify(
    ranks: tuple[int, ...], flush: bool, kickers: bool, top_only: bool
) -> tuple[int, tuple[int, ...], frozenset[int]]:
    """Category, value and combination ranks of four ranks (sorted high to low), one suit or not."""
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    every = frozenset(ranks)
    straight = len(counts) == 4 and ranks[0] - ranks[3] == 3  # no wrap-around: 1 is the lowest card
    if straight and flush:
        return STRAIGHT_FLUSH, (ranks[0],), every
    if shape[0] == 4:
        return FOUR_OF_A_KIND, (ranks[0],), every
    if flush:
        return FLUSH, (ranks if kickers else (ranks[0],)), every
    if straight:
        return STRAIGHT, (ranks[0],), every
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    if shape[0] == 3:
        triplet, kicker = by_count
        return TRISS, ((triplet, kicker) if kickers else (triplet,)), frozenset((triplet,))
    if shape == [2, 2]:
        high, low = by_count
        return TWO_PAIRS, ((high, low) if kickers else (high,)), frozenset((high, low))
    if shape[0] == 2:
        pair = by_count[0]
        rest = tuple(r for r in ranks if r != pair)
        return PAIR, ((pair, *rest) if kickers else (pair,)), frozenset((pair,))
    return HIGH_CARD, ((ranks[0],) if top_only else ranks), every


@cache
def _readings(
    nat_ranks: tuple[int, ...], domains: tuple[tuple[int, ...], ...], flush_ok: bool, rules: Rules
) -> tuple[Reading, ...]:
    """The best readings of every hand with this signature: one per distinct set of combination ranks.

    ``domains`` holds the ranks each trump may take. A trump's suit only matters for a flush: when one is
    reachable, every reading takes it (a flush never lowers the category). Without duplicates (BRG-A2 option)
    a flush needs four different ranks, and otherwise a card not held is always free for a trump (four cards
    never fill a rank), except for an estate card whose one suit is held at that rank: ``domains`` leaves it out.
    """
    duplicates, kickers, top_only, by_combo = (
        rules.allow_duplicates,
        rules.kickers,
        rules.high_card_top_only,
        rules.combination_purity,
    )
    best: tuple[int, tuple[int, ...], int] | None = None
    best_shown: tuple[int, tuple[int, ...]] = (-1, ())  # the best category and value so far: most fall short
    found: dict[frozenset[int], Reading] = {}
    for trump_ranks in itertools.product(*domains):
        ranks = nat_ranks + trump_ranks
        flush = flush_ok and (duplicates or len(set(ranks)) == 4)
        category, value, combo = _classify(tuple(sorted(ranks, reverse=True)), flush, kickers, top_only)
        if (category, value) < best_shown:
            continue
        best_shown = category, value
        combo_trumps = sum(1 for r in trump_ranks if r in combo)
        score = (category, value, -combo_trumps if by_combo else 0)
        if best is None or score > best:
            best = score
            found = {}
        if score == best and combo not in found:
            found[combo] = Reading(category, value, combo, combo_trumps, trump_ranks, flush)
    return tuple(found.values())


# -- special hands ---------------------------------------------------------------------------------
def _court(naturals: list[tuple[int, int]], trumps: tuple[str, ...], wild: bool) -> dict[str, Card] | None:
    """Hovet: "Kung och drottning i samma svit tillsammans med Riddaren och Trollkarlen"; None if not.

    Returns what the wild courts stood for (empty for a natural King and Queen). BRG-A5.
    """
    if "Knight" not in trumps or "Magician" not in trumps:
        return None
    others = [t for t in trumps if t not in ("Knight", "Magician")]
    if not others:
        ranks = sorted(r for r, _ in naturals)
        if ranks == [7, 8] and naturals[0][1] == naturals[1][1]:
            return {}
        return None
    if not wild:
        return None
    if len(others) == 1 and len(naturals) == 1:
        (r, s), trump = naturals[0], others[0]
        if r == 8 and trump in ("Witch", "Death"):
            return {trump: realm_code(7, s)}
        if r == 7 and trump == "Death":
            return {trump: realm_code(8, s)}
        return None
    if sorted(others) == ["Death", "Witch"]:
        return {"Witch": realm_code(7, 4), "Death": realm_code(8, 4)}
    return None


def _special(
    naturals: list[tuple[int, int]], trumps: tuple[str, ...], wild: bool
) -> tuple[int, dict[str, Card]] | None:
    """The special hand's category (by card identity) and any wild courts' stand-ins; None for ordinary hands."""
    held = set(trumps)
    if held == {"Witch", "Magician", "Fool", "Death"}:
        return HORSEMEN, {}
    if held == {"Merchant", "Innkeeper", "Knight", "Beggar"}:
        return ESTATES, {}
    court = _court(naturals, trumps, wild)
    if court is not None:
        return COURT, court
    return None


# -- keys ------------------------------------------------------------------------------------------
def _suit_key(naturals: Sequence[tuple[int, int]], combo_ranks: frozenset[int], mode: str) -> tuple[int, ...]:
    """The natural cards' suits for the final tie-break (BRG-A8); ``naturals`` sorted high to low."""
    if mode == "highest_only":
        return (max(s for _, s in naturals),) if naturals else ()
    if mode == "by_card":  # combination first, then kickers; each by rank, then suit
        ordered = [c for c in naturals if c[0] in combo_ranks] + [c for c in naturals if c[0] not in combo_ranks]
        return tuple(itertools.chain.from_iterable(ordered))
    return tuple(sorted((s for _, s in naturals), reverse=True))


def _split(hand: Sequence[Card]) -> tuple[list[tuple[int, int]], tuple[str, ...]]:
    """The natural cards as (rank, suit), high to low, and the trumps in canonical order."""
    naturals = sorted((realm(c) for c in hand if not is_trump(c)), reverse=True)
    trumps = tuple(t for t in TRUMPS if t in hand)
    return naturals, trumps


def _flush_suits(naturals: Sequence[tuple[int, int]], trumps: tuple[str, ...]) -> list[int]:
    """Suits in which all four cards can be (highest first)."""
    suits = set(ALL_SUITS) if not naturals else {naturals[0][1]} if len({s for _, s in naturals}) == 1 else set()
    for trump in trumps:
        suits &= set(TRUMP_SUITS[trump])
    return sorted(suits, reverse=True)


def _best_key(
    naturals: list[tuple[int, int]], trumps: tuple[str, ...], rules: Rules
) -> tuple[Key, Reading | None, dict[str, Card]]:
    """The key of a hand under its best trump assignment, the reading used and any special-hand stand-ins."""
    special = _special(naturals, trumps, rules.hovet_wild_courts)
    if special is not None:
        category, stand_ins = special
        suits = _suit_key(naturals, frozenset(r for r, _ in naturals), rules.suit_compare)
        return (category, (), -len(trumps), suits), None, stand_ins
    flush_ok = bool(_flush_suits(naturals, trumps))
    domains = tuple(TRUMP_RANKS[t] for t in trumps)
    if not rules.allow_duplicates:
        domains = _strict_domains(naturals, trumps)
    nat_ranks = tuple(sorted((r for r, _ in naturals), reverse=True))
    readings = _readings(nat_ranks, domains, flush_ok, rules)
    return (*_best_reading(naturals, trumps, readings, rules), {})


def _strict_domains(naturals: Sequence[tuple[int, int]], trumps: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """BRG-A2 option: an estate card cannot stand for a card held in its suit."""
    allowed = _strict_ranks(naturals)
    return tuple(allowed[t] for t in trumps)


def _strict_ranks(naturals: Sequence[tuple[int, int]]) -> dict[str, tuple[int, ...]]:
    """BRG-A2 option: the ranks each trump may take beside ``naturals``; an estate card's domain without the
    ranks held in its one suit (every suit has its estate card)."""
    allowed = dict(TRUMP_RANKS)
    for rank, suit in naturals:
        estate = _ESTATE_OF_SUIT[suit]
        allowed[estate] = tuple(r for r in allowed[estate] if r != rank)
    return allowed


def _best_reading(
    naturals: Sequence[tuple[int, int]], trumps: tuple[str, ...], readings: tuple[Reading, ...], rules: Rules
) -> tuple[Key, Reading]:
    """The reading with the highest whole key (purity and suits may depend on the combination's cards)."""
    best: tuple[Key, Reading] | None = None
    for reading in readings:
        purity = -reading.combo_trumps if rules.combination_purity else -len(trumps)
        key = (reading.category, reading.value, purity, _suit_key(naturals, reading.combo_ranks, rules.suit_compare))
        if best is None or key > best[0]:
            best = (key, reading)
    assert best is not None  # every hand has a reading: a trump's domain is never exhausted
    return best


Keyed = tuple[Key, Reading | None, dict[str, Card]]
"""A hand's key, the reading of its trumps (None for a special hand) and any special-hand stand-ins."""


def _keyed(rules: Rules) -> dict[int, Keyed]:
    """Every possible hand (by the sum of its cards' bits) with its key, reading and special-hand stand-ins.

    Hands are built as natural cards plus a set of trumps, so what depends on the natural cards alone (their
    ranks, suits, suit key and the trumps' domains) is worked out once for every set of trumps that joins them,
    and what depends on a hand's signature alone (its readings) once for every hand that has it. The key is the
    one :func:`_best_key` finds: a signature's readings all have the same category, value and purity (the ties
    :func:`_readings` keeps), so the first is the best unless the suit key depends on the combination (by_card).
    """
    found: dict[int, Keyed] = {}
    mode = rules.suit_compare
    by_card = mode == "by_card"
    strict = not rules.allow_duplicates
    signatures: dict[Hashable, tuple[int, tuple[int, ...], int, tuple[Reading, ...]]] = {}
    suit_keys: dict[tuple[int, ...], tuple[int, ...]] = {}  # by the natural cards' suits, all it reads but by_card
    # The realm cards high to low, and their ranks, suits and bits in that order: the combinations of each, taken
    # together, are the same natural cards, sorted as ``naturals`` must be.
    realm_cards = sorted((realm(c) for c in FULL_PACK[:32]), reverse=True)
    columns = [r for r, _ in realm_cards], [s for _, s in realm_cards], [_BITS[realm_code(*c)] for c in realm_cards]
    for size in range(5):
        trump_sets = []
        for trumps in itertools.combinations(TRUMPS, 4 - size):
            suits = set(ALL_SUITS)
            for trump in trumps:
                suits &= set(TRUMP_SUITS[trump])
            special = size == 0 or ("Knight" in trumps and "Magician" in trumps)
            bits = sum(_BITS[t] for t in trumps)
            trump_sets.append((trumps, bits, suits, tuple(TRUMP_RANKS[t] for t in trumps), special))
        combinations = (itertools.combinations(column, size) for column in (realm_cards, *columns))
        for naturals, nat_ranks, nat_suits, nat_bits in zip(*combinations, strict=True):
            natural_bits = sum(nat_bits)
            flush_suit = nat_suits[0] if len(set(nat_suits)) == 1 else 0  # 0: no suit, no flush
            if by_card:
                combo_suit_keys: dict[frozenset[int], tuple[int, ...]] = {}
            elif nat_suits in suit_keys:
                natural_suit_key = suit_keys[nat_suits]
            else:
                natural_suit_key = suit_keys[nat_suits] = _suit_key(naturals, frozenset(), mode)
            if strict and size < 4:
                allowed = _strict_ranks(naturals)
            for trumps, bits, trump_suits, domains, special in trump_sets:
                hand = natural_bits + bits
                if special:
                    found[hand] = _best_key(list(naturals), trumps, rules)
                    continue
                flush_ok = flush_suit in trump_suits  # every hand here holds a natural card (four trumps are special)
                if strict and trumps:
                    domains = tuple(map(allowed.__getitem__, trumps))
                signature = (nat_ranks, domains if strict else trumps, flush_ok)
                entry = signatures.get(signature)
                if entry is None:
                    readings = _readings(nat_ranks, domains, flush_ok, rules)
                    first = readings[0]
                    purity = -first.combo_trumps if rules.combination_purity else -len(trumps)
                    entry = signatures[signature] = (first.category, first.value, purity, readings)
                category, value, purity, readings = entry
                if by_card:  # the reading with the highest suit key, the first of equals (as _best_reading)
                    best: tuple[tuple[int, ...], Reading] | None = None
                    for candidate in readings:
                        combo = candidate.combo_ranks
                        combo_key = combo_suit_keys.get(combo)
                        if combo_key is None:
                            combo_key = combo_suit_keys[combo] = _suit_key(naturals, combo, mode)
                        if best is None or combo_key > best[0]:
                            best = combo_key, candidate
                    assert best is not None  # every signature has a reading
                    suit_key, reading = best
                else:
                    suit_key, reading = natural_suit_key, readings[0]
                found[hand] = ((category, value, purity, suit_key), reading, {})
    _readings.cache_clear()  # what one option set needed: kept no longer than its build
    return found


GAME_ID = "broggin"
DEFAULT = Rules.of(BrogginOptions())
_BITS = {card: 1 << i for i, card in enumerate(FULL_PACK)}
_ESTATE_OF_SUIT = {TRUMP_SUITS[t][0]: t for t in ESTATE_CARDS}


def table_data(rules: Rules) -> TableData:
    """Every possible hand (in ``itertools.combinations`` order) with its dense strength (1 = the weakest),
    description and what its trumps stood for; ``keys`` holds the comparison keys weakest first."""
    found = _keyed(rules)
    keys = sorted({key for key, _, _ in found.values()})
    dense = {key: i + 1 for i, key in enumerate(keys)}

    def answers() -> Iterator[HandRank]:
        for hand in itertools.combinations(FULL_PACK, 4):
            key, reading, stand_ins = found[sum(_BITS[c] for c in hand)]
            value = _value_of(hand, dense[key], key, reading, stand_ins)
            yield hand_rank(value.category, value.strength, value.description, value.interpretation)

    return TableData.of(
        GAME_ID, list(rules), FULL_PACK, 4, answers(), [[k[0], list(k[1]), k[2], list(k[3])] for k in keys]
    )


_HAND_BITS = tuple(_BITS[card] for card in FULL_PACK)
READINGS_KEPT = 4096
"""The most signatures' readings kept between the answers a cached table writes as they are asked."""


def lazy_table_data(rules: Rules) -> LazyTableData:
    """The table the cache keeps for options not shipped: every hand's strength and the keys as
    :func:`table_data` finds them, each hand's answer written only when it is asked (:func:`_answer`, the same
    answer :func:`table_data` writes), the keys packed in bytes (:func:`_packed`)."""
    found = _keyed(rules)
    keys = sorted({key for key, _, _ in found.values()})
    dense = {key: i + 1 for i, key in enumerate(keys)}
    strengths = [dense[found[hand][0]] for hand in map(sum, itertools.combinations(_HAND_BITS, 4))]
    packed = array.array("H" if len(keys) <= 0xFFFF else "I", strengths)
    answer = partial(_answer, rules=rules)
    return LazyTableData(GAME_ID, list(rules), FULL_PACK, 4, packed, PackedKeys(map(_packed, keys), _key_of), answer)


def _answer(hand: tuple[Card, ...], strength: int, rules: Rules) -> HandRank:
    """One hand's answer (its cards in pack order), as :func:`table_data` writes it."""
    naturals, trumps = _split(hand)
    key, reading, stand_ins = _best_key(naturals, trumps, rules)
    if _readings.cache_info().currsize > READINGS_KEPT:
        _readings.cache_clear()
    value = _value_of(hand, strength, key, reading, stand_ins)
    return hand_rank(value.category, value.strength, value.description, value.interpretation)


def _packed(key: Key) -> bytes:
    """A key in bytes: category, the value's length, the value, minus the purity, the suits (each below 256)."""
    category, value, purity, suits = key
    return bytes((category, len(value), *value, -purity, *suits))


def _key_of(stored: Any) -> Key:
    """A key as a table stores it: packed (:func:`_packed`), or as JSON lists (a shipped table)."""
    if isinstance(stored, bytes):
        size = stored[1]
        return stored[0], tuple(stored[2 : 2 + size]), -stored[2 + size], tuple(stored[3 + size :])
    return stored[0], tuple(stored[1]), stored[2], tuple(stored[3])


def hand_table(options: BrogginOptions) -> HandTable:
    """The table for the effective options: shipped for the defaults, else built once and cached (bounded)."""
    rules = Rules.of(options)
    if rules == DEFAULT:
        return TABLES.get(GAME_ID, rules, lambda: table_data(rules), default=True, key_of=_key_of)
    return TABLES.get(GAME_ID, rules, lambda: lazy_table_data(rules), key_of=_key_of)


# -- interpretation and description ----------------------------------------------------------------
def _assign_suits(
    naturals: Sequence[tuple[int, int]], trumps: tuple[str, ...], reading: Reading
) -> dict[str, tuple[int, int]]:
    """Concrete cards for the trumps of a reading: the flush suit, else a card not held where one is free."""
    if reading.flush:
        suit = _flush_suits(naturals, trumps)[0]
        return {t: (r, suit) for t, r in zip(trumps, reading.trump_ranks, strict=True)}
    used = set(naturals)
    out: dict[str, tuple[int, int]] = {}
    for t, r in zip(trumps, reading.trump_ranks, strict=True):
        if len(TRUMP_SUITS[t]) == 1:
            out[t] = (r, TRUMP_SUITS[t][0])
            used.add(out[t])
    for t, r in zip(trumps, reading.trump_ranks, strict=True):
        if t not in out:
            free = [s for s in ALL_SUITS if (r, s) not in used]
            out[t] = (r, free[0] if free else ALL_SUITS[0])
            used.add(out[t])
    return {t: out[t] for t in trumps}


def _said(
    hand: Sequence[Card], key: Key, strength: int, interpretation: dict[str, Card] | None, said: Said
) -> HandValue:
    """A hand's value, described as ``said`` says it."""
    return HandValue(tuple(hand), CATEGORY_NAMES[key[0]], strength, describe(said), interpretation, key=key, said=said)


def _value_of(
    hand: Sequence[Card], strength: int, key: Key, reading: Reading | None, stand_ins: Mapping[str, Card]
) -> HandValue:
    naturals, trumps = _split(hand)
    if reading is None:  # a special hand: its trumps are not substituted (1(c) step 1)
        interpretation = dict(stand_ins) if stand_ins else None
        said = Said(key[0], (), len(trumps), key[1])
        return _said(hand, key, strength, interpretation, said)
    assigned = _assign_suits(naturals, trumps, reading)
    interpretation = {t: realm_code(*c) for t, c in assigned.items()} if trumps else None
    said = Said(key[0], (*naturals, *assigned.values()), len(trumps), key[1], tuple((interpretation or {}).items()))
    return _said(hand, key, strength, interpretation, said)


# -- public ------------------------------------------------------------------------------------------
def evaluate_hand(hand: Sequence[Card], options: BrogginOptions) -> HandValue:
    """The hand under its best trump assignment, looked up in the table for the effective options."""
    table = hand_table(options)
    found = table.rank(hand)
    category, strength, description = found["category"], found["strength"], found["description"]
    return HandValue(tuple(hand), category, strength, description, found.get("interpretation"), key=table.key(found))


def is_special(hand: Sequence[Card], options: BrogginOptions) -> bool:
    """Whether ``hand`` is a special hand (its trumps are not substituted); False for anything not a hand."""
    if len(hand) != 4 or len(set(hand)) != 4 or any(c not in _PACK_SET for c in hand):
        return False
    naturals, trumps = _split(hand)
    return _special(naturals, trumps, options.hovet_wild_courts) is not None


def declaration_problems(
    hand: Sequence[Card], assignments: Sequence[tuple[str, Card]], options: BrogginOptions
) -> list[tuple[str, str]]:
    """What is wrong with declared trumps (BRG-A3), as ``(code, message)``; canonical codes expected."""
    problems: list[tuple[str, str]] = []
    naturals, trumps = _split(hand)
    seen: set[str] = set()
    cards: list[tuple[int, int]] = []
    for trump, card in assignments:
        if trump not in TRUMP_RANKS:
            problems.append(("not_a_trump", f"'{trump}' is not a trump"))
            continue
        if trump not in trumps:
            problems.append(("trump_not_held", f"the hand does not hold {trump}"))
            continue
        if trump in seen:
            problems.append(("declared_twice", f"{trump} is declared twice"))
            continue
        seen.add(trump)
        if is_trump(card) or card not in FULL_PACK:
            problems.append(("not_a_realm_card", f"{trump} must stand for a realm card, not '{card}'"))
            continue
        r, s = realm(card)
        if r not in TRUMP_RANKS[trump] or s not in TRUMP_SUITS[trump]:
            problems.append(("outside_domain", f"{trump} ({SWEDISH_NAMES[trump]}) cannot stand for {card}"))
            continue
        cards.append((r, s))
    if not options.allow_duplicate_identity:  # BRG-A2 option
        held = set(naturals)
        if any(c in held for c in cards) or len(set(cards)) != len(cards):
            problems.append(
                ("duplicate_identity", "allow_duplicate_identity is false: a trump may not stand for a card held")
            )
    if options.assignment == "declared_only" and _special(naturals, trumps, options.hovet_wild_courts) is None:
        missing = [t for t in trumps if t not in seen]
        if missing:
            problems.append(("undeclared_trump", f"assignment is declared_only: declare {missing}"))
    return problems


def _concrete_key(naturals: Sequence[tuple[int, int]], assigned: Mapping[str, tuple[int, int]], rules: Rules) -> Key:
    cards = list(naturals) + list(assigned.values())
    naturals = sorted(naturals, reverse=True)
    ranks = tuple(sorted((r for r, _ in cards), reverse=True))
    flush = len({s for _, s in cards}) == 1
    category, value, combo = _classify(ranks, flush, rules.kickers, rules.high_card_top_only)
    combo_trumps = sum(1 for r, _ in assigned.values() if r in combo)
    purity = -combo_trumps if rules.combination_purity else -len(assigned)
    return category, value, purity, _suit_key(naturals, combo, rules.suit_compare)


def evaluate_declared(
    hand: Sequence[Card], assignments: Sequence[tuple[str, Card]], options: BrogginOptions
) -> HandValue:
    """The hand with the declared trumps fixed (BRG-A3); undeclared trumps take their best cards.

    ``declaration_problems`` must be empty. Under ``best_only`` declarations are ignored; special hands are
    recognised by identity whatever is declared. ``strength`` is the dense strength of the equal best-hand key,
    or, for a declared reading that no hand's best reading equals, that of the next weaker best-hand key (the
    exact order is in ``key``, which ``compare`` uses).
    """
    best = evaluate_hand(hand, options)
    naturals, trumps = _split(hand)
    special = _special(naturals, trumps, options.hovet_wild_courts) is not None
    if not assignments or options.assignment == "best_only" or special:
        return best
    rules = Rules.of(options)
    declared = {t: realm(c) for t, c in assignments}
    free = [t for t in trumps if t not in declared]
    held = set(naturals) | set(declared.values())
    top: tuple[Key, dict[str, tuple[int, int]]] | None = None
    domains = [[(r, s) for r in TRUMP_RANKS[t] for s in TRUMP_SUITS[t]] for t in free]
    for choice in itertools.product(*domains):
        if not rules.allow_duplicates and (len(set(choice)) != len(choice) or any(c in held for c in choice)):
            continue
        assigned = {**declared, **dict(zip(free, choice, strict=True))}
        key = _concrete_key(naturals, assigned, rules)
        if top is None or key > top[0]:
            top = (key, assigned)
    if top is None:  # pragma: no cover - a free card always exists for the undeclared trumps
        return best
    key, assigned = top
    ordered = {t: assigned[t] for t in trumps}
    strength = bisect.bisect_right(hand_table(options).keys, key)
    interpretation = {t: realm_code(*c) for t, c in ordered.items()}
    said = Said(key[0], (*naturals, *ordered.values()), len(trumps), key[1], tuple(interpretation.items()), True)
    return _said(hand, key, strength, interpretation, said)


def deciding(first: Key, second: Key) -> str:
    """Which step separated two keys: category, value, purity, suit; or tie."""
    for name, a, b in zip(DECIDING, first, second, strict=True):
        if a != b:
            return name
    return TIE


Interpretation = Mapping[Annotated[str, Words(TRUMPS)], Card]
"""What each trump held stood for: ``{trump: realm card}``."""


def described(table: HandTable, hand: Sequence[Card], found: HandRank, options: BrogginOptions, language: str) -> str:
    """An evaluated hand's description in ``language``: its cards, its key and what its trumps stood for."""
    return describe(said_of(hand, table.key(found), found.get("interpretation")), language)


RANKING = HandRanking(
    CATEGORIES,
    hand_table,
    lambda options: table_data(Rules.of(options)),
    deciding,
    (*DECIDING, TIE),
    interpretation=Interpretation,
    describe=described,
)
"""How Broggin ranks hands (1(c), BRG-A1 to BRG-A10)."""
