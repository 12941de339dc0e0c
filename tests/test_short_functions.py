"""The HTTP and schema layers stay in rooms: no function in ``service/api`` or ``schemas`` grows past
:data:`MOST_LINES` lines (issue 19); a new operation is a module, not a longer function."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("service/api", "schemas")
MOST_LINES = 80


def _functions(source: str) -> list[tuple[str, int]]:
    """Every function of a module's source (nested ones too) with its length in lines, decorators included."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            found.append((node.name, (node.end_lineno or node.lineno) - first + 1))
    return found


MODULES = sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def test_the_layers_have_modules_to_check() -> None:
    assert len(MODULES) > 20
    assert any(path.parent.name == "operations" for path in MODULES)


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_function_is_longer_than_80_lines(path: Path) -> None:
    long = [
        f"{name} ({lines} lines)" for name, lines in _functions(path.read_text(encoding="utf-8")) if lines > MOST_LINES
    ]
    assert not long, f"{path.relative_to(ROOT)}: split {', '.join(long)}"


def test_the_measure_counts_decorators_and_nested_functions() -> None:
    body = "\n".join(f"        x{i} = {i}" for i in range(MOST_LINES - 2))
    source = f"@decorator\ndef outer():\n    def inner():\n{body}\n"
    assert sorted(_functions(source)) == [("inner", MOST_LINES - 1), ("outer", MOST_LINES + 1)]
