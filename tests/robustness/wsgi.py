"""The app called as a WSGI server calls it, without werkzeug's test client: the bad-input catalogue sends tens of
thousands of requests, and building each through the test client's ``EnvironBuilder`` and response wrapper cost a
fifth of the catalogue's time; tests/api/test_no_cycles.py counts the cycles a request leaves, and the test client
makes cycles of its own. The environ is what the test client builds (a UTF-8 query string read as Latin-1,
as PEP 3333 has it), and the answer goes through the app's whole middleware chain (``app(environ, ...)``)."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Answer:
    status: int
    mimetype: str
    data: bytes


BASE = {
    "SCRIPT_NAME": "",
    "SERVER_NAME": "localhost",
    "SERVER_PORT": "80",
    "SERVER_PROTOCOL": "HTTP/1.1",
    "HTTP_HOST": "localhost",
    "wsgi.version": (1, 0),
    "wsgi.url_scheme": "http",
    "wsgi.errors": sys.stderr,
    "wsgi.multithread": False,
    "wsgi.multiprocess": False,
    "wsgi.run_once": False,
}


def call(app: Any, method: str, path: str, body: bytes | None, headers: dict[str, str]) -> Answer:
    """``method path`` with ``body`` and ``headers``, answered by ``app``."""
    route, _, query = path.partition("?")
    environ = {
        **BASE,
        "REQUEST_METHOD": method,
        "PATH_INFO": route,
        "QUERY_STRING": query.encode("utf-8", "surrogatepass").decode("latin-1"),
        "wsgi.input": io.BytesIO(body or b""),
    }
    if body is not None:
        environ["CONTENT_LENGTH"] = str(len(body))
    for name, value in headers.items():
        key = name.upper().replace("-", "_")
        environ[key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{key}"] = value
    started: list[Any] = []
    chunks = app(environ, lambda status, response_headers, exc_info=None: started.extend((status, response_headers)))
    try:
        data = b"".join(chunks)
    finally:
        getattr(chunks, "close", lambda: None)()
    status, response_headers = started
    content_type = next((v for k, v in response_headers if k.lower() == "content-type"), "")
    return Answer(int(status.split()[0]), content_type.split(";")[0].strip().lower(), data)
