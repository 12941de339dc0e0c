"""The bad-input catalogue sent to every operation of the app (issue 11, done-when): every answer is a 2xx or
a 4xx problem+json, never a 5xx, none over a fixed size, and the process's memory stays within a bound."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from service.api.spec import spec_dict
from tests.contract.committed import committed_document
from tests.robustness.catalogue import deep_requests, requests_for
from tests.robustness.wsgi import call

MAX_ANSWER = 64 * 1024
"""No answer to bad input is larger (the OpenAPI documents are the only larger answers, and only 2xx)."""
LARGE_DOCUMENTS = {"/openapi.json", "/openapi.yaml", "/docs", "/docs/", "/metrics"}
"""Answers whose size the code fixes (the documents, the docs page, the metrics of a fixed set of labels)."""
MAX_GROWTH = 16 * 1024 * 1024
"""How much the process may grow over a second run of the catalogue (measured: under 1 MiB)."""
OTHER_ROUTES = {"/docs", "/docs/", "/docs/<path:path>", "/static/<path:filename>"} | {
    "/",  # the front door: a page for a browser, the JSON 404 for a program (tests/referee/test_front.py)
    "/referee",  # the referee page for people (HTML, tests/referee), not an operation of the API
    "/referee/<game_id>",
    "/referee/<game_id>/rules",
    "/referee/static/<path:filename>",
}


def operations(app) -> list[tuple[str, str, object]]:
    """(method, path, example body) of every operation the OpenAPI document lists."""
    found = []
    for path, methods in spec_dict(app)["paths"].items():
        for method, operation in methods.items():
            content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            found.append((method.upper(), path, content.get("example")))
    return found


def test_every_route_is_an_operation_of_the_document(app):
    rules = {rule.rule for rule in app.url_map.iter_rules()}
    assert rules - OTHER_ROUTES == {path for _, path, _ in operations(app)}


def rss() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")  # pragma: no cover


def send_all(app, requests) -> Counter[str]:
    """Send every request (straight to the WSGI app: tests/robustness/wsgi.py); assert each answer; count them by
    status."""
    statuses: Counter[str] = Counter()
    for name, method, path, body, headers in requests:
        response = call(app, method, path, body, headers)
        where = f"{method} {path[:80]} [{name}]"
        data = response.data
        assert response.status < 500, f"{where}: {data[:300]!r}"
        statuses[str(response.status)] += 1
        if response.status >= 400:
            assert response.mimetype == "application/problem+json", where
            problem = json.loads(data)
            assert problem["status"] == response.status, where
            assert len(problem.get("errors", [])) <= 100, where
        if path.split("?")[0] not in LARGE_DOCUMENTS or response.status >= 400:
            assert len(data) <= MAX_ANSWER, f"{where}: {len(data)} bytes"
    return statuses


def catalogue(app):
    for method, path, example in operations(app):
        yield from requests_for(method, path, example)
    for path in ("/docs", "/docs/", "/docs/index.css", "/docs/nothing", "/static/x"):
        yield from requests_for("GET", path, None)
    for method in ("PUT", "DELETE", "PATCH", "TRACE", "FOO", "OPTIONS"):
        yield "odd_method", method, "/v1/three-card-brag/deals", b"{}", {"Content-Type": "application/json"}


def warm_up(client, app) -> None:
    """What a service builds once and keeps: every example answered, every document served."""
    for method, path, example in operations(app):
        client.open(path, method=method, json=example)
    client.get("/docs")


@pytest.mark.slow
def test_the_catalogue_to_every_operation(app):
    client = app.test_client()
    warm_up(client, app)
    statuses = send_all(app, catalogue(app))  # the first run also takes the allocator to its high water
    assert not any(status.startswith("5") for status in statuses)
    assert sum(statuses.values()) > 5_000 and {"400", "404", "405", "413", "415", "422"} <= set(statuses)
    before = rss()
    assert send_all(app, catalogue(app)) == statuses
    grown = rss() - before
    assert grown <= MAX_GROWTH, f"the process grew by {grown / 2**20:.1f} MiB over a second run of the catalogue"


def _deep_operations() -> list[tuple[str, str]]:
    """(method, path) of every POST operation of the committed contract (the drift test keeps it the app's)."""
    document = committed_document()
    return [("POST", path) for path, methods in document["paths"].items() if "post" in methods]


@pytest.mark.exhaustive
@pytest.mark.parametrize(("method", "path"), _deep_operations())
def test_the_deep_catalogue_to_every_operation(app, method, path):
    """Every leaf of the operation's example replaced by every bad value (up to a few thousand requests an
    operation; one test an operation, so each is bounded by the per-test timeout and xdist shares them)."""
    (example,) = [body for m, p, body in operations(app) if (m, p) == (method, path)]
    requests = list(deep_requests(method, path, example))
    assert requests, f"{path}: its example has no leaf to replace"
    statuses = send_all(app, requests)
    assert not any(status.startswith("5") for status in statuses)
