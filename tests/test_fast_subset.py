"""`bin/test --fast` (the edit loop, README.md "Two commands") leaves out every test of a marker that
pyproject.toml declares, and the README names each of them: a new slow marker cannot slip into the fast subset."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from types import SimpleNamespace

from tests.conftest import COSTLY_TO_COLLECT, pytest_ignore_collect

ROOT = Path(__file__).resolve().parents[1]


def marker_lines() -> list[str]:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    lines: list[str] = pyproject["tool"]["pytest"]["ini_options"]["markers"]
    return lines


def declared_markers() -> set[str]:
    """The markers that select tests (``xdist_group(name)``, which places them on a worker, aside)."""
    return {line.split(":")[0] for line in marker_lines() if not line.startswith("xdist_group(")}


def test_a_run_without_xdist_collects_the_grouped_tests():
    """`pytest -p no:xdist` (one process, under a debugger) runs with --strict-markers: the ``xdist_group`` marker
    of the container, browser, pack and Broggin contract tests is declared by the project, not only by xdist."""
    tests = [path for path in (ROOT / "tests").rglob("test_*.py") if path != Path(__file__)]
    used = {path.relative_to(ROOT) for path in tests if "xdist_group" in path.read_text(encoding="utf-8")}
    assert used  # the grouped tests this declaration is for
    assert any(line.startswith("xdist_group(name):") for line in marker_lines())


def fast_expression() -> str:
    (expression,) = re.findall(r'^FAST="([^"]*)"$', (ROOT / "bin" / "test").read_text(encoding="utf-8"), re.M)
    return expression


def test_the_fast_subset_leaves_out_every_declared_marker():
    expression = fast_expression()
    assert set(re.findall(r"not (\w+)", expression)) == declared_markers()
    assert re.fullmatch(r"not \w+( and not \w+)*", expression), expression
    assert "slow" in declared_markers()


def test_the_readme_names_what_the_fast_subset_leaves_out():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "bin/test --fast" in readme
    assert {marker for marker in declared_markers() if f"`{marker}`" not in readme} == set()


def test_the_fast_subset_does_not_collect_the_schemathesis_module():
    """Collecting tests/contract/test_schemathesis.py builds every operation's cases: a `-m` that deselects
    `contract` skips the module (tests/conftest.py), any other leaves the choice to pytest."""
    (module,) = COSTLY_TO_COLLECT

    def ignored(expression: str, path: Path = module) -> bool | None:
        return pytest_ignore_collect(path, SimpleNamespace(option=SimpleNamespace(markexpr=expression)))

    assert ignored(fast_expression()) is True
    assert ignored("not contract") is True
    assert ignored("contract") is None
    assert ignored("contract or exhaustive") is None
    assert ignored("") is None
    assert ignored(fast_expression(), ROOT / "tests" / "test_lock.py") is None
