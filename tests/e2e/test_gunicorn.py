"""The service as deployed: gunicorn with the project's config, sync workers, spoken to with requests."""

from __future__ import annotations

import pytest
import requests

from tests.e2e.servers import gunicorn, requests_counted


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
