"""JSON in and out at orjson's speed, with the standard library's answers wherever orjson would differ.

- :class:`OrjsonProvider` is Flask's JSON provider (``app.json``): orjson writes every answer; what it cannot
  write (integers past 64 bits, lone surrogates) falls back to the standard library, as before.
- :func:`parse_body` reads a request body once, before any view: orjson first; what orjson refuses is read
  again by the standard library so that what it accepts (and the 400 for what it does not) stays the same.
  The body is kept for :class:`ParsedBodyParser`, which hands it to flask-smorest's ``@arguments`` unparsed again.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Flask, Response, g, request
from flask.json.provider import JSONProvider
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

_OPTIONS = orjson.OPT_NON_STR_KEYS


class OrjsonProvider(JSONProvider):
    """Flask's JSON provider on orjson: compact, UTF-8, keys in the order given (as the default provider here)."""

    sort_keys = False
    ensure_ascii = False
    mimetype = "application/json"

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return self.dump_bytes(obj).decode()

    def dump_bytes(self, obj: Any) -> bytes:
        """``obj`` as compact JSON bytes."""
        try:
            return orjson.dumps(obj, option=_OPTIONS)
        except TypeError:  # orjson.JSONEncodeError: a big integer, a lone surrogate, an unknown type
            return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=_default).encode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            return orjson.loads(s)
        except orjson.JSONDecodeError:
            return json.loads(s, **kwargs)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        return self._app.response_class(self.dump_bytes(obj) + b"\n", mimetype=self.mimetype)


def _default(value: Any) -> Any:
    from flask.json.provider import _default as flask_default

    return flask_default(value)


class MalformedJSON(ValueError):
    """A body that is not JSON (the message is the standard library's)."""


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_body(raw: bytes) -> Any:
    """The JSON value of ``raw``; raises :class:`MalformedJSON` (NaN and Infinity are not JSON)."""
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        pass
    try:
        return json.loads(raw, parse_constant=_no_constants)
    except (ValueError, RecursionError) as error:
        raise MalformedJSON(str(error)) from error


def keep_body(value: Any) -> None:
    """Remember the request's parsed body for the views' arguments."""
    g.json_body = (value,)


class ParsedBodyParser(FlaskParser):
    """webargs' Flask parser, taking the body :func:`parse_body` already read instead of reading it again."""

    def _raw_load_json(self, req: Any) -> Any:
        if not is_json_request(req):
            return core.missing
        kept = g.get("json_body")
        if kept is not None and req is request:
            return kept[0]
        return super()._raw_load_json(req)


def install(app: Flask) -> None:
    """Make orjson the app's JSON provider."""
    app.json = OrjsonProvider(app)


__all__ = ["MalformedJSON", "OrjsonProvider", "ParsedBodyParser", "install", "keep_body", "parse_body"]
