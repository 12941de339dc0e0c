"""bench/analysis.py cannot break unnoticed: one deal measured gives decisions, losses that are never negative,
label shares that add up to one and a finite cost ratio. Nothing here asserts a time."""

from __future__ import annotations

import math

from bench import analysis as bench


def test_one_deal_of_briscola_is_measured():
    row = bench.measure("briscola", "random", 1, "easy")
    assert row["decisions"] > 0 and row["mean"] >= 0 and row["p50"] <= row["p90"]
    assert math.isclose(sum(row[name] for name in ("best", "good", "inaccuracy", "mistake", "blunder")), 1.0)
    assert math.isfinite(row["cost"]) and row["cost"] > 0
