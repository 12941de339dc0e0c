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
