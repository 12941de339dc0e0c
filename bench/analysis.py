"""Analysis (issue 42, docs/api.md 19, docs/analysis.md): the loss distribution of each way of playing, per game, that
the thresholds are set from, and what an analysis costs against one ``actions/suggest`` per decision.

For each table of :data:`bench.strength.TABLES` and each policy (``random``, ``greedy``, the levels), ``--deals``
seeded deals are played with every seat by that policy (bench/strength.py's baselines); every decision is then
weighed as ``records/analyze`` weighs it (:mod:`service.rules.analysis`, at ``--level``). The table prints, per game
and policy, the decisions, the mean loss and its quantiles, and each label's share by the game's thresholds. The
cost is a ratio measured in the same run: the seconds of one deal's analysis over the seconds of
``actions/suggest`` on each of its decisions' states (1 means the analysis costs no more than the suggestions it
rests on).

Run from the repository root: ``nice .venv/bin/python bench/analysis.py [--deals N] [--level L] [--games G ...]
[--policies P ...]``; the defaults take a few minutes on one core. Nothing here asserts; it prints a table.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.strength import MAX_ACTIONS, TABLES, game_of, policy_of  # noqa: E402
from service.rules import analysis  # noqa: E402
from service.rules.bots import suggest  # noqa: E402
from service.rules.bots.common import typed  # noqa: E402
from service.rules.game import Game  # noqa: E402
from service.rules.shuffle import shuffle  # noqa: E402

POLICIES = ("random", "greedy", "easy", "normal")
QUANTILES = (0.5, 0.75, 0.9)


def played(game: Game[Any, Any, Any], players: int, seed: str, policy: str) -> list[analysis.Step]:
    """One deal from ``seed``, every seat played by ``policy``: each action with the state before it."""
    options, chooser = game.options(None), policy_of(policy)
    state = game.deal(players, 0, options, shuffle(game.pack(players, options), seed)).state
    steps = []
    for index in range(MAX_ACTIONS):
        if state.to_act is None:
            break
        action = typed(game, chooser(game, state, state.to_act, f"{seed}:{index}"))
        steps.append(analysis.Step(index, action, state))
        state = game.apply(state, action).state
    return steps


def quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def measure(table: str, policy: str, deals: int, level: str) -> dict[str, Any]:
    """The losses of ``policy``'s decisions over ``deals`` deals, and the analysis's cost against suggestion."""
    game, players = game_of(table), TABLES[table]
    losses: list[float] = []
    analysed = suggested = 0.0
    for deal in range(deals):
        steps = played(game, players, f"analysis-{table}-{deal}", policy)
        chosen = analysis.decisions_of(game, steps, list(range(players)))[: analysis.BUDGET_DECISIONS]
        start = time.perf_counter()
        for step in chosen:
            suggest(game, step.before, step.action.seat, level, "bench")
        suggested += time.perf_counter() - start
        start = time.perf_counter()
        losses += [d.loss for d in analysis.analyse(game, chosen, level, "bench")]
        analysed += time.perf_counter() - start
    scale = analysis.scale_of(game)
    labels = [analysis.label(x, scale) for x in losses]
    return {
        "table": table,
        "policy": policy,
        "decisions": len(losses),
        "mean": sum(losses) / len(losses) if losses else float("nan"),
        **{f"p{round(q * 100)}": quantile(losses, q) for q in QUANTILES},
        **{name: labels.count(name) / len(labels) if labels else 0.0 for name in analysis.LABELS},
        "cost": analysed / suggested if suggested else float("nan"),
    }


def main(argv: Sequence[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--level", choices=analysis.LEVELS, default="easy")
    parser.add_argument("--games", nargs="*", default=list(TABLES))
    parser.add_argument("--policies", nargs="*", default=list(POLICIES))
    args = parser.parse_args(argv)
    rows = []
    header = ["table", "policy", "decisions", "mean", "p50", "p75", "p90", *analysis.LABELS, "cost"]
    print(" ".join(f"{h:>10}" for h in header), flush=True)
    for table in args.games:
        for policy in args.policies:
            row = measure(table, policy, args.deals, args.level)
            rows.append(row)
            cells = [f"{row[h]:>10.2f}" if isinstance(row[h], float) else f"{row[h]:>10}" for h in header]
            print(" ".join(cells), flush=True)
    return rows


if __name__ == "__main__":
    main()
