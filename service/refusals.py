"""gunicorn's own refusals as problem+json, not its HTML page: a request gunicorn cannot read (a control byte in a
header, more headers than ``limit_request_fields``, a request line over ``limit_request_line``) is refused by its
worker before the app sees it.

gunicorn writes each with ``gunicorn.util.write_error(sock, status, reason, message)`` (from the worker's
``handle_error``); :func:`install`, called by service/gunicorn_conf.py in the master before it forks, puts
:func:`write_problem` there instead. What stays gunicorn's: which requests it refuses, the status (400, 403, 414,
417, 431, 501, or 500 for an error outside the app's handlers), the reason and the message, which becomes the
``detail``; the connection is closed; the client's ``X-Request-ID`` is not read (gunicorn hands over none), so
the answer carries a new one. Behind nginx (deploy/nginx.conf) these are rare: nginx's limits come first.
"""

from __future__ import annotations

import json
import socket
import uuid

from gunicorn import util


def write_problem(sock: socket.socket, status: int, reason: str, message: str) -> None:
    """gunicorn's refusal written as a problem (RFC 9457), with an ``X-Request-ID`` its ``instance`` names."""
    from service.api.problems import PROBLEM_JSON, TYPES, problem_type, short

    request_id = str(uuid.uuid4())
    body = json.dumps(
        {
            "type": problem_type(TYPES.get(status, "error")),
            "title": reason,
            "status": status,
            "detail": short(message or reason),
            "instance": f"urn:uuid:{request_id}",
        }
    ).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: {PROBLEM_JSON}\r\n"
        f"Content-Length: {len(body)}\r\nX-Request-ID: {request_id}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def install() -> None:
    """Make gunicorn write its refusals with :func:`write_problem`."""
    util.write_error = write_problem
