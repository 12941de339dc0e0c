"""Old Brag end to end over HTTP: every endpoint of docs/api.md section 2, and the O16 record."""

from __future__ import annotations

from service.rules.cards import french_pack
from service.rules.shuffle import shuffle
from tests.actions import script
from tests.conftest import deck_for

BASE = "/v1/old-brag"

# O16: D = seat 0 (dealer), P1 = 1, P2 = 2, P3 = 3
O16_HANDS = {0: ["7♠", "7♥", "5♣"], 1: ["K♥", "2♠", "A♥"], 2: ["Q♠", "10♦", "A♣"], 3: ["K♣", "J♣", "6♥"]}
O16_ACTIONS = script(
    "0 bet 1",
    "1 call",
    "2 raise 3",
    "3 call",
    "0 fold",
    "1 fold",
    "0 hit",
    "0 stand",
    "1 hit",
    "1 stand",
    "2 stand",
    "3 hit",
)


def o16_deck() -> list[str]:
    hands = {
        seat: [
            c.replace("10", "T").replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C") for c in cards
        ]
        for seat, cards in O16_HANDS.items()
    }
    return deck_for(hands, 4, 0, french_pack(), then=["TH", "6D", "8S"])


def test_catalog_entry(client):
    games = client.get("/v1/games").get_json()["games"]
    entry = next(g for g in games if g["id"] == "old-brag")
    assert entry["players"] == {"min": 3, "max": 8} and entry["pack_size"] == 52
    rules = {o["name"]: o["rule"] for o in entry["options"]}
    for rule in ("OB-A1", "OB-A3", "OB-A4", "OB-A5", "OB-A6", "OB-A8", "OB-A9", "OB-A11", "OB-A13"):
        assert rule in rules.values()
    priority = next(o for o in entry["options"] if o["name"] == "priority")
    assert priority["default"] == "dealer_first" and priority["allowed"] == ["dealer_first", "eldest_first"]
    pot3_ace = next(o for o in entry["options"] if o["name"] == "pot3_ace")
    assert pot3_ace["default"] == 11 and pot3_ace["allowed"] == [11, "1_or_11"]
    body = client.get(BASE).get_json()
    assert body["categories"] == ["prial", "pair", "high_card"] and body["pack"] == list(french_pack())


def test_evaluate_reports_the_bragger_reading(client):
    body = client.post(f"{BASE}/hands/evaluate", json={"hands": [["9♦", "9s", "K♥"], ["a♦", "jc", "9D"]]}).get_json()
    first, second = body["results"]
    assert first["description"] == "Bragger pair of kings, nine kicker" and first["interpretation"] == {"9D": "K"}
    assert second["category"] == "prial" and second["interpretation"] == {"AD": "A", "JC": "A", "9D": "A"}
    body = client.post(
        f"{BASE}/hands/evaluate",
        json={"hands": [["9D", "9S", "9H"]], "options": {"only_ace_diamond_natural": True}},
    ).get_json()
    assert body["results"][0]["description"] == "Bragger prial of nines"
    assert body["rules"]["only_ace_diamond_natural"] is True


def test_compare_natural_before_bragger(client):
    hands = [["K♠", "K♥", "5♦"], ["K♣", "J♣", "5♥"]]
    body = client.post(f"{BASE}/hands/compare", json={"hands": hands}).get_json()
    assert body["ranking"] == [[0], [1]] and body["deciding"] == "natural"
    body = client.post(
        f"{BASE}/hands/compare", json={"hands": hands, "options": {"pair_natural_priority": False}}
    ).get_json()
    assert body["ranking"] == [[0, 1]] and body["deciding"] == "tie"


def test_a_fourth_card_in_a_hand_is_a_422(client):
    response = client.post(f"{BASE}/hands/evaluate", json={"hands": [["AS", "AH", "AC", "KD"]]})
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    assert response.get_json()["errors"][0]["pointer"] == "/hands/0"


def test_seeded_deal_has_three_pots_and_the_dealer_opens(client):
    body = client.post(f"{BASE}/deals", json={"players": 4, "dealer": 2, "seed": "ob"}).get_json()
    deck = shuffle(french_pack(), "ob")
    state = body["state"]
    assert state["seats"][3]["hand"] == [deck[0], deck[4], deck[8]]
    assert state["seats"][2]["hand"] == [deck[3], deck[7], deck[11]]
    assert (state["main_pot"], state["pot1"], state["pot3"]) == (8, 4, 4)
    assert state["to_act"] == 2 and state["stock"] == list(deck[12:])
    legal = client.post(f"{BASE}/legal-actions", json={"state": state}).get_json()
    assert legal["actions"] == [{"seat": 2, "type": "bet", "min": 1, "max": None}]


