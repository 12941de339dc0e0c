"""The committed openapi.yaml as data: read once per process with PyYAML's C loader where PyYAML has it (the
1 MB document takes 1.5 s of CPU with the Python loader, a fifth of that with the C one, and a dozen test modules
read it, most while they are collected), then handed out as a fresh copy each time (a test may change its own)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import yaml

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"


@cache
def _as_json() -> str:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return json.dumps(yaml.load(COMMITTED.read_text(encoding="utf-8"), Loader=loader))  # noqa: S506 - a safe loader


def committed_document() -> dict[str, Any]:
    """The committed document (JSON's data: the app writes it from a JSON document), a copy of its own."""
    return json.loads(_as_json())
