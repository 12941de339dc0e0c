"""Exact equity (docs/api.md section 10) against brute force: heads-up on many hands, two opponents on a reduced pack,
the whole-space identity, card removal, options, and the 422 cases."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from service.rules import equity
from service.rules.errors import InvalidInput
from service.rules.registry import GAMES
from tests.rules.equity_reference import outcomes

HAND_GAMES = ["three-card-brag", "old-brag", "broggin"]


def counts_of(found: equity.Equity) -> dict[str, int]:
    return {"win": found.counts.win, "tie": found.counts.tie, "lose": found.counts.lose}


def spots(game_id: str, count: int, seed: int, dead: tuple[int, int], known: tuple[int, int], opponents: int = 1):
    """Random requests: a hand, each opponent's known cards and dead cards, all distinct."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    for _ in range(count):
        cards = rng.sample(game.full_pack(), len(game.full_pack()))
        hand, cards = cards[: game.hand_size], cards[game.hand_size :]
        shown = []
        for _ in range(opponents):
            n = rng.randint(*known)
            shown.append(cards[:n])
            cards = cards[n:]
        yield hand, shown, cards[: rng.randint(*dead)]


@pytest.mark.parametrize("game_id", HAND_GAMES)
@pytest.mark.parametrize("way", [equity.by_exclusion, equity.by_listing, equity.one_opponent])
def test_heads_up_counts_are_the_brute_force_counts(game_id, way):
    game = GAMES[game_id]
    table = game.hand_table(game.options(None))
    checked = 0
    for hand, known, dead in spots(game_id, 12 if game_id == "broggin" else 40, 7, (0, 12), (0, 2)):
        tally = way(equity.spot(table, hand, known, dead))
        counts = tally.counts()
        expected, share = outcomes(game, hand, known, dead)
        assert (counts.win, counts.tie, counts.lose) == (expected["win"], expected["tie"], expected["lose"])
        assert counts.win + counts.tie + counts.lose == counts.total == sum(expected.values())
        assert tally.shares() == share
        checked += 1
    assert checked


@pytest.mark.parametrize("game_id", ["three-card-brag", "old-brag"])
def test_a_hand_and_one_unknown_opponent_count_18424_outcomes(game_id):
    game = GAMES[game_id]
    for hand, _, _ in spots(game_id, 5, 3, (0, 0), (0, 0)):
        found = game.equity(hand, 1, game.options(None))
        expected, share = outcomes(game, hand, [[]])
        assert found.method == "exact" and found.counts.total == 18_424 and found.standard_error == 0
        assert counts_of(found) == dict(expected) | {k: 0 for k in ("win", "tie", "lose") if k not in expected}
        assert found.share == float(share / 18_424)
        assert found.win + found.tie + found.lose == pytest.approx(1)
        assert (found.samples, found.seed, found.rng) == (None, None, None)


@pytest.mark.parametrize(("game_id", "dead"), [("three-card-brag", 40), ("old-brag", 40), ("broggin", 27)])
def test_two_opponents_counted_as_plain_enumeration_finds_them(game_id, dead):
    """On a pack reduced by dead cards (9 unknown), counting two opponents' shared cards gives what listing every
    outcome gives, and what the brute force gives, with and without known cards."""
    game = GAMES[game_id]
    table = game.hand_table(game.options(None))
    for hand, known, dead_cards in spots(game_id, 8, 11, (dead, dead), (0, 1), opponents=2):
        spot = equity.spot(table, hand, known, dead_cards)
        counted, listed = equity.two_opponents(spot), equity.enumerate_outcomes(spot)
        expected, share = outcomes(game, hand, known, dead_cards)
        assert counted.counts() == listed.counts()
        assert (counted.win, sum(counted.ties.values())) == (expected["win"], expected["tie"])
        assert counted.counts().lose == expected["lose"]
        assert counted.shares() == listed.shares() == share


