"""The coverage cases made at run time (tests/contract/coverage_at_run_time.py) are the ones schemathesis makes at
collection: the same cases, in the same order, for a few operations of the contract, each collected by pytest in a
subprocess with and without it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OPERATIONS = ("threeCardBragEvaluateHands", "threeCardBragDeal", "briscolaApplyAction")

CONFTEST = """
import json, os


def pytest_collection_modifyitems(config, items):
    cases = []
    for item in items:
        for example in reversed(item.obj.hypothesis_explicit_examples):  # the order Hypothesis runs them in
            case = example.kwargs["case"]
            cases.append([item.name, case.method, case.path, repr(case.body), repr(case.query), repr(case.headers)])
    with open(os.environ["CASES"], "w") as out:
        json.dump(cases, out)
"""

MODULE = f"""
import os

import schemathesis

from tests.contract import coverage_at_run_time
from tests.contract.committed import committed_document

if os.environ.get("AT_RUN_TIME"):
    coverage_at_run_time.install()
schema = schemathesis.openapi.from_dict(committed_document())
for operation_id in {OPERATIONS!r}:
    def test(case):
        pass

    test.__name__ = f"test_{{operation_id}}"
    globals()[test.__name__] = schema.include(operation_id=operation_id).parametrize()(test)
del test
"""

pytestmark = pytest.mark.contract


def cases(tmp_path: Path, at_run_time: bool) -> list[list[str]]:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_few.py").write_text(MODULE)
    out = tmp_path / f"cases-{at_run_time}.json"
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "CASES": str(out), "AT_RUN_TIME": "1" * at_run_time}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q", "--rootdir", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return [[re.sub(r" at 0x[0-9a-f]+", "", field) for field in case] for case in json.loads(out.read_text())]


def test_the_cases_made_at_run_time_are_schemathesis_own_in_its_order(tmp_path: Path) -> None:
    eager, lazy = cases(tmp_path, False), cases(tmp_path, True)
    assert {case[0].split("[")[0] for case in eager} == {f"test_{operation}" for operation in OPERATIONS}
    assert len(eager) > 100 and lazy == eager
