"""The values of the ``Options`` and ``Carry`` tags (docs/notation.md N-T5): ``name=value`` entries separated
by spaces, each value a JSON scalar (a plain word bare: ``assignment=declared_only``), a list as comma-separated
items (``match_score=1,0``; one item ``5,``; none ``[]``)."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from service.notation.errors import Code, NotationError

Position = tuple[int, int]
"""A 1-based line and column of the text."""

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_PLAIN = re.compile(r"[A-Za-z0-9_-]+")
_BARE = re.compile(r'[^\s,"]+')
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
_LITERALS: dict[str, Any] = {"true": True, "false": False, "null": None}
MAX_DIGITS = 20
"""The most digits of a whole number the reader takes (a number past 64 bits is refused by the schemas anyway;
``int()`` refuses more than 4,300)."""
MAX_ITEMS = 10_000
"""The most items of any list of a text (a deck, an action's cards, an option's items): no list of the contract
holds more, and past it the reader stops at once (docs/notation.md N-L3)."""
MAX_ENTRIES = 64
"""The most entries of an ``Options`` or ``Carry`` tag (the most members of an object of the contract)."""
EXPECTED = 'name=value entries (value: true, false, null, a number, a word, "a string", or items a,b)'


class Entries:
    """The entries of one tag value, read left to right: each name with its value and positions."""

    def __init__(self, value: str, columns: list[int], line: int) -> None:
        self.value, self.columns, self.line = value, columns, line
        self.entries: dict[str, Any] = {}
        self.positions: dict[str, Position] = {}

    def at(self, index: int) -> Position:
        """The position of the value's character ``index`` (just after the last one for its end)."""
        if index < len(self.columns):
            return self.line, self.columns[index]
        return self.line, (self.columns[-1] + 1 if self.columns else 0)

    def error(self, index: int, expected: str, found: str = "") -> NotationError:
        line, column = self.at(index)
        return NotationError(line, column, Code.invalid_option, expected, found)

    def read(self) -> dict[str, Any]:
        text, i = self.value, 0
        while True:
            while i < len(text) and text[i].isspace():
                i += 1
            if i == len(text):
                return self.entries
            name = _NAME.match(text, i)
            if name is None or name.end() == len(text) or text[name.end()] != "=":
                raise self.error(i, EXPECTED, f"{_word(text, i)!r}")
            key = name.group().lower()
            if len(self.entries) == MAX_ENTRIES:
                raise self.error(i, f"at most {MAX_ENTRIES} entries", repr(key))
            if key in self.entries:
                raise self.error(i, "each name once", f"{key!r} given twice")
            self.positions[key] = self.at(i)
            self.entries[key], i = self.item_list(key, name.end() + 1)

    def item_list(self, key: str, i: int) -> tuple[Any, int]:
        """The value at ``i``: a scalar, ``[]``, or items separated by commas."""
        text = self.value
        if text.startswith("[]", i):
            return [], i + 2
        items: list[Any] = []
        while True:
            if len(items) == MAX_ITEMS:
                raise self.error(i, f"at most {MAX_ITEMS:,} items")
            self.positions[f"{key}/{len(items)}"] = self.at(i)
            item, i = self.scalar(i)
            items.append(item)
            if i >= len(text) or text[i] != ",":
                break
            i += 1
            if i >= len(text) or text[i].isspace():  # a trailing comma: a list of what came before
                return items, i
        if len(items) == 1:
            del self.positions[f"{key}/0"]
            return items[0], i
        return items, i

    def scalar(self, i: int) -> tuple[Any, int]:
        text = self.value
        quoted = _QUOTED.match(text, i)
        if quoted is not None:
            try:
                return json.loads(quoted.group()), quoted.end()
            except ValueError:
                raise self.error(i, 'a JSON string ("two words")', quoted.group()) from None
        bare = _BARE.match(text, i)
        if bare is None:
            raise self.error(i, "a value after '='")
        word = bare.group()
        if not readable(word):
            line, column = self.at(i)
            expected = f"a whole number of at most {MAX_DIGITS} digits, or a finite number"
            raise NotationError(line, column, Code.invalid_number, expected, f"a number of {len(word):,} characters")
        return read_scalar(word), bare.end()


def readable(word: str) -> bool:
    """Whether ``word`` is no number, or a number JSON holds: a whole number of at most :data:`MAX_DIGITS`
    digits, or a finite one (``1e999`` is none)."""
    if _INTEGER.fullmatch(word):
        return len(word.lstrip("-")) <= MAX_DIGITS
    return not _NUMBER.fullmatch(word) or math.isfinite(float(word))


def read_scalar(word: str) -> Any:
    """A bare word as the JSON scalar it reads as: a literal (any case), a number, else the string itself."""
    literal = word.lower()
    if literal in _LITERALS:
        return _LITERALS[literal]
    if _INTEGER.fullmatch(word):
        return int(word)
    if _NUMBER.fullmatch(word):
        return float(word)
    return word


def _word(text: str, i: int) -> str:
    return text[i:].split(None, 1)[0] if text[i:].strip() else text[i:]


def write_entries(values: dict[str, Any]) -> str:
    """``name=value`` entries of a JSON object of scalars and lists of scalars, canonically written."""
    return " ".join(f"{name}={write_value(value)}" for name, value in values.items())


def write_value(value: Any) -> str:
    if isinstance(value, list):
        if not value:
            return "[]"
        items = ",".join(write_scalar(item) for item in value)
        return items + "," if len(value) == 1 else items
    return write_scalar(value)


def write_scalar(value: Any) -> str:
    if value is True or value is False or value is None:
        return json.dumps(value)
    if isinstance(value, int | float):
        return json.dumps(value)
    text = str(value)
    if _PLAIN.fullmatch(text) and read_scalar(text) == text and type(read_scalar(text)) is str:
        return text
    return json.dumps(text, ensure_ascii=False)


__all__ = [
    "EXPECTED",
    "MAX_DIGITS",
    "MAX_ENTRIES",
    "MAX_ITEMS",
    "Entries",
    "Position",
    "read_scalar",
    "readable",
    "write_entries",
]