def test_two_opponents_ties_share_the_pot_by_how_many_tie():
    """A hand that only ties or loses: the share of a two-way tie is 1/2, of a three-way tie 1/3."""
    game = GAMES["three-card-brag"]
    table = game.hand_table(game.options(None))
    hand = ["5S", "4H", "2D"]  # beats only 5-3-2
    dead = [c for c in game.full_pack() if c[0] not in "5432"]  # 13 unknown cards: 34,320 outcomes
    spot = equity.spot(table, hand, [[], []], dead)
    tally = equity.two_opponents(spot)
    expected, share = outcomes(game, hand, [[], []], dead)
    assert set(tally.ties) == {1, 2} and tally.shares() == share
    assert tally.counts() == equity.enumerate_outcomes(spot).counts()


@pytest.mark.parametrize("game_id", ["three-card-brag", "old-brag"])
def test_two_unknown_opponents_are_counted_exactly_over_279676320_outcomes(game_id):
    game = GAMES[game_id]
    found = game.equity(["KS", "KH", "7D"], 2, game.options(None), method="exact")
    assert found.method == "exact" and found.counts.total == 279_676_320 == math.comb(49, 3) * math.comb(46, 3)
    assert found.counts.win + found.counts.tie + found.counts.lose == found.counts.total
    heads_up = game.equity(["KS", "KH", "7D"], 1, game.options(None))
    assert found.share < heads_up.share  # a second opponent can only take from the hand
    auto = game.equity(["KS", "KH", "7D"], 2, game.options(None))
    assert auto.method == "monte_carlo"  # more than 100,000 outcomes: auto samples


@pytest.mark.parametrize("game_id", ["three-card-brag", "old-brag"])
def test_the_whole_space_identity_heads_up(game_id):
    """Summed over every hand, 2 * win + tie is hands x outcomes: a random hand's mean share is exactly 1/2."""
    assert whole_space(game_id) == (22_100, 18_424)


@pytest.mark.exhaustive
def test_the_whole_space_identity_heads_up_broggin():
    assert whole_space("broggin") == (91_390, 58_905)


def whole_space(game_id: str) -> tuple[int, int]:
    import itertools

    game = GAMES[game_id]
    options = game.options(None)
    hands = total = 0
    outcomes_each = set()
    for hand in itertools.combinations(game.full_pack(), game.hand_size):
        found = game.equity(hand, 1, options, method="exact")
        total += 2 * found.counts.win + found.counts.tie
        hands += 1
        outcomes_each.add(found.counts.total)
    (each,) = outcomes_each
    assert total == hands * each
    return hands, each


def test_card_removal_a_lower_percentile_can_have_the_higher_equity():
    """Old Brag: holding braggers takes them from the opponent, so a hand below another can win more often."""
    game = GAMES["old-brag"]
    options = game.options(None)
    import itertools

    hands = list(itertools.combinations(game.full_pack(), 3))
    percentiles = game.percentiles(hands, options)
    shares = [game.equity(hand, 1, options).share for hand in hands]
    order = sorted(range(len(hands)), key=lambda i: percentiles[i]["value"])
    best_so_far = order[0]
    pair = None
    for i in order:
        if shares[best_so_far] > shares[i] and percentiles[best_so_far]["value"] < percentiles[i]["value"]:
            pair = (best_so_far, i)
            break
        if shares[i] > shares[best_so_far]:
            best_so_far = i
    assert pair is not None
    lower, higher = (list(hands[i]) for i in pair)
    lower_counts, lower_share = outcomes(game, lower, [[]])
    higher_counts, higher_share = outcomes(game, higher, [[]])
    assert lower_share > higher_share  # by brute force too
    assert percentiles[pair[0]]["value"] < percentiles[pair[1]]["value"]


def test_options_apply_to_equity():
    """A-2-3 is the best run by default and the lowest with a23_rank lowest: its equity follows."""
    game = GAMES["three-card-brag"]
    hand = ["AS", "2H", "3D"]
    high = game.equity(hand, 1, game.options(None))
    low_options = game.options({"a23_rank": "lowest"})
    low = game.equity(hand, 1, low_options)
    expected, share = outcomes(game, hand, [[]], options=low_options)
    assert low.counts.win == expected["win"] and low.share == float(share / 18_424)
    assert low.share < high.share


