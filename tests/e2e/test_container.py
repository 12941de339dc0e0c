"""The image as it ships (bin/image), run as the Deployment runs it: uid 10001, read-only root, tmpfs /tmp and
metrics folder. nginx answers on PROXY_PORT in front of gunicorn; what the service answers there is what the
source tree's app answers; logs are JSON lines on standard output; SIGTERM loses no request."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.containers import Image, logs, pod_spec, running
from tests.e2e.servers import free_ports, wait_ready

pytestmark = [pytest.mark.container, pytest.mark.xdist_group("container")]

ROOT = Path(__file__).resolve().parents[2]
GAME = "three-card-brag"
EVALUATE = f"/v1/{GAME}/hands/evaluate"
ONE_OF_EACH = {  # one request of each kind, as the README's examples show them
    "evaluate": (EVALUATE, {"hands": [["3S", "3H", "3D"], ["A♠", "2♠", "3♠"]], "options": {"a23_rank": "lowest"}}),
    "deal": (f"/v1/{GAME}/deals", {"players": 4, "dealer": 3, "seed": "table-7"}),
    "record": (
        f"/v1/{GAME}/records/adjudicate",
        {
            "record": {
                "players": 3,
                "dealer": 2,
                "seed": "r",
                "actions": [{"seat": 0, "type": "bet", "amount": 2}, {"seat": 2, "type": "fold"}],
            }
        },
    ),
}


class Container:
    def __init__(self, image: Image, name: str, base: str) -> None:
        self.image, self.name, self.base = image, name, base

    def exec(self, *command: str) -> tuple[int, str]:
        run = self.image.engine("exec", self.name, *command, check=False)
        return run.returncode, run.stdout + run.stderr

    def stdout_records(self) -> list[dict]:
        """Standard output so far, every line one JSON object."""
        return [json.loads(line) for line in logs(self.image, self.name)[0].splitlines()]

    def state(self, field: str) -> str:
        return self.image.engine("inspect", "--format", "{{.State." + field + "}}", self.name).stdout.strip()


@contextmanager
def started(image: Image) -> Iterator[Container]:
    proxy_port, app_port, probe_port = free_ports(3)
    with running(image, proxy_port, app_port, probe_port) as name:
        container = Container(image, name, f"http://127.0.0.1:{proxy_port}")
        try:
            wait_ready(container.base, [])
        except BaseException:
            print(*logs(image, name), sep="\n")  # noqa: T201 - why it did not start, in pytest's report
            raise
        yield container


@pytest.fixture(scope="module")
def container(image: Image) -> Iterator[Container]:
    with started(image) as container:
        yield container


def test_the_probes_answer_through_nginx(container):
    for path, body in (("/healthz", {"status": "ok"}), ("/readyz", None)):
        response = requests.get(container.base + path, timeout=5)
        assert response.status_code == 200 and response.headers["Server"] == "nginx"  # nginx's own header
        assert body is None or response.json() == body
    assert requests.get(container.base + "/readyz", timeout=5).json()["status"] == "ready"


def test_it_runs_as_the_deployment_says(container):
    context = pod_spec()["securityContext"]
    assert container.exec("id", "-u") == (0, f"{context['runAsUser']}\n")
    code, said = container.exec("touch", "/app/written")
    assert code != 0 and "Read-only file system" in said
    assert container.exec("touch", "/tmp/written")[0] == 0  # the tmpfs


@pytest.mark.parametrize("kind", sorted(ONE_OF_EACH))
def test_one_request_of_each_kind_answers_as_the_source_tree_does(container, client, kind):
    path, body = ONE_OF_EACH[kind]
    response = requests.post(container.base + path, json=body, timeout=30)
    expected = client.post(path, json=body)
    assert response.status_code == expected.status_code == 200, response.text
    assert response.json() == expected.get_json()


def test_the_rules_of_every_game_are_in_the_image(container):
    games = requests.get(container.base + "/readyz", timeout=5).json()["games"]
    assert GAME in games
    for game in games:
        response = requests.get(f"{container.base}/v1/{game}/rules", timeout=5)
        assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/markdown")
        assert response.text == (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")


def _evaluations(base: str) -> float:
    text = requests.get(base + "/metrics", timeout=5).text
    return sum(
        sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == "card_arbiter_requests_total"
        and sample.labels["endpoint"].endswith("/hands/evaluate")
        and sample.labels["method"] == "POST"
        and sample.labels["status"] == "200"
    )


def test_metrics_add_up_every_workers_requests_in_the_tmpfs_folder(container):
    before = _evaluations(container.base)
    path, body = ONE_OF_EACH["evaluate"]
    sent = 7
    for _ in range(sent):
        assert requests.post(container.base + path, json=body, timeout=30).status_code == 200
    assert _evaluations(container.base) - before == sent
    folder = next(e["value"] for e in pod_spec()["containers"][0]["env"] if e["name"] == "PROMETHEUS_MULTIPROC_DIR")
    code, listing = container.exec("ls", folder)
    assert code == 0 and ".db" in listing


def _records_with(container: Container, request_id: str) -> list[dict]:
    deadline = time.monotonic() + 10
    while True:
        mine = [r for r in container.stdout_records() if r.get("request_id") == request_id]
        if mine or time.monotonic() > deadline:
            return mine
        time.sleep(0.2)


def test_the_access_log_is_json_lines_on_standard_output_with_the_request_id(container):
    path, body = ONE_OF_EACH["deal"]
    response = requests.post(container.base + path, json=body, headers={"X-Request-ID": "container-log-1"}, timeout=30)
    assert response.status_code == 200 and response.headers["X-Request-ID"] == "container-log-1"
    (line,) = _records_with(container, "container-log-1")
    assert line["logger"] == "gunicorn.access" and line["method"] == "POST" and line["status"] == 200
    assert line["route"] == path and line["level"] == "info"
    # none sent: one is made (a request the workers serve; the probes' listener writes no log line)
    fresh = requests.get(container.base + "/v1/games", timeout=5).headers["X-Request-ID"]
    assert _records_with(container, fresh)


def test_a_body_over_the_limit_is_refused_by_nginx(container):
    over = b'{"hands": [' + b" " * (2 * 1024 * 1024) + b"]}"
    response = requests.post(
        container.base + EVALUATE,
        data=over,
        headers={"Content-Type": "application/json", "X-Request-ID": "container-big-1"},
        timeout=30,
    )
    assert response.status_code == 413 and response.headers["Content-Type"] == "application/problem+json"
    assert response.json()["status"] == 413 and response.headers["X-Request-ID"] == "container-big-1"
    requests.get(container.base + "/v1/games", headers={"X-Request-ID": "container-after-big"}, timeout=5)
    assert _records_with(container, "container-after-big")  # logged by now...
    assert not [r for r in container.stdout_records() if r.get("request_id") == "container-big-1"]  # ...not the app


def _heavy_body() -> bytes:
    """The largest evaluate request allowed (10,000 hands): long enough to be in flight at SIGTERM."""
    ranks, suits = "23456789TJQKA", "SHDC"
    cards = [r + s for s in suits for r in ranks]
    hands = [[cards[i % 52], cards[(i + 1) % 52], cards[(i + 2) % 52]] for i in range(10_000)]
    return json.dumps({"hands": hands}).encode()


def test_sigterm_stops_it_within_the_grace_period_and_loses_no_request(image):
    grace = pod_spec()["terminationGracePeriodSeconds"]
    body, headers = _heavy_body(), {"Content-Type": "application/json"}
    # Surely in flight at SIGTERM, however quiet the machine: a Broggin hand under options with no shipped table
    # (each worker builds it first, seconds of work)
    slow = json.dumps({"hands": [["Sv8", "Ba8", "St3", "My1"]], "options": {"kickers": True}}).encode()
    with started(image) as container:
        assert requests.post(container.base + EVALUATE, data=body, headers=headers, timeout=60).status_code == 200
        answers: list[tuple[str, int, int, float]] = []

        def send(kind: str, path: str, data: bytes, base: str = container.base) -> None:
            response = requests.post(base + path, data=data, headers=headers, timeout=120)
            answers.append((kind, response.status_code, len(response.json().get("results", [])), time.monotonic()))

        threads = [threading.Thread(target=send, args=("slow", "/v1/broggin/hands/evaluate", slow)) for _ in range(2)]
        threads += [threading.Thread(target=send, args=("heavy", EVALUATE, body)) for _ in range(32)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # every request is with nginx now
        stopping = time.monotonic()
        stop = image.engine("stop", "--time", str(grace), container.name, timeout=grace + 60)
        for thread in threads:
            thread.join(timeout=120)
        assert stop.returncode == 0
        assert container.state("ExitCode") == "0", "stopped by itself, not killed when the grace period ran out"
        assert len(answers) == len(threads), answers
        assert all(a[1:3] == (200, 1 if a[0] == "slow" else 10_000) for a in answers), answers
        assert any(done > stopping for *_, done in answers), "some requests were still in flight at SIGTERM"
        with pytest.raises(requests.ConnectionError):
            requests.get(container.base + "/healthz", timeout=2)
