"""Briscan and Brisque end to end over HTTP: catalog, tricks/winner, melds/evaluate, deals, legal-actions,
actions (with a 409), validate, view and records."""

from __future__ import annotations

from service.rules.briscan.cards import PACK
from tests.conftest import deck_for, trick_winner
from tests.contract.committed import committed_document

BASE = "/v1/briscan"
BRISQUE = "/v1/brisque"

# Seat 0 (non-dealer, dealer 1) holds A♥ K♥ Q♥ J♥ 8♣ and wins trick 1 with 8♣ over 7♣, drawing 9♣ (C14).
HANDS = {0: ["A♥", "kh", "QH", "JH", "8C"], 1: ["7C", "7S", "8S", "9S", "10S"]}
_CANON = {0: ["AH", "KH", "QH", "JH", "8C"], 1: ["7C", "7S", "8S", "9S", "TS"]}


def c14_deck():
    deck = deck_for(_CANON, 2, 1, PACK, then=("TH", "9C", "8D"))
    spelled = {"AH": "A♥", "KH": "kh", "TS": "10S"}
    return [spelled.get(c, c) for c in deck]


def test_catalog_and_options(client):
    games = {g["id"]: g for g in client.get("/v1/games").get_json()["games"]}
    assert games["briscan"]["players"] == {"min": 2, "max": 2} and games["briscan"]["pack_size"] == 32
    rules = {o["name"]: (o["default"], o["rule"]) for o in games["brisque"]["options"]}
    assert rules["card_points"] == ("brisques10", "BSC-A1") and rules["target_score"] == (600, "BSC-A15")
    assert client.get(BASE).get_json()["pack"] == list(PACK)


def test_trick_winner_and_melds(client):
    assert trick_winner(client, BASE, "♥", ["10S", "7♥"]) == (1, 10)  # C4
    body = client.post(f"{BASE}/tricks/winner", json={"trump": "H", "cards": ["AS", "TS"], "phase": "final"})
    assert body.get_json()["winner"] == 0  # C6
    bad = client.post(f"{BASE}/tricks/winner", json={"trump": "H", "cards": ["6S", "AS"]})
    assert bad.status_code == 422
    body = client.post(f"{BASE}/melds/evaluate", json={"hand": ["KS", "QD", "JC", "KD", "JH"], "trump": "H"})
    assert body.status_code == 200 and body.get_json()["total"] == 40  # C19
    body = client.post(f"{BRISQUE}/melds/evaluate", json={"hand": ["KS", "KH", "KD", "KC", "QS", "9C"], "trump": "H"})
    assert {m["kind"] for m in body.get_json()["melds"]} == {"marriage", "quartet"}


def test_deal_play_announce_and_409(client):
    body = client.post(f"{BASE}/deals", json={"players": 2, "dealer": 1, "deck": c14_deck()}).get_json()
    state = body["state"]
    assert state["seats"][0]["hand"] == _CANON[0] and state["talon"][-1] == "TH" and state["trump"] == "H"
    assert [s["score"] for s in state["seats"]] == [0, 10]  # C1: dealer +10 for the ten
    legal = client.post(f"{BASE}/legal-actions", json={"state": state}).get_json()
    assert legal["to_act"] == 0 and {"seat": 0, "type": "play", "card": "8C"} in legal["actions"]
    wrong = client.post(f"{BASE}/actions", json={"state": state, "action": {"seat": 1, "type": "play", "card": "7C"}})
    assert wrong.status_code == 409 and wrong.get_json()["code"] == "not_your_turn"
    for seat, card in ((0, "8♣"), (1, "7C")):
        step = client.post(
            f"{BASE}/actions", json={"state": state, "action": {"seat": seat, "type": "play", "card": card}}
        )
        state = step.get_json()["state"]
    assert step.get_json()["events"][-2:] == [
        {"type": "draw", "seat": 0, "card": "9C"},
        {"type": "draw", "seat": 1, "card": "8D"},
    ]
    meld = {"kind": "quatrieme", "cards": ["AH", "KH", "QH", "JH"]}
    legal = client.post(f"{BASE}/legal-actions", json={"state": state}).get_json()["actions"]
    assert {"seat": 0, "type": "announce", "melds": [meld]} in legal
    action = {"seat": 0, "type": "announce", "melds": [meld, {"kind": "trump_ace", "cards": ["A♥"]}]}
    step = client.post(f"{BASE}/actions", json={"state": state, "action": action})
    assert step.status_code == 200
    state = step.get_json()["state"]
    assert state["seats"][0]["score"] == 230  # C14
    reuse = {"seat": 0, "type": "announce", "melds": [{"kind": "marriage", "cards": ["KH", "QH"]}]}
    refused = client.post(f"{BASE}/actions", json={"state": state, "action": reuse})
    assert refused.status_code == 409 and refused.get_json()["code"] == "card_reuse"
    checked = client.post(f"{BASE}/states/validate", json={"state": state}).get_json()
    assert checked["valid"] is True
    view = client.post(f"{BASE}/states/view", json={"state": state, "seat": 1}).get_json()["state"]
    assert set(view["seats"][0]["hand"]) == {"??"} and view["seats"][0]["melds"] == state["seats"][0]["melds"]
    assert view["talon"][-1] == "TH" and set(view["talon"][:-1]) == {"??"}
    broken = {**state, "seats": [dict(state["seats"][0]), state["seats"][1]]}
    broken["seats"][0]["score"] = 999
    body = client.post(f"{BASE}/states/validate", json={"state": broken}).get_json()
    assert body["valid"] is False and "score" in {p["code"] for p in body["problems"]}


