"""Three Card Brag end to end over HTTP: every endpoint of docs/api.md section 2."""

from __future__ import annotations

import hashlib

from service.rules.cards import french_pack
from service.rules.shuffle import shuffle
from tests.actions import script

BASE = "/v1/three-card-brag"


def test_catalog_lists_the_game_with_its_options(client):
    games = client.get("/v1/games").get_json()["games"]
    entry = next(g for g in games if g["id"] == "three-card-brag")
    assert entry["players"] == {"min": 2, "max": 17} and entry["pack_size"] == 52
    option = next(o for o in entry["options"] if o["name"] == "a23_rank")
    assert option == {
        "name": "a23_rank",
        "type": "string",
        "default": "highest",
        "allowed": ["highest", "lowest"],
        "nullable": False,
        "description": option["description"],
        "rule": "BT-A1",
    }


def test_game_entry_has_pack_and_categories(client):
    body = client.get(BASE).get_json()
    assert body["pack"] == list(french_pack()) and body["pack"][:2] == ["AS", "KS"]
    assert body["categories"] == ["prial", "running_flush", "run", "flush", "pair", "high_card"]


def test_evaluate_accepts_every_notation_and_answers_canonically(client):
    body = client.post(f"{BASE}/hands/evaluate", json={"hands": [["10h", "J♥", "qH"]]}).get_json()
    (result,) = body["results"]
    assert result["hand"] == ["TH", "JH", "QH"] and result["category"] == "running_flush"
    assert body["rules"]["a23_rank"] == "highest" and body["rules_version"]


def test_compare_groups_equal_hands(client):
    body = client.post(
        f"{BASE}/hands/compare", json={"hands": [["AC", "KC", "2D"], ["3S", "3H", "3D"], ["AD", "KH", "2C"]]}
    ).get_json()
    assert body["ranking"] == [[1], [0, 2]] and body["winners"] == [1] and body["deciding"] == "category"


def test_seeded_deal_is_the_documented_shuffle(client):
    body = client.post(f"{BASE}/deals", json={"players": 4, "dealer": 3, "seed": "table-7"}).get_json()
    deck = shuffle(french_pack(), "table-7")
    assert body["deck_commitment"] == hashlib.sha256(",".join(deck).encode()).hexdigest()
    assert body["state"]["seats"][0]["hand"] == [deck[0], deck[4], deck[8]]
    assert body["state"]["seats"][3]["hand"] == [deck[3], deck[7], deck[11]]
    assert body["state"]["pot"] == 4 and body["state"]["to_act"] == 0
    again = client.post(f"{BASE}/deals", json={"players": 4, "dealer": 3, "seed": "table-7"})
    assert again.data == client.post(f"{BASE}/deals", json={"players": 4, "dealer": 3, "seed": "table-7"}).data


def test_deal_from_a_deck_in_any_notation(client):
    deck = [c.replace("T", "10").lower() for c in french_pack()]
    body = client.post(f"{BASE}/deals", json={"players": 2, "dealer": 0, "deck": deck}).get_json()
    assert body["state"]["seats"][1]["hand"] == ["AS", "QS", "TS"]


def test_a_whole_deal_through_actions_with_a_409(client):
    state = client.post(
        f"{BASE}/deals", json={"players": 2, "dealer": 1, "seed": "x", "options": {"blind_allowed": False}}
    ).get_json()["state"]
    legal = client.post(f"{BASE}/legal-actions", json={"state": state}).get_json()
    assert legal["to_act"] == 0 and {"seat": 0, "type": "bet", "min": 1, "max": None} in legal["actions"]
    illegal = client.post(f"{BASE}/actions", json={"state": state, "action": {"seat": 0, "type": "see"}})
    assert illegal.status_code == 409 and illegal.mimetype == "application/problem+json"
    problem = illegal.get_json()
    assert problem["type"].endswith("/illegal-action") and problem["legal_actions"] == legal["actions"]
    step = client.post(f"{BASE}/actions", json={"state": state, "action": {"seat": 0, "type": "bet", "amount": 3}})
    body = step.get_json()
    assert body["result"] is None and body["state"]["pot"] == 5 and body["events"][0]["chips"] == 3
    done = client.post(f"{BASE}/actions", json={"state": body["state"], "action": {"seat": 1, "type": "see"}})
    result = done.get_json()["result"]
    assert result["reason"] == "seen" and sum(result["payouts"]) == 0 and len(result["winners"]) == 1


def test_validate_and_view(client):
    state = client.post(f"{BASE}/deals", json={"players": 3, "dealer": 0, "seed": "v"}).get_json()["state"]
    checked = client.post(f"{BASE}/states/validate", json={"state": state}).get_json()
    assert checked["valid"] is True and checked["problems"] == [] and checked["rules"] == state["options"]
    state["seats"][0]["hand"][0] = state["seats"][1]["hand"][0]
    body = client.post(f"{BASE}/states/validate", json={"state": state}).get_json()
    assert body["valid"] is False and {p["code"] for p in body["problems"]} >= {"duplicate_card", "missing_card"}
    good = client.post(f"{BASE}/deals", json={"players": 3, "dealer": 0, "seed": "v"}).get_json()["state"]
    good["seats"][2]["blind"] = False  # seat 2 has looked: it sees its own cards
    view = client.post(f"{BASE}/states/view", json={"state": good, "seat": 2}).get_json()["state"]
    assert view["seats"][2]["hand"] == good["seats"][2]["hand"]
    assert view["seats"][0]["hand"] == ["??"] * 3 and set(view["stock"]) == {"??"}
    bad_seat = client.post(f"{BASE}/states/view", json={"state": good, "seat": 3})
    assert bad_seat.status_code == 422 and bad_seat.get_json()["errors"][0]["pointer"] == "/seat"


def test_adjudicate_a_record(client):
    record = {
        "players": 3,
        "dealer": 2,
        "seed": "r",
        "actions": script("0 bet 2", "1 fold", "2 fold"),
    }
    body = client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "complete" and body["applied"] == 3 and body["error"] is None
    assert body["result"]["winners"] == [0]
    record["actions"] = record["actions"][:1] + [{"seat": 2, "type": "fold"}]
    body = client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "illegal" and body["applied"] == 1
    assert body["error"]["index"] == 1 and body["error"]["code"] == "not_your_turn"
    assert body["state"]["to_act"] == 1 and body["result"] is None
    record["actions"] = record["actions"][:1]
    assert client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()["verdict"] == "in_progress"


def test_record_limit(client):
    record = {"players": 2, "dealer": 0, "seed": "r", "actions": [{"seat": 0, "type": "fold"}] * 1001}
    response = client.post(f"{BASE}/records/adjudicate", json={"record": record})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/record/actions"


def test_operational_endpoints(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}
    assert client.get("/readyz").get_json()["status"] == "ready"
    assert client.get("/openapi.json").get_json()["openapi"] == "3.1.0"
    assert client.get("/openapi.yaml").mimetype == "application/yaml"
    assert b"card_arbiter_requests_total" in client.get("/metrics").data
    docs = client.get("/docs")
    assert docs.status_code == 200 and b"swagger" in docs.data.lower()
    assert client.get("/docs/swagger-ui-bundle.js").status_code == 200
