"""The accounting (tests/accounting.py) fails a run that would lose tests: items sharing a node id, and items
collected but never reported; with and without xdist, as bin/test runs the suite. Each case is a tiny suite
of its own in a temporary folder, run by pytest in a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CONFTEST = """
import pytest
from tests import accounting


def pytest_configure(config):
    accounting.register(config)
"""

# Two items of one name: the same node id (as schemathesis 4 under pytest 9.2 gave every operation's test).
TWICE = """
def pytest_pycollect_makeitem(collector, name, obj):
    if name == "test_twice":
        return [pytest.Function.from_parent(collector, name=name, callobj=obj) for _ in range(2)]
"""

# A plugin that swallows one test: collected, never run, never reported.
LOST = """
def pytest_runtest_protocol(item, nextitem):
    if item.name == "test_lost":
        return True
"""

TESTS = """
def test_twice():
    pass


def test_lost():
    pass


def test_kept():
    pass
"""


def run(tmp_path: Path, plugin: str, *args: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "conftest.py").write_text(CONFTEST + plugin)
    (tmp_path / "test_tiny.py").write_text(TESTS)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args, str(tmp_path)],
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )


XDIST = [(), ("-n", "2", "--dist", "loadgroup")]


@pytest.mark.parametrize("xdist", XDIST, ids=["alone", "xdist"])
def test_a_suite_that_loses_no_test_passes(tmp_path: Path, xdist: tuple[str, ...]) -> None:
    done = run(tmp_path, "", *xdist)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed" in done.stdout


@pytest.mark.parametrize("xdist", XDIST, ids=["alone", "xdist"])
def test_two_items_with_one_node_id_fail_the_run(tmp_path: Path, xdist: tuple[str, ...]) -> None:
    done = run(tmp_path, TWICE, *xdist)
    assert done.returncode != 0
    assert "node ids are shared by more than one collected item" in done.stdout + done.stderr
    assert "test_tiny.py::test_twice" in done.stdout + done.stderr


@pytest.mark.parametrize("xdist", XDIST, ids=["alone", "xdist"])
def test_a_collected_test_never_reported_fails_the_run(tmp_path: Path, xdist: tuple[str, ...]) -> None:
    done = run(tmp_path, LOST, *xdist)
    assert done.returncode == pytest.ExitCode.TESTS_FAILED, done.stdout + done.stderr
    assert "1 of 3 collected items never reported" in done.stdout
    assert "not run: test_tiny.py::test_lost" in done.stdout
