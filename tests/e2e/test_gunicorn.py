"""The service as deployed: gunicorn with the project's config, sync workers, spoken to with requests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def server():
    port = _free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": "2"}
    gunicorn = Path(sys.executable).with_name("gunicorn")
    proc = subprocess.Popen(
        [str(gunicorn), "--config", "deploy/gunicorn.conf.py", "--no-control-socket", "service.wsgi:app"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its signals stay in its own process group
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail("gunicorn exited: " + (proc.stderr.read() if proc.stderr else ""))
        try:
            if requests.get(f"{base}/readyz", timeout=1).status_code == 200:
                break
        except requests.ConnectionError:
            time.sleep(0.2)
    else:  # pragma: no cover
        proc.kill()
        pytest.fail("gunicorn did not become ready")
    yield base
    proc.terminate()
    proc.wait(timeout=30)


def test_ready_and_serving_every_game(server):
    ready = requests.get(f"{server}/readyz", timeout=5).json()
    catalog = requests.get(f"{server}/v1/games", timeout=5).json()
    assert ready["status"] == "ready"
    assert sorted(ready["games"]) == sorted(g["id"] for g in catalog["games"])
    assert requests.get(f"{server}/healthz", timeout=5).json() == {"status": "ok"}


def test_a_deal_and_an_illegal_action_over_the_wire(server):
    deal = requests.post(
        f"{server}/v1/three-card-brag/deals", json={"players": 3, "dealer": 0, "seed": "wire"}, timeout=5
    )
    assert deal.status_code == 200 and deal.headers["Content-Type"].startswith("application/json")
    state = deal.json()["state"]
    wrong = requests.post(
        f"{server}/v1/three-card-brag/actions", json={"state": state, "action": {"seat": 2, "type": "fold"}}, timeout=5
    )
    assert wrong.status_code == 409
    assert wrong.headers["Content-Type"] == "application/problem+json"
    assert wrong.json()["code"] == "not_your_turn"


def test_body_limit_over_the_wire(server):
    huge = b'{"hands": [' + b'["AS","KS","QS"],' * 200_000 + b'["AS","KS","QS"]]}'
    response = requests.post(
        f"{server}/v1/three-card-brag/hands/evaluate",
        data=huge,
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert response.status_code == 413
    assert response.headers["Content-Type"] == "application/problem+json"


def _healthz_count(text: str) -> float:
    for line in text.splitlines():
        if line.startswith("card_arbiter_requests_total{") and 'endpoint="/healthz"' in line:
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def test_metrics_add_up_every_worker(server):
    before = _healthz_count(requests.get(f"{server}/metrics", timeout=5).text)
    for _ in range(20):  # new connections: the two workers share them
        requests.get(f"{server}/healthz", timeout=5)
    metrics = requests.get(f"{server}/metrics", timeout=5)
    assert metrics.headers["Content-Type"].startswith("text/plain")
    assert _healthz_count(metrics.text) == before + 20
