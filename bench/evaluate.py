"""Benchmark: evaluating a batch of 10,000 hands, as ratios against baselines measured in the same run.

- engine: each hand game's precomputed ``evaluate`` against a plain loop that only builds a frozenset per
  hand (the least any lookup must do);
- HTTP: a whole ``hands/evaluate`` request of 10,000 hands against ``GET /healthz`` through the same client.

Run: ``.venv/bin/python bench/evaluate.py``. Nothing here asserts a time; it prints ratios.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.api.app import create_app  # noqa: E402
from service.rules.game import HandGame  # noqa: E402
from service.rules.registry import GAMES  # noqa: E402

BATCH = 10_000


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    rng = random.Random(7)
    client = create_app({"WARM_TABLES": True}).test_client()
    for game in GAMES.values():
        if not isinstance(game, HandGame):
            continue
        pack = list(game.full_pack())
        hands = [rng.sample(pack, game.hand_size) for _ in range(BATCH)]
        options = game.options(None)
        game.evaluate(hands[:1], options)  # build the table outside the timing
        baseline = best_of(lambda hands=hands: [frozenset(h) for h in hands])
        engine = best_of(lambda game=game, hands=hands, options=options: game.evaluate(hands, options))
        health = best_of(lambda: client.get("/healthz"), repeat=20)
        body = {"hands": hands}
        http = best_of(lambda game=game, body=body: client.post(f"/v1/{game.id}/hands/evaluate", json=body), 3)
        print(
            f"{game.id:>16}: engine/frozenset-loop = {engine / baseline:7.1f}x   "
            f"HTTP evaluate {BATCH}/healthz = {http / health:8.1f}x   (engine {engine * 1000:.1f} ms)"
        )


if __name__ == "__main__":
    main()
