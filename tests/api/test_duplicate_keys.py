"""One reading of every body: an object naming a key twice is a 400 pointing at that object, on every path, before
any schema; colons inside strings are no duplicate; escaped keys are the keys they spell."""

from __future__ import annotations

import json

import pytest

from service.api import unique_keys
from service.api.unique_keys import duplicate_key

DEAL = "/v1/three-card-brag/deals"
EVALUATE = "/v1/three-card-brag/hands/evaluate"
RECORD = "/v1/briscola/records/adjudicate"
ACTIONS = "/v1/briscola/actions"


def post_text(client, path, text):
    return client.post(path, data=text.encode(), content_type="application/json")


def deal_state(client):
    return client.post("/v1/briscola/deals", json={"players": 2, "dealer": 0, "seed": "dup"}).get_json()["state"]


def record_text(actions: str, seed: str = "dup") -> str:
    return json.dumps({"record": {"players": 2, "dealer": 0, "seed": seed, "actions": []}})[:-3] + actions + "]}}"


CASES = [
    (DEAL, '{"players": 3, "dealer": 0, "seed": "x", "dealer": 1}', "", "dealer"),
    (DEAL, '{"players": 3, "dealer": 0, "seed": "x", "se\\u0065d": "y"}', "", "seed"),  # an escaped key
    (EVALUATE, '{"hands": [["AS", "KS", "QS"]], "options": {"ante": "x", "ante": 1}}', "/options", "ante"),
    (EVALUATE, '{"hands": [["AS", "KS", "QS"]], "hands": [["2C", "2D", "2H"]]}', "", "hands"),
    (
        RECORD,
        record_text('{"seat": 1, "type": "play", "card": "AS"}, {"seat": 0, "type": "play", "seat": 1}'),
        "/record/actions/1",
        "seat",
    ),
    ("/v1/briscola/tricks/winner", '{"trump": "S", "cards": ["AS", "2S"], "trump": "H"}', "", "trump"),
    ("/v1/briscan/melds/evaluate", '{"hand": ["KH", "QH"], "trump": "H", "hand": []}', "", "hand"),
]


@pytest.mark.parametrize(("path", "text", "where", "key"), CASES)
def test_a_duplicate_key_is_a_400_naming_it_and_its_object(client, path, text, where, key):
    response = post_text(client, path, text)
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["status"] == 400 and f"'{key}' is given twice" in problem["detail"]
    assert problem["errors"] == [{"pointer": where, "detail": problem["detail"]}]


def test_without_the_duplicate_the_same_bodies_are_read(client):
    """The bodies above with the second key dropped are no 400 (it is the duplicate that is refused)."""
    assert post_text(client, DEAL, '{"players": 3, "dealer": 0, "seed": "x"}').status_code == 200
    options = '{"hands": [["AS", "KS", "QS"]], "options": {"ante": 1}}'
    assert post_text(client, EVALUATE, options).status_code == 200
    record = record_text('{"seat": 1, "type": "play", "card": "AS"}, {"seat": 0, "type": "play"}')
    assert post_text(client, RECORD, record).status_code == 422  # a play without its card: the schema says so


def test_nested_deep_in_a_state(client):
    state = deal_state(client)
    text = json.dumps({"state": state, "action": {"seat": 1, "type": "play", "card": state["seats"][1]["hand"][0]}})
    assert post_text(client, ACTIONS, text).status_code == 200
    doubled = text.replace('{"seat": 1, ', '{"seat": 1, "seat": 1, ', 1)
    assert doubled != text
    problem = post_text(client, ACTIONS, doubled).get_json()
    assert problem["status"] == 400 and problem["errors"][0]["pointer"] == "/state/seats/1"
    assert "'seat'" in problem["detail"]


def test_colons_inside_strings_are_no_duplicate(client):
    seeded = post_text(client, DEAL, '{"players": 3, "dealer": 0, "seed": "table:7::x"}')
    plain = post_text(client, DEAL, '{"players": 3, "dealer": 0, "seed": "table:7::x", "options": {}}')
    assert seeded.status_code == plain.status_code == 200
    assert post_text(client, RECORD, record_text("", seed="a:b:c:d:e:f")).status_code == 200
    unknown = post_text(client, EVALUATE, '{"hands": [["AS", "KS", "QS"]], "options": {"a:b": 1, "c:d": 2}}')
    assert unknown.status_code == 422  # unknown options, named by the schema: no 400


def test_a_colon_in_a_string_does_not_hide_a_duplicate(client):
    """As many colons in strings as keys lost to duplicates: still found (the exact reading runs)."""
    text = '{"players": 3, "dealer": 0, "seed": "a:b", "players": 2}'
    problem = post_text(client, DEAL, text).get_json()
    assert problem["status"] == 400 and problem["errors"][0]["pointer"] == "" and "'players'" in problem["detail"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ('{"a": 1, "a": 2}', ((), "a")),
        ('{"a\\u0061": 1, "aa": 2}', ((), "aa")),
        ('{"x": [{"y": 1}, {"z": {"q": 1, "q": 1}}]}', (("x", 1, "z"), "q")),
        ('[[{"k": ":"}], [{"k": 1, "k": ":"}]]', ((1, 0), "k")),
        ('{"a": {"b": 1}, "c": {"b": 1}, "s": "::::"}', None),
        ('{"a": ":", "b": {"c": "d:e"}}', None),
        ('{"": 1, "": 2}', ((), "")),
        ("[1, 2, 3]", None),
    ],
)
def test_duplicate_key_finds_the_first_one(text, found):
    assert duplicate_key(text, json.loads(text)) == found


def test_a_body_without_colons_in_strings_is_not_read_again(monkeypatch):
    """The hot paths: hands, a record of actions, nested objects: the colons count the keys, no second reading."""
    hands = json.dumps({"hands": [["AS", "KS", "QS"]] * 10_000})
    record = record_text(", ".join(['{"seat": 0, "type": "play", "card": "AS"}'] * 40))
    nested = json.dumps({"a": [{"b": [{"c": {"d": 1, "e": [1, {"f": 2}]}}]}] * 50})
    documents = [(text, json.loads(text)) for text in (hands, record, nested)]
    read_again = []
    monkeypatch.setattr(unique_keys.json, "loads", lambda *args, **kwargs: read_again.append(args))
    for text, document in documents:
        assert duplicate_key(text, document) is None
    assert read_again == []
    assert duplicate_key('{"a": ":"}', {"a": ":"}) is None and len(read_again) == 1  # a colon in a string: read


@pytest.mark.parametrize(
    "text",
    [
        '{"a": [' + ", ".join(["{}"] * 1_000) + '], "b": {"c": 1, "c": 2}}',  # the duplicate past a long array
        '{"a": [' + ", ".join(["{}"] * 999) + ', {"c": 1, "c": 2}]}',  # the duplicate inside the long array
        '{"a": [' + ", ".join(['["x"]'] * 999) + ', [{"c": 1, "c": 2}]]}',  # inside a long array of lists
    ],
)
def test_a_long_array_counted_last_hides_no_duplicate(text):
    """Arrays longer than unique_keys.LONG are counted after the rest: a duplicate beside one or inside one is
    still found."""
    assert duplicate_key(text, json.loads(text)) is not None
