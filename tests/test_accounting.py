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


def run(
    tmp_path: Path, plugin: str, *args: str, tests: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """pytest in a subprocess on a tiny suite: ``tests`` (file name -> text; test_tiny.py's TESTS by default) under
    the accounting and ``plugin``."""
    (tmp_path / "conftest.py").write_text(CONFTEST + plugin)
    for name, text in (tests or {"test_tiny.py": TESTS}).items():
        (tmp_path / name).write_text(text)
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


GROUPED = """
import os

import pytest

pytestmark = pytest.mark.xdist_group("together")


@pytest.mark.parametrize("i", range(8))
def test_grouped(i):
    print("worker", os.environ["PYTEST_XDIST_WORKER"])
"""


def test_a_group_runs_on_one_worker(tmp_path: Path) -> None:
    """Eight tests of one ``xdist_group`` in each of two files, under bin/test's ``-n 2 --dist loadgroup``: one
    worker runs all sixteen (tests/groups.py; without it xdist deals them to both workers in turn)."""
    plugin = "from tests.groups import pytest_collection_modifyitems  # noqa: F401\n"
    done = run(
        tmp_path, plugin, "-n", "2", "--dist", "loadgroup", "-v", tests={"test_one.py": GROUPED, "test_two.py": GROUPED}
    )
    assert done.returncode == 0, done.stdout + done.stderr
    passed = [line.split() for line in done.stdout.splitlines() if " PASSED " in line]
    assert len(passed) == 16 and all(words[-1].endswith("@together") for words in passed), done.stdout
    assert len({words[0] for words in passed}) == 1, done.stdout
