"""`bin/test --fast` (the edit loop, README.md "Two commands") leaves out every test of a marker that
pyproject.toml declares, and the README names each of them: a new slow marker cannot slip into the fast subset."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def declared_markers() -> set[str]:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {line.split(":")[0] for line in pyproject["tool"]["pytest"]["ini_options"]["markers"]}


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