def test_actions_with_409s(client):
    state = client.post(f"{BASE}/deals", json={"players": 4, "dealer": 0, "deck": o16_deck()}).get_json()["state"]
    illegal = client.post(f"{BASE}/actions", json={"state": state, "action": {"seat": 1, "type": "bet", "amount": 1}})
    assert illegal.status_code == 409 and illegal.mimetype == "application/problem+json"
    problem = illegal.get_json()
    assert problem["type"].endswith("/illegal-action") and problem["code"] == "dealer_opens"
    assert problem["legal_actions"] == [{"seat": 0, "type": "bet", "min": 1, "max": None}]
    for action in O16_ACTIONS[:2]:
        state = client.post(f"{BASE}/actions", json={"state": state, "action": action}).get_json()["state"]
    low = client.post(f"{BASE}/actions", json={"state": state, "action": {"seat": 2, "type": "raise", "amount": 1}})
    assert low.status_code == 409 and low.get_json()["code"] == "raise_too_small"
    step = client.post(f"{BASE}/actions", json={"state": state, "action": O16_ACTIONS[2]}).get_json()
    assert step["result"] is None and step["state"]["main_pot"] == 8 + 1 + 1 + 3
    assert step["events"] == [{"type": "raise", "seat": 2, "amount": 3, "chips": 3}]


def test_validate_and_view(client):
    state = client.post(f"{BASE}/deals", json={"players": 4, "dealer": 0, "deck": o16_deck()}).get_json()["state"]
    checked = client.post(f"{BASE}/states/validate", json={"state": state}).get_json()
    assert checked["valid"] is True and checked["problems"] == [] and checked["rules"] == state["options"]
    view = client.post(f"{BASE}/states/view", json={"state": state, "seat": 1}).get_json()["state"]
    assert view["seats"][1]["hand"] == ["KH", "2S", "AH"]
    assert view["seats"][0]["hand"] == ["??", "??", "5C"] and set(view["stock"]) == {"??"}
    bad = dict(state)
    bad["seats"] = [dict(s) for s in state["seats"]]
    bad["seats"][0]["hand"] = state["seats"][0]["hand"] + [state["stock"][0]]
    bad["main_pot"] = 7
    body = client.post(f"{BASE}/states/validate", json={"state": bad}).get_json()
    assert body["valid"] is False
    assert {p["code"] for p in body["problems"]} >= {"hand_size", "duplicate_card"}
    assert "/state/main_pot" in {p.get("pointer") for p in body["problems"]}  # every problem, not only the cards
    refused = client.post(f"{BASE}/legal-actions", json={"state": bad})
    assert refused.status_code == 422 and refused.get_json()["type"].endswith("/invalid-state")


def test_adjudicate_the_O16_record(client):
    record = {"players": 4, "dealer": 0, "deck": o16_deck(), "actions": O16_ACTIONS}
    body = client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "complete" and body["applied"] == 12 and body["error"] is None
    result = body["result"]
    assert result["winners"] == [3] and result["reason"] == "showdown"
    assert result["pots"]["main"]["winner"] == 3 and result["pots"]["main"]["amount"] == 16
    assert result["pots"]["pot1"]["winner"] == 1 and result["pots"]["pot1"]["amount"] == 4
    assert result["pots"]["pot3"]["winner"] == 2 and result["pots"]["pot3"]["total"] == 31
    assert result["payouts"] == [-5, -1, -3, 9]


def test_adjudicate_a_hit_after_standing(client):
    actions = O16_ACTIONS[:8] + [{"seat": 0, "type": "hit"}]
    record = {"players": 4, "dealer": 0, "deck": o16_deck(), "actions": actions}
    body = client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "illegal" and body["applied"] == 8
    assert body["error"]["index"] == 8 and body["error"]["code"] == "already_stood"
    assert body["error"]["legal_actions"] == script("1 hit", "1 stand")
    assert body["state"]["phase"] == "drawing" and body["result"] is None
