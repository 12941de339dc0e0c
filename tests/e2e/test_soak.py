"""A soak of the container (issue 28): mixed traffic against the image behind its nginx, as the Deployment runs it.

Good requests, bad ones (malformed, refused, illegal), the heaviest the limits admit (bench/worst.py: the equity
case, the longest trace, Broggin tables for other options in rotation) and oversized bodies, from several clients
at once for ``CARD_ARBITER_SOAK_SECONDS`` (30 in CI; docs/deploy.md gives the longer run by hand), while
the probes are asked twice a second through nginx with the kubelet's patience cut to one second. Then: no answer
5xx but a heavy request's 503 past its own deadline (service/rules/deadline.py: with Retry-After, given by the
app, its worker kept), the container never restarted and no worker was killed, the resident memory of every
process flat after the warm-up (each within 64 MiB: a worker may yet build a table the other built during the
warm-up), every probe answered 200 within its second.
"""

from __future__ import annotations

import collections
import itertools
import json
import os
import threading
import time
from collections.abc import Callable

import pytest
import requests

from bench.worst import BROGGIN_OPTIONS, broggin_build, heaviest_equity, longest_trace
from tests.e2e.containers import Image
from tests.e2e.test_container import ONE_OF_EACH, Container, started

pytestmark = [pytest.mark.container, pytest.mark.xdist_group("container")]

SECONDS = float(os.environ.get("CARD_ARBITER_SOAK_SECONDS", "30"))
MARGIN_MIB = 64
PROBE_TIMEOUT = 1.0
Request = tuple[str, str, bytes, set[int]]
"""(method, path, body, the statuses it may answer)."""


def good() -> list[Request]:
    cards = [r + s for s in "SHDC" for r in "23456789TJQKA"]
    hands = [[cards[i % 52], cards[(i + 7) % 52], cards[(i + 19) % 52]] for i in range(1_000)]
    requests_ = [("POST", path, json.dumps(body).encode(), {200}) for path, body in ONE_OF_EACH.values()]
    requests_.append(("POST", "/v1/old-brag/hands/evaluate", json.dumps({"hands": hands}).encode(), {200}))
    return [*requests_, ("GET", "/v1/games", b"", {200}), ("GET", "/openapi.yaml", b"", {200})]


def bad() -> list[Request]:
    path = "/v1/three-card-brag/hands/evaluate"
    spaces = json.dumps({"hands": [[" " * 1_900_000 + "AS", "KS", "QS"]]}).encode()
    return [
        ("POST", path, b'{"hands": [', {400}),
        ("POST", path, json.dumps({"hands": [["AS", "AS", "XX"]]}).encode(), {422}),
        ("POST", path, json.dumps({"hands": [["AS", "KS", "QS"]], "extra": 1}).encode(), {422}),
        ("POST", path, spaces, {400, 422}),
        ("POST", "/v1/briscola/deals", json.dumps({"players": 5, "dealer": 0, "seed": "x"}).encode(), {422}),
        ("GET", "/v1/no-such-game", b"", {404}),
        ("DELETE", "/v1/games", b"", {405}),
    ]


def oversized() -> list[Request]:
    return [("POST", "/v1/three-card-brag/hands/evaluate", b'{"hands": [' + b" " * (2 * 1024 * 1024) + b"]}", {413})]


def heavy() -> list[Request]:
    cases = [heaviest_equity(), longest_trace(), *(broggin_build(options) for options in BROGGIN_OPTIONS)]
    return [("POST", path, json.dumps(body).encode(), {200, 503}) for path, body in cases]


