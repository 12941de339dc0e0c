"""``actions/suggest`` over HTTP (docs/api.md 17): a legal action (``actions`` answers 200 for it), the same bytes for
the same request, the 422s of a seat that may not act and an unknown level."""

from __future__ import annotations

import pytest

from schemas.game import game_schemas
from service.rules.registry import GAMES
from tests.simulation import play

TABLES = [
    ("briscola", 2),
    ("briscola-chiamata", 5),
    ("briscan", 2),
    ("brisque", 2),
    ("three-card-brag", 2),
    ("old-brag", 3),
    ("broggin", 3),
]


def wire_states(game_id: str, players: int) -> list[dict]:
    """A few states of a random playthrough as the wire writes them."""
    game = GAMES[game_id]
    deal = play(game, players, "suggest-http")
    live = [s for s in deal.states() if s.to_act is not None]
    dump = game_schemas(game).state().dump
    return [dump(s) for s in live[:: max(1, len(live) // 3)]]


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_the_suggested_action_is_accepted_and_the_answer_replays(client, game_id, players):
    base = f"/v1/{game_id}"
    for state in wire_states(game_id, players):
        body = {"state": state, "level": "easy", "seed": "http"}
        first = client.post(f"{base}/actions/suggest", json=body)
        assert first.status_code == 200, first.get_json()
        answer = first.get_json()
        assert answer["seat"] == state["to_act"] and answer["level"] == "easy" and answer["seed"] == "http"
        assert answer["considered"] and answer["rules_version"]
        applied = client.post(f"{base}/actions", json={"state": state, "action": answer["action"]})
        assert applied.status_code == 200, applied.get_json()
        assert client.post(f"{base}/actions/suggest", json=body).data == first.data


def test_the_defaults_are_the_seat_to_act_normal_and_suggest(client):
    state = wire_states("briscola", 2)[0]
    answer = client.post("/v1/briscola/actions/suggest", json={"state": state}).get_json()
    assert (answer["seat"], answer["level"], answer["seed"]) == (state["to_act"], "normal", "suggest")


def test_a_seat_that_may_not_act_is_a_422_at_seat(client):
    state = wire_states("briscola", 2)[0]
    idle = 1 - state["to_act"]
    answer = client.post("/v1/briscola/actions/suggest", json={"state": state, "seat": idle})
    assert answer.status_code == 422
    assert [e["pointer"] for e in answer.get_json()["errors"]] == ["/seat"]


@pytest.mark.parametrize(("field", "value"), [("level", "grandmaster"), ("level", 1), ("seed", ""), ("seat", "0")])
def test_bad_fields_are_422s_at_their_pointer(client, field, value):
    state = wire_states("briscola", 2)[0]
    answer = client.post("/v1/briscola/actions/suggest", json={"state": state, field: value})
    assert answer.status_code == 422
    assert f"/{field}" in [e["pointer"] for e in answer.get_json()["errors"]]


def test_an_inconsistent_state_is_an_invalid_state(client):
    state = wire_states("briscola", 2)[0]
    state["seats"][0]["hand"] = state["seats"][1]["hand"]
    answer = client.post("/v1/briscola/actions/suggest", json={"state": state})
    assert answer.status_code == 422 and answer.get_json()["type"].endswith("/invalid-state")
