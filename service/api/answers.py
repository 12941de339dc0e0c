"""What the operations' answers share: the ``rules`` echo, and a 200 written from plain values as they are."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app

from service.rules.base import RULES_VERSION
from service.rules.options import options_dict


def rules_echo(options: Any) -> dict[str, Any]:
    """The effective options and the engine's version, echoed by every answer that applies rules."""
    return {"rules": options_dict(options), "rules_version": RULES_VERSION}


def answer(body: dict[str, Any]) -> Response:
    """A 200 built from plain JSON values as they are (no schema dump: the hot endpoints build exactly what
    their response schema would write)."""
    return current_app.json.response(body)  # type: ignore[no-any-return]
