"""The bad-input catalogue over the wire, against gunicorn as deployed (one sync worker): no 5xx, answers
within 64 KiB, chunked bodies over the limit refused, and the worker's memory flat over the run."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
import requests

from tests.e2e.servers import gunicorn
from tests.robustness.catalogue import requests_for

ROOT = Path(__file__).resolve().parents[2]
MAX_ANSWER = 64 * 1024
MAX_GROWTH = 48 * 1024 * 1024
OPERATIONS = [
    ("POST", "/v1/three-card-brag/hands/evaluate"),
    ("POST", "/v1/broggin/hands/compare"),
    ("POST", "/v1/briscola/tricks/winner"),
    ("POST", "/v1/briscan/melds/evaluate"),
    ("POST", "/v1/old-brag/deals"),
    ("POST", "/v1/briscola-chiamata/records/adjudicate"),
    ("POST", "/v1/brisque/actions"),
    ("GET", "/v1/games"),
]


@pytest.fixture(scope="module")
def one_worker():
    with gunicorn(workers=1) as (base, port, proc):
        yield base, port, proc.pid


def worker_rss(master: int) -> int:
    """The resident memory of the master's one worker, in bytes."""
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    assert len(children) == 1, children
    for line in Path(f"/proc/{children[0]}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")  # pragma: no cover


def examples(base: str) -> dict[tuple[str, str], object]:
    spec = requests.get(f"{base}/openapi.json", timeout=30).json()
    found = {}
    for method, path in OPERATIONS:
        operation = spec["paths"][path][method.lower()]
        content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
        found[(method, path)] = content.get("example")
    return found


@pytest.mark.slow
def test_the_catalogue_over_the_wire(one_worker):
    base, _, master = one_worker
    bodies = examples(base)
    with requests.Session() as session:
        for (method, path), example in bodies.items():  # warm up: what is built once
            session.request(method, base + path, json=example, timeout=30)
        before = worker_rss(master)
        count = 0
        for key, example in bodies.items():
            for name, method, path, body, headers in requests_for(*key, example):
                response = session.request(method, base + path, data=body, headers=headers, timeout=30)
                where = f"{method} {path[:80]} [{name}]"
                assert response.status_code < 500, where
                if response.status_code >= 400:
                    assert response.headers["Content-Type"] == "application/problem+json", where
                    assert json.loads(response.content)["status"] == response.status_code, where
                assert len(response.content) <= MAX_ANSWER, where
                count += 1
        grown = worker_rss(master) - before
    assert count > 500
    assert grown <= MAX_GROWTH, f"the worker grew by {grown / 2**20:.1f} MiB"


def _chunked(port: int, body: bytes, chunk: int = 65_536) -> tuple[int, bytes]:
    """POST ``body`` with Transfer-Encoding: chunked over a raw socket; the status and the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(
            b"POST /v1/three-card-brag/hands/evaluate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        )
        try:
            for start in range(0, len(body), chunk):
                piece = body[start : start + chunk]
                sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
            sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may answer and close before the whole body is sent
        answer = b""
        while True:
            try:
                data = sock.recv(65_536)
            except ConnectionResetError:
                break
            if not data:
                break
            answer += data
    status = int(answer.split(b" ", 2)[1])
    return status, answer.split(b"\r\n\r\n", 1)[1]


def test_chunked_bodies_over_the_limit_are_a_413(one_worker):
    _, port, _ = one_worker
    valid = json.dumps({"hands": [["AS", "KS", "QS"]]}).encode()
    assert _chunked(port, valid)[0] == 200
    status, body = _chunked(port, valid + b" " * (2 * 1024 * 1024 + 200_000) + b"garbage")
    assert status == 413 and b"payload-too-large" in body


def test_no_redirect_to_the_host_header(one_worker):
    _, port, _ = one_worker
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"GET //v1//games HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
        answer = b""
        while data := sock.recv(65_536):
            answer += data
    head = answer.split(b"\r\n\r\n", 1)[0]
    assert b"evil.example" not in head and not head.startswith(b"HTTP/1.1 3")
