"""Equity: how a hand fares against opponents whose cards are unknown or partly known (docs/api.md section 10).

An outcome deals every opponent the cards its hand lacks from the unknown ones (the pack less the hand, every
opponent's known cards and the dead cards). It is a ``win`` when the hand beats every opponent, a ``tie`` when
no opponent beats it and ``t`` of them equal it (a share of ``1 / (t + 1)``), else a ``lose``, by the table's
``strength`` (Broggin: each hand's best trump assignment).

Exact answers count every outcome over labelled opponents:

- one opponent by inclusion-exclusion over the cards out of its reach (the hands holding a set of cards are
  counted from :meth:`HandTable.by_card`, :meth:`HandTable.by_pair` or a short enumeration), or by enumerating
  its hands, whichever is less work;
- two opponents by inclusion-exclusion over the cards their hands would share: with ``f(T)`` the number of one
  opponent's hands of a class holding the cards ``T``, the disjoint pairs number
  ``sum over T of (-1)**len(T) * f0(T) * f1(T)`` (279,676,320 Three Card Brag outcomes from some 18,000 hands);
- anything of at most :data:`EXACT_LIMIT` outcomes by enumeration.

Monte Carlo draws outcomes with ``sha256-sample/1`` (:mod:`service.rules.sampling`), replayable by any client.
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from service.rules.cards import Card, check_cards
from service.rules.errors import InvalidInput, Problem
from service.rules.sampling import RNG, sample_draws
from service.rules.tables import HandTable

METHODS = ("auto", "exact", "monte_carlo")
EXACT_LIMIT = 100_000
"""``auto`` counts exactly up to this many outcomes, and ``exact`` always can."""
SAMPLES_RANGE = (1_000, 100_000)
DEFAULT_SAMPLES = 10_000
DEFAULT_SEED = "equity"
SEED_LENGTH = (1, 256)
COUNTED_HANDS = 150_000
"""Two opponents are counted exactly when their possible hands number at most this together (two unknown
Broggin opponents: 94,865)."""


@dataclass(frozen=True)
class Counts:
    """Outcomes by result (exact: every outcome; Monte Carlo: the samples)."""

    win: int
    tie: int
    lose: int
    total: int


@dataclass(frozen=True)
class Equity:
    """An equity answer: how it was found, the counts, their fractions and the hand's mean share of the pot."""

    method: str
    counts: Counts
    win: float
    tie: float
    lose: float
    share: float
    standard_error: float
    samples: int | None = None
    seed: str | None = None
    rng: str | None = None


@dataclass
class Tally:
    """Outcomes as they are counted: wins, ties by how many opponents tie, and the total."""

    win: int = 0
    ties: Counter[int] = field(default_factory=Counter)
    total: int = 0

    def counts(self) -> Counts:
        tie = sum(self.ties.values())
        return Counts(self.win, tie, self.total - self.win - tie, self.total)

    def shares(self, power: int = 1) -> Fraction:
        """The sum over outcomes of the hand's share ``e`` (to ``power``): 1 a win, ``1 / (t + 1)`` a tie."""
        return self.win + sum((Fraction(n, (t + 1) ** power) for t, n in self.ties.items()), Fraction(0))

    def equity(self, method: str, error: float = 0.0) -> Equity:
        counts = self.counts()
        total = counts.total
        share = float(self.shares() / total)
        return Equity(method, counts, counts.win / total, counts.tie / total, counts.lose / total, share, error)


@dataclass(frozen=True)
class Spot:
    """A request's cards as the counting sees them: each card by its index in the pack."""

    hand_table: HandTable
    strength: int
    """The hand's strength."""
    unknown: tuple[int, ...]
    """The unknown cards, in canonical order."""
    known: tuple[tuple[int, ...], ...]
    """Each opponent's known cards."""

    @property
    def lacks(self) -> tuple[int, ...]:
        """How many cards each opponent's hand lacks."""
        return tuple(self.hand_table.data.hand_size - len(cards) for cards in self.known)

    def outcomes(self) -> int:
        """How many outcomes there are over labelled opponents: the product of the binomials."""
        total, left = 1, len(self.unknown)
        for lack in self.lacks:
            total *= math.comb(left, lack)
            left -= lack
        return total


