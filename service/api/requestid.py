"""X-Request-ID: every answer carries one, and a problem names it in ``instance``.

The client's id is kept when it is safe (1 to 128 characters of ``[A-Za-z0-9._:-]``), else the service
makes a uuid4. A problem's ``instance`` is ``urn:uuid:<id>`` when the id is a uuid, else
``urn:uuid:<uuid5(REQUEST_ID_NAMESPACE, id)>``: a valid URI that anyone can recompute from the header.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

from flask import Response, has_request_context, request
from werkzeug.routing import Rule

HEADER = "X-Request-ID"
SAFE_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
REQUEST_ID_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "urn:card-arbiter:request-id")
ENVIRON_ID = "card_arbiter.request_id"  # read by the access log (service.api.logs)
ENVIRON_ROUTE = "card_arbiter.route"


def choose_request_id(sent: str | None) -> str:
    """The client's id when it is safe, else a new uuid4."""
    if sent is not None and SAFE_ID.fullmatch(sent):
        return sent
    return str(uuid.uuid4())


def instance_uri(request_id: str) -> str:
    """The ``instance`` URI of a problem answered to the request ``request_id``."""
    try:
        return f"urn:uuid:{uuid.UUID(request_id)}"
    except ValueError:
        return f"urn:uuid:{uuid.uuid5(REQUEST_ID_NAMESPACE, request_id)}"


def current_request_id() -> str | None:
    """This request's id (None outside a request)."""
    return request.environ.get(ENVIRON_ID) if has_request_context() else None


def current_instance() -> str | None:
    """This request's problem ``instance`` (None outside a request)."""
    request_id = current_request_id()
    return None if request_id is None else instance_uri(request_id)


IN_FLIGHT: dict[str, str] = {}
"""The method, path and id of the request this worker is answering (empty between requests): what the access line
and the 503 of a request the worker timeout aborts carry (gunicorn logs it from an environ of its own, without
them). A sync worker answers one request at a time (service/gunicorn_conf.py)."""


def assign(environ: dict[str, Any]) -> None:
    """Give the request its id (the first thing done to every request)."""
    request_id = environ[ENVIRON_ID] = choose_request_id(environ.get("HTTP_X_REQUEST_ID"))
    IN_FLIGHT.update(method=environ.get("REQUEST_METHOD", ""), path=environ.get("PATH_INFO", ""), id=request_id)


def answer(environ: dict[str, Any], rule: Rule | None, response: Response) -> None:
    """The answer carries the id; the access log finds the id and the route in ``environ``."""
    request_id = environ.get(ENVIRON_ID) or choose_request_id(environ.get("HTTP_X_REQUEST_ID"))
    response.headers[HEADER] = environ[ENVIRON_ID] = request_id
    IN_FLIGHT.clear()
    environ[ENVIRON_ROUTE] = rule.rule if rule is not None else None
