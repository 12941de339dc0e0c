"""Broggin end to end over HTTP: every endpoint of docs/api.md section 2, in the rules file's notations too."""

from __future__ import annotations

import hashlib

from service.rules.broggin.cards import full_pack
from service.rules.shuffle import shuffle
from tests.actions import script
from tests.conftest import deck_for

BASE = "/v1/broggin"


def test_catalog_lists_broggin_with_every_option(client):
    games = client.get("/v1/games").get_json()["games"]
    entry = next(g for g in games if g["id"] == "broggin")
    assert entry["pack_size"] == 40 and entry["players"]["min"] == 2
    rules = {o["name"]: o["rule"] for o in entry["options"]}
    assert rules["kickers"] == "BRG-A6" and rules["suit_compare"] == "BRG-A8" and rules["raise_rule"] == "BRG-A9"
    assert {
        "allow_duplicate_identity",
        "assignment",
        "hovet_wild_courts",
        "purity_scope",
        "odd_chip",
        "exchange_limit",
        "max_players",
        "high_card_compare",
        "max_raises",
        "stake",
    } <= set(rules)


def test_game_entry_has_pack_and_categories(client):
    body = client.get(BASE).get_json()
    assert body["pack"] == list(full_pack()) and body["pack"][:2] == ["1Sw", "2Sw"] and body["pack"][-1] == "Beggar"
    assert body["categories"][0] == "four_horsemen" and body["categories"][-1] == "high_card"


def test_evaluate_in_the_rules_file_notation(client):
    body = client.post(f"{BASE}/hands/evaluate", json={"hands": [["Sv4", "Riddaren", "Köpmannen", "Ba8"]]}).get_json()
    (result,) = body["results"]
    assert result["hand"] == ["4Sw", "Knight", "Merchant", "KCu"]  # B12
    assert result["category"] == "three_of_a_kind"
    assert result["interpretation"] == {"Merchant": "KCo", "Knight": "KSw"}
    assert body["rules"]["purity_scope"] == "hand"


def test_compare_says_what_decided(client):
    b3 = client.post(
        f"{BASE}/hands/compare", json={"hands": [["St4", "Ba4", "My4", "Sv8"], ["Sv4", "St8", "Narren", "Köpmannen"]]}
    ).get_json()
    assert b3["ranking"] == [[0], [1]] and b3["deciding"] == "purity"
    b7 = {"hands": [["Sv8", "Ba8", "St3", "My1"], ["St8", "My8", "Sv6", "Ba5"]]}
    split = client.post(f"{BASE}/hands/compare", json=b7).get_json()
    assert split["ranking"] == [[0, 1]] and split["winners"] == [0, 1] and split["deciding"] == "tie"
    kickers = client.post(f"{BASE}/hands/compare", json={**b7, "options": {"kickers": True}}).get_json()
    assert kickers["winners"] == [1] and kickers["deciding"] == "value" and kickers["rules"]["kickers"] is True


def test_unknown_cards_and_repeats_are_422(client):
    response = client.post(f"{BASE}/hands/evaluate", json={"hands": [["Sv4", "Sv4", "Narren", "Sv9"]]})
    assert response.status_code == 422
    pointers = {e["pointer"] for e in response.get_json()["errors"]}
    assert any(p.startswith("/hands/0") for p in pointers)


def test_seeded_deal_is_the_documented_shuffle(client):
    body = client.post(f"{BASE}/deals", json={"players": 3, "dealer": 2, "seed": "eon"}).get_json()
    deck = shuffle(full_pack(), "eon")
    assert body["deck_commitment"] == hashlib.sha256(",".join(deck).encode()).hexdigest()
    state = body["state"]
    assert state["seats"][0]["hand"] == [deck[0], deck[3], deck[6], deck[9]]
    assert state["seats"][2]["hand"] == [deck[2], deck[5], deck[8], deck[11]]
    assert state["stock"] == list(deck[12:]) and state["pot"] == 3 and state["phase"] == "bet1"


