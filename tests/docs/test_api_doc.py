"""docs/api.md is the repository's own account of the contract: its sections are numbered 1 to 19, every
"docs/api.md section N" cited anywhere names one of them, and no reference to a contract file outside the
repository is left in its tracked text."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
API = ROOT / "docs" / "api.md"
SECTIONS = range(1, 20)
"""The contract's sections: 1 Principles ... 19 Analysis (the numbers the code cites)."""
SECTION_HEADING = re.compile(r"^## (\d+)\. \S", re.MULTILINE)
CITATION = re.compile(
    r"docs/api\.md,?[\s#*\"]+(?:sections?[\s#*\"]+|§\s*)?(\d+)((?:[\s#*\"]*(?:,|and|or|to|-|–)[\s#*\"]*\d+)*)"
)
"""``docs/api.md section 16``, ``docs/api.md sections 13 and 16``, ``docs/api.md 2, 10``, across a line break."""
OUTSIDE = re.compile(r"(?<!/)API\.md")
"""The name of the contract's file outside the repository, unless as part of a path (``docs/`` or ``/``)."""


@cache
def tracked_texts() -> dict[str, str]:
    """Every tracked file of the repository that reads as UTF-8 text, by its path (this file left out)."""
    names = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True
    ).stdout.split("\0")
    texts = {}
    for name in filter(None, names):
        path = ROOT / name
        if path == Path(__file__).resolve() or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if "\0" not in text:
            texts[name] = text
    return texts


def sections(text: str) -> list[int]:
    return [int(number) for number in SECTION_HEADING.findall(text)]


def citations(text: str) -> list[int]:
    """Every section number a text cites after ``docs/api.md``."""
    found = []
    for first, rest in CITATION.findall(text):
        found.append(int(first))
        found.extend(int(n) for n in re.findall(r"\d+", rest))
    return found


def test_the_account_has_the_contracts_sections_in_order() -> None:
    assert sections(API.read_text(encoding="utf-8")) == list(SECTIONS)


def test_every_cited_section_is_in_the_account() -> None:
    have = set(sections(API.read_text(encoding="utf-8")))
    cited = {name: citations(text) for name, text in tracked_texts().items()}
    wrong = {name: sorted(set(numbers) - have) for name, numbers in cited.items() if set(numbers) - have}
    assert not wrong, f"sections cited that docs/api.md does not have: {wrong}"
    assert sum(map(len, cited.values())) > 100  # the code cites it everywhere: the reader found them


def test_no_reference_to_a_contract_file_outside_the_repository() -> None:
    left = {name: OUTSIDE.findall(text) for name, text in tracked_texts().items() if OUTSIDE.search(text)}
    assert not left, f"cite docs/api.md instead: {sorted(left)}"


def test_the_readers_find_what_they_look_for() -> None:
    text = (
        "docs/api.md section 16; (docs/api.md sections 13 and 16), docs/api.md 2, 10 and docs/api.md\n"
        "    # section 5; [section 18](docs/api.md#18-table-records); see API.md and docs/API.md, /x/API.md"
    )
    assert citations(text) == [16, 13, 16, 2, 10, 5, 18]
    assert OUTSIDE.findall(text) == ["API.md"]
    assert sections("## 1. Principles\n## 10. Hand strength\n### 3. not a section\n") == [1, 10]