def test_record_to_the_end(client):
    state = client.post(f"{BRISQUE}/deals", json={"players": 2, "dealer": 0, "seed": "r1"}).get_json()["state"]
    actions, result = [], None
    while result is None:
        legal = client.post(f"{BRISQUE}/legal-actions", json={"state": state}).get_json()["actions"]
        action = next(a for a in legal if a["type"] == "play")
        body = client.post(f"{BRISQUE}/actions", json={"state": state, "action": action}).get_json()
        state, result = body["state"], body["result"]
        actions.append(action)
    assert len(actions) == 32 and result["reason"] in ("points", "slam")
    assert sum(s["card_points"] for s in state["seats"]) == 80
    record = {"players": 2, "dealer": 0, "seed": "r1", "actions": actions}
    body = client.post(f"{BRISQUE}/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "complete" and body["applied"] == 32 and body["result"] == result


def test_melds_evaluate_examples_and_options(client):
    def melds(game, hand, trump, **options):
        body = {"hand": hand, "trump": trump, **({"options": options} if options else {})}
        answer = client.post(f"{game}/melds/evaluate", json=body)
        assert answer.status_code == 200
        return {(m["kind"], tuple(m["cards"])): m["points"] for m in answer.get_json()["melds"]}

    quinte = ("quinte", ("JC", "TC", "9C", "8C", "7C"))
    assert melds(BASE, ["J♣", "10C", "9C", "8C", "7C"], "S") == {quinte: 50}  # C16
    assert melds(BASE, ["JC", "TC", "9C", "8C", "7C"], "♣") == {quinte: 100}  # C16 in trumps
    assert melds(BASE, ["TD", "9D", "8D", "AS", "KC"], "H") == {("tierce", ("TD", "9D", "8D")): 20}  # C17
    aces = melds(BASE, ["AS", "AH", "AD", "AC", "9S"], "H")  # C18: not doubled; the trump ace bonus
    assert aces[("quartet", ("AS", "AH", "AD", "AC"))] == 150 and aces[("trump_ace", ("AH",))] == 30
    doubled = melds(BASE, ["AS", "AH", "AD", "AC", "9S"], "H", quartet_doubling="always")
    assert doubled[("quartet", ("AS", "AH", "AD", "AC"))] == 300  # BSC-A4 option
    assert melds(BASE, ["AS", "TD", "9C", "8H", "7S"], "H") == {  # C20
        ("carte_blanche_pips", ("AS", "7S", "8H", "TD", "9C")): 10
    }
    assert melds(BASE, ["AS", "TD", "9C", "8H", "7S"], "H", ace_is_court=True) == {}
    assert melds(BRISQUE, ["AS", "AH", "AD", "AC", "KH", "QH"], "H") == {("marriage", ("KH", "QH")): 40}
    assert melds(BRISQUE, ["AH", "KH", "QH", "JH", "9C", "8C"], "D") == {("marriage", ("KH", "QH")): 20}
    for bad in ({"hand": ["6S"], "trump": "H"}, {"hand": ["AS", "AS"], "trump": "H"}, {"hand": ["AS"], "trump": "X"}):
        assert client.post(f"{BASE}/melds/evaluate", json=bad).status_code == 422
    unknown = {"hand": ["AS"], "trump": "H", "options": {"bogus": 1}}
    assert client.post(f"{BASE}/melds/evaluate", json=unknown).status_code == 422


def test_an_option_of_few_integers_is_an_enum_in_the_schema(client):
    """seven_exchange_points takes 0 or 10 (BSC-A5): the contract lists them, and another integer is a 422 there."""
    doc = committed_document()
    assert doc["components"]["schemas"]["BriscanOptions"]["properties"]["seven_exchange_points"]["enum"] == [0, 10]
    body = {"trump": "H", "cards": ["AS", "TS"], "options": {"seven_exchange_points": 25457}}
    bad = client.post(f"{BASE}/tricks/winner", json=body)
    assert bad.status_code == 422
    assert [e["pointer"] for e in bad.get_json()["errors"]] == ["/options/seven_exchange_points"]
