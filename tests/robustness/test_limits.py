"""Limits that keep every request cheap and every answer small (issue 11, items 1, 3, 4, 5 and 7)."""

from __future__ import annotations

import io
import json

import pytest
from flask import Flask
from werkzeug.test import EnvironBuilder, run_wsgi_app

from schemas.operations.hands import MAX_DECLARED_HANDS, MAX_HANDS
from schemas.operations.records import MAX_ACTIONS
from service.api.problems import MAX_LISTED, register_error_handlers
from service.rules.cards import MAX_CARD_TEXT
from service.rules.errors import InvalidState, Problem

PROBLEM = "application/problem+json"
EVALUATE = "/v1/three-card-brag/hands/evaluate"


def post_text(client, path, text):
    return client.post(path, data=text.encode("utf-8", "surrogatepass"), content_type="application/json")


def assert_problem(response, status):
    assert response.status_code == status, response.get_data()[:500]
    assert response.mimetype == PROBLEM
    return json.loads(response.get_data())


@pytest.mark.parametrize(
    ("path", "text", "pointer"),
    [
        (EVALUATE, '{"hands": [["AS", "KS", "\\ud800"]]}', "/hands/0/2"),
        ("/v1/three-card-brag/deals", '{"players": 3, "dealer": 0, "seed": "a\\udfffb"}', "/seed"),
        (EVALUATE, '{"hands": [["AS", "KS", "QS"]], "options": {"a23_rank": "\\ud800"}}', "/options/a23_rank"),
        (EVALUATE, '{"hands": [["AS", "KS", "QS"]], "options": {"\\udbff": 1}}', "/options/\\udbff"),
        (
            "/v1/broggin/hands/evaluate",
            '{"hands": [["1Sw","2Sw","3Sw","Witch"]], "declarations": [{"\\ud800": "QSw"}]}',
            None,
        ),
    ],
)
def test_a_lone_surrogate_is_a_400_naming_where(client, path, text, pointer):
    body = assert_problem(post_text(client, path, text), 400)
    assert "surrogate" in body["detail"]
    if pointer is not None:
        assert body["errors"][0]["pointer"] == pointer


def test_a_lone_surrogate_as_raw_bytes_is_a_400(client):
    raw = b'{"players": 3, "dealer": 0, "seed": "\xed\xa0\x80"}'  # UTF-8 of U+D800: not UTF-8
    assert_problem(client.post("/v1/three-card-brag/deals", data=raw, content_type="application/json"), 400)


def test_a_paired_surrogate_escape_is_a_character(client):
    response = post_text(client, "/v1/three-card-brag/deals", '{"players": 3, "dealer": 0, "seed": "\\ud83c\\udccf"}')
    assert response.status_code == 200


def test_messages_repeat_only_a_short_excerpt(client):
    long_card = "Q" * 100_000 + "\u3000"
    body = assert_problem(client.post(EVALUATE, json={"hands": [[long_card, "AS", "KS"]]}), 422)
    text = json.dumps(body)
    assert len(text) < 1_000 and "Q" * 41 not in text
    body = assert_problem(client.post(EVALUATE, json={"hands": [["AS", "KS", "QS"]], "options": {"k" * 5000: 1}}), 422)
    assert len(json.dumps(body)) < 1_000


@pytest.mark.parametrize("text", ["Aſ", "\u3000KS", "ＡＳ", " AS", "A♤", "\u212aS"])
def test_only_the_notations_of_the_contract_are_cards(client, text):
    body = assert_problem(client.post(EVALUATE, json={"hands": [[text, "KS", "QS"]]}), 422)
    assert body["errors"][0]["pointer"] == "/hands/0/0"


def test_an_over_long_card_is_refused_at_once(client):
    body = assert_problem(client.post(EVALUATE, json={"hands": [["A" * 1_900_000, "KS", "QS"]]}), 422)
    assert f"longer than {MAX_CARD_TEXT}" in body["errors"][0]["detail"]


def test_a_422_lists_at_most_a_fixed_number_of_problems(client):
    body = assert_problem(client.post(EVALUATE, json={"hands": [[0, 0, 0]] * 2_000}), 422)
    assert len(body["errors"]) == MAX_LISTED and body["total_errors"] == 6_000


