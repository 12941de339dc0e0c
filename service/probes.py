"""The probes' own listener: `/healthz` and `/readyz` answered by a thread of gunicorn's master.

Sync workers serve one request each: while every worker computes (a Monte Carlo against sixteen opponents, a
record's trace, a table for other options), a probe sent to the workers' port waits in the queue behind them,
and the kubelet restarts a container that is only busy. The master does no request work, so a thread of its own
(started by ``when_ready`` in :mod:`service.gunicorn_conf`) answers the probes on a port of their own
(``PROBE_PORT``, nginx sends the probes' paths there: deploy/nginx.conf) at once, however busy the workers are.

- `/healthz` (liveness): the master answers, and it restarts any worker that stops answering (gunicorn's
  ``timeout``).
- `/readyz` (readiness): at least one worker is alive, as gunicorn's own timeout sees it (its heartbeat no
  older than ``timeout``); else a 503 problem with ``Retry-After``.

The same bodies and headers as the app's routes (``service.api.ops``; a test compares them). The thread writes
no log line and takes no lock a worker could inherit held at a fork: it only reads gunicorn's table of workers
and writes to its own sockets.
"""

from __future__ import annotations

import json
import socketserver
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler
from typing import Any

from service.api.requestid import HEADER, choose_request_id
from service.rules.registry import GAMES


def _json(document: dict[str, Any]) -> bytes:
    return json.dumps(document, separators=(",", ":")).encode() + b"\n"


HEALTHY = _json({"status": "ok"})
READY = _json({"status": "ready", "games": list(GAMES)})
UNAVAILABLE = json.dumps(
    {"type": "/problems/unavailable", "title": "Service Unavailable", "status": 503, "detail": "no worker is up yet"}
).encode()
NOT_FOUND = json.dumps(
    {"type": "/problems/not-found", "title": "Not Found", "status": 404, "detail": "only /healthz and /readyz here"}
).encode()
NOT_ALLOWED = json.dumps(
    {"type": "/problems/method-not-allowed", "title": "Method Not Allowed", "status": 405, "detail": "GET or HEAD"}
).encode()


def workers_alive(server: Any) -> bool:
    """Whether gunicorn's arbiter ``server`` has a worker whose heartbeat is within its ``timeout``."""
    now = time.monotonic()  # what gunicorn writes as a heartbeat (WorkerTmp.notify)
    try:
        return any(now - worker.tmp.last_update() <= server.timeout for worker in list(server.WORKERS.values()))
    except (OSError, ValueError):  # a worker's heartbeat file closed while it is reaped
        return False


class ProbeHandler(BaseHTTPRequestHandler):
    """GET and HEAD of `/healthz` and `/readyz`; a problem+json for anything else."""

    timeout = 5  # a connection that sends nothing is dropped: the next probe is not kept waiting
    protocol_version = "HTTP/1.0"
    server_version = "card-arbiter"
    sys_version = ""
    ready: Callable[[], bool] = staticmethod(lambda: True)

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._answer(send_body=True)

    def do_HEAD(self) -> None:  # noqa: N802
        self._answer(send_body=False)

    def _answer(self, send_body: bool) -> None:
        path = self.path.split("?", 1)[0]
        if path == "/healthz":
            self._send(200, "application/json", HEALTHY, send_body)
        elif path == "/readyz" and type(self).ready():
            self._send(200, "application/json", READY, send_body)
        elif path == "/readyz":
            self._send(503, "application/problem+json", UNAVAILABLE, send_body, {"Retry-After": "1"})
        else:
            self._send(404, "application/problem+json", NOT_FOUND, send_body)

    def _refuse(self) -> None:
        self._send(405, "application/problem+json", NOT_ALLOWED, True, {"Allow": "GET, HEAD"})

    do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = _refuse  # noqa: N815

    def _send(self, status: int, media: str, body: bytes, send_body: bool, extra: dict[str, str] | None = None) -> None:
        self.send_response_only(status)
        request_id = choose_request_id(self.headers.get(HEADER))
        headers = {"Content-Type": media, "Content-Length": str(len(body)), HEADER: request_id}
        for name, value in {**headers, "X-Content-Type-Options": "nosniff", **(extra or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - http.server's signature
        """No log line: nothing written from this thread (see the module's docstring)."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A request line or header http.server cannot read: closed without an answer."""
        self.close_connection = True


class ProbeServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client gone mid-answer: nothing to do, nothing written."""


def start(host: str, port: int, ready: Callable[[], bool]) -> ProbeServer:
    """Listen on ``host``:``port`` and answer the probes from a daemon thread; ``ready`` says whether a worker
    is up. Raises OSError when the port is taken."""
    handler = type("Probes", (ProbeHandler,), {"ready": staticmethod(ready)})
    server = ProbeServer((host, port), handler)
    threading.Thread(target=server.serve_forever, name="card-arbiter-probes", daemon=True).start()
    return server