def equity(
    table: HandTable,
    hand: Sequence[Card],
    opponents: int | Sequence[Sequence[Card]],
    dead: Sequence[Card] = (),
    method: str = "auto",
    samples: int | None = None,
    seed: str | None = None,
) -> Equity:
    """The equity of ``hand`` (canonical cards) against ``opponents`` (how many, with nothing known, or each
    one's known cards), ``dead`` cards out of play; raises InvalidInput with pointers into such a request."""
    known: Sequence[Sequence[Card]] = [()] * opponents if isinstance(opponents, int) else opponents
    count = SAMPLES_RANGE[0] <= (DEFAULT_SAMPLES if samples is None else samples) <= SAMPLES_RANGE[1]
    problems = [] if count else [Problem("samples_out_of_range", _samples_message(samples), "/samples")]
    if seed is not None and not SEED_LENGTH[0] <= len(seed) <= SEED_LENGTH[1]:
        problems.append(Problem("invalid_seed", "a seed holds 1 to 256 characters", "/seed"))
    if method not in METHODS:
        problems.append(Problem("invalid_method", f"method is one of {', '.join(METHODS)}", "/method"))
    found = spot(table, hand, known, dead, problems)
    outcomes = found.outcomes()
    if method == "monte_carlo" or (method == "auto" and outcomes > EXACT_LIMIT):
        return monte_carlo(found, DEFAULT_SAMPLES if samples is None else samples, seed or DEFAULT_SEED)
    return exact(found, outcomes)


def exact(spot: Spot, outcomes: int) -> Equity:
    """Every outcome counted; raises InvalidInput (at ``/method``) when there are too many to count."""
    if len(spot.known) == 1:
        return one_opponent(spot).equity("exact")
    if len(spot.known) == 2 and _counted_hands(spot) <= COUNTED_HANDS:
        return two_opponents(spot).equity("exact")
    if outcomes <= EXACT_LIMIT:
        return enumerate_outcomes(spot).equity("exact")
    message = (
        f"{outcomes:,} outcomes are too many to count exactly (the service counts up to {EXACT_LIMIT:,}, and two "
        "opponents whose hands it can list); ask for monte_carlo"
    )
    raise InvalidInput([Problem("too_many_outcomes", message, "/method")])


# -- one opponent ------------------------------------------------------------------------------------
def one_opponent(spot: Spot) -> Tally:
    """One opponent's hands (its known cards and any of the unknown ones) against the hand: by inclusion-exclusion
    over the cards out of its reach when that is less work than listing them."""
    table, known, lack = spot.hand_table, spot.known[0], spot.lacks[0]
    size, pack = table.data.hand_size, len(table.data.pack)

    def work(held: int) -> int:  # lookups to count the hands holding ``held`` given cards
        return 1 if held <= 2 or held == size else math.comb(pack - held, size - held)

    beyond = pack - len(known) - len(spot.unknown)
    excluded = sum(math.comb(beyond, j) * work(len(known) + j) for j in range(lack + 1))
    return by_exclusion(spot) if excluded < math.comb(len(spot.unknown), lack) else by_listing(spot)


def by_exclusion(spot: Spot) -> Tally:
    """One opponent's hands counted as those holding its known cards, less those holding a card out of its reach,
    by inclusion-exclusion over the sets of such cards (each count from :func:`holding`)."""
    table, strength, known, lack = spot.hand_table, spot.strength, spot.known[0], spot.lacks[0]
    reach = {*known, *spot.unknown}
    beyond = [i for i in range(len(table.data.pack)) if i not in reach]
    below = equal = 0
    for j in range(lack + 1):
        sign = -1 if j % 2 else 1
        for extra in itertools.combinations(beyond, j):
            weaker, same = holding(table, (*known, *extra), strength)
            below += sign * weaker
            equal += sign * same
    return Tally(below, +Counter({1: equal}), math.comb(len(spot.unknown), lack))


def by_listing(spot: Spot) -> Tally:
    """One opponent's hands listed: its known cards and every draw of the unknown ones."""
    table, strength, lack = spot.hand_table, spot.strength, spot.lacks[0]
    base = _key(table, spot.known[0])
    strength_of = table.strengths()
    below = equal = 0
    for key in map(sum, itertools.combinations(_values(table, spot.unknown), lack)):
        other = strength_of[base + key]
        below += other < strength
        equal += other == strength
    return Tally(below, +Counter({1: equal}), math.comb(len(spot.unknown), lack))


