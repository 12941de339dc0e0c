"""Probes answer while every worker is busy (issue 28 item 2): gunicorn as bin/serve starts it, and behind nginx.

2 x WEB_CONCURRENCY of the longest admitted request (bench/worst.py's equity case, ~1.6 s of CPU; the longest
trace takes 0.1 s, so a worker that took one answered before the probes were asked and the property failed on
a loaded machine) are sent and known in flight (each whole request written, none answered); then `/healthz`
and `/readyz` are asked. The property: each probe's answer comes before the first heavy answer (no
timing threshold). The control: the same probe on the workers' own port waits for a worker.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from bench.worst import heaviest_equity
from service.api.app import create_app
from tests.e2e.servers import free_port, free_ports, wait_ready
from tests.e2e.test_proxy import _nginx, shipped_config

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 2


@contextmanager
def served(workers: int = WORKERS) -> Iterator[tuple[int, int]]:
    """gunicorn with the project's settings, as bin/serve starts it; yields (the workers' port, the probes')."""
    port, probe_port = free_ports(2)
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "PROBE_PORT": str(probe_port)}
    env["WEB_CONCURRENCY"] = str(workers)
    command = ["--config", "python:service.gunicorn_conf", "--no-control-socket", "service.wsgi:app"]
    proc = subprocess.Popen(
        [str(Path(sys.executable).with_name("gunicorn")), *command],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_ready(f"http://127.0.0.1:{port}", [proc])
        wait_ready(f"http://127.0.0.1:{probe_port}", [proc])
        yield port, probe_port
    finally:
        proc.send_signal(signal.SIGINT)  # quick shutdown: the heavy requests are not waited for
        proc.wait(timeout=60)


class InFlight:
    """``count`` of the longest request (the equity case), each written whole to its own connection (in flight
    once made), and when each answer began to arrive (a thread per connection reads it)."""

    def __init__(self, port: int, count: int) -> None:
        cases = [heaviest_equity()]
        self.answered: list[float] = []
        self.readers = []
        for i in range(count):
            path, body = cases[i % len(cases)]
            data = json.dumps(body).encode()
            head = f"POST {path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            head += f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n"
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(head.encode() + data)
            reader = threading.Thread(target=self._read, args=(sock,), daemon=True)
            reader.start()
            self.readers.append(reader)

    def _read(self, sock: socket.socket) -> None:
        sock.settimeout(600)
        with sock:
            if sock.recv(1):
                self.answered.append(time.monotonic())
            while sock.recv(65536):
                pass

    def first(self) -> float:
        """When the first answer began, once every answer has come."""
        for reader in self.readers:
            reader.join(timeout=600)
        assert self.answered, "no heavy request was answered"
        return min(self.answered)


def probe(base: str, path: str) -> tuple[float, int]:
    """When ``base`` answered a probe of ``path``, and its status."""
    answer = requests.get(f"{base}{path}", timeout=600)
    return time.monotonic(), answer.status_code


def answered_while_busy(heavy_port: int, probe_base: str) -> None:
    heavy = InFlight(heavy_port, 2 * WORKERS)
    time.sleep(0.5)  # the workers have taken their requests and compute
    probes = [probe(probe_base, path) for path in ("/healthz", "/readyz")]
    first = heavy.first()
    for answered, status in probes:
        assert status == 200
        assert answered < first, "a probe waited for a heavy request"


def test_probes_answer_while_every_worker_computes():
    """The probes' listener answers before any heavy request is done; the control, the same probe on the workers'
    own port, only after one is."""
    with served() as (port, probe_port):
        heavy = InFlight(port, 2 * WORKERS)
        time.sleep(0.5)
        probes = [probe(f"http://127.0.0.1:{probe_port}", path) for path in ("/healthz", "/readyz")]
        control, status = probe(f"http://127.0.0.1:{port}", "/healthz")
        first = heavy.first()
    assert [status for _, status in probes] == [200, 200] and status == 200
    assert all(answered < first for answered, _ in probes), "a probe waited for a heavy request"
    assert control > first, "a worker was free: the heavy requests did not fill them"


def test_probes_answer_through_nginx_while_every_worker_computes(tmp_path):
    nginx = _nginx()
    public = free_port()
    with served() as (port, probe_port):
        (tmp_path / "nginx.conf").write_text(shipped_config(public, port, tmp_path, probe_port))
        proxy = subprocess.Popen(
            [nginx, "-e", "stderr", "-c", str(tmp_path / "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            wait_ready(f"http://127.0.0.1:{public}", [proxy])
            answered_while_busy(public, f"http://127.0.0.1:{public}")
            # other methods go to the app, which answers them as it always has
            refused = requests.post(f"http://127.0.0.1:{public}/healthz", timeout=60)
            assert refused.status_code == 405 and set(refused.headers["Allow"].split(", ")) == {
                "GET",
                "HEAD",
                "OPTIONS",
            }
        finally:
            proxy.terminate()
            proxy.wait(timeout=30)


@pytest.mark.parametrize("path", ["/healthz", "/readyz"])
def test_the_probes_listener_answers_what_the_app_answers(path):
    app = create_app().test_client().get(path, headers={"X-Request-ID": "probe-1"})
    with served(workers=1) as (_, probe_port):
        answer = requests.get(f"http://127.0.0.1:{probe_port}{path}", headers={"X-Request-ID": "probe-1"}, timeout=30)
        head = requests.head(f"http://127.0.0.1:{probe_port}{path}", timeout=30)
        other = requests.get(f"http://127.0.0.1:{probe_port}/v1/games", timeout=30)
    assert answer.status_code == app.status_code == 200
    assert answer.content == app.get_data()
    for header in ("Content-Type", "X-Request-ID", "X-Content-Type-Options"):
        assert answer.headers[header] == app.headers[header]
    assert head.status_code == 200 and head.headers["Content-Length"] == str(len(app.get_data()))
    assert other.status_code == 404 and other.headers["Content-Type"] == "application/problem+json"
