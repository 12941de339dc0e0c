"""Reading docs/rules/<game>.md in tests: its options table, its anchors and its links."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def doc_text(game: str) -> str:
    """The Markdown of ``docs/rules/<game>.md``."""
    return (DOCS / f"{game}.md").read_text(encoding="utf-8")


def options_table(game: str) -> dict[str, tuple[str, Any, str]]:
    """Rows of the table under '## Options': option name -> (rule id, default, allowed-values cell)."""
    section = doc_text(game).split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, tuple[str, Any, str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = (cells[1], json.loads(cells[2].strip("`")), cells[3])
    return rows


def check_options_table(game: str, specs: list[Any]) -> None:
    """Every option of the engine is in the table with its rule id, default and each allowed value."""
    rows = options_table(game)
    assert sorted(rows) == sorted(s.name for s in specs)
    for spec in specs:
        rule, default, allowed = rows[spec.name]
        assert (rule, default) == (spec.rule, spec.default), spec.name
        if spec.allowed is not None and len(spec.allowed) <= 10:
            for value in spec.allowed:
                assert f"`{json.dumps(value)}`" in allowed, (spec.name, value)
        if spec.minimum is not None:
            assert str(spec.minimum) in allowed, spec.name
        if spec.maximum is not None:
            assert str(spec.maximum) in allowed, spec.name


def slug(heading: str) -> str:
    """The anchor GitHub derives from a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(game: str) -> set[str]:
    """Every anchor of the game's rules file."""
    return {slug(h) for h in re.findall(r"^#+ (.+)$", doc_text(game), re.M)}


def links(game: str) -> list[tuple[str, str]]:
    """Every link to a rules file in the game's rules file, as (file stem or '', anchor)."""
    return re.findall(r"\]\((?:([\w-]+)\.md)?#([^)]+)\)", doc_text(game))
