"""A catalogue of bad input (issue 11): every kind a careless client or an attacker sends, for any operation.

``requests_for(method, path, example)`` yields ``(name, method, path, body, headers)`` where ``body`` is bytes
(or None); the in-app test and the gunicorn test send the same catalogue.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

JSON = {"Content-Type": "application/json"}
BIG = 2 * 1024 * 1024  # the default body limit
Request = tuple[str, str, str, bytes | None, dict[str, str]]

ODD_TEXT = [
    "\\ud800",  # a lone surrogate (as the JSON escape; the body stays UTF-8)
    "\\udfff\\ud800",
    "\\u0000",
    "\u3000KS",  # full-width space
    "Aſ",  # 'ſ'.upper() == 'S'
    "ＡＳ",
    "\u212aS",  # Kelvin sign
    "A\u0301S",  # a combining accent
    "\u202eSA",  # right-to-left override
    "🂡",
    "\ufeffAS",  # a byte order mark
]
"""Odd strings, written as they go inside a JSON string literal."""

BAD_VALUES: dict[str, str] = {
    "null": "null",
    "true": "true",
    "zero": "0",
    "negative": "-1",
    "float": "2.5",
    "huge_int": "1" + "0" * 400,  # 10**400
    "huge_float": "1e400",
    "nan": "NaN",
    "infinity": "Infinity",
    "neg_infinity": "-Infinity",
    "empty_string": '""',
    "empty_list": "[]",
    "empty_object": "{}",
    "long_string": '"' + "Q" * 100_000 + '"',
    "list_of_zeros": "[" + ",".join(["0"] * 50_000) + "]",
    "list_of_objects": "[" + ",".join(["{}"] * 50_000) + "]",
    "list_of_lists": "[" + ",".join(['["AS","KS","QS"]'] * 12_000) + "]",
    "nested_900": "[" * 900 + "]" * 900,
    "nested_objects_900": '{"a":' * 900 + "1" + "}" * 900,
    **{f"odd_{i}": f'"{text}"' for i, text in enumerate(ODD_TEXT)},
    **{f"odd_list_{i}": f'["{text}", "{text}", "{text}"]' for i, text in enumerate(ODD_TEXT[:4])},
}
"""JSON texts of values that no field of the contract takes (or takes only in a few places)."""
SHORT_LIST = (
    "null",
    "negative",
    "huge_int",
    "nan",
    "empty_object",
    "long_string",
    "list_of_zeros",
    "list_of_lists",
    "nested_900",
    "odd_0",
    "odd_3",
    "odd_4",
    "odd_list_0",
)
"""The bad values the default catalogue puts in place of each key (the deep catalogue puts them all)."""

WHOLE_BODIES: dict[str, bytes] = {
    "empty": b"",
    "malformed": b"{nope",
    "truncated": b'{"players": 3, "dealer":',
    "trailing_garbage": b'{"players": 3} garbage',
    "top_level_array": b"[]",
    "top_level_number": b"1",
    "top_level_null": b"null",
    "top_level_string": b'"x"',
    "nan": b'{"players": NaN}',
    "infinity": b'{"players": Infinity, "dealer": -Infinity}',
    "huge_int": b'{"players": 1' + b"0" * 400 + b"}",
    "deep_arrays": b"[" * 100_000 + b"]" * 100_000,
    "deep_objects": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "duplicate_keys": b'{"players": 3, "players": 2, "dealer": 0, "dealer": 1, "seed": "d", "seed": "e"}',
    "lone_surrogate_key": b'{"\\ud800": 1}',
    "lone_surrogate_raw": b'{"seed": "\xed\xa0\x80"}',
    "invalid_utf8": b'{"seed": "\xff\xfe"}',
    "utf16": '{"players": 3}'.encode("utf-16"),
    "bom": b'\xef\xbb\xbf{"players": 3}',
    "nul_bytes": b'{"players": 3}\x00\x00',
    "huge_array": b'{"hands": [' + b",".join([b"0"] * 900_000) + b"]}",
    "many_keys": b"{" + b",".join(b'"k%d": 0' % i for i in range(100_000)) + b"}",
    "long_key": b'{"' + b"k" * 1_500_000 + b'": 1}',
    "over_limit": b'{"seed": "' + b"x" * BIG + b'"}',
}
"""Whole bodies, each wrong as a whole."""

CONTENT_TYPES = [
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/xml",
    "application/json; charset=utf-16",
    "",
]


CHEAPEST_LEVEL = "easy"
"""The level an example asking a suggestion at a costlier one is sent at (``actions/suggest``'s example asks
``normal``): the catalogue tests what bad input is answered, and a leaf replaced by a value the schema still
admits (a seed of ``0``, ``true``) is answered 200 after a whole suggestion, 3 or 4 worlds at ``easy``, 36 to 200
at ``normal`` (tests/api/test_suggest.py asks every level itself). That made the deep catalogue's ``actions/suggest``
rows the slowest of it, 10 to 34 s each in CI."""


def at_cheapest_level(example: Any) -> Any:
    """``example`` with a ``level`` other than :data:`CHEAPEST_LEVEL` replaced by it."""
    if isinstance(example, dict) and example.get("level", CHEAPEST_LEVEL) != CHEAPEST_LEVEL:
        return {**example, "level": CHEAPEST_LEVEL}
    return example


def requests_for(method: str, path: str, example: Any) -> Iterator[Request]:
    """The catalogue for one operation; ``example`` is its example body (None for operations without one), sent
    at :data:`CHEAPEST_LEVEL`."""
    example = at_cheapest_level(example)
    if method != "POST":
        yield "plain", method, path, None, {}
        yield "query_junk", method, path + "?" + "&".join(f"x{i}=\ud7ff" for i in range(200)), None, {}
        yield "with_body", method, path, b'{"hands": [' + b"0," * 10_000 + b"0]}", JSON
        return
    for name, body in WHOLE_BODIES.items():
        yield name, method, path, body, JSON
    valid = json.dumps(example or {}).encode()
    for content_type in CONTENT_TYPES:
        yield f"content_type {content_type!r}", method, path, valid, {"Content-Type": content_type}
    yield "no_content_type", method, path, valid, {}
    yield "example", method, path, valid, JSON
    yield "example_then_padding", method, path, valid + b" " * (BIG + 10_000), JSON
    if isinstance(example, dict):
        yield "example_with_unknown", method, path, json.dumps({**example, "zzz": 1}).encode(), JSON
        yield from _mutations(method, path, example)


def _mutations(method: str, path: str, example: dict[str, Any]) -> Iterator[Request]:
    """Each key of the example (and each key one level down) replaced by each bad value."""
    for key, value in example.items():
        for bad_name in SHORT_LIST:
            yield f"{key}={bad_name}", method, path, _with(example, (key,), BAD_VALUES[bad_name]), JSON
        if isinstance(value, dict):
            for inner in value:
                for bad_name in ("null", "huge_int", "long_string", "list_of_zeros", "odd_0", "nested_900"):
                    body = _with(example, (key, inner), BAD_VALUES[bad_name])
                    yield f"{key}.{inner}={bad_name}", method, path, body, JSON
        if isinstance(value, list) and value:
            for bad_name in ("null", "huge_int", "long_string", "odd_0", "odd_3", "odd_list_0", "list_of_zeros"):
                body = _with(example, (key, 0), BAD_VALUES[bad_name])
                yield f"{key}[0]={bad_name}", method, path, body, JSON


def _with(document: Any, path: tuple[str | int, ...], text: str) -> bytes:
    """``document`` as JSON with the value at ``path`` replaced by the JSON text ``text``."""
    before, after = _around(document, path)
    return (before + text + after).encode("utf-8")


def _around(document: Any, path: tuple[str | int, ...]) -> tuple[str, str]:
    """``document`` as JSON, cut where the value at ``path`` is written: the text before it and the text after."""
    marker = "\x00MARK\x00"
    copy = json.loads(json.dumps(document))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = marker
    before, after = json.dumps(copy).split(json.dumps(marker))
    return before, after


def deep_requests(method: str, path: str, example: Any) -> Iterator[Request]:
    """The bigger catalogue: every leaf of the example (at :data:`CHEAPEST_LEVEL`) replaced by every bad value
    (the example written once a leaf, not once a bad value: 3.7 s of CPU for the 81,000 bodies, 0.4 s)."""
    if method != "POST" or not isinstance(example, dict):
        return
    example = at_cheapest_level(example)
    for leaf in _leaves(example, ()):
        before, after = _around(example, leaf)
        for bad_name, bad in BAD_VALUES.items():
            body = (before + bad + after).encode("utf-8")
            yield f"{'/'.join(map(str, leaf))}={bad_name}", method, path, body, JSON


def _leaves(value: Any, path: tuple[str | int, ...]) -> Iterator[tuple[str | int, ...]]:
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:3]):
            yield from _leaves(item, (*path, i))