def test_a_whole_deal_through_actions_with_a_409(client):
    x, y = ["KSw", "KCu", "3St", "1Co"], ["KSt", "KCo", "6Sw", "5Cu"]  # B7: a split pot by default
    deck = deck_for({0: x, 1: y}, players=2, dealer=1, pack=full_pack())
    state = client.post(
        f"{BASE}/deals", json={"players": 2, "dealer": 1, "deck": deck, "options": {"stake": 2}}
    ).get_json()["state"]
    assert state["seats"][0]["hand"] == ["KSw", "KCu", "3St", "1Co"]
    legal = client.post(f"{BASE}/legal-actions", json={"state": state}).get_json()
    assert legal["phase"] == "bet1" and legal["to_act"] == 0
    assert legal["actions"] == script("0 bet", "0 fold")
    refused = client.post(f"{BASE}/actions", json={"state": state, "action": {"seat": 0, "type": "call"}})
    assert refused.status_code == 409 and refused.get_json()["legal_actions"] == legal["actions"]

    def step(action):
        response = client.post(f"{BASE}/actions", json={"state": state, "action": action})
        assert response.status_code == 200, response.get_data(as_text=True)
        return response.get_json()

    state = step({"seat": 0, "type": "bet"})["state"]
    state = step({"seat": 1, "type": "bet", "amount": 2})["state"]
    legal = client.post(f"{BASE}/legal-actions", json={"state": state}).get_json()
    assert legal["actions"] == [{"seat": 0, "type": "exchange", "max_cards": 4}]
    state = step({"seat": 0, "type": "exchange", "discard": []})["state"]
    state = step({"seat": 1, "type": "exchange", "discard": []})["state"]
    assert state["phase"] == "bet2" and state["level"] == 2
    state = step({"seat": 0, "type": "raise", "amount": 4})["state"]
    body = step({"seat": 1, "type": "call"})
    result = body["result"]
    assert result["reason"] == "showdown" and result["winners"] == [0, 1] and result["payouts"] == [0, 0]
    assert any(e["type"] == "show" for e in body["events"])


def test_validate_and_view(client):
    state = client.post(f"{BASE}/deals", json={"players": 3, "dealer": 0, "seed": "v"}).get_json()["state"]
    checked = client.post(f"{BASE}/states/validate", json={"state": state}).get_json()
    assert checked["valid"] is True and checked["problems"] == [] and checked["rules"] == state["options"]
    bad = {**state, "pot": 99}
    body = client.post(f"{BASE}/states/validate", json={"state": bad}).get_json()
    assert body["valid"] is False and body["problems"][0]["code"] == "pot"
    view = client.post(f"{BASE}/states/view", json={"state": state, "seat": 1}).get_json()["state"]
    assert view["seats"][1]["hand"] == state["seats"][1]["hand"]
    assert view["seats"][0]["hand"] == ["??"] * 4 and set(view["stock"]) == {"??"}


def test_adjudicate_a_record(client):
    record = {
        "players": 3,
        "dealer": 2,
        "seed": "r",
        "options": {"stake": 2},
        "actions": script("0 bet", "1 fold", "2 fold"),
    }
    body = client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "complete" and body["applied"] == 3
    assert body["result"]["winners"] == [0] and body["result"]["payouts"] == [4, -2, -2]
    record["actions"] = script("0 bet", "1 raise 4")
    body = client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "illegal" and body["applied"] == 1
    assert body["error"]["index"] == 1 and body["error"]["code"] == "wrong_phase"
    record["actions"] = record["actions"][:1]
    assert client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()["verdict"] == "in_progress"


