"""Table records over HTTP (docs/api.md 18): a deal from ``seen`` in place of a seed or deck."""

from __future__ import annotations

import pytest


@pytest.fixture
def briscola_record(client):
    """A Briscola deal played to its end from a seed, its first legal action each time: (record, dealt answer)."""
    state = client.post("/v1/briscola/deals", json={"players": 2, "dealer": 0, "seed": "table"}).get_json()["state"]
    record = {"players": 2, "dealer": 0, "seed": "table", "actions": []}
    turn_up = state["turn_up"]
    while True:
        listed = client.post("/v1/briscola/legal-actions", json={"state": state}).get_json()["actions"]
        if not listed:
            break
        record["actions"].append(listed[-1])
        state = client.post("/v1/briscola/actions", json={"state": state, "action": listed[-1]}).get_json()["state"]
    dealt = client.post("/v1/briscola/records/adjudicate", json={"record": record}).get_json()
    del record["seed"]
    return {**record, "seen": {"turn_up": turn_up}}, dealt


def test_a_briscola_table_record_is_complete_with_the_dealt_score(client, briscola_record):
    record, dealt = briscola_record
    answer = client.post("/v1/briscola/records/adjudicate", json={"record": record, "trace": True, "views": [0]})
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["verdict"] == dealt["verdict"] == "complete"
    assert body["result"] == dealt["result"] and body["deck_commitment"] is None
    assert "missing" not in body and len(body["steps"]) == len(record["actions"])


def test_a_table_state_is_played_on_with_unseen_cards(client):
    dealt = client.post("/v1/briscola/deals", json={"players": 2, "dealer": 0, "seen": {"turn_up": "5D"}})
    state = dealt.get_json()["state"]
    assert dealt.status_code == 200 and state["seats"][1]["hand"] == ["??"] * 3
    listed = client.post("/v1/briscola/legal-actions", json={"state": state}).get_json()["actions"]
    assert len(listed) == 39 and {"seat": 1, "type": "play", "card": "5D"} not in listed
    after = client.post("/v1/briscola/actions", json={"state": state, "action": listed[0]}).get_json()
    assert after["state"]["trick"] == [listed[0]["card"]] and after["state"]["seats"][1]["hand"] == ["??"] * 2
    assert client.post("/v1/briscola/states/validate", json={"state": after["state"]}).get_json()["valid"]


def test_a_table_record_names_what_proves_an_action_illegal(client):
    record = {
        "players": 2,
        "dealer": 0,
        "seen": {"hands": [None, ["AS", "??", "??"]], "turn_up": "5D"},
        "actions": [{"seat": 1, "type": "play", "card": "KC"}, {"seat": 0, "type": "play", "card": "AS"}],
    }
    body = client.post("/v1/briscola/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "illegal" and body["applied"] == 1
    assert body["error"]["code"] == "card_seen" and body["error"]["proof"]["actions"] == [1]


@pytest.mark.parametrize(
    ("seen", "pointer"),
    [
        ({"hands": [["AS", "AS"]], "turn_up": "5D"}, "/record/seen/hands/0/1"),
        ({"hands": [["AS"]], "turn_up": "AS"}, "/record/seen/turn_up"),
        ({"hands": [["AS", "2S", "3S", "4S"]], "turn_up": "5D"}, "/record/seen/hands/0"),
        ({"hands": [["AS"]]}, "/record/seen/turn_up"),
    ],
)
def test_what_a_table_saw_is_checked(client, seen, pointer):
    record = {"players": 2, "dealer": 0, "seen": seen, "actions": []}
    answer = client.post("/v1/briscola/records/adjudicate", json={"record": record})
    assert answer.status_code == 422 and pointer in [e["pointer"] for e in answer.get_json()["errors"]]


@pytest.mark.parametrize(("game_id", "players"), [("briscola", 2), ("briscan", 2), ("briscola-chiamata", 5)])
def test_a_suggestion_at_a_table_needs_the_seats_own_cards(client, game_id, players):
    """A bot at a real table sees what was seen: with its own hand seen it suggests a legal move; with its own cards
    unseen it cannot weigh them, a 422 at its hand (never a 500)."""
    dealt = client.post(f"/v1/{game_id}/deals", json={"players": players, "dealer": 0, "seed": "q"}).get_json()
    seat = dealt["state"]["to_act"]
    hands = [None] * players
    hands[seat] = dealt["state"]["seats"][seat]["hand"]
    turn_up = {"turn_up": dealt["state"]["turn_up"]} if "turn_up" in dealt["state"] else {}
    for seen, status in (({"hands": hands, **turn_up}, 200), (turn_up, 422)):
        state = client.post(f"/v1/{game_id}/deals", json={"players": players, "dealer": 0, "seen": seen}).get_json()[
            "state"
        ]
        answer = client.post(f"/v1/{game_id}/actions/suggest", json={"state": state})
        assert answer.status_code == status, answer.get_json()
        if status == 200:
            listed = client.post(f"/v1/{game_id}/legal-actions", json={"state": state}).get_json()["actions"]
            assert answer.get_json()["action"] in listed
        else:
            assert [e["pointer"] for e in answer.get_json()["errors"]] == [f"/state/seats/{seat}/hand"]


def test_a_table_record_has_no_text_form_yet(client):
    """records/format refuses a table record at its `seen` (a 422, never a 500) until the notation's tags for what a
    table saw are defined."""
    record = {"players": 2, "dealer": 0, "seen": {"turn_up": "5D"}, "actions": []}
    answer = client.post("/v1/briscola/records/format", json={"record": record})
    assert answer.status_code == 422 and [e["pointer"] for e in answer.get_json()["errors"]] == ["/record/seen"]


@pytest.mark.parametrize("game_id", ["three-card-brag", "old-brag", "broggin"])
def test_a_hand_games_table_deal_is_refused_until_judged(client, game_id):
    """The hand games' table deals (showdowns of unseen hands) are not judged yet: a 422 at `seen`, never a 500."""
    for path, body in (
        ("deals", {"players": 3, "dealer": 0, "seen": {}}),
        ("records/adjudicate", {"record": {"players": 3, "dealer": 0, "seen": {}, "actions": []}}),
    ):
        answer = client.post(f"/v1/{game_id}/{path}", json=body)
        pointer = "/seen" if path == "deals" else "/record/seen"
        assert answer.status_code == 422 and [e["pointer"] for e in answer.get_json()["errors"]] == [pointer]
