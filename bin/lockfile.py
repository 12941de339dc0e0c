"""The lock files' header: a digest of pyproject.toml's dependency lists, so a test sees when they disagree.

``python bin/lockfile.py stamp FILE...`` writes the digest line at the top of each lock file (bin/lock does).
"""

from __future__ import annotations

import hashlib
import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
LOCKS = {"service": ROOT / "requirements" / "service.lock", "test": ROOT / "requirements" / "test.lock"}
PREFIX = "# pyproject-dependencies-sha256: "


def dependency_digest(pyproject: Path = PYPROJECT) -> str:
    """sha256 of requires-python, the dependencies and every extra, as pyproject.toml states them."""
    project = tomllib.loads(pyproject.read_text())["project"]
    lists = {
        "requires-python": project.get("requires-python", ""),
        "dependencies": project.get("dependencies", []),
        "optional-dependencies": project.get("optional-dependencies", {}),
    }
    return hashlib.sha256(json.dumps(lists, sort_keys=True).encode()).hexdigest()


def stamped_digest(lock: Path) -> str | None:
    """The digest a lock file was generated from (its header line), or None."""
    for line in lock.read_text().splitlines():
        if line.startswith(PREFIX):
            return line[len(PREFIX) :].strip()
    return None


def stamp(lock: Path) -> None:
    lines = [line for line in lock.read_text().splitlines() if not line.startswith(PREFIX)]
    lock.write_text("\n".join([PREFIX + dependency_digest(), *lines]) + "\n")


if __name__ == "__main__":
    if sys.argv[1:2] != ["stamp"] or len(sys.argv) < 3:
        sys.exit("usage: lockfile.py stamp LOCK...")
    for name in sys.argv[2:]:
        stamp(Path(name))