def _declare_record():
    x, y = ["4Sw", "Knight", "Merchant", "KCu"], ["4St", "4Cu", "4Co", "1Sw"]  # B12 and a pure triss of fours
    return {
        "players": 2,
        "dealer": 1,
        "deck": deck_for({0: x, 1: y}, players=2, dealer=1, pack=full_pack()),
        "options": {"assignment": "declared_only"},
        "actions": [
            {"seat": 0, "type": "bet"},
            {"seat": 1, "type": "bet"},
            {"seat": 0, "type": "exchange", "discard": []},
            {"seat": 1, "type": "exchange", "discard": []},
            {"seat": 0, "type": "call"},
            {"seat": 1, "type": "call"},
            {"seat": 0, "type": "declare", "assignments": {"Riddaren": "Sv4", "Köpmannen": "My4"}},
        ],
    }


def test_declarations_over_http(client):
    record = _declare_record()
    body = client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "complete", body
    assert body["result"]["winners"] == [1] and body["result"]["deciding"] == "purity"
    record["actions"][-1] = {"seat": 0, "type": "declare", "assignments": {"Knight": "4Co", "Merchant": "4Co"}}
    body = client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "illegal" and body["error"]["code"] == "outside_domain"
    assert body["error"]["rule"] == "BRG-A3"


def test_declare_is_listed_with_domains_and_a_listed_choice_is_accepted(client):
    record = _declare_record()
    record["actions"] = record["actions"][:-1]
    state = client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()["state"]
    (declare,) = client.post(f"{BASE}/legal-actions", json={"state": state}).get_json()["actions"]
    assert declare["type"] == "declare" and set(declare["domains"]) == {"Knight", "Merchant"}
    assert "4Sw" in declare["domains"]["Knight"] or "4Co" in declare["domains"]["Knight"]
    choice = {t: cards[-1] for t, cards in declare["domains"].items()}
    step = client.post(
        f"{BASE}/actions", json={"state": state, "action": {"seat": 0, "type": "declare", "assignments": choice}}
    )
    assert step.status_code == 200, step.get_json()


def test_evaluate_and_compare_with_declarations(client):
    hands = [["KSw", "KSt", "KCo", "Witch"], ["1Sw", "2Sw", "3Sw", "Fool"]]
    best = client.post(f"{BASE}/hands/evaluate", json={"hands": hands}).get_json()["results"]
    declared = client.post(
        f"{BASE}/hands/evaluate", json={"hands": hands, "declarations": [{"Häxan": "QCu"}, None]}
    ).get_json()["results"]
    assert declared[0]["interpretation"] == {"Witch": "QCu"} and "declared" in declared[0]["description"]
    assert declared[1] == best[1]
    # the same names decomposed (NFD), as macOS and iOS may send them
    nfd = [["KSw", "KSt", "KCo", "Ha\u0308xan"], hands[1]]
    decomposed = client.post(
        f"{BASE}/hands/evaluate", json={"hands": nfd, "declarations": [{"HA\u0308XAN": "QCu"}, None]}
    )
    assert decomposed.status_code == 200 and decomposed.get_json()["results"] == declared
    look_alike = client.post(f"{BASE}/hands/evaluate", json={"hands": [["KSw", "KSt", "KCo", "Hàxan"], hands[1]]})
    assert look_alike.status_code == 422 and look_alike.get_json()["errors"][0]["pointer"] == "/hands/0/3"
    outside = client.post(f"{BASE}/hands/evaluate", json={"hands": hands, "declarations": [{"Witch": "1Cu"}, None]})
    assert outside.status_code == 422 and outside.get_json()["errors"][0]["pointer"] == "/declarations/0"
    wrong_length = client.post(f"{BASE}/hands/compare", json={"hands": hands, "declarations": [None]})
    assert wrong_length.status_code == 422
    compared = client.post(
        f"{BASE}/hands/compare", json={"hands": hands, "declarations": [{"Witch": "QCu"}, {"Fool": "4Sw"}]}
    ).get_json()
    assert compared["winners"] == [1] and compared["results"][1]["interpretation"] == {"Fool": "4Sw"}
