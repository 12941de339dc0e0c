"""A stand-in for an installed distribution's file list: data files under ``<prefix>/share/...``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from service.api import rules_docs


def install_data_files(monkeypatch: Any, prefix: Path, *paths: tuple[str, ...]) -> None:
    """Make ``importlib.metadata`` list each of ``paths`` (under ``prefix``) as a file of card-arbiter's, as a
    wheel's data files are listed (relative to site-packages)."""

    class File:
        def __init__(self, *parts: str) -> None:
            self.parts, self.name = parts, parts[-1]

        def locate(self) -> Path:
            return prefix.joinpath(*self.parts[3:])

    class Distribution:
        files = [File("..", "..", "..", *path) for path in paths]

    monkeypatch.setattr(rules_docs.metadata, "distribution", lambda name: Distribution())
