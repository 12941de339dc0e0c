"""The README is a front door (at most 250 lines), and every relative link of README.md and docs/**/*.md resolves:
the file exists, and an ``#anchor`` into Markdown names one of its headings (GitHub's slugs)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.docs.markdown import headings

ROOT = Path(__file__).resolve().parents[2]
README_LINES = 250
LINK = re.compile(r"(?<!\\)!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
"""An inline Markdown link or image: ``[text](target)``, ``![alt](target "title")``."""
CODE_SPAN = re.compile(r"(`+).*?\1")


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text without markup, lower case, punctuation dropped, spaces as ``-``."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    text = re.sub(r"[*_`]", lambda m: "_" if m.group(0) == "_" else "", text).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file (a repeated heading's anchor gets ``-1``, ``-2``...)."""
    found: set[str] = set()
    counts: dict[str, int] = {}
    for heading in headings(path.read_text(encoding="utf-8")):
        base = slug(heading)
        n = counts.get(base, 0)
        counts[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def links(path: Path) -> list[tuple[int, str]]:
    """Every relative link target of a Markdown file, outside code blocks and code spans, with its line."""
    out = []
    fence: str | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            mark = stripped[:3]
            fence = mark if fence is None else (None if stripped.startswith(fence) else fence)
            continue
        if fence is not None:
            continue
        for target in LINK.findall(CODE_SPAN.sub("", line)):
            if not re.match(r"^[a-z][a-z0-9+.-]*:", target) and not target.startswith("/"):
                out.append((number, target))
    return out


def test_the_readme_is_a_front_door() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_LINES, f"README.md has {len(lines)} lines: move the rest to docs/"


def broken_links(path: Path) -> list[str]:
    """Every relative link of ``path`` whose file is missing, or whose ``#anchor`` is no heading of its Markdown."""
    broken = []
    for line, target in links(path):
        file_part, _, anchor = target.partition("#")
        where = (path.parent / unquote(file_part)).resolve() if file_part else path
        if not where.exists():
            broken.append(f"{path.name}:{line}: {target} (no such file)")
        elif anchor and where.suffix == ".md" and unquote(anchor) not in anchors(where):
            broken.append(f"{path.name}:{line}: {target} (no heading #{anchor} in {where.name})")
    return broken


@pytest.mark.parametrize("path", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path: Path) -> None:
    broken = broken_links(path)
    assert not broken, "\n".join(broken)


def test_the_link_reader_sees_what_github_sees(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "# A title\n## 10. Hand strength: `percentile` and equity (hand games)\n## Names\n## Names\n"
        '[a](other.md#x) ![b](pic.png "t") `[c](code.md)` [d](https://example.org) [e](#names-1)\n'
        "```\n[f](fenced.md)\n```\n",
        encoding="utf-8",
    )
    assert [t for _, t in links(page)] == ["other.md#x", "pic.png", "#names-1"]
    assert anchors(page) == {"a-title", "10-hand-strength-percentile-and-equity-hand-games", "names", "names-1"}
    (tmp_path / "pic.png").write_bytes(b"")
    (tmp_path / "other.md").write_text("# y\n", encoding="utf-8")
    assert broken_links(page) == ["page.md:5: other.md#x (no heading #x in other.md)"]
    (tmp_path / "pic.png").unlink()
    assert len(broken_links(page)) == 2
