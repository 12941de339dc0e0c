"""Three Card Brag hand ranking: worked examples T1-T12 and every one of the 22,100 hands."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from service.rules.cards import parse_french
from service.rules.registry import GAMES
from service.rules.three_card_brag.options import BragOptions

GAME = GAMES["three-card-brag"]


def cards(text: str) -> list[str]:
    return [parse_french(c) for c in text.split()]


def winner(x: str, y: str, **options) -> str:
    ranking = GAME.compare([cards(x), cards(y)], BragOptions(**options)).ranking
    if len(ranking[0]) == 2:
        return "equal"
    return "X" if ranking[0] == [0] else "Y"


@pytest.mark.parametrize(
    ("x", "y", "expected", "options"),
    [
        pytest.param("3♠ 3♥ 3♦", "A♣ A♠ A♥", "X", {}, id="T1-threes-best-prial"),
        pytest.param("A♠ 2♠ 3♠", "A♥ K♥ Q♥", "X", {}, id="T2-a23-highest-run"),
        pytest.param("A♠ 2♠ 3♠", "A♥ K♥ Q♥", "Y", {"a23_rank": "lowest"}, id="T2-a23-lowest-option"),
        pytest.param("4♥ 3♥ 2♥", "A♦ K♣ Q♠", "X", {}, id="T3-running-flush-beats-run"),
        pytest.param("3♦ 2♣ A♥", "A♦ K♣ Q♠", "X", {}, id="T4-a23-beats-akq"),
        pytest.param("4♠ 3♥ 2♦", "K♥ 9♥ 2♥", "X", {}, id="T5-run-beats-flush"),
        pytest.param("K♥ 9♥ 2♥", "Q♠ 10♠ 5♠", "X", {}, id="T6-flush-king-high"),
        pytest.param("K♥ 9♥ 2♥", "A♠ A♥ K♦", "X", {}, id="T7-flush-beats-pair"),
        pytest.param("9♠ 9♥ 3♦", "8♣ 8♦ K♥", "X", {}, id="T8-higher-pair"),
        pytest.param("8♣ 8♦ K♥", "8♠ 8♥ J♦", "X", {}, id="T9-pair-kicker"),
        pytest.param("A♣ K♣ 2♦", "A♦ K♥ 2♣", "equal", {}, id="T10-equal-hands"),
        pytest.param("3♠ 3♥ 3♦", "A♣ A♠ A♥", "Y", {"prial_order": "aces_high"}, id="BT-A2-aces-high-option"),
    ],
)
def test_worked_examples(x, y, expected, options):
    assert winner(x, y, **options) == expected


def test_T11_k_a_2_is_high_card_not_a_run():
    (found,) = GAME.evaluate([cards("K♣ A♦ 2♥")], BragOptions())
    assert found.category == "high_card"
    assert found.description == "High card A-K-2"


def test_T12_q_k_a_is_a_run():
    (found,) = GAME.evaluate([cards("Q♥ K♦ A♣")], BragOptions())
    assert found.category == "run"


def test_compare_says_what_decided():
    options = BragOptions()
    assert GAME.compare([cards("3♠ 3♥ 3♦"), cards("AS KS 2D")], options).deciding == "category"
    assert GAME.compare([cards("9♠ 9♥ 3♦"), cards("8♣ 8♦ K♥")], options).deciding == "rank"
    assert GAME.compare([cards("A♣ K♣ 2♦"), cards("A♦ K♥ 2♣")], options).deciding == "tie"


# -- every hand against a brute-force reference ----------------------------------------------------

VALUE = {r: v for v, r in enumerate("23456789TJQKA", start=2)}
RUNS_HIGH_FIRST = [{14, 2, 3}] + [{top, top - 1, top - 2} for top in range(14, 3, -1)]


def reference_key(hand, a23_rank="highest", prial_order="threes_high"):
    """Plain reading of 5(c): category first, then the comparison the table gives, as a tuple."""
    values = sorted((VALUE[c[0]] for c in hand), reverse=True)
    suits = {c[1] for c in hand}
    runs = list(RUNS_HIGH_FIRST)
    if a23_rank == "lowest":
        runs = runs[1:] + runs[:1]
    run_index = next((i for i, run in enumerate(runs) if set(values) == run and len(set(values)) == 3), None)
    counts = Counter(values)
    if len(counts) == 1:
        prial_rank = 15 if (values[0] == 3 and prial_order == "threes_high") else values[0]
        return (6, prial_rank)
    if run_index is not None and len(suits) == 1:
        return (5, -run_index)
    if run_index is not None:
        return (4, -run_index)
    if len(suits) == 1:
        return (3, *values)
    if len(counts) == 2:
        pair = next(v for v, n in counts.items() if n == 2)
        kicker = next(v for v, n in counts.items() if n == 1)
        return (2, pair, kicker)
    return (1, *values)


ALL_HANDS = list(itertools.combinations(GAME.full_pack(), 3))


@pytest.mark.parametrize("a23_rank", ["highest", "lowest"])
@pytest.mark.parametrize("prial_order", ["threes_high", "aces_high"])
def test_every_hand_against_the_reference(a23_rank, prial_order):
    options = BragOptions(a23_rank=a23_rank, prial_order=prial_order)
    results = GAME.evaluate(ALL_HANDS, options)
    keys = [reference_key(h, a23_rank, prial_order) for h in ALL_HANDS]
    dense = {key: i + 1 for i, key in enumerate(sorted(set(keys)))}
    assert [r.strength for r in results] == [dense[k] for k in keys]
    categories = Counter(r.category for r in results)
    assert categories == {"prial": 52, "running_flush": 48, "run": 720, "flush": 1096, "pair": 3744, "high_card": 16440}
    assert len({r.strength for r in results}) == 741
