"""The shipped production setup: gunicorn (service/gunicorn_conf.py) behind nginx (deploy/nginx.conf).

Slow clients (issue 11 item 6) hold nginx connections, never a sync worker: /healthz still answers.
Needs nginx (bin/test installs it from Debian's packages when it runs as root).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from tests.e2e.servers import free_port, wait_ready

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 2
SLOW_CLIENTS = 10  # more than the workers


def _nginx() -> str:
    found = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(p).exists()), None
    )
    if found is None:
        if os.environ.get("CI") and os.geteuid() == 0:
            pytest.fail("nginx is missing although bin/test installs it as root")
        pytest.skip("nginx is not installed (bin/test installs it with apt-get when it runs as root)")
    return found


def shipped_config(public: int, upstream: int, scratch: Path, probes: int) -> str:
    """deploy/nginx.conf with only its three ports and its scratch folder moved (tests run side by side)."""
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    moves = {
        "listen 8000 ": f"listen {public} ",
        "127.0.0.1:8001;": f"127.0.0.1:{upstream};",
        "127.0.0.1:8002;": f"127.0.0.1:{probes};",
        "/tmp/nginx": f"{scratch}/nginx",
    }
    for old, new in moves.items():
        assert old in text, f"deploy/nginx.conf no longer has {old!r}"
        text = text.replace(old, new)
    return text


class Deployed:
    def __init__(self, proxy: str, direct: str, logs: Path) -> None:
        self.proxy, self.direct, self.logs = proxy, direct, logs

    def log_lines(self) -> list[str]:
        return [line for name in ("access.log", "error.log") for line in (self.logs / name).read_text().splitlines()]


@pytest.fixture(scope="module")
def deployed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployed]:
    nginx = _nginx()
    scratch = tmp_path_factory.mktemp("proxy")
    public, upstream, probes = free_port(), free_port(), free_port()
    (scratch / "nginx.conf").write_text(shipped_config(public, upstream, scratch, probes))
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(upstream),
        "PROBE_PORT": str(probes),
        "WEB_CONCURRENCY": str(WORKERS),
        "LOG_FORMAT": "json",
    }
    gunicorn = Path(sys.executable).with_name("gunicorn")
    with open(scratch / "access.log", "w") as out, open(scratch / "error.log", "w") as err:
        app = subprocess.Popen(
            [str(gunicorn), "--config", "python:service.gunicorn_conf", "--no-control-socket", "service.wsgi:app"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=err,
            text=True,
            start_new_session=True,
        )
        proxy = subprocess.Popen(
            [nginx, "-e", "stderr", "-c", str(scratch / "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )
    try:
        wait_ready(f"http://127.0.0.1:{public}", [app, proxy])
        yield Deployed(f"http://127.0.0.1:{public}", f"http://127.0.0.1:{upstream}", scratch)
    finally:
        proxy.terminate()
        app.send_signal(signal.SIGINT)  # gunicorn's quick shutdown
        proxy.wait(timeout=30)
        app.wait(timeout=30)


def _slow_clients(base: str, count: int = SLOW_CLIENTS) -> list[socket.socket]:
    """Sockets that send their headers and a few body bytes of a 100-byte body, then nothing more."""
    host, port = base.removeprefix("http://").split(":")
    head = (
        f"POST /v1/three-card-brag/hands/evaluate HTTP/1.1\r\nHost: {host}\r\n"
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ha'
    ).encode()
    socks = []
    for _ in range(count):
        sock = socket.create_connection((host, int(port)), timeout=5)
        sock.sendall(head)
        socks.append(sock)
    return socks


def _close(socks: list[socket.socket]) -> None:
    for sock in socks:
        sock.close()


def test_slow_clients_do_not_stop_the_service_behind_nginx(deployed):
    socks = _slow_clients(deployed.proxy)
    try:
        time.sleep(0.5)  # the slow clients are all connected and waiting
        for sock in socks:  # ...and trickle another byte
            sock.sendall(b"n")
        for _ in range(3):
            response = requests.get(f"{deployed.proxy}/healthz", timeout=1)  # within a second
            assert response.status_code == 200 and response.json() == {"status": "ok"}
    finally:
        _close(socks)


def test_without_the_proxy_the_same_slow_clients_hold_every_worker(deployed):
    """The check above could fail: straight to gunicorn, the same clients take every sync worker."""
    socks = _slow_clients(deployed.direct)
    try:
        time.sleep(0.5)
        with pytest.raises(requests.Timeout):
            requests.get(f"{deployed.direct}/healthz", timeout=1)
    finally:
        _close(socks)
    wait_ready(deployed.direct, [])  # the workers are free again once the clients go


def test_a_body_over_the_limit_is_a_problem_from_the_proxy_too(deployed):
    over = b'{"hands": [' + b" " * (2 * 1024 * 1024) + b"]}"
    for headers, data in (({}, over), ({"Transfer-Encoding": "chunked"}, iter([over[:1000], over[1000:]]))):
        response = requests.post(
            f"{deployed.proxy}/v1/three-card-brag/hands/evaluate",
            data=data,
            headers={"Content-Type": "application/json", "X-Request-ID": "big-1", **headers},
            timeout=10,
        )
        assert response.status_code == 413
        assert response.headers["Content-Type"] == "application/problem+json"
        assert response.json()["status"] == 413 and response.headers["X-Request-ID"] == "big-1"


def test_a_chunked_body_within_the_limit_reaches_the_app(deployed):
    body = json.dumps({"hands": [["AS", "KS", "QS"]]}).encode()
    response = requests.post(
        f"{deployed.proxy}/v1/three-card-brag/hands/evaluate",
        data=iter([body[:7], body[7:]]),
        headers={"Content-Type": "application/json"},
        timeout=10,
    )
    assert response.status_code == 200 and len(response.json()["results"]) == 1


def test_access_logs_are_json_lines_with_the_request_id(deployed):
    sent = "proxy-log-7"
    response = requests.post(
        f"{deployed.proxy}/v1/three-card-brag/hands/evaluate",
        json={"hands": [["AS", "KS", "QS"]]},
        headers={"X-Request-ID": sent},
        timeout=5,
    )
    assert response.status_code == 200 and response.headers["X-Request-ID"] == sent
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        records = [json.loads(line) for line in deployed.log_lines()]  # every line is one JSON object
        mine = [r for r in records if r.get("request_id") == sent]
        if mine:
            break
        time.sleep(0.1)
    (line,) = mine
    assert line["method"] == "POST" and line["status"] == 200 and line["logger"] == "gunicorn.access"
    assert line["route"].endswith("/hands/evaluate") and line["level"] == "info"
    assert isinstance(line["duration_ms"], float) and isinstance(line["pid"], int) and line["timestamp"]
    assert "AS" not in json.dumps(line)  # never the body
    assert any(r["logger"] == "gunicorn.error" and "Booting worker" in r["message"] for r in records)
