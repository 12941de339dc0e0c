"""Monte Carlo equity: ``sha256-sample/1`` replayed by a second implementation written here from docs/api.md
sections 5 and 10 alone, and the sampled share within a few standard errors of the exact one."""

from __future__ import annotations

import hashlib
import math
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.rules.registry import GAMES
from tests.rules.equity_reference import strength_of


class Words:
    """The byte stream: SHA-256(seed ":" k) blocks concatenated, read 8 bytes at a time, big-endian."""

    def __init__(self, seed: str) -> None:
        self.seed, self.buffer, self.block = seed, b"", 0

    def next(self) -> int:
        if not self.buffer:
            self.buffer = hashlib.sha256(f"{self.seed}:{self.block}".encode()).digest()
            self.block += 1
        word, self.buffer = self.buffer[:8], self.buffer[8:]
        return int.from_bytes(word, "big")

    def uniform(self, m: int) -> int:
        limit = (2**64 // m) * m
        while (value := self.next()) >= limit:
            pass
        return value % m


def replay(game_id, hand, known, dead, samples, seed, options=None):
    """The counts, the share and the standard error of docs/api.md section 10's Monte Carlo, recomputed."""
    game = GAMES[game_id]
    options = game.options(options)
    strength = strength_of(game, options)
    mine = strength(hand)
    used = set(hand) | set(dead) | {c for cards in known for c in cards}
    unknown = [c for c in game.full_pack() if c not in used]
    lacks = [game.hand_size - len(cards) for cards in known]
    need = sum(lacks)
    words = Words(seed)
    counts = {"win": 0, "tie": 0, "lose": 0}
    shares: list[Fraction] = []
    for _ in range(samples):
        deck = list(unknown)
        for i in range(len(deck) - 1, len(deck) - need - 1, -1):
            j = words.uniform(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        dealt = deck[len(deck) - need :]
        theirs = []
        for cards, lack in zip(known, lacks, strict=True):
            theirs.append(strength([*cards, *dealt[:lack]]))
            dealt = dealt[lack:]
        if max(theirs) > mine:
            counts["lose"] += 1
            shares.append(Fraction(0))
        elif max(theirs) == mine:
            counts["tie"] += 1
            shares.append(Fraction(1, theirs.count(mine) + 1))
        else:
            counts["win"] += 1
            shares.append(Fraction(1))
    mean = sum(shares) / samples
    squares = sum(e * e for e in shares) / samples
    return counts, float(mean), math.sqrt(float((squares - mean * mean) / samples))


SPOTS = [
    ("three-card-brag", ["KS", "KH", "7D"], 2, [], 1000, "equity"),
    ("three-card-brag", ["9S", "9H", "2C"], [[], ["AD"]], ["TC", "JC"], 1500, "table-7"),
    ("old-brag", ["QS", "JH", "2C"], [["AD"], ["9D"], []], [], 1200, "ø seed"),
    ("broggin", ["Witch", "QSw", "QSt", "2Cu"], 2, ["Death"], 1000, "b"),
    ("broggin", ["1Sw", "2Sw", "3Sw", "4Sw"], [["Death", "Fool"]], [], 1000, "c"),
]


@pytest.mark.parametrize(("game_id", "hand", "opponents", "dead", "samples", "seed"), SPOTS)
def test_a_second_implementation_replays_the_samples_bit_for_bit(game_id, hand, opponents, dead, samples, seed):
    game = GAMES[game_id]
    found = game.equity(hand, opponents, game.options(None), dead, "monte_carlo", samples, seed)
    known = [[]] * opponents if isinstance(opponents, int) else opponents
    counts, share, error = replay(game_id, hand, known, dead, samples, seed)
    assert (found.counts.win, found.counts.tie, found.counts.lose) == (counts["win"], counts["tie"], counts["lose"])
    assert found.counts.total == found.samples == samples
    assert found.share == share and found.standard_error == pytest.approx(error, rel=1e-12)
    assert (found.method, found.seed, found.rng) == ("monte_carlo", seed, "sha256-sample/1")


def test_the_default_seed_and_samples():
    game = GAMES["three-card-brag"]
    found = game.equity(["KS", "KH", "7D"], 2, game.options(None))
    assert (found.method, found.samples, found.seed) == ("monte_carlo", 10_000, "equity")
    again = game.equity(["KS", "KH", "7D"], 2, game.options(None), method="monte_carlo", seed="equity")
    assert again == found


EXACT_SPOTS = [
    ("three-card-brag", ["TS", "TH", "4D"], 1),
    ("three-card-brag", ["KS", "QH", "9D"], 2),
    ("old-brag", ["7S", "7H", "4D"], 2),
    ("old-brag", ["KS", "7H", "9S"], [["5C"]]),
    ("broggin", ["KSw", "KSt", "4Co", "2Cu"], 1),
    ("broggin", ["5Sw", "5St", "Fool", "1Cu"], 2),
]


@pytest.mark.parametrize(("game_id", "hand", "opponents"), EXACT_SPOTS)
@pytest.mark.parametrize("seed", ["equity", "s1", "table-7"])
def test_the_sampled_share_lies_within_3_standard_errors_of_the_exact_one(game_id, hand, opponents, seed):
    game = GAMES[game_id]
    options = game.options(None)
    exact = game.equity(hand, opponents, options, method="exact")
    sampled = game.equity(hand, opponents, options, method="monte_carlo", samples=10_000, seed=seed)
    assert exact.method == "exact" and 0.05 < exact.share < 0.95
    assert abs(sampled.share - exact.share) <= 3 * sampled.standard_error


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(seed=st.text(min_size=1, max_size=20), spot=st.sampled_from(EXACT_SPOTS))
def test_the_sampled_share_lies_within_4_standard_errors_for_any_seed(seed, spot):
    game_id, hand, opponents = spot
    game = GAMES[game_id]
    options = game.options(None)
    exact = game.equity(hand, opponents, options, method="exact")
    sampled = game.equity(hand, opponents, options, method="monte_carlo", samples=2_000, seed=seed)
    assert abs(sampled.share - exact.share) <= 4 * sampled.standard_error


def _drawn(words: Words, unknown: list[int], need: int, samples: int) -> list[list[int]]:
    """What section 10 deals to the opponents in each sample, drawn word by word from ``words``."""
    expected = []
    for _ in range(samples):
        deck = list(unknown)
        for i in range(len(deck) - 1, len(deck) - need - 1, -1):
            j = words.uniform(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        expected.append(deck[len(deck) - need :])
    return expected


def test_a_rejected_word_redraws_its_sample_from_the_same_words(monkeypatch):
    """The sampler's fast path reduces a sample's words at once; where it sees a rejected word it draws that
    sample again word by word from the same words. Forced here on about half the samples, the draws are still
    the ones :class:`Words` makes."""
    from service.rules import sampling

    unknown, need, samples = list(range(49)), 6, 300
    expected = _drawn(Words("rejected"), unknown, need, samples)
    assert list(sampling.sample_draws(unknown, need, samples, "rejected")) == expected
    monkeypatch.setattr(sampling, "rejection_limit", lambda m: 2**63)  # the fast path "rejects" half the words
    assert list(sampling.sample_draws(unknown, need, samples, "rejected")) == expected


def test_batches_drawn_at_once_and_one_by_one_follow_each_other_in_the_stream(monkeypatch):
    """The sampler checks the words of many samples at once and sends a batch holding a word at or over a limit
    through the one-by-one path. With the fast path's limits lowered so that about half the batches go each way,
    the draws are still the reference sampler's: no word lost or read twice where the paths meet."""
    from service.rules import sampling

    unknown, need, samples = list(range(49)), 48, 3_000
    expected = _drawn(Words("batches"), unknown, need, samples)
    routes = []
    one_by_one = sampling._one_by_one

    def counted(*args):
        routes.append("one by one")
        return one_by_one(*args)

    monkeypatch.setattr(sampling, "rejection_limit", lambda m: 2**64 - 2**52)  # a word in 4,096 "rejected"
    monkeypatch.setattr(sampling, "_one_by_one", counted)
    assert list(sampling.sample_draws(unknown, need, samples, "batches")) == expected
    batch = sampling._CHUNK // need
    assert batch * 3 < len(routes) < samples - batch * 3  # both paths, many times each