def holding(table: HandTable, cards: Sequence[int], strength: int) -> tuple[int, int]:
    """How many hands of the pack hold every one of ``cards`` (indices) and are weaker than ``strength``, and how
    many are as strong."""
    if not cards:
        at_most = table.at_most
        return at_most[strength - 1], at_most[strength] - at_most[strength - 1]
    if len(cards) <= 2:
        held = table.by_card()[cards[0]] if len(cards) == 1 else table.by_pair()[(min(cards), max(cards))]
        weaker = bisect.bisect_left(held, strength)
        return weaker, bisect.bisect_right(held, strength, weaker) - weaker
    size = table.data.hand_size
    chosen = set(cards)
    base = _key(table, cards)
    rest = [v for i, v in enumerate(table.bits.values()) if i not in chosen]
    strength_of = table.strengths()
    weaker = same = 0
    for key in map(sum, itertools.combinations(rest, size - len(cards))):
        other = strength_of[base + key]
        weaker += other < strength
        same += other == strength
    return weaker, same


# -- two opponents -----------------------------------------------------------------------------------
def two_opponents(spot: Spot) -> Tally:
    """Two opponents' hands counted by class (weaker than the hand, as strong) and joined by inclusion-exclusion
    over the unknown cards both would hold."""
    first, second = (_classes(spot, seat) for seat in (0, 1))
    if spot.known[0] == spot.known[1]:
        second = first  # the same hands: their sub-hand counts are shared
    most = min(spot.lacks)
    win = _disjoint(first[0], second[0], most)
    tie_one = _disjoint(first[0], second[1], most) + _disjoint(first[1], second[0], most)
    tie_two = _disjoint(first[1], second[1], most)
    ties = Counter({1: tie_one, 2: tie_two})
    return Tally(win, +ties, spot.outcomes())


class Drawn:
    """The draws (tuples of card values) that give one opponent a hand of one class, with the number of them
    holding each set of cards, counted once per size."""

    def __init__(self, draws: list[tuple[int, ...]]) -> None:
        self.draws = draws
        self.by_size: dict[int, Counter[tuple[int, ...]]] = {}

    def holding(self, size: int) -> Counter[tuple[int, ...]]:
        """How many of the draws hold each set of ``size`` cards."""
        found = self.by_size.get(size)
        if found is None:
            chosen = itertools.chain.from_iterable(map(itertools.combinations, self.draws, itertools.repeat(size)))
            found = self.by_size[size] = Counter(chosen)
        return found


def _classes(spot: Spot, seat: int) -> tuple[Drawn, Drawn]:
    """One opponent's draws from the unknown cards that make its hand weaker than the hand, and as strong."""
    table, strength = spot.hand_table, spot.strength
    base = _key(spot.hand_table, spot.known[seat])
    draws = list(itertools.combinations(_values(table, spot.unknown), spot.lacks[seat]))
    strength_of = table.strengths()
    strengths = [strength_of[base + key] for key in map(sum, draws)]
    weaker = list(itertools.compress(draws, [other < strength for other in strengths]))
    same = list(itertools.compress(draws, [other == strength for other in strengths]))
    return Drawn(weaker), Drawn(same)


def _disjoint(first: Drawn, second: Drawn, most: int) -> int:
    """How many pairs of a draw of ``first`` and a draw of ``second`` share no card (``most``: the smaller draw)."""
    total = len(first.draws) * len(second.draws)
    for size in range(1, most + 1):
        mine, theirs = first.holding(size), second.holding(size)
        if len(theirs) < len(mine):
            mine, theirs = theirs, mine
        joint = sum(n * theirs[cards] for cards, n in mine.items() if cards in theirs)
        total += -joint if size % 2 else joint
    return total


def _counted_hands(spot: Spot) -> int:
    """How many hands two opponents could hold together: what counting them lists."""
    return sum(math.comb(len(spot.unknown), lack) for lack in spot.lacks)


# -- any number of opponents ---------------------------------------------------------------------------
def enumerate_outcomes(spot: Spot) -> Tally:
    """Every outcome listed, opponent by opponent (an opponent who beats the hand settles every completion)."""
    table, strength, lacks = spot.hand_table, spot.strength, spot.lacks
    bases = [_key(table, cards) for cards in spot.known]
    strength_of = table.strengths()
    tally = Tally()

    def completions(left: int, seat: int) -> int:
        total = 1
        for lack in lacks[seat:]:
            total *= math.comb(left, lack)
            left -= lack
        return total

    def deal(seat: int, left: tuple[int, ...], ties: int) -> None:
        if seat == len(lacks):
            tally.total += 1
            if ties:
                tally.ties[ties] += 1
            else:
                tally.win += 1
            return
        for chosen in itertools.combinations(range(len(left)), lacks[seat]):
            other = strength_of[bases[seat] + sum(left[i] for i in chosen)]
            rest = tuple(v for i, v in enumerate(left) if i not in chosen)
            if other > strength:
                tally.total += completions(len(rest), seat + 1)
            else:
                deal(seat + 1, rest, ties + (other == strength))

    deal(0, _values(table, spot.unknown), 0)
    return tally


