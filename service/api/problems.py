"""RFC 9457 problem details for every error, with JSON pointers into the request body."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

from service.api.requestid import current_instance
from service.notation.errors import NotationError
from service.rules.deadline import DeadlineExceeded
from service.rules.errors import IllegalAction, InvalidInput, InvalidState, Problem, printable

PROBLEM_JSON = "application/problem+json"
RETRY_AFTER = 5
"""Seconds a client is asked to wait after its request ran past its deadline (as past gunicorn's timeout:
service/refusals.py)."""
log = logging.getLogger("card_arbiter")

TYPES = {
    400: "bad-request",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    408: "request-timeout",
    409: "illegal-action",
    413: "payload-too-large",
    414: "uri-too-long",
    415: "unsupported-media-type",
    417: "expectation-failed",
    422: "invalid-request",
    431: "request-header-fields-too-large",
    500: "internal-error",
    501: "not-implemented",
    503: "unavailable",
    505: "http-version-not-supported",
}
"""The ``type`` of a problem by its status: the app's, gunicorn's (service/refusals.py) and nginx's own
(deploy/nginx.conf)."""


def problem_type(slug: str) -> str:
    """The ``type`` URI of a kind of problem (a relative reference, RFC 9457 section 3.1.1)."""
    return f"/problems/{slug}"


def problem(
    status: int,
    title: str,
    detail: str,
    slug: str | None = None,
    headers: Mapping[str, str] | None = None,
    **extra: Any,
) -> Response:
    """A problem+json response."""
    body = {
        "type": problem_type(slug or TYPES.get(status, "error")),
        "title": title,
        "status": status,
        "detail": detail,
    }
    instance = current_instance()  # urn:uuid: naming this request's X-Request-ID (service/api/requestid.py)
    if instance is not None:
        body["instance"] = instance
    body.update(extra)
    text = json.dumps(body, ensure_ascii=False).encode("utf-8", "backslashreplace")  # never a 500 for odd text
    response = Response(text, status=status, mimetype=PROBLEM_JSON)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def pointer_items(messages: Any, prefix: str = "") -> list[dict[str, str]]:
    """Flatten marshmallow's nested error messages into ``[{pointer, detail}]``."""
    items: list[dict[str, str]] = []
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            if key == "_schema":
                items.extend(pointer_items(value, prefix))
            else:
                token = str(key).replace("~", "~0").replace("/", "~1")
                items.extend(pointer_items(value, f"{prefix}/{token}"))
    elif isinstance(messages, list | tuple):
        for value in messages:
            items.extend(pointer_items(value, prefix))
    else:
        items.append({"pointer": prefix, "detail": str(messages)})
    return items


MAX_LISTED = 100
"""The most problems a 422 lists; ``total_errors`` says how many there were."""
MAX_TEXT = 300
"""The most characters of one pointer or message in a problem (client input is repeated only in excerpts)."""


def short(text: str) -> str:
    """A pointer or message cut to MAX_TEXT characters, anything unprintable escaped."""
    return printable(text[:MAX_TEXT]) + ("…" if len(text) > MAX_TEXT else "")


def short_pointer(pointer: str) -> str:
    """A JSON pointer with each token cut to 40 characters (a key may be client input)."""
    if len(pointer) <= 40 and pointer.isprintable():
        return pointer
    return short("/".join(t if len(t) <= 40 else t[:40] + "…" for t in pointer.split("/")))


def listed(items: list[dict[str, str]], most: int | None = MAX_LISTED) -> list[dict[str, str]]:
    """The first ``most`` items (all for None), each text shortened."""
    return [
        {k: (short_pointer(v) if k == "pointer" else short(v)) if isinstance(v, str) else v for k, v in item.items()}
        for item in items[:most]
    ]