class Soak:
    """Clients that loop over their requests until the end, counting what they were answered."""

    def __init__(self, base: str, until: float) -> None:
        self.base, self.until = base, until
        self.statuses: collections.Counter[tuple[str, int]] = collections.Counter()
        self.wrong: list[str] = []
        self.probes: list[tuple[float, int | str]] = []
        self.lock = threading.Lock()

    def client(self, kind: str, cases: list[Request]) -> Callable[[], None]:
        def run() -> None:
            session = requests.Session()
            for method, path, body, expected in itertools.cycle(cases):
                if time.monotonic() > self.until:
                    return
                headers = {"Content-Type": "application/json"} if body else {}
                try:
                    status = session.request(
                        method, self.base + path, data=body, headers=headers, timeout=120
                    ).status_code
                except requests.RequestException as error:
                    status, path = 0, f"{path}: {error!r}"
                with self.lock:
                    self.statuses[(kind, status)] += 1
                    if status not in expected:
                        self.wrong.append(f"{kind} {method} {path[:80]} -> {status}")

        return run

    def prober(self) -> None:
        while time.monotonic() < self.until:
            for path in ("/healthz", "/readyz"):
                start = time.monotonic()
                try:
                    status: int | str = requests.get(self.base + path, timeout=PROBE_TIMEOUT).status_code
                except requests.RequestException as error:
                    status = type(error).__name__
                self.probes.append((time.monotonic() - start, status))
            time.sleep(0.5)


def resident_mib(container: Container) -> dict[str, float]:
    """Each process of the container by pid and command, its resident set in MiB."""
    script = 'for s in /proc/[0-9]*/status; do echo "$s $(grep -h "^VmRSS" $s)"; done'
    code, out = container.exec("sh", "-c", script)
    assert code == 0, out
    found = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] == "VmRSS:":
            pid = parts[0].split("/")[2]
            found[pid] = int(parts[2]) / 1024
    return found


def test_a_soak_of_mixed_traffic_keeps_the_container_healthy(image: Image):
    with started(image) as container:
        warm_up = min(30.0, max(20.0, SECONDS / 3))
        soak = Soak(container.base, time.monotonic() + warm_up + SECONDS)
        mixes = {"good": good(), "bad": bad(), "oversized": oversized(), "heavy": heavy()}
        threads = [threading.Thread(target=soak.prober)]
        threads += [threading.Thread(target=soak.client(kind, cases)) for kind, cases in mixes.items()]
        threads.append(threading.Thread(target=soak.client("good", list(reversed(mixes["good"])))))
        for thread in threads:
            thread.start()
        time.sleep(warm_up)
        warm = resident_mib(container)
        for thread in threads:
            thread.join()
        end = resident_mib(container)
        running = container.state("Running")
        restarts = image.engine("inspect", "--format", "{{.RestartCount}}", container.name).stdout.strip()
        records = container.stdout_records()
    killed = [r for r in records if "TIMEOUT" in str(r.get("message")) or "SIGKILL" in str(r.get("message"))]
    worst_probe = max(seconds for seconds, _ in soak.probes)
    print(  # noqa: T201 - the soak's figures (docs/deploy.md "The soak"), shown with -s
        f"soak {SECONDS:.0f} s after {warm_up:.0f} s of warm-up: {sum(soak.statuses.values())} answers"
        f" {dict(sorted(soak.statuses.items()))}; resident MiB after warm-up {sum(warm.values()):.0f}"
        f" {sorted(round(v) for v in warm.values())}, at the end {sum(end.values()):.0f}"
        f" {sorted(round(v) for v in end.values())}; {len(soak.probes)} probes, the slowest {worst_probe:.3f} s"
    )
    assert not soak.wrong, soak.wrong[:20]
    assert not [key for key in soak.statuses if key[1] >= 500 and key != ("heavy", 503)]
    assert all(soak.statuses[(kind, status)] for kind, status in [("heavy", 200), ("bad", 422), ("oversized", 413)])
    assert running == "true" and restarts in ("0", ""), (running, restarts)
    assert not killed, killed[:5]
    assert [status for _, status in soak.probes if status != 200] == []
    lasting = warm.keys() & end.keys()  # a worker recycled by max_requests is a new process
    assert all(end[pid] <= warm[pid] + MARGIN_MIB for pid in lasting), (warm, end)
