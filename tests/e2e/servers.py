"""Starting the service for end-to-end tests: a free loopback port, and waiting until it is ready."""

from __future__ import annotations

import socket
import subprocess
import time

import pytest
import requests


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


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
