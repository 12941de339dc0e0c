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

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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
def gunicorn(workers: int) -> Iterator[tuple[str, int, subprocess.Popen]]:
    """gunicorn with the project's config on a free loopback port, ready; yields (base URL, port, process)."""
    port = free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": str(workers)}
    env["PROBE_PORT"] = str(free_port())  # the probes' listener (service/probes.py): a free port of its own
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
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its signals stay in its own process group
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base, [proc])
        yield base, port, proc
    finally:
        proc.terminate()
        proc.wait(timeout=30)
