"""The service as deployed: gunicorn with the project's config, sync workers, spoken to with requests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from bench.worst import heaviest_equity
from service.api.problems import TYPES
from tests.e2e.servers import gunicorn, raw_request, requests_counted


@pytest.fixture(scope="module")
def server():
    with gunicorn(workers=2) as (base, _port, _proc):
        yield base


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


def test_metrics_add_up_every_worker(server):
    before = requests_counted(requests.get(f"{server}/metrics", timeout=5).text, "/healthz")
    for _ in range(20):  # new connections: the two workers share them
        requests.get(f"{server}/healthz", timeout=5)
    metrics = requests.get(f"{server}/metrics", timeout=5)
    assert metrics.headers["Content-Type"].startswith("text/plain")
    assert requests_counted(metrics.text, "/healthz") == before + 20


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Odd: a\x01b\r\n\r\n", 400),  # a control byte in a header
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"a: b\r\n" * 2100 + b"\r\n", 431),  # over limit_request_fields
        (b"GET /v1/" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),  # over limit_request_line
        (b"G@T /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ],
)
def test_gunicorns_own_refusals_are_problems(server, request_bytes, status):
    """What gunicorn refuses before the app sees it (service/refusals.py), alone as bin/serve starts it."""
    answered, headers, body = raw_request(server, request_bytes)
    assert answered == status
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"] == f"/problems/{TYPES[status]}"
    assert problem["instance"] == f"urn:uuid:{headers['x-request-id']}" and problem["detail"]


def test_a_request_past_the_workers_timeout_is_a_503_to_retry_not_a_500():
    """The heaviest equity request (seconds of CPU) under a one-second worker timeout: the master aborts the
    worker, and the aborted request is answered as the busy service's 503 with Retry-After (service/refusals.py),
    not gunicorn's 500; the next request is served by the worker that replaced it. The master kills a worker
    between one and two seconds into a request, and on a quiet machine the request can take less than that: the
    worker is slowed for the request (nice 10, sharing one CPU with a busy loop: a tenth of a CPU), and its own
    deadline lifted (CARD_ARBITER_DEADLINE=0), else it would give way first."""
    path, body = heaviest_equity()
    with gunicorn(workers=1, GUNICORN_TIMEOUT="1", CARD_ARBITER_DEADLINE="0") as (base, _port, proc):
        with slowed(children(proc.pid)):
            answer = requests.post(base + path, json=body, timeout=120)
        busy(answer)
        assert requests.get(f"{base}/v1/games", timeout=30).status_code == 200


def test_a_request_past_its_own_deadline_is_a_503_and_the_worker_stays_up():
    """The same slowed worker under the default 30-second timeout, with a deadline of half a second
    (CARD_ARBITER_DEADLINE): the heaviest equity request gives way at its deadline (service/rules/deadline.py),
    answered 503 with Retry-After by the app itself, and the same worker, not a replacement, serves the next
    request; its memory stays where it was."""
    path, body = heaviest_equity()
    with gunicorn(workers=1, CARD_ARBITER_DEADLINE="0.5") as (base, _port, proc):
        workers = children(proc.pid)
        requests.post(base + path, json={**body, "samples": 1000}, timeout=60)  # the worker's memory, warmed
        before = resident(workers[0])
        with slowed(workers):
            answer = requests.post(base + path, json=body, timeout=120)
        problem = busy(answer)
        assert problem["instance"] == f"urn:uuid:{answer.headers['x-request-id']}"
        assert requests.get(f"{base}/v1/games", timeout=30).status_code == 200
        assert children(proc.pid) == workers
        assert resident(workers[0]) < before + 16 * 2**20


def busy(answer: requests.Response) -> dict:
    """The problem of a busy service's 503 to retry: problem+json with Retry-After."""
    assert answer.status_code == 503, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    assert int(answer.headers["retry-after"]) > 0
    problem = answer.json()
    assert problem["status"] == 503 and problem["type"] == f"/problems/{TYPES[503]}"
    return problem


def resident(pid: int) -> int:
    """The bytes of ``pid`` resident in memory (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for {pid}")


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (gunicorn's workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    assert found, f"no worker of {pid}"
    return found


@contextmanager
def slowed(pids: list[int]) -> Iterator[None]:
    """``pids`` at nice 10 on one CPU beside a busy loop at nice 0 (about a tenth of that CPU), while it lasts."""
    cpu = min(os.sched_getaffinity(0))
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        os.sched_setaffinity(hog.pid, {cpu})
        for pid in pids:
            os.sched_setaffinity(pid, {cpu})
            os.setpriority(os.PRIO_PROCESS, pid, 10)
        yield
    finally:
        hog.kill()
        hog.wait()


def test_the_access_line_of_a_request_past_the_timeout_names_it(tmp_path: Path) -> None:
    """The request the master aborts leaves an access line with its method, path, the status the client got (503)
    and its request id, the one the answer carries (gunicorn logs it from an environ of its own, without them)."""
    path, body = heaviest_equity()
    log = tmp_path / "gunicorn.log"
    with log.open("wb") as out, gunicorn(workers=1, log=out, GUNICORN_TIMEOUT="1") as (base, _port, proc):
        with slowed(children(proc.pid)):
            answer = requests.post(base + path, json=body, headers={"X-Request-ID": "slow-1"}, timeout=120)
        assert answer.status_code == 503 and answer.headers["x-request-id"] == "slow-1"
        requests.get(f"{base}/v1/games", timeout=30)
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    access = [line for line in lines if line.get("request_id") == "slow-1"]
    assert [(a["method"], a["path"], a["status"]) for a in access] == [("POST", path, 503)], lines[-5:]


def test_the_metrics_folder_a_start_makes_goes_when_it_stops(tmp_path: Path, monkeypatch) -> None:
    """Without PROMETHEUS_MULTIPROC_DIR a start makes its own folder for the workers' metrics, and takes it away
    when the master exits: starts do not pile folders up in the temporary directory."""
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    with gunicorn(workers=1, TMPDIR=str(tmp_path)) as (base, _port, _proc):
        assert requests.get(f"{base}/healthz", timeout=5).status_code == 200
        made = list(tmp_path.glob("card-arbiter-metrics-*"))
        assert len(made) == 1 and any(made[0].iterdir())
    assert list(tmp_path.glob("card-arbiter-metrics-*")) == []
