"""Every bad input gets a clear problem+json answer, never a 500 (docs/api.md section 9)."""

from __future__ import annotations

import json

import pytest

from service.rules.registry import GAMES

PROBLEM = "application/problem+json"
DEAL = "/v1/three-card-brag/deals"
PACK = list(GAMES["three-card-brag"].full_pack())


def assert_problem(response, status):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body = response.get_json(force=True)
    assert body["status"] == status
    assert {"type", "title", "detail"} <= set(body)
    return body


def test_400_malformed_json(client):
    body = assert_problem(client.post(DEAL, data="{nope", content_type="application/json"), 400)
    assert body["type"].endswith("/bad-request")


def test_400_nan_is_not_json(client):
    assert_problem(client.post(DEAL, data='{"players": NaN}', content_type="application/json"), 400)


def test_404_unknown_game_and_path(client):
    assert_problem(client.post("/v1/poker/deals", json={}), 404)
    assert_problem(client.get("/v1/nothing"), 404)
    # a trick-game path does not exist for a hand game
    assert_problem(client.post("/v1/three-card-brag/tricks/winner", json={}), 404)


def test_405_with_allow(client):
    response = client.get(DEAL)
    assert_problem(response, 405)
    assert "POST" in response.headers["Allow"]


def test_413_body_over_the_limit(app):
    small = app.test_client()
    app.config["MAX_CONTENT_LENGTH"], saved = 1024, app.config["MAX_CONTENT_LENGTH"]
    try:
        response = small.post(DEAL, data=json.dumps({"x": "y" * 4096}), content_type="application/json")
    finally:
        app.config["MAX_CONTENT_LENGTH"] = saved
    assert_problem(response, 413)


def test_415_not_json(client):
    assert_problem(client.post(DEAL, data="players=3", content_type="application/x-www-form-urlencoded"), 415)
    assert_problem(client.post(DEAL, data="{}"), 415)


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"players": "3", "dealer": 0, "seed": "a"}, "/players"),
        ({"players": True, "dealer": 0, "seed": "a"}, "/players"),
        ({"players": 3.5, "dealer": 0, "seed": "a"}, "/players"),
        ({"players": 3, "dealer": 0, "seed": "a", "extra": 1}, "/extra"),
        ({"players": 3, "dealer": 0, "seed": ""}, "/seed"),
        ({"players": 3, "dealer": 0}, ""),
        ({"players": 3, "dealer": 0, "seed": "a", "deck": PACK}, ""),
        ({"players": 3, "dealer": 0, "deck": []}, "/deck"),
        ({"players": 3, "dealer": 0, "seed": "a", "options": {"blind_allowed": 1}}, "/options/blind_allowed"),
        ({"players": 1, "dealer": 0, "seed": "a"}, "/players"),
        ({"players": 3, "dealer": 3, "seed": "a"}, "/dealer"),
        ({"players": 3, "dealer": 0, "deck": ["AS", "AS"]}, "/deck/1"),
        ({"players": 3, "dealer": 0, "deck": ["AS", "XX"]}, "/deck/1"),
        ({"players": 3, "dealer": 0, "deck": ["AS"]}, "/deck"),
    ],
)
def test_422_contract_violations_name_the_pointer(client, body, pointer):
    problem = assert_problem(client.post(DEAL, json=body), 422)
    assert pointer in [e["pointer"] for e in problem["errors"]]


def test_422_top_level_array(client):
    assert_problem(client.post(DEAL, json=[1, 2]), 422)


def test_422_batch_limit(client):
    hands = [["AS", "KS", "QS"]] * 10_001
    problem = assert_problem(client.post("/v1/three-card-brag/hands/evaluate", json={"hands": hands}), 422)
    assert problem["errors"][0]["pointer"] == "/hands"


def test_422_hand_size_and_duplicates(client):
    problem = assert_problem(
        client.post("/v1/three-card-brag/hands/evaluate", json={"hands": [["AS", "KS"], ["AS", "AS", "KD"]]}), 422
    )
    assert [e["pointer"] for e in problem["errors"]] == ["/hands/0", "/hands/1/1"]


def test_422_invalid_state_lists_every_problem(client):
    state = client.post(DEAL, json={"players": 3, "dealer": 0, "seed": "s"}).get_json()["state"]
    state["pot"] = 50
    state["to_act"] = 9
    problem = assert_problem(client.post("/v1/three-card-brag/legal-actions", json={"state": state}), 422)
    assert problem["type"].endswith("/invalid-state")
    assert {p["pointer"] for p in problem["problems"]} >= {"/state/pot", "/state/to_act"}


def test_a_view_is_a_state_with_cards_nobody_saw(client):
    """docs/api.md 18: a state may hold "??" as a view does (a table's); its legal actions are the whole
    state's, and a card that is neither the game's nor "??" is still refused at its place."""
    state = client.post(DEAL, json={"players": 3, "dealer": 0, "seed": "s"}).get_json()["state"]
    view = client.post("/v1/three-card-brag/states/view", json={"state": state, "seat": 0}).get_json()["state"]
    assert "??" in view["seats"][1]["hand"]
    listed = client.post("/v1/three-card-brag/legal-actions", json={"state": view})
    assert listed.status_code == 200
    whole = client.post("/v1/three-card-brag/legal-actions", json={"state": state}).get_json()
    assert listed.get_json()["actions"] == whole["actions"]
    view["seats"][1]["hand"][0] = "?X"
    problem = assert_problem(client.post("/v1/three-card-brag/legal-actions", json={"state": view}), 422)
    assert problem["errors"][0]["pointer"] == "/state/seats/1/hand/0"


def test_422_integers_beyond_the_safe_range(client):
    body = {"players": 2**53, "dealer": 0, "seed": "a"}
    problem = assert_problem(client.post(DEAL, json=body), 422)
    assert problem["errors"][0]["pointer"] == "/players"
    state = client.post(DEAL, json={"players": 3, "dealer": 0, "seed": "s"}).get_json()["state"]
    state["pot"] = 10**30
    problem = assert_problem(client.post("/v1/three-card-brag/states/validate", json={"state": state}), 422)
    assert problem["errors"][0]["pointer"] == "/state/pot"