# -- Monte Carlo -------------------------------------------------------------------------------------
def monte_carlo(spot: Spot, samples: int, seed: str) -> Equity:
    """``samples`` outcomes drawn with ``sha256-sample/1`` seeded by ``seed``."""
    table, strength = spot.hand_table, spot.strength
    of_seats = _seat_strengths(spot)
    tally = Tally(total=samples)
    ties = tally.ties
    for drawn in sample_draws(_values(table, spot.unknown), sum(spot.lacks), samples, seed):
        theirs = list(of_seats(drawn))
        best = max(theirs)
        if best < strength:
            tally.win += 1
        elif best == strength:
            ties[theirs.count(strength)] += 1
    mean = tally.shares() / samples
    error = math.sqrt((tally.shares(2) / samples - mean * mean) / samples)
    return replace(tally.equity("monte_carlo", error), samples=samples, seed=seed, rng=RNG)


def _seat_strengths(spot: Spot) -> Callable[[list[int]], Iterator[int]]:
    """What a sample's drawn card values (dealt to opponent 0, 1, ... in order) make each opponent's hand, at C
    speed: where no card is known, ``add`` chained over one iterator sums each run of a hand's cards."""
    table, lacks = spot.hand_table, spot.lacks
    strength_of, add = table.strengths().__getitem__, operator.add
    if not any(spot.known):
        size = table.data.hand_size

        def runs(drawn: list[int]) -> Iterator[int]:
            cards = iter(drawn)
            keys: Iterator[int] = cards
            for _ in range(size - 1):
                keys = map(add, keys, cards)  # the first argument first: a hand's cards in a run
            return map(strength_of, keys)

        return runs
    bases = [_key(table, cards) for cards in spot.known]
    ends = list(itertools.accumulate(lacks))
    parts = [slice(end - lack, end) for end, lack in zip(ends, lacks, strict=True)]

    def seats(drawn: list[int]) -> Iterator[int]:
        return map(strength_of, map(add, bases, map(sum, map(drawn.__getitem__, parts))))

    return seats


# -- the request's cards -----------------------------------------------------------------------------
def spot(
    table: HandTable,
    hand: Sequence[Card],
    known: Sequence[Sequence[Card]],
    dead: Sequence[Card] = (),
    problems: Sequence[Problem] = (),
) -> Spot:
    """The request's cards as indices, every card checked once (pointers into the request); raises InvalidInput
    with ``problems`` and any the cards have."""
    problems = list(problems)
    index = {card: i for i, card in enumerate(table.data.pack)}
    size = table.data.hand_size
    seen: set[Card] = set()

    def take(cards: Sequence[Card], pointer: str) -> tuple[int, ...]:
        problems.extend(check_cards(cards, index, pointer, seen))
        return tuple(sorted(index[c] for c in set(cards) if c in index))

    take(hand, "/hand")
    if len(hand) != size:
        problems.append(Problem("invalid_hand_size", f"a hand holds {size} cards, not {len(hand)}", "/hand"))
    shown = []
    for seat, cards in enumerate(known):
        shown.append(take(cards, f"/opponents/{seat}/cards"))
        if len(cards) > size:
            message = f"an opponent's hand holds {size} cards, not {len(cards)}"
            problems.append(Problem("invalid_hand_size", message, f"/opponents/{seat}/cards"))
    take(dead, "/dead")
    if not known:
        problems.append(Problem("no_opponents", "there is at least one opponent", "/opponents"))
    if problems:
        raise InvalidInput(problems)
    unknown = tuple(i for card, i in index.items() if card not in seen)
    need = sum(size - len(cards) for cards in known)
    if need > len(unknown):
        message = f"{len(known)} opponents need {need} more cards, and only {len(unknown)} are unknown"
        raise InvalidInput([Problem("too_many_opponents", message, "/opponents")])
    return Spot(table, table.rank(hand)["strength"], unknown, tuple(shown))


def _values(table: HandTable, cards: Sequence[int]) -> tuple[int, ...]:
    """The hand-key values of the cards at these indices."""
    values = tuple(table.bits.values())
    return tuple(values[i] for i in cards)


def _key(table: HandTable, cards: Sequence[int]) -> int:
    """The part of a hand key the cards at these indices make."""
    return sum(_values(table, cards))


def _samples_message(samples: int | None) -> str:
    return f"samples must be {SAMPLES_RANGE[0]:,} to {SAMPLES_RANGE[1]:,}, not {samples}"