def invalid_request(items: list[dict[str, str]], total: int | None = None) -> Response:
    """422 listing ``items`` (the first MAX_LISTED); ``total``: how many problems there were, where more were
    found than ``items`` holds."""
    count = len(items) if total is None else total
    detail = short(items[0]["detail"]) if count == 1 else f"{count} problems in the request; see errors"
    return problem(422, "Unprocessable request", detail, errors=listed(items), total_errors=count)


def _problems_items(problems: list[Problem], prefix: str = "") -> list[dict[str, str]]:
    return [{"pointer": prefix + p.pointer, "detail": p.message} for p in problems]


def release(error: BaseException) -> None:
    """Drop the tracebacks of an answered error and of every error it arose from (``__cause__``,
    ``__context__``). A traceback holds each frame it passed through, and with them the request, its body and
    its document; where a frame also holds the error (marshmallow's ``exc = ValidationError(...); raise exc``,
    flask's ``request.routing_exception``) that is a cycle, which reference counting never frees and the cyclic
    collector only rarely (service/wsgi.py): a worker would keep the bodies of a few hundred bad requests."""
    chain: list[BaseException | None] = [error]
    seen: set[int] = set()
    while chain:
        found = chain.pop()
        if found is None or id(found) in seen:
            continue
        seen.add(id(found))
        found.__traceback__ = None
        chain += (found.__cause__, found.__context__)


def register_error_handlers(app: Flask) -> None:
    """One handler for everything: HTTP errors, engine errors, and anything unexpected (a logged 500)."""

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        status = error.code or 500
        if status == 422:
            data = getattr(error, "data", None) or {}
            messages = data.get("messages", {})
            if isinstance(messages, Mapping) and set(messages) <= {"json", "query", "form"} and messages:
                messages = {k: v for part in messages.values() for k, v in part.items()}
            return invalid_request(pointer_items(messages) or [{"pointer": "", "detail": error.description or ""}])
        headers = {}
        if status == 405:
            headers = {k: v for k, v in error.get_headers() if k.lower() == "allow"}
        detail = error.description or error.name
        if status == 404:
            detail = f"no resource at {request.path}; see GET /v1/games and /openapi.json"
        return problem(status, error.name, detail, headers=headers)

    @app.errorhandler(InvalidInput)
    def invalid_input(error: InvalidInput) -> Response:
        prefix = getattr(error, "pointer_prefix", "")
        return invalid_request(_problems_items(error.problems, prefix))

    @app.errorhandler(InvalidState)
    def invalid_state(error: InvalidState) -> Response:
        prefix = getattr(error, "pointer_prefix", "/state")
        problems = [{"code": p.code, "pointer": prefix + p.pointer, "message": p.message} for p in error.problems]
        return problem(
            422,
            "Inconsistent state",
            f"the state has {len(problems)} problem(s); see problems",
            slug="invalid-state",
            problems=listed(problems),
            errors=listed(_problems_items(error.problems, prefix)),
            total_errors=len(problems),
        )

    @app.errorhandler(NotationError)
    def invalid_notation(error: NotationError) -> Response:
        item = {k: short(v) if isinstance(v, str) else v for k, v in error.item().items()}
        detail = f"line {error.line}, column {error.column}: {item['detail']}"
        return problem(422, "Invalid notation", detail, slug="invalid-notation", errors=[item], total_errors=1)

    @app.errorhandler(DeadlineExceeded)
    def past_deadline(error: DeadlineExceeded) -> Response:  # noqa: ARG001 - the handler's signature
        detail = "The request ran past its deadline while the service was busy; send it again later."
        return problem(503, "Service Unavailable", detail, headers={"Retry-After": str(RETRY_AFTER)})

    @app.errorhandler(IllegalAction)
    def illegal_action(error: IllegalAction) -> Response:
        return problem(
            409, "Illegal action", error.message, code=error.code, rule=error.rule, legal_actions=error.legal_actions
        )

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:  # pragma: no cover - a bug, logged
        log.exception("unhandled error on %s %s", request.method, request.path)
        return problem(500, "Internal Server Error", "an unexpected error; it has been logged")
