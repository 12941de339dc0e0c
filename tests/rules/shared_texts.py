"""The project's shared texts (``../shared``: the seeds and the rules files), found from any clone."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@cache
def shared() -> Path | None:
    """``shared/`` beside the repository (``../shared`` in CI; ``../../shared`` from a worktree in ``wt/``)."""
    for parent in ROOT.parents:
        if (parent / "shared" / "seeds").is_dir():
            return parent / "shared"
    return None


def shared_text(folder: str, name: str) -> str:
    """A seed (``folder`` ``seeds``) or a rules file (``rules``); the test is skipped where there is none."""
    found = shared()
    if found is None:
        pytest.skip("no ../shared beside this clone: the seeds and rules files are not here")
    return (found / folder / name).read_text(encoding="utf-8")
