"""What a suggestion costs (issue 32): the engine's ``apply()`` in a rollout, and a whole suggestion at each level,
in CPU seconds of this process (``time.process_time``: what one core spends, whatever else the machine runs),
each suggestion also as a multiple of one ``apply()`` measured in the same run.

States come from seeded random playthroughs (a few per deal, spread over it). A table's first suggestion in the
process is timed apart (``first call``: Broggin's builds its table index, some 0.3 s once), so that the levels'
medians are what each call costs after it. Run from the repository root:
``.venv/bin/python bench/suggest_cost.py [--deals N] [--levels L ...] [--games G ...]``. Nothing here asserts; it
prints.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.strength import TABLES, game_of, random_policy  # noqa: E402
from service.rules.bots import suggest  # noqa: E402
from service.rules.bots.common import typed  # noqa: E402
from service.rules.shuffle import shuffle  # noqa: E402


def playthrough(table: str, seed: str) -> list[Any]:
    """The states of one random deal of ``table`` with a seat to act."""
    game, players = game_of(table), TABLES[table]
    options = game.options(None)
    state = game.deal(players, 0, options, shuffle(game.pack(players, options), seed)).state
    states = []
    while state.to_act is not None:
        states.append(state)
        action = random_policy(game, state, state.to_act, f"{seed}:{len(states)}")
        state = game.apply(state, typed(game, action)).state
    return states


def apply_cost(table: str, states: list[Any]) -> float:
    """CPU seconds of one ``apply()`` of a random legal action, over ``states``."""
    game = game_of(table)
    rng = random.Random(table)
    moves = [(s, typed(game, random_policy(game, s, s.to_act, str(rng.random())))) for s in states]
    started = time.process_time()
    for _ in range(5):
        for state, move in moves:
            game.apply(state, move)
    return (time.process_time() - started) / (5 * len(moves))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--levels", nargs="*", default=["easy", "normal", "hard"])
    parser.add_argument("--games", nargs="*", default=list(TABLES))
    args = parser.parse_args()
    for table in args.games:
        game = game_of(table)
        states = [s for d in range(args.deals) for s in playthrough(table, f"cost/{d}")]
        unit = apply_cost(table, states)
        picked = states[:: max(1, len(states) // 12)]
        started = time.process_time()
        suggest(game, picked[0], None, "easy")  # what a process pays once (Broggin's table index), not per call
        first = time.process_time() - started
        line = [f"{table:<18} apply {unit * 1e6:7.1f} µs; first call {first:.3f} s"]
        for level in args.levels:
            costs = []
            for state in picked:
                started = time.process_time()
                suggest(game, state, None, level)
                costs.append(time.process_time() - started)
            median = statistics.median(costs)
            line.append(f"{level} median {median:.3f} s ({median / unit:,.0f} applies) max {max(costs):.3f} s")
        print("; ".join(line), flush=True)


if __name__ == "__main__":
    main()