def test_broggin_hands_take_their_best_trump_assignment_whatever_the_assignment_option():
    game = GAMES["broggin"]
    hand = ["Witch", "Death", "QSw", "QSt"]
    best = game.equity(hand, 1, game.options(None))
    declared = game.equity(hand, 1, game.options({"assignment": "declared_only"}))
    assert counts_of(best) == counts_of(declared)
    expected, _ = outcomes(game, hand, [[]])
    assert best.counts.win == expected["win"]


# -- refusals --------------------------------------------------------------------------------------------
def refused(**request) -> list[tuple[str, str]]:
    game = GAMES[request.pop("game", "three-card-brag")]
    with pytest.raises(InvalidInput) as raised:
        game.equity(request.pop("hand", ["AS", "KS", "QS"]), request.pop("opponents", 1), game.options(None), **request)
    return [(p.pointer, p.code) for p in raised.value.problems]


def test_a_card_twice_anywhere_is_refused_where_it_repeats():
    assert refused(opponents=[{"x"}, ["AS"]]) == [("/opponents/0/cards/0", "card_not_in_pack"),
                                                   ("/opponents/1/cards/0", "duplicate_card")]  # fmt: skip
    assert refused(opponents=[["2C"]], dead=["3C", "2C"]) == [("/dead/1", "duplicate_card")]
    assert refused(hand=["AS", "AS", "KS"]) == [("/hand/1", "duplicate_card")]
    assert refused(hand=["AS", "KS"]) == [("/hand", "invalid_hand_size")]
    assert refused(opponents=[["2C", "3C", "4C", "5C"]]) == [("/opponents/0/cards", "invalid_hand_size")]


def test_more_cards_needed_than_unknown_is_refused_at_opponents():
    assert refused(opponents=17) == [("/opponents", "too_many_opponents")]
    assert refused(opponents=16, dead=["2C", "3C"]) == [("/opponents", "too_many_opponents")]
    assert refused(opponents=0) == [("/opponents", "no_opponents")]
    assert GAMES["three-card-brag"].equity(["AS", "KS", "QS"], 16, GAMES["three-card-brag"].options(None)).counts


def test_samples_out_of_range_are_refused():
    assert refused(samples=999) == [("/samples", "samples_out_of_range")]
    assert refused(samples=100_001, method="monte_carlo") == [("/samples", "samples_out_of_range")]
    assert refused(seed="") == [("/seed", "invalid_seed")]


def test_exact_beyond_what_can_be_counted_names_the_outcomes():
    with pytest.raises(InvalidInput) as raised:
        GAMES["three-card-brag"].equity(["AS", "KS", "QS"], 3, GAMES["three-card-brag"].options(None), method="exact")
    (problem,) = raised.value.problems
    outcomes_count = math.comb(49, 3) * math.comb(46, 3) * math.comb(43, 3)
    assert problem.pointer == "/method" and f"{outcomes_count:,}" in problem.message


def test_exact_answers_three_opponents_when_there_are_few_outcomes():
    game = GAMES["three-card-brag"]
    hand = ["QS", "QH", "4D"]
    dead = [c for c in game.full_pack() if c not in hand][:39]  # 10 unknown cards: 120 x 35 x 4 outcomes
    found = game.equity(hand, 3, game.options(None), dead=dead, method="auto")
    expected, share = outcomes(game, hand, [[], [], []], dead)
    assert found.method == "exact" and found.counts.total == 120 * 35 * 4 == sum(expected.values())
    assert (found.counts.win, found.counts.tie) == (expected["win"], expected["tie"])
    assert found.share == float(share / found.counts.total)
    assert Fraction(found.counts.win, found.counts.total) == Fraction(expected["win"], found.counts.total)
