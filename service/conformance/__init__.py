"""The conformance pack (docs/api.md section 14): vectors any implementation or deployment can be checked against.

``conformance/<game>.jsonl`` holds one vector a line: a request and the whole answer this service gives it, with
the rule ids it exercises; ``conformance/manifest.json`` the engine's ``rules_version``, the count per game and
operation and each file's SHA-256. :mod:`.generate` builds them from the cases of :mod:`.cases` (answered by the
service's own app, in-process); :mod:`.run` replays them in-process or against a running service.

From a source checkout the pack is ``conformance/`` at the repository's root; an installed package carries it as
data files under ``<prefix>/share/card-arbiter/conformance`` (``[tool.setuptools.data-files]``), found through
the distribution's file list (as :mod:`service.api.rules_docs` finds the rules).
"""

from __future__ import annotations

from pathlib import Path

SOURCE_DIR = Path(__file__).resolve().parents[2] / "conformance"
DATA_DIR = ("share", "card-arbiter", "conformance")
MANIFEST = "manifest.json"


def installed_dir() -> Path | None:
    """Where an installed package keeps the pack (the folder of its manifest), or None."""
    from service.api.rules_docs import installed

    manifest = installed(MANIFEST, DATA_DIR)
    return None if manifest is None else manifest.parent


def pack_dir() -> Path:
    """The pack to replay: the source checkout's ``conformance/``, else the installed one."""
    if (SOURCE_DIR / MANIFEST).is_file():
        return SOURCE_DIR
    return installed_dir() or SOURCE_DIR
