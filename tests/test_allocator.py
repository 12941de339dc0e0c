"""The allocator keeps what a request frees (service/allocator.py): a large answer's blocks are not faulted in
afresh on every request."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from service import allocator

CHURN = """
import resource, sys
if sys.argv[1] == "kept":
    from service import allocator
    assert allocator.keep_freed_memory()
def answer():  # what a 10,000-hand answer allocates in large blocks: its text, then its bytes
    text = "".join(["x" * 177] * 10_000)
    return len(text.encode())
answer()
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(20):
    answer()
print((resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 20)
"""


def _faults(mode: str, **env: str) -> float:
    clean = {k: v for k, v in os.environ.items() if k not in allocator.OPERATOR_SETTINGS}
    done = subprocess.run(
        [sys.executable, "-c", CHURN, mode], capture_output=True, text=True, check=True, env={**clean, **env}
    )
    return float(done.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_a_large_answer_reuses_the_memory_the_last_one_freed():
    """Without the thresholds each 1.8 MB answer faults its pages in again (some 900 a request); with them,
    next to none."""
    plain, kept = _faults("plain"), _faults("kept")
    assert plain > 400
    assert kept < plain / 10


def test_an_operators_malloc_settings_are_left_alone(monkeypatch):
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "131072")
    assert allocator.keep_freed_memory() is False
