"""Briscola and Briscola chiamata end to end over HTTP: every endpoint of docs/api.md section 2."""

from __future__ import annotations

import hashlib

from service.rules.briscola.cards import PACK
from service.rules.shuffle import shuffle
from tests.conftest import trick_winner
from tests.rules.briscola.seed_example import EXAMPLE_DECK as SEED_DECK

BASE = "/v1/briscola"
CHIAMATA = "/v1/briscola-chiamata"

# The seed's example deal (rules/briscola.md 3(d)), sent in mixed notations: Italian suit words, symbols,
# lower case. Ada (seat 1) deals, You (seat 0) lead.
_SPELLED = {"AH": "A-coppe", "3H": "3♥", "KD": "kd", "QC": "Q♣", "7C": "7-bastoni"}
EXAMPLE_DECK = [_SPELLED.get(card, card) for card in SEED_DECK]
FIRST_FOUR_TRICKS = [(0, "QC"), (1, "7C"), (0, "4S"), (1, "JH"), (0, "6D"), (1, "KD"), (1, "3H"), (0, "AH")]


def test_catalog_lists_both_games(client):
    games = {g["id"]: g for g in client.get("/v1/games").get_json()["games"]}
    assert games["briscola"]["players"] == {"min": 2, "max": 6} and games["briscola"]["pack_size"] == 40
    assert games["briscola-chiamata"]["players"] == {"min": 5, "max": 5}
    rules = {o["name"]: o["rule"] for o in games["briscola"]["options"]}
    assert rules == {
        "three_player_removed": "BRI-A1",
        "tie_rule": "BRI-A2",
        "six_player_teams": "BRI-A3",
        "turnup_exchange": "BRI-A5",
        "deals_to_win": "BRI-A12",
    }
    chiamata = {o["name"]: (o["default"], o["rule"]) for o in games["briscola-chiamata"]["options"]}
    assert chiamata["all_pass"] == ("redeal", "BRI-A8") and chiamata["points_min"] == (61, "BRI-A10")
    assert client.get(BASE).get_json()["pack"] == list(PACK)


def test_trick_winner_with_italian_suit_words(client):
    assert trick_winner(client, BASE, "spade", ["3-coppe", "AH"]) == (1, 21)  # S1
    assert trick_winner(client, BASE, "♠", ["7C", "A-denari"]) == (0, 11)  # S3
    assert trick_winner(client, CHIAMATA, "H", ["KC", "QC", "AD", "7C"]) == (0, 18)  # S5
    bad = client.post(f"{BASE}/tricks/winner", json={"trump": "S", "cards": ["10S", "AS"]})
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["pointer"].startswith("/cards")


def test_seeded_deal_follows_the_documented_shuffle(client):
    body = client.post(f"{BASE}/deals", json={"players": 3, "dealer": 2, "seed": "table-3"}).get_json()
    pack = [c for c in PACK if c != "2C"]  # three players: no 2C (BRI-A1)
    deck = shuffle(pack, "table-3")
    assert body["deck_commitment"] == hashlib.sha256(",".join(deck).encode()).hexdigest()
    state = body["state"]
    assert state["seats"][0]["hand"] == [deck[0], deck[3], deck[6]]
    assert state["turn_up"] == deck[9] and state["stock"][-1] == deck[9] and state["stock"][0] == deck[10]
    assert len(state["stock"]) == 30 and state["to_act"] == 0


def test_seed_example_through_actions_with_a_409(client):
    state = client.post(f"{BASE}/deals", json={"players": 2, "dealer": 1, "deck": EXAMPLE_DECK}).get_json()["state"]
    assert state["seats"][0]["hand"] == ["AH", "4S", "QC"] and state["turn_up"] == "5S"
    legal = client.post(f"{BASE}/legal-actions", json={"state": state}).get_json()
    assert legal["to_act"] == 0 and legal["actions"][0] == {"seat": 0, "type": "play", "card": "AH"}
    illegal = client.post(f"{BASE}/actions", json={"state": state, "action": {"seat": 1, "type": "play", "card": "3H"}})
    assert illegal.status_code == 409 and illegal.get_json()["legal_actions"] == legal["actions"]
    step = client.post(f"{BASE}/actions", json={"state": state, "action": {"seat": 0, "type": "play", "card": "Q♣"}})
    state = step.get_json()["state"]
    step = client.post(f"{BASE}/actions", json={"state": state, "action": {"seat": 1, "type": "play", "card": "7C"}})
    body = step.get_json()
    assert [e for e in body["events"] if e["type"] == "draw"] == [
        {"type": "draw", "seat": 0, "card": "3S"},
        {"type": "draw", "seat": 1, "card": "JH"},
    ]
    assert body["result"] is None and body["state"]["seats"][0]["points"] == 3


