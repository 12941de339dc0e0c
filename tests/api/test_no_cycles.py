"""A bad request leaves no cycle holding it (issue 28 item 1): with the cyclic collector off, what a request of
each kind of error leaves for the collector is what a good one leaves (werkzeug's routing closure: a function,
its cells, a set), never the request, its environ, its body or its document. tests/e2e/test_memory.py measures
the same in gunicorn's workers."""

from __future__ import annotations

import gc
import json
import logging
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, request

from service.api.app import create_app
from tests.robustness import wsgi

TCB = "/v1/three-card-brag"
PADDING = 100_000
"""Enough to see: a body this long kept by a cycle would be some of the garbage."""


@pytest.fixture(scope="module")
def app() -> Flask:
    app = create_app({"WARM_TABLES": False})  # not TESTING: a 500 is answered, not raised

    @app.post("/v1/unexpected")
    def unexpected() -> Any:  # a bug that holds its own error (and the document) in its frame
        document = request.get_json()
        error = RuntimeError(f"a bug, {len(document)} members")
        raise error

    return app


def call(app: Flask, method: str, path: str, body: bytes, content_type: str = "application/json") -> int:
    """The app called as a WSGI server calls it (the test client makes cycles of its own); the status."""
    return wsgi.call(app, method, path, body, {"Content-Type": content_type}).status


def garbage(app: Flask, method: str, path: str, body: bytes, content_type: str = "application/json") -> Counter:
    """The kinds of objects a request leaves in cycles (found with the collector off), and its "status". The
    caller freezes what lived before (``gc.freeze``): a cycle a request leaves is made of objects it made, and
    each collection then reads those alone, not the whole heap of the test process (most of this test's time
    before, and more the more tests an xdist worker had run)."""
    gc.collect()
    gc.disable()
    try:
        status = call(app, method, path, body, content_type)
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = Counter(type(o).__name__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    left["status"] = status
    return left


def _state(app: Flask) -> dict[str, Any]:
    dealt = app.test_client().post(f"{TCB}/deals", json={"players": 3, "dealer": 0, "seed": "cycles"})
    return dealt.get_json()["state"]


def _pad(document: Any) -> bytes:
    text = json.dumps(document)
    return ("{" + " " * PADDING + text[1:]).encode()


def kinds(state: dict[str, Any]) -> Iterator[tuple[str, str, str, bytes, str, int]]:
    """Each kind of bad request (and one of each good one): name, method, path, body, content type, status."""
    hand = ["AS", "KS", "QS"]
    big = " " * PADDING
    json_type = "application/json"
    yield "evaluated", "POST", f"{TCB}/hands/evaluate", _pad({"hands": [hand]}), json_type, 200
    yield "dealt", "POST", "/v1/briscola/deals", _pad({"players": 2, "dealer": 0, "seed": "s"}), json_type, 200
    yield "malformed", "POST", f"{TCB}/hands/evaluate", _pad({"hands": [hand]})[:-1], json_type, 400
    yield "twice", "POST", f"{TCB}/hands/evaluate", _pad({"hands": [hand]})[:-1] + b', "hands": 1}', json_type, 400
    yield "nested too deep", "POST", f"{TCB}/hands/evaluate", b"[" * 100_000 + b"]" * 100_000, json_type, 400
    yield "too large", "POST", f"{TCB}/hands/evaluate", b" " * (3 * 2**20), json_type, 413
    yield "not JSON", "POST", f"{TCB}/hands/evaluate", big.encode(), "text/plain", 415
    yield "over a bound", "POST", f"{TCB}/hands/evaluate", _pad({"hands": [hand] * 10_001}), json_type, 422
    yield (
        "a card",
        "POST",
        f"{TCB}/hands/evaluate",
        json.dumps({"hands": [[big + "AS", "KS", "QS"]]}).encode(),
        json_type,
        422,
    )
    seed = json.dumps({"players": 2, "dealer": 0, "seed": big}).encode()
    yield "a seed", "POST", "/v1/briscola/deals", seed, json_type, 422
    option = json.dumps({"hands": [hand], "options": {"ante": big}}).encode()
    yield "an option", "POST", f"{TCB}/hands/evaluate", option, json_type, 422
    yield "a field", "POST", f"{TCB}/hands/evaluate", json.dumps({"hands": [hand], big: 1}).encode(), json_type, 422
    illegal = _pad({"state": state, "action": {"seat": 0, "type": "fold"}})  # seat 1 is to act
    yield "illegal", "POST", f"{TCB}/actions", illegal, json_type, 409
    inconsistent = _pad({"state": {**state, "players": 4}, "seat": 0})  # three seats
    yield "inconsistent", "POST", f"{TCB}/states/view", inconsistent, json_type, 422
    yield "no game", "POST", "/v1/no-such-game/deals", _pad({"players": 2}), json_type, 404
    yield "no path", "GET", "/v1/" + "x" * 1000, b"", json_type, 404
    yield "no method", "POST", "/v1/games", _pad({"players": 2}), json_type, 405
    yield "a bug", "POST", "/v1/unexpected", _pad({"players": 2}), json_type, 500


def test_no_kind_of_request_leaves_more_than_a_good_one(app, monkeypatch):
    logger = logging.getLogger("card_arbiter")  # the 500's record goes nowhere (pytest's capture would keep it)
    monkeypatch.setattr(logger, "propagate", False)
    monkeypatch.setattr(logger, "handlers", [logging.NullHandler()])
    state = _state(app)
    cases = list(kinds(state))
    for _, method, path, body, content_type, _ in cases:  # once each first: what is built on first use, is
        call(app, method, path, body, content_type)
    gc.collect()
    gc.freeze()  # what lives now is not a request's: each collection below looks only at what came after
    try:
        good = garbage(app, "POST", f"{TCB}/hands/evaluate", _pad({"hands": [["AS", "KS", "QS"]]}))
        assert good.pop("status") == 200 and sum(good.values()) < 20, good  # werkzeug's matcher: a closure, a set
        left = {}
        for name, method, path, body, content_type, status in cases:
            found = garbage(app, method, path, body, content_type)
            assert found.pop("status") == status, name
            left[name] = found
    finally:
        gc.unfreeze()
    kept = {name: sum(found.values()) for name, found in left.items() if found != good}
    assert kept == {}, f"objects left in cycles, by kind of request (a good one leaves {good})"
