"""The first difference between an expected answer and an actual one, as a JSON pointer and both values."""

from __future__ import annotations

from typing import Any, NamedTuple

MISSING = object()


class Difference(NamedTuple):
    pointer: str
    expected: Any
    actual: Any


def escape(token: str | int) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def first_difference(expected: Any, actual: Any, pointer: str = "") -> Difference | None:
    """The first place (depth first; object members in sorted order, array items in order) where ``actual``
    differs from ``expected``; None when they are equal. ``1`` and ``true``, ``1`` and ``1.0`` differ."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual)):
            found = first_difference(expected.get(key, MISSING), actual.get(key, MISSING), f"{pointer}/{escape(key)}")
            if found is not None:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for index in range(max(len(expected), len(actual))):
            found = first_difference(
                expected[index] if index < len(expected) else MISSING,
                actual[index] if index < len(actual) else MISSING,
                f"{pointer}/{index}",
            )
            if found is not None:
                return found
        return None
    if type(expected) is type(actual) and expected == actual:
        return None
    return Difference(pointer, expected, actual)


def shown(value: Any, limit: int = 80) -> str:
    """A value in a report line: JSON, cut at ``limit`` characters; ``(missing)`` for an absent member."""
    import json

    if value is MISSING:
        return "(missing)"
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 3] + "..."