def test_seed_example_adjudicated_to_26_4(client):
    record = {
        "players": 2,
        "dealer": 1,
        "deck": EXAMPLE_DECK,
        "actions": [{"seat": s, "type": "play", "card": c} for s, c in FIRST_FOUR_TRICKS],
    }
    body = client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "in_progress" and body["applied"] == 8 and body["error"] is None
    state = body["state"]
    assert [s["points"] for s in state["seats"]] == [26, 4]
    assert [t["winner"] for t in state["tricks"]] == [0, 0, 1, 0]
    assert {"3S", "7H"} <= set(state["seats"][0]["hand"]) and len(state["seats"][0]["hand"]) == 3
    assert {"AS", "2C"} <= set(state["seats"][1]["hand"])
    record["actions"][3] = {"seat": 1, "type": "play", "card": "AS"}  # Ada does not hold A♠ yet
    body = client.post(f"{BASE}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "illegal" and body["applied"] == 3
    assert body["error"]["index"] == 3 and body["error"]["code"] == "card_not_in_hand"


def test_a_whole_deal_to_the_result(client):
    state = client.post(f"{BASE}/deals", json={"players": 4, "dealer": 0, "seed": "full"}).get_json()["state"]
    result = None
    while result is None:
        legal = client.post(f"{BASE}/legal-actions", json={"state": state}).get_json()["actions"]
        body = client.post(f"{BASE}/actions", json={"state": state, "action": legal[-1]}).get_json()
        state, result = body["state"], body["result"]
    assert sum(result["points"]) == 120 and result["teams"] == [[0, 2], [1, 3]]
    assert sum(result["team_points"]) == 120 and result["reason"] == "points"
    assert client.post(f"{BASE}/legal-actions", json={"state": state}).get_json()["actions"] == []


def test_validate_and_view(client):
    state = client.post(f"{BASE}/deals", json={"players": 2, "dealer": 1, "deck": EXAMPLE_DECK}).get_json()["state"]
    checked = client.post(f"{BASE}/states/validate", json={"state": state}).get_json()
    assert checked["valid"] is True and checked["problems"] == [] and checked["rules"] == state["options"]
    broken = {**state, "seats": [dict(state["seats"][0]), dict(state["seats"][1])]}
    broken["seats"][1]["hand"] = ["AH", "KD", "7C"]
    body = client.post(f"{BASE}/states/validate", json={"state": broken}).get_json()
    assert body["valid"] is False and {p["code"] for p in body["problems"]} >= {"duplicate_card", "missing_card"}
    view = client.post(f"{BASE}/states/view", json={"state": state, "seat": 1}).get_json()["state"]
    assert view["seats"][1]["hand"] == ["3H", "KD", "7C"] and view["seats"][0]["hand"] == ["??"] * 3
    assert view["stock"][-1] == "5S" and set(view["stock"][:-1]) == {"??"}


def test_chiamata_auction_call_and_secret_partner(client):
    deal = client.post(f"{CHIAMATA}/deals", json={"players": 5, "dealer": 4, "seed": "s9"}).get_json()
    state = deal["state"]
    assert [len(s["hand"]) for s in state["seats"]] == [8] * 5 and "2H" in state["seats"][3]["hand"]
    calls = [  # S8
        {"seat": 0, "type": "bid", "rank": "A"},
        {"seat": 1, "type": "bid", "rank": "K"},
        {"seat": 2, "type": "pass"},
        {"seat": 3, "type": "bid", "rank": "7"},
        {"seat": 4, "type": "pass"},
        {"seat": 0, "type": "bid", "rank": "2"},
        {"seat": 1, "type": "bid", "points": 65},
        {"seat": 3, "type": "pass"},
        {"seat": 0, "type": "pass"},
    ]
    for call in calls:
        state = client.post(f"{CHIAMATA}/actions", json={"state": state, "action": call}).get_json()["state"]
    assert state["phase"] == "call" and state["caller"] == 1
    empty = client.post(f"{CHIAMATA}/actions", json={"state": deal["state"], "action": {"seat": 0, "type": "bid"}})
    assert empty.status_code == 422  # a bid names exactly one of rank and points: the action schema says so
    assert [e["pointer"] for e in empty.get_json()["errors"]] == ["/action"]
    # S11: P1 bids 3, P2 tries A -> illegal (must be strictly lower than 3)
    three = client.post(
        f"{CHIAMATA}/actions", json={"state": deal["state"], "action": {"seat": 0, "type": "bid", "rank": "3"}}
    ).get_json()["state"]
    s11 = client.post(f"{CHIAMATA}/actions", json={"state": three, "action": {"seat": 1, "type": "bid", "rank": "A"}})
    assert s11.status_code == 409
    assert s11.get_json()["code"] == "bid_not_lower" and s11.get_json()["rule"] == "3(b')2"
    assert {"seat": 1, "type": "bid", "rank": "A"} not in s11.get_json()["legal_actions"]
    assert {"seat": 1, "type": "bid", "rank": "K"} in s11.get_json()["legal_actions"]
    body = client.post(
        f"{CHIAMATA}/actions", json={"state": state, "action": {"seat": 1, "type": "choose_suit", "suit": "coppe"}}
    ).get_json()
    state = body["state"]
    assert state["called_card"] == "2H" and state["trump"] == "H" and state["partner"] is None
    for seat in (0, 1, 2, 4):
        view = client.post(f"{CHIAMATA}/states/view", json={"state": state, "seat": seat}).get_json()["state"]
        assert view["partner"] is None
        assert all(s["hand"] == ["??"] * 8 for s in view["seats"] if s["seat"] != seat)
    assert client.post(f"{CHIAMATA}/states/validate", json={"state": state}).get_json()["valid"] is True


def test_chiamata_record_adjudicated_to_zero_sum_payouts(client):
    record = {
        "players": 5,
        "dealer": 4,
        "seed": "s9",
        "actions": [
            {"seat": 0, "type": "bid", "rank": "K"},
            {"seat": 1, "type": "pass"},
            {"seat": 2, "type": "pass"},
            {"seat": 3, "type": "pass"},
            {"seat": 4, "type": "pass"},
            {"seat": 0, "type": "choose_suit", "suit": "C"},
        ],
    }
    body = client.post(f"{CHIAMATA}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "in_progress" and body["state"]["called_card"] == "KC"
    state = body["state"]
    while True:  # play on: the first legal card each time
        legal = client.post(f"{CHIAMATA}/legal-actions", json={"state": state}).get_json()["actions"]
        if not legal:
            break
        record["actions"].append(legal[0])
        state = client.post(f"{CHIAMATA}/actions", json={"state": state, "action": legal[0]}).get_json()["state"]
    body = client.post(f"{CHIAMATA}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "complete" and body["applied"] == 46
    result = body["result"]
    assert result["alone"] and result["caller"] == 0 and sum(result["payouts"]) == 0  # S10: KC is the caller's
    assert abs(result["payouts"][0]) == 4 and sum(result["points"]) == 120


def test_chiamata_trick_of_six_cards_is_rejected(client):
    six = ["AS", "KS", "QS", "JS", "7S", "6S"]
    assert client.post(f"{BASE}/tricks/winner", json={"trump": "S", "cards": six}).status_code == 200
    bad = client.post(f"{CHIAMATA}/tricks/winner", json={"trump": "S", "cards": six})
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["pointer"] == "/cards"


def test_chiamata_all_pass_is_thrown_in_to_the_next_dealer(client):
    record = {
        "players": 5,
        "dealer": 2,
        "seed": "s9",
        "actions": [{"seat": s, "type": "pass"} for s in (3, 4, 0, 1, 2)],
    }
    body = client.post(f"{CHIAMATA}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "complete" and body["applied"] == 5  # BRI-A8
    assert body["result"]["reason"] == "thrown_in" and body["result"]["next_dealer"] == 3
    assert body["result"]["payouts"] == [0] * 5 and body["result"]["winners"] == []
