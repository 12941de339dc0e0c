"""gunicorn's own refusals as problem+json, not its HTML page: a request gunicorn cannot read (a control byte in a
header, more headers than ``limit_request_fields``, a request line over ``limit_request_line``) is refused by its
worker before the app sees it.

gunicorn writes each with ``gunicorn.util.write_error(sock, status, reason, message)`` (from the worker's
``handle_error``); :func:`install`, called by service/gunicorn_conf.py in the master before it forks, puts
:func:`write_problem` there instead. What stays gunicorn's: which requests it refuses, the status (400, 403, 414,
417, 431, 501, or 500 for an error outside the app's handlers), the reason and the message, which becomes the
``detail``; the connection is closed; the client's ``X-Request-ID`` is not read (gunicorn hands over none), so
the answer carries a new one. Behind nginx (deploy/nginx.conf) these are rare: nginx's limits come first.

One 500 is not an error of the app: a request still running when the worker's ``timeout`` runs out (a heavy
request on a starved machine) is aborted by the master, and gunicorn answers the aborted request as an error
outside the app's handlers. :func:`worker_abort` (the gunicorn hook) marks the worker, and its answer is a 503
with ``Retry-After``: the service is busy, the request itself was admitted and may be sent again.
"""

from __future__ import annotations

import json
import socket
import uuid

from gunicorn import util

RETRY_AFTER = 5
"""Seconds a client is asked to wait after its request outran a worker's timeout."""

_aborted = False
"""Set in a worker the master is aborting (its request outran ``timeout``): its last answer is a 503."""


def worker_abort(worker: object) -> None:  # noqa: ARG001 - gunicorn's hook signature
    """gunicorn's ``worker_abort`` hook: the request in flight is answered as the busy service's 503."""
    global _aborted  # noqa: PLW0603 - one flag per worker process, read by write_problem as it dies
    _aborted = True


def instance(request_id: str) -> str:
    """A problem's ``instance`` for ``request_id`` (the client's own id kept: its uuid5, as the app writes it)."""
    from service.api.requestid import instance_uri

    return instance_uri(request_id)


def aborted() -> bool:
    """Whether this worker is being aborted (its request outran ``timeout``)."""
    return _aborted


def write_problem(sock: socket.socket, status: int, reason: str, message: str) -> None:
    """gunicorn's refusal written as a problem (RFC 9457), with an ``X-Request-ID`` its ``instance`` names."""
    from service.api.problems import PROBLEM_JSON, TYPES, problem_type, short

    retry = ""
    if status == 500 and _aborted:
        status, reason, retry = 503, "Service Unavailable", f"Retry-After: {RETRY_AFTER}\r\n"
        message = "The request ran past the worker's time limit while the service was busy; send it again later."
    request_id = str(uuid.uuid4())
    if _aborted:  # the aborted request's own id, as its access line gives it (service/api/logs.py)
        from service.api.requestid import IN_FLIGHT

        request_id = IN_FLIGHT.get("id", request_id)
    body = json.dumps(
        {
            "type": problem_type(TYPES.get(status, "error")),
            "title": reason,
            "status": status,
            "detail": short(message or reason),
            "instance": instance(request_id),
        }
    ).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: {PROBLEM_JSON}\r\n"
        f"Content-Length: {len(body)}\r\n{retry}X-Request-ID: {request_id}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def install() -> None:
    """Make gunicorn write its refusals with :func:`write_problem`."""
    util.write_error = write_problem
