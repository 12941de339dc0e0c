#!/usr/bin/env python3
"""bin/serve's install stamp: install the lock and the package once, and again only when what they are made of
changed.

The stamp (``<venv>/.card-arbiter-serve.stamp``) holds a SHA-256 of the lock, pyproject.toml, the README (the
package's long description) and every file of the packages and their data (``service/``, ``schemas/``,
``docs/rules/``, ``conformance/``; ``__pycache__`` left out), path and bytes. The install is current when the
stamp holds today's digest and the venv has card-arbiter installed, not editable (bin/test's ``pip install
-e .`` replaces bin/serve's install: bin/serve then installs its own again).

    python3 bin/stamp.py check VENV    # exit 0: current, start at once; 1: install
    python3 bin/stamp.py write VENV    # after installing
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = ("requirements/service.lock", "pyproject.toml", "README.md")
TREES = ("service", "schemas", "docs/rules", "conformance")
STAMP = ".card-arbiter-serve.stamp"


def digest(root: Path = ROOT) -> str:
    """The SHA-256 of every input of the install: each file's path and bytes, in a fixed order."""
    found = [root / name for name in FILES]
    for tree in TREES:
        found += [p for p in (root / tree).rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    total = hashlib.sha256()
    for path in sorted(found):
        data = path.read_bytes() if path.is_file() else b"(missing)"
        total.update(f"{path.relative_to(root).as_posix()}\0{len(data)}\0".encode())
        total.update(data)
    return total.hexdigest()


def installed(venv: Path) -> bool:
    """Whether ``venv`` has card-arbiter installed as bin/serve installs it: a wheel, not an editable install."""
    for info in venv.glob("lib/python*/site-packages/card_arbiter-*.dist-info"):
        direct = info / "direct_url.json"
        try:
            editable = direct.is_file() and json.loads(direct.read_text())["dir_info"].get("editable", False)
        except (ValueError, KeyError, AttributeError):
            editable = True  # unreadable: install again
        return not editable
    return False


def current(venv: Path, root: Path = ROOT) -> bool:
    stamp = venv / STAMP
    return stamp.is_file() and stamp.read_text().strip() == digest(root) and installed(venv)


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in ("check", "write"):
        print(__doc__, file=sys.stderr)
        return 2
    venv = Path(argv[2])
    if argv[1] == "check":
        return 0 if current(venv) else 1
    (venv / STAMP).write_text(digest() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
