"""Reading the rules docs (docs/rules/<game>.md): rule-id headings and worked-example blocks."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from service.rules.registry import GAMES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^(`{3,}|~{3,})\s*(.*)$")
EXAMPLE_INFO = "yaml example"
DOCUMENTED = tuple(GAMES)
"""Every registered game has its rules file."""


def doc_path(game_id: str) -> Path:
    return DOCS / f"{game_id}.md"


def _lines_outside_code(text: str) -> list[tuple[str, bool]]:
    """Every line with whether it is inside a fenced code block."""
    out: list[tuple[str, bool]] = []
    fence: str | None = None
    for line in text.splitlines():
        found = FENCE.match(line)
        if fence is None and found:
            fence = found.group(1)
            out.append((line, True))
        elif fence is not None and line.startswith(fence) and line.strip() == fence:
            fence = None
            out.append((line, True))
        else:
            out.append((line, fence is not None))
    return out


def headings(text: str) -> list[str]:
    """The text of every Markdown heading (not counting lines inside code blocks)."""
    found = []
    for line, in_code in _lines_outside_code(text):
        match = HEADING.match(line) if not in_code else None
        if match:
            found.append(match.group(2))
    return found


def rule_headings(text: str) -> list[str]:
    """The rule ids of a rules text in order: the first word of each ``### <rule id> — <title>`` heading."""
    found = []
    for line, in_code in _lines_outside_code(text):
        match = HEADING.match(line) if not in_code else None
        if match and match.group(1) == "###" and " — " in match.group(2):
            found.append(match.group(2).split()[0])
    return found


def table_path(game_id: str) -> Path:
    """A game's rules told to a person at a table."""
    return DOCS / "table" / f"{game_id}.md"


def anchored_ids(text: str) -> set[str]:
    """The rule ids that have a heading: a heading's first word (``### BT-A5 Blind survivor`` -> ``BT-A5``)."""
    return {heading.split()[0] for heading in headings(text) if heading.split()}


def example_blocks(text: str) -> list[tuple[int, dict[str, Any]]]:
    """Every fenced block whose info string is ``yaml example``: its first line number and its YAML."""
    blocks: list[tuple[int, dict[str, Any]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        found = FENCE.match(lines[i])
        if found:
            fence, info, start = found.group(1), found.group(2).strip(), i + 1
            i += 1
            while i < len(lines) and lines[i].strip() != fence:
                i += 1
            if info == EXAMPLE_INFO:
                blocks.append((start, yaml.safe_load("\n".join(lines[start:i]))))
        i += 1
    return blocks


def section(text: str, title: str) -> str:
    """The body of the ``## title`` section of a Markdown text (up to the next ``##`` heading); a missing section
    fails the test that asks for it."""
    _, found, rest = text.partition(f"\n## {title}\n")
    assert found, f"no '## {title}' section"
    return rest.split("\n## ", 1)[0]


def names_rows(game_id: str) -> dict[tuple[str, str, str, str], list[str]]:
    """docs/rules/<game>.md's Names table: (language, kind, id, term) -> the source cell of each row that lists it
    (a form's row, ``suit (plural)``, under its kind)."""
    rows: dict[tuple[str, str, str, str], list[str]] = {}
    for line in section(doc_path(game_id).read_text(encoding="utf-8"), "Names").splitlines():
        if line.startswith("| `"):
            cells = line.split(" | ")
            key = (cells[0].strip("| `"), cells[1].split(" (")[0], cells[2].strip("`"), cells[3])
            rows.setdefault(key, []).append(" | ".join(cells[4:]).strip(" |"))
    return rows
