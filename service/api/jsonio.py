"""JSON in and out at orjson's speed, with the standard library's answers wherever orjson would differ.

- :class:`OrjsonProvider` is Flask's JSON provider (``app.json``): orjson writes every answer; what it cannot
  write (integers past 64 bits, lone surrogates) falls back to the standard library, as before.
- :func:`loads_document` reads a request body (once, in ``guard.check_body``): orjson first; what orjson
  refuses is read again by the standard library, so that what it accepts (and the 400 for what it does not)
  stays the same; an integer of more digits than ``int()`` reads is a :class:`LongInteger` there (which the
  guard answers with a 422 at its pointer), not a 400.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Flask, Response
from flask.json.provider import JSONProvider

_OPTIONS = orjson.OPT_NON_STR_KEYS
_LINE_OPTIONS = _OPTIONS | orjson.OPT_APPEND_NEWLINE


class OrjsonProvider(JSONProvider):
    """Flask's JSON provider on orjson: compact, UTF-8, keys in the order given (as the default provider here)."""

    sort_keys = False
    ensure_ascii = False
    mimetype = "application/json"

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return dump_bytes(obj).decode()

    def dump_bytes(self, obj: Any, newline: bool = False) -> bytes:
        return dump_bytes(obj, newline)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return loads(s, **kwargs)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        return self._app.response_class(self.dump_bytes(obj, newline=True), mimetype=self.mimetype)


def dump_bytes(obj: Any, newline: bool = False) -> bytes:
    """``obj`` as compact JSON bytes (with ``newline``, ending in one: written by orjson, not copied on)."""
    try:
        return orjson.dumps(obj, option=_LINE_OPTIONS if newline else _OPTIONS)
    except TypeError:  # orjson.JSONEncodeError: a big integer, a lone surrogate, an unknown type
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=_default)
        return (text + "\n" if newline else text).encode()


def loads(s: str | bytes, **kwargs: Any) -> Any:
    """A JSON text's value: orjson first; what orjson refuses is read by the standard library, whose value (NaN,
    an integer past 64 bits) or ``ValueError`` with its message then stands."""
    try:
        return orjson.loads(s)
    except orjson.JSONDecodeError:
        return json.loads(s, **kwargs)


def _default(value: Any) -> Any:
    from flask.json.provider import _default as flask_default

    return flask_default(value)


def loads_document(text: str, parse_constant: Any) -> tuple[Any, bool]:
    """A request body's JSON value, and whether orjson read it: orjson first; what orjson refuses is read by the
    standard library (with ``parse_constant``), whose answer and error messages then stand, exactly as without
    orjson. Only such a value can hold a lone UTF-16 surrogate (orjson refuses ``"\\ud800"``) or a
    :class:`LongInteger` (orjson refuses an integer past a double's range)."""
    try:
        return orjson.loads(text), True
    except orjson.JSONDecodeError:
        return json.loads(text, parse_constant=parse_constant, parse_int=_integer), False


class LongInteger:
    """A JSON integer of more digits than ``int()`` reads (``sys.get_int_max_str_digits()``: 4,300), far beyond
    every integer of the contract: it stands in the document in the integer's place, with its number of digits
    (not the digits)."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _integer(text: str) -> int | LongInteger:
    try:
        return int(text)
    except ValueError:  # past int()'s digit limit (the only integer text json hands over that int() refuses)
        return LongInteger(len(text.lstrip("-")))


def install(app: Flask) -> None:
    """Make orjson the app's JSON provider."""
    app.json = OrjsonProvider(app)


__all__ = ["LongInteger", "OrjsonProvider", "dump_bytes", "install", "loads", "loads_document"]
