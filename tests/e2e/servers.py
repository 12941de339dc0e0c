"""Starting the service for end-to-end tests: a free loopback port, and waiting until it is ready."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    return free_ports(1)[0]


def free_ports(count: int) -> list[int]:
    """``count`` distinct free loopback ports, bound all at once so that none is given twice. A port beside a
    free one may be anything's (an outgoing connection's own port, another test's server): ask for each one."""
    socks = [socket.socket() for _ in range(count)]
    try:
        for sock in socks:
            sock.bind(("127.0.0.1", 0))
        return [int(sock.getsockname()[1]) for sock in socks]
    finally:
        for sock in socks:
            sock.close()


def requests_counted(metrics: str, endpoint: str) -> float:
    """The requests to ``endpoint`` that a ``/metrics`` text counts (0 when none)."""
    for line in metrics.splitlines():
        if line.startswith("card_arbiter_requests_total{") and f'endpoint="{endpoint}"' in line:
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def wait_ready(base: str, procs: list[subprocess.Popen], seconds: float = 120) -> None:
    """Until ``base``/readyz answers 200; fails when one of ``procs`` exits first or time runs out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for proc in procs:
            if proc.poll() is not None:
                pytest.fail(f"{proc.args[0]} exited with {proc.returncode}")
        try:
            if requests.get(f"{base}/readyz", timeout=1).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    pytest.fail(f"{base} did not become ready")


@contextmanager
def gunicorn(
    workers: int, log: IO[bytes] | None = None, **settings: str
) -> Iterator[tuple[str, int, subprocess.Popen]]:
    """gunicorn with the project's config on a free loopback port, ready; yields (base URL, port, process).
    ``settings`` are more environment variables (``GUNICORN_TIMEOUT="1"``); its logs go to ``log`` if given."""
    port, probes = free_ports(2)  # the probes' listener (service/probes.py) on a free port of its own
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": str(workers), **settings}
    env["PROBE_PORT"] = str(probes)
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "--config",
            "python:service.gunicorn_conf",
            "--no-control-socket",
            "service.wsgi:app",
        ],
        cwd=ROOT,
        env=env,
        stdout=log or subprocess.DEVNULL,
        stderr=log or subprocess.DEVNULL,
        start_new_session=True,  # its signals stay in its own process group
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base, [proc])
        yield base, port, proc
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def raw_request(base: str, data: bytes, seconds: float = 10) -> tuple[int | None, dict[str, str], bytes]:
    """``data`` sent as is on a new connection to ``base``: the answer's status, headers (lower-case names) and
    body (None and nothing when the connection ends without an answer)."""
    host, port = base.removeprefix("http://").split(":")
    answer = b""
    with socket.create_connection((host, int(port)), timeout=seconds) as sock:
        sock.sendall(data)
        try:
            while b"\r\n\r\n" not in answer or len(answer) < _length(answer):
                chunk = sock.recv(65536)
                if not chunk:
                    break
                answer += chunk
        except ConnectionResetError:
            pass
    if not answer:
        return None, {}, b""
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, body


def _length(answer: bytes) -> int:
    """The whole answer's length in bytes, once its head is in (from its Content-Length)."""
    head = answer.partition(b"\r\n\r\n")[0]
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(head) + 4 + int(value)
    return len(answer) + 1  # no length: read until the connection ends
