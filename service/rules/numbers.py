"""JSON numbers as the engine reads them."""

from __future__ import annotations


def json_integer(value: object) -> int | None:
    """The integer a JSON value stands for, or None.

    JSON Schema 2020-12 counts any number with a zero fractional part as an integer, so ``2.0`` is 2;
    booleans, strings (``"5"``) and fractions (``2.5``) are not integers.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None
