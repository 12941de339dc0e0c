"""Sending a vector's request: to the service's own app in-process, or to a running service (``--url``).

Both give ``(status, media type, body)``: the body decoded from JSON when the answer is JSON, else its text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any, Protocol

import orjson

JSON_TYPES = ("application/json", "application/problem+json")


class Transport(Protocol):
    def send(self, request: Mapping[str, Any]) -> tuple[int, str, Any]:
        """(status, media type, decoded body) of a vector's ``request``."""


class Unreachable(Exception):
    """The service could not be reached, or answered what is not HTTP."""


def payload(request: Mapping[str, Any]) -> tuple[bytes | None, dict[str, str]]:
    """The bytes and headers of a vector's request (JSON ``body``, or raw ``text``)."""
    headers = dict(request.get("headers") or {})
    if "text" in request:
        headers.setdefault("Content-Type", "application/json")
        return request["text"].encode(), headers
    if "body" in request:
        headers.setdefault("Content-Type", "application/json")
        return orjson.dumps(request["body"]), headers
    return None, headers


def decoded(media_type: str, data: bytes) -> Any:
    if media_type in JSON_TYPES:
        try:
            return json.loads(data)
        except ValueError:
            pass
    return data.decode("utf-8", "replace")


@cache
def _app() -> Any:
    from service.api.app import create_app

    return create_app({"WARM_TABLES": False})


class InProcess:
    """The service's own Flask app, through its test client."""

    def __init__(self, app: Any = None) -> None:
        self.client = (app or _app()).test_client()

    def send(self, request: Mapping[str, Any]) -> tuple[int, str, Any]:
        data, headers = payload(request)
        response = self.client.open(request["path"], method=request["method"], data=data, headers=headers)
        return response.status_code, response.mimetype, decoded(response.mimetype, response.get_data())


class Remote:
    """A running service at ``url``."""

    def __init__(self, url: str, timeout: float = 30.0) -> None:
        import requests

        self.url, self.timeout, self.session = url.rstrip("/"), timeout, requests.Session()

    def send(self, request: Mapping[str, Any]) -> tuple[int, str, Any]:
        import requests

        data, headers = payload(request)
        try:
            response = self.session.request(
                request["method"], self.url + request["path"], data=data, headers=headers, timeout=self.timeout
            )
        except requests.RequestException as error:
            raise Unreachable(f"cannot reach {self.url}: {error}") from error
        media_type = response.headers.get("Content-Type", "").split(";")[0].strip().lower()
        return response.status_code, media_type, decoded(media_type, response.content)
