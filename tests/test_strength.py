"""bench/strength.py cannot break unnoticed: its short form runs, and ``normal`` beats uniform-random play (in
Briscola, more deals won than lost; in Three Card Brag, chips won). The deals are seeded: the same every run."""

from __future__ import annotations

from bench import strength
from service.rules.registry import GAMES


def test_the_short_form_runs_and_normal_beats_random():
    rows = {row["table"]: row for row in strength.main(["--short", "--deals", "4", "--json"])}
    assert set(rows) == {"briscola", "three-card-brag"}
    assert rows["briscola"]["plays"] == 8 and rows["briscola"]["score"] > 0.5
    assert rows["three-card-brag"]["score"] > 0


def test_a_duplicate_deal_swaps_the_seats():
    """Each deal is played once from each side: the bot at seat 0, then at seat 1."""
    seen = []

    def bot(game, state, seat, seed):
        seen.append(seat)
        return strength.greedy_policy(game, state, seat, seed)

    scores = strength.duplicate("briscola", 0, bot, strength.greedy_policy)
    assert len(scores) == 2 and sum(scores) == 1.0  # greedy against itself: one side won each play (or both drew)
    assert set(seen) == {0, 1}
    game = GAMES["briscola"]
    assert strength.side_score(game, None, [0]) == 0.5


def test_the_interval_is_over_deals_not_plays():
    """A duplicate deal's two plays share its cards: the row's score and interval are over the deals' means."""
    row = strength.measure("briscola", "easy", "greedy", 3)
    assert row["plays"] == 6 and len(row["values"]) == 6 and len(row["deal_scores"]) == 3
    pairs = [row["values"][i : i + 2] for i in range(0, 6, 2)]
    assert row["deal_scores"] == [sum(p) / 2 for p in pairs]
    assert row["score"] == round(sum(row["deal_scores"]) / 3, 4)
    assert row["interval"] == round(strength.Score(row["deal_scores"]).half_width, 4)


def test_the_calling_baseline_looks_first_in_three_card_brag():
    """``greedy`` (section 17's calling station) plays its cards seen; ``blind-caller`` never looks, and calls."""
    game = GAMES["three-card-brag"]
    options = game.options(None)
    state = game.deal(2, 0, options, strength.shuffle(game.pack(2, options), "look")).state
    seat = state.to_act
    assert strength.greedy_policy(game, state, seat, "s")["type"] == "look"
    assert strength.blind_caller_policy(game, state, seat, "s")["type"] in {"bet", "call"}


def test_the_counting_baseline_plays_the_endgame_exactly_and_beats_greedy():
    """Once the stock is spent (heads-up: the seat sees every card) its move is the exact search's; over a few
    seeded deals it wins more than greedy does against it."""
    game = GAMES["briscola"]
    options = game.options(None)
    state = game.deal(2, 0, options, strength.shuffle(game.pack(2, options), "endgame")).state
    while state.stock:
        state = game.apply(state, strength.typed(game, strength.greedy_policy(game, state, state.to_act, ""))).state
    seat = state.to_act
    legal = game.view_legal_actions(state, seat)
    exact = strength.exact_search(game, state, seat, legal, strength.ENDGAME_NODES)
    assert exact is not None and strength.counting_policy(game, state, seat, "s") == exact.action
    assert strength.measure("briscola", "counting", "greedy", 8)["score"] > 0.5
