"""The shipped production setup: gunicorn (service/gunicorn_conf.py) behind nginx (deploy/nginx.conf).

Slow clients (issue 11 item 6) hold nginx connections, never a sync worker: /healthz still answers.
Needs nginx (bin/test installs it from Debian's packages when it runs as root).
"""

from __future__ import annotations

import json
import os
import re
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

from service.api.problems import TYPES
from tests.e2e.servers import free_ports, raw_request, wait_ready

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
    public, upstream, probes = free_ports(3)
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


HEAD = b"GET /v1/games HTTP/1.1\r\nHost: x\r\n"


@pytest.mark.parametrize(
    ("name", "request_bytes", "status"),
    [
        ("a URI over 8 KB", b"GET /v1/" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        ("a header over 8 KB", HEAD + b"X-Big: " + b"a" * 9000 + b"\r\n\r\n", 431),
        ("1,000 headers", HEAD + b"a: b\r\n" * 1000 + b"\r\n", 431),
        ("a request line nginx cannot read", b"\x16\x03\x01 nonsense\r\n\r\n", 400),  # was nginx's 500
        ("a method nginx cannot read", b"G@T /v1/games HTTP/1.1\r\nHost: x\r\n\r\n", 400),  # was nginx's 500
        ("HTTP/2.0 in plain text", b"GET /v1/games HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        ("gzip framing", b"POST /v1/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("TRACE", b"TRACE /v1/games HTTP/1.1\r\nHost: x\r\n\r\n", 405),
        ("an error page asked for", b"GET /_problems/400 HTTP/1.1\r\nHost: x\r\n\r\n", 404),
        ("a control byte in a header", HEAD + b"X-Odd: a\x01b\r\n\r\n", 400),  # gunicorn's (service/refusals.py)
    ],
)
def test_the_proxys_own_refusals_are_problems(deployed, name, request_bytes, status):
    answered, headers, body = raw_request(deployed.proxy, request_bytes)
    assert answered == status, (name, body[:200])
    assert headers["content-type"] == "application/problem+json", name
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"] == f"/problems/{TYPES[status]}" and problem["detail"]
    assert headers["x-request-id"]


@pytest.mark.parametrize(
    ("name", "request_bytes", "status"),
    [
        ("999 headers", HEAD + b"a: b\r\n" * 999 + b"\r\n", 200),
        ("a header line of 8,190 bytes", HEAD + b"X-Big: " + b"a" * 8183 + b"\r\n\r\n", 200),
        ("an X-Forwarded-For that nginx lengthens", HEAD + b"X-Forwarded-For: " + b"1" * 8173 + b"\r\n\r\n", 200),
        ("a request line of 8,190 bytes", b"GET /v1/" + b"a" * 8173 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    ],
)
def test_what_nginx_passes_gunicorn_reads(deployed, name, request_bytes, status):
    """gunicorn's limits (service/gunicorn_conf.py) are past nginx's: the app answers (a 404 is the app's)."""
    answered, headers, _ = raw_request(deployed.proxy, request_bytes)
    assert answered == status, name
    assert headers["content-type"] == ("application/json" if status == 200 else "application/problem+json")


def test_a_client_too_slow_is_dropped_without_a_page(deployed):
    """No 408 page, HTML or other: nginx resets a connection past client_body_timeout (10 s)."""
    body_begun = b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"
    started = time.monotonic()
    assert raw_request(deployed.proxy, body_begun, seconds=30) == (None, {}, b"")
    assert time.monotonic() - started >= 9


def test_every_error_document_of_nginx_is_a_problem_of_its_status():
    """Each document deploy/nginx.conf answers is a problem+json of the location's status, of the app's type."""
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    documents = re.findall(r"location = /_problems/(\d+) \{[^}]*?return (\d+) '([^']*)';", text)
    pages = {int(code) for code in re.findall(r"error_page [\d ]+?(?:=\d+ )?/_problems/(\d+);", text)}
    assert {int(path) for path, _, _ in documents} == pages >= {400, 404, 413, 414, 431, 503}
    for path, code, document in documents:
        problem = json.loads(document)
        assert int(path) == int(code) == problem["status"]
        assert problem["type"] == f"/problems/{TYPES[problem['status']]}" and problem["title"] and problem["detail"]
