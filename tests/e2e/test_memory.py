"""Bad requests keep nothing (issue 28 item 1): gunicorn as bin/serve starts it, two workers, is sent 500 requests
with distinct bodies of up to 2 MiB, answered 200, 400, 404, 409, 413 and 422; each worker's resident memory
stays within a fixed margin of where it was after warm-up. The test never collects garbage itself: what the
workers free, they free by reference counting (or by the collector at its own pace, service/wsgi.py)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests

from tests.e2e.servers import gunicorn

WORKERS = 2
MARGIN = 64 * 1024 * 1024
"""How far a worker's RSS may move from its level after warm-up (one request may hold a few copies of 2 MiB)."""
BIG = 1_900_000
"""About the largest padding a body under the 2 MiB limit carries."""
TCB = "/v1/three-card-brag"

Body = tuple[str, bytes, int]
"""The path, the body and the status it must get."""


def _padded(document: str, size: int) -> bytes:
    """``document`` with ``size`` spaces of JSON whitespace after its first ``{``: the same value, a longer body."""
    return ("{" + " " * size + document[1:]).encode()


def _kinds(state: dict) -> list[Callable[[int], Body]]:
    """Each kind of request, given a distinct size: a big body answered 200, 400, 404, 409, 413 or 422."""
    wrong_seat = json.dumps({"state": state, "action": {"seat": 0, "type": "fold"}})
    return [
        lambda n: (f"{TCB}/hands/evaluate", _padded('{"hands": [["AS", "KS", "QS"]]}', n), 200),
        lambda n: (f"{TCB}/hands/evaluate", json.dumps({"hands": [[" " * n + "AS", "KS", "QS"]]}).encode(), 422),
        lambda n: ("/v1/briscola/deals", json.dumps({"players": 2, "dealer": 0, "seed": "s" * n}).encode(), 422),
        lambda n: (
            f"{TCB}/hands/evaluate",
            json.dumps({"hands": [["AS", "KS", "QS"]], "options": {"ante": "1" * n}}).encode(),
            422,
        ),
        lambda n: (f"{TCB}/hands/evaluate", json.dumps({"hands": [["AS", "KS", "QS"]], "x" * n: 1}).encode(), 422),
        lambda n: (f"{TCB}/actions", _padded(wrong_seat, n), 409),
        lambda n: (f"{TCB}/hands/evaluate", _padded('{"hands": [["AS", "KS", "QS"]]', n), 400),
        lambda n: ("/v1/no-such-game/deals", _padded('{"players": 2}', n), 404),
        lambda n: (f"{TCB}/hands/evaluate", _padded('{"hands": [["AS", "KS", "QS"]]}', 2 * 1024 * 1024 + n), 413),
    ]


def _bodies(state: dict, count: int, offset: int) -> Iterator[Body]:
    kinds = _kinds(state)
    for i in range(count):
        yield kinds[i % len(kinds)](BIG - offset - i)  # every body a distinct length


def _workers(master: int) -> list[int]:
    """The pids of the gunicorn master's children."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:
            found.append(int(stat.parent.name))
    return sorted(found)


def _rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for {pid}")


def _send(base: str, bodies: Iterator[Body]) -> None:
    for path, body, status in bodies:
        headers = {"Content-Type": "application/json", "Connection": "close"}  # a new connection: any worker
        response = requests.post(base + path, data=body, headers=headers, timeout=30)
        assert response.status_code == status, (path, len(body), response.text[:200])
        assert response.headers["Content-Type"] == ("application/json" if status == 200 else "application/problem+json")


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, int]]:
    with gunicorn(workers=WORKERS) as (base, _port, proc):
        yield base, proc.pid


@pytest.mark.slow
def test_five_hundred_big_bodies_leave_each_worker_where_warm_up_left_it(server):
    base, master = server
    dealt = requests.post(f"{base}{TCB}/deals", json={"players": 3, "dealer": 0, "seed": "m"}, timeout=5)
    state = dealt.json()["state"]
    _send(base, _bodies(state, 60, 0))  # warm-up: every kind, several times, on both workers
    workers = _workers(master)
    assert len(workers) == WORKERS
    warm = {pid: _rss(pid) for pid in workers}
    _send(base, _bodies(state, 500, 1000))
    assert _workers(master) == workers  # no worker was replaced on the way
    grown = {pid: (_rss(pid) - warm[pid]) / 2**20 for pid in workers}
    assert all(abs(mib) * 2**20 <= MARGIN for mib in grown.values()), f"MiB moved since warm-up: {grown}"