def test_a_state_with_many_problems_lists_a_fixed_number():
    app = Flask("many")
    register_error_handlers(app)

    @app.route("/state")
    def inconsistent():
        raise InvalidState([Problem("bad", "x" * 10_000, f"/hands/{i}") for i in range(5_000)])

    answer = assert_problem(app.test_client().get("/state"), 422)
    assert len(answer["problems"]) == len(answer["errors"]) == MAX_LISTED and answer["total_errors"] == 5_000
    assert len(json.dumps(answer)) < 100_000


@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        (EVALUATE, {"hands": [[0]] * (MAX_HANDS + 1)}, "/hands"),
        (
            "/v1/three-card-brag/records/adjudicate",
            {"record": {"players": 3, "dealer": 0, "seed": "s", "actions": [{}] * 300_000}},
            "/record/actions",
        ),
        (
            "/v1/three-card-brag/records/adjudicate",
            {"record": {"players": 3, "dealer": 0, "seed": "s", "actions": [{}] * (MAX_ACTIONS + 1)}},
            "/record/actions",
        ),
        (
            "/v1/broggin/hands/compare",
            {
                "hands": [["Magician", "Fool", "Innkeeper", "Knight"]] * (MAX_DECLARED_HANDS + 1),
                "declarations": [{"Magician": "KSw"}] * (MAX_DECLARED_HANDS + 1),
                "options": {"kickers": True, "suit_compare": "by_card"},
            },
            "/declarations",
        ),
    ],
)
def test_over_the_limit_is_refused_before_any_item_is_read(client, monkeypatch, path, body, pointer):
    from marshmallow import Schema

    def no_loading(*args, **kwargs):  # pragma: no cover - the point is that it is never called
        raise AssertionError("the schema was loaded")

    monkeypatch.setattr(Schema, "load", no_loading)
    answer = assert_problem(client.post(path, json=body), 422)
    assert answer["errors"][0]["pointer"] == pointer


def test_declarations_that_are_null_are_not_counted(client):
    hands = [["1Sw", "2Sw", "3Sw", "4Sw"]] * 1_000
    response = client.post("/v1/broggin/hands/evaluate", json={"hands": hands, "declarations": [None] * 1_000})
    assert response.status_code == 200


def _chunked(app, body: bytes):
    environ = EnvironBuilder(path=EVALUATE, method="POST", content_type="application/json").get_environ()
    environ.pop("CONTENT_LENGTH", None)
    environ["HTTP_TRANSFER_ENCODING"] = "chunked"
    environ["wsgi.input"] = io.BytesIO(body)
    environ["wsgi.input_terminated"] = True  # what gunicorn says of a chunked body it de-chunks
    chunks, status, headers = run_wsgi_app(app, environ)
    return int(status.split()[0]), b"".join(chunks)


def test_a_chunked_body_over_the_limit_is_a_413(app):
    valid = json.dumps({"hands": [["AS", "KS", "QS"]]}).encode()
    assert _chunked(app, valid)[0] == 200
    status, answer = _chunked(app, valid + b" " * (2 * 1024 * 1024 + 200_000) + b"garbage")
    assert status == 413 and json.loads(answer)["status"] == 413


@pytest.mark.parametrize(
    ("path", "body", "first", "total"),
    [
        ("/v1/three-card-brag/deals", {f"k{i}": 0 for i in range(100_000)}, "/k0", 100_000),
        (
            EVALUATE,
            {"hands": [["AS", "KS", "QS"]], "options": {f"k{i}": 0 for i in range(10_000)}},
            "/options/k0",
            10_000,
        ),
        (
            "/v1/broggin/hands/evaluate",
            {"hands": [["1Sw", "2Sw", "3Sw", "Witch"]], "declarations": [{f"k{i}": "QSw" for i in range(10_000)}]},
            "/declarations/0",
            1,
        ),
    ],
)
def test_objects_with_more_members_than_the_contract_are_refused_at_once(client, monkeypatch, path, body, first, total):
    from marshmallow import Schema

    monkeypatch.setattr(Schema, "load", lambda *a, **k: pytest.fail("the schema was loaded"))
    answer = assert_problem(client.post(path, json=body), 422)
    assert answer["errors"][0]["pointer"] == first and answer["total_errors"] == total
    assert len(answer["errors"]) == min(total, MAX_LISTED)
