"""A request's own deadline (service/rules/deadline.py): past it the long loops give way and the answer is a 503
problem+json with Retry-After; within it the answer is the same bytes as with no deadline at all."""

from __future__ import annotations

import pytest

from service.api.app import create_app
from service.conformance.cases.corpus import corpus
from service.conformance.simulate import dump_state
from service.rules import deadline
from service.rules.registry import GAMES


def app_with(seconds: float):
    return create_app({"WARM_TABLES": False, "TESTING": True, "REQUEST_DEADLINE": seconds})


def heavy_requests() -> list[tuple[str, dict]]:
    """One request per kind of long loop: a suggestion's rollouts, equity sampling, a record replayed with its
    trace, a match."""
    briscola = GAMES["briscola"]
    played = corpus(briscola)[0]
    state = dump_state(briscola, played.states[0])
    match = {"players": 2, "deals": [{"dealer": 0, "seed": "deadline", "actions": []}]}
    hand = ["AS", "AH", "AD"]
    return [
        ("/v1/briscola/actions/suggest", {"state": state, "level": "hard"}),
        (
            "/v1/three-card-brag/hands/equity",
            {"hand": hand, "opponents": 3, "method": "monte_carlo", "samples": 1000, "seed": "x"},
        ),
        ("/v1/briscola/records/adjudicate", {"record": played.record, "trace": True}),
        ("/v1/briscola/matches/adjudicate", {"match": match}),
    ]


@pytest.mark.parametrize(("path", "body"), heavy_requests(), ids=lambda x: x if isinstance(x, str) else "")
def test_past_the_deadline_a_request_is_a_503_to_retry(path, body):
    client = app_with(1e-9).test_client()
    answer = client.post(path, json=body)
    assert answer.status_code == 503, answer.get_json()
    assert answer.headers["Content-Type"] == "application/problem+json"
    assert int(answer.headers["Retry-After"]) > 0
    problem = answer.get_json()
    assert problem["status"] == 503 and problem["type"] == "/problems/unavailable"
    assert problem["instance"] == f"urn:uuid:{answer.headers['X-Request-ID']}"
    deadline.check()  # lifted with the request: the engine outside a request has none
    assert client.get("/v1/games").status_code == 200  # no long loop, no 503


@pytest.mark.parametrize(("path", "body"), heavy_requests(), ids=lambda x: x if isinstance(x, str) else "")
def test_within_the_deadline_the_answer_is_the_same_bytes_as_without_one(path, body):
    within = app_with(600).test_client().post(path, json=body)
    without = app_with(0).test_client().post(path, json=body)
    assert within.status_code == 200
    assert within.data == without.data


def test_check_raises_only_past_a_deadline_set():
    deadline.check()
    deadline.start(600)
    deadline.check()
    deadline.start(1e-9)
    with pytest.raises(deadline.DeadlineExceeded):
        deadline.check()
    deadline.stop()
    deadline.check()


def test_the_default_deadline_comes_before_gunicorns_timeout(monkeypatch):
    """service/gunicorn_conf.py sets the deadline below the worker timeout unless CARD_ARBITER_DEADLINE says;
    the app reads it (read in a child process: the conf sets up gunicorn's hooks and metrics folder)."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "CARD_ARBITER_DEADLINE"} | {"GUNICORN_TIMEOUT": "12"}
    code = "import os, service.gunicorn_conf; print(os.environ['CARD_ARBITER_DEADLINE'])"
    found = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert 0 < float(found.stdout) < 12
    monkeypatch.setenv("CARD_ARBITER_DEADLINE", "3")
    assert create_app({"WARM_TABLES": False}).config["REQUEST_DEADLINE"] == 3.0
