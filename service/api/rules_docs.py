"""The rules in the repository's own words (docs/rules/<game>.md), served at ``GET /v1/{game}/rules``.

From a source checkout (and in the Docker image, which copies docs/rules beside the code) the files are read
from docs/rules. An installed wheel carries them as data files, under ``<prefix>/share/card-arbiter/rules``
(``[tool.setuptools.data-files]`` in pyproject.toml), found through the distribution's file list.
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from pathlib import Path

SOURCE_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
DATA_DIR = ("share", "card-arbiter", "rules")
MARKDOWN = "text/markdown; charset=utf-8"


def rules_path(game_id: str) -> str:
    """Where a game's rules are in the repository."""
    return f"docs/rules/{game_id}.md"


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


@cache
def rules_markdown(game_id: str) -> str | None:
    """A game's rules as Markdown, or None when there is no such document."""
    name = f"{game_id}.md"
    path = SOURCE_DIR / name
    if not path.is_file():
        path = installed(name) or path
    return path.read_text(encoding="utf-8") if path.is_file() else None
