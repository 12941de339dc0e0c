"""The rules in the repository's own words (docs/rules/<game>.md), served at ``GET /v1/{game}/rules``; the same
rules told to a person at a table (docs/rules/table/<game>.md), served by the referee page.

From a source checkout (and in the Docker image, which copies docs/rules beside the code) the files are read
from docs/rules. An installed wheel carries them as data files, under ``<prefix>/share/card-arbiter/rules``
and ``<prefix>/share/card-arbiter/rules/table`` (``[tool.setuptools.data-files]`` in pyproject.toml), found
through the distribution's file list.
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from pathlib import Path

SOURCE_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
DATA_DIR = ("share", "card-arbiter", "rules")
TABLE = "table"
"""The folder of docs/rules (and of its installed copy) that holds the rules told to people at a table."""
MARKDOWN = "text/markdown; charset=utf-8"


def rules_path(game_id: str) -> str:
    """Where a game's rules are in the repository."""
    return f"docs/rules/{game_id}.md"


def table_rules_path(game_id: str) -> str:
    """Where a game's rules for people at a table are in the repository."""
    return f"docs/rules/{TABLE}/{game_id}.md"


def rules_url(game_id: str) -> str:
    """Where the service serves a game's rules (relative to the service)."""
    return f"/v1/{game_id}/rules"


def installed(name: str, folder: tuple[str, ...] = DATA_DIR) -> Path | None:
    """Where an installed package keeps the data file ``name`` under ``<prefix>/<folder>``, or None."""
    try:
        files = metadata.distribution("card-arbiter").files or []
    except metadata.PackageNotFoundError:  # pragma: no cover - the service always runs installed
        return None
    for file in files:
        if file.name == name and tuple(file.parts[-len(folder) - 1 : -1]) == folder:
            return Path(str(file.locate()))
    return None


def _read(name: str, folder: tuple[str, ...] = ()) -> str | None:
    """The document ``name`` of docs/rules (or of its subfolder ``folder``), from the checkout or the install."""
    path = SOURCE_DIR.joinpath(*folder, name)
    if not path.is_file():
        path = installed(name, DATA_DIR + folder) or path
    return path.read_text(encoding="utf-8") if path.is_file() else None


@cache
def rules_markdown(game_id: str) -> str | None:
    """A game's rules as Markdown, or None when there is no such document."""
    return _read(f"{game_id}.md")


@cache
def table_rules_markdown(game_id: str) -> str | None:
    """A game's rules told to a person at a table, as Markdown, or None when there is no such document."""
    return _read(f"{game_id}.md", (TABLE,))
