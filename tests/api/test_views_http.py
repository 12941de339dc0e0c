"""The ``views`` parameter of deals, actions and records/adjudicate over HTTP: the answers, the 422s, a
record's events as each seat saw them, hidden draws and 31-phase cards, and the blind Brag player."""

from __future__ import annotations

from typing import Any

import pytest

from service.api.examples import submittable
from tests.api.test_old_brag import O16_ACTIONS, o16_deck

HIDDEN = "??"


def _post(client: Any, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    reply = client.post(path, json=body)
    assert reply.status_code == status, reply.get_data(as_text=True)
    return reply.get_json()


def _pointers(problem: dict[str, Any]) -> list[str]:
    return [e["pointer"] for e in problem["errors"]]


def test_deal_views_in_the_order_asked(client):
    deal = {"players": 3, "dealer": 0, "seed": "views", "views": [2, 0]}
    body = _post(client, "/v1/briscola/deals", deal)
    state = body["state"]
    assert [v["seat"] for v in body["views"]] == [2, 0]
    for view in body["views"]:
        seat = view["seat"]
        for s in view["state"]["seats"]:
            assert s["hand"] == (state["seats"][seat]["hand"] if s["seat"] == seat else [HIDDEN] * 3)
        assert view["state"]["stock"] == [HIDDEN] * (len(state["stock"]) - 1) + [state["turn_up"]]
        assert view["events"] == body["events"]  # the deal and the turn-up are public
        assert view["state"] == _post(client, "/v1/briscola/states/view", {"state": state, "seat": seat})["state"]
        legal = _post(client, "/v1/briscola/legal-actions", {"state": state})["actions"]
        assert view["legal_actions"] == (legal if seat == state["to_act"] else [])
    plain = _post(client, "/v1/briscola/deals", {k: v for k, v in deal.items() if k != "views"})
    assert "views" not in plain and plain == {k: v for k, v in body.items() if k != "views"}
    assert _post(client, "/v1/briscola/deals", {**deal, "views": []})["views"] == []


@pytest.mark.parametrize(
    ("views", "pointer"),
    [([0, 3], "/views/1"), ([1, 1], "/views/1"), ([-1], "/views/0"), (["1"], "/views/0"), ([True], "/views/0")],
)
def test_bad_views_are_422_with_a_pointer(client, views, pointer):
    deal = {"players": 3, "dealer": 0, "seed": "views"}
    problem = _post(client, "/v1/briscola/deals", {**deal, "views": views}, 422)
    assert pointer in _pointers(problem)
    state = _post(client, "/v1/briscola/deals", deal)["state"]
    action = submittable(_post(client, "/v1/briscola/legal-actions", {"state": state})["actions"][0])
    problem = _post(client, "/v1/briscola/actions", {"state": state, "action": action, "views": views}, 422)
    assert pointer in _pointers(problem)
    record = {**deal, "actions": [action]}
    problem = _post(client, "/v1/briscola/records/adjudicate", {"record": record, "views": views}, 422)
    assert pointer in _pointers(problem)


def test_bad_views_come_before_an_illegal_action(client):
    state = _post(client, "/v1/three-card-brag/deals", {"players": 2, "dealer": 0, "seed": "x"})["state"]
    illegal = {"seat": 1 - state["to_act"], "type": "fold"}
    _post(client, "/v1/three-card-brag/actions", {"state": state, "action": illegal}, 409)
    problem = _post(client, "/v1/three-card-brag/actions", {"state": state, "action": illegal, "views": [2]}, 422)
    assert _pointers(problem) == ["/views/0"]
    assert "views" not in problem


def _play_briscola_to_the_last_draw(client: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A two-player Briscola deal played (first legal card) up to the action whose trick empties the stock."""
    state = _post(client, "/v1/briscola/deals", {"players": 2, "dealer": 0, "seed": "last-draw"})["state"]
    while True:
        action = submittable(_post(client, "/v1/briscola/legal-actions", {"state": state})["actions"][0])
        body = _post(client, "/v1/briscola/actions", {"state": state, "action": action, "views": [0, 1]})
        if any(e["type"] == "draw" for e in body["events"]) and not body["state"]["stock"]:
            return state, body
        state = body["state"]


def test_a_draw_is_seen_by_its_drawer_and_the_turn_up_by_all(client):
    before, body = _play_briscola_to_the_last_draw(client)
    draws = [e for e in body["events"] if e["type"] == "draw"]
    assert [d["card"] for d in draws] == before["stock"]  # the top card, then the turn-up
    for view in body["views"]:
        seen = [e for e in view["events"] if e["type"] == "draw"]
        for mine, full in zip(seen, draws, strict=True):
            public = full["card"] == before["stock"][-1]
            assert mine == (full if full["seat"] == view["seat"] or public else {**full, "card": HIDDEN})


def test_a_record_gives_every_event_as_each_seat_saw_it(client):
    """The views of a record are those of stepping through it with /actions: the final state, and every
    event from the deal on as it was seen when it happened."""
    deal = {"players": 2, "dealer": 1, "seed": "record-views"}
    step = _post(client, "/v1/briscola/deals", {**deal, "views": [0, 1]})
    seen = {v["seat"]: list(v["events"]) for v in step["views"]}
    actions = []
    for _ in range(12):
        state = step["state"]
        action = submittable(_post(client, "/v1/briscola/legal-actions", {"state": state})["actions"][-1])
        actions.append(action)
        step = _post(client, "/v1/briscola/actions", {"state": state, "action": action, "views": [0, 1]})
        for view in step["views"]:
            seen[view["seat"]] += view["events"]
    body = _post(client, "/v1/briscola/records/adjudicate", {"record": {**deal, "actions": actions}, "views": [1, 0]})
    assert body["verdict"] == "in_progress" and body["state"] == step["state"]
    assert [v["seat"] for v in body["views"]] == [1, 0]
    for view in body["views"]:
        assert view["events"] == seen[view["seat"]] != body["events"]
        assert view["state"] == next(v["state"] for v in step["views"] if v["seat"] == view["seat"])
        assert len(view["events"]) == len(body["events"])
    plain = _post(client, "/v1/briscola/records/adjudicate", {"record": {**deal, "actions": actions}})
    assert plain == {k: v for k, v in body.items() if k != "views"}


def test_a_record_with_an_illegal_action_views_the_last_legal_state(client):
    deal = {"players": 2, "dealer": 0, "seed": "x"}
    state = _post(client, "/v1/three-card-brag/deals", deal)["state"]
    record = {**deal, "actions": [{"seat": 1 - state["to_act"], "type": "fold"}]}
    body = _post(client, "/v1/three-card-brag/records/adjudicate", {"record": record, "views": [0, 1]})
    assert body["verdict"] == "illegal" and body["applied"] == 0
    for view in body["views"]:
        assert view["events"] == body["events"]  # antes and the deal: public
        assert view["legal_actions"] == (body["error"]["legal_actions"] if view["seat"] == state["to_act"] else [])


def test_old_brag_31_phase_cards_and_counts_are_the_drawers_until_the_end(client):
    """O16: the dealer hits TH (29) and stands, P1 hits 6D, P3 hits 8S and busts. Each hit's card and every
    count are the player's own; at the end the contenders within 31 show their cards, P3's stay hidden."""
    record = {"players": 4, "dealer": 0, "deck": o16_deck(), "actions": O16_ACTIONS}
    body = _post(client, "/v1/old-brag/records/adjudicate", {"record": record, "views": [0, 1, 2, 3]})
    assert body["verdict"] == "complete"
    private = {"hit", "stand", "bust"}
    for view in body["views"]:
        seat = view["seat"]
        for mine, full in zip(view["events"], body["events"], strict=True):
            if full["type"] not in private or full["seat"] == seat:
                assert mine == full
            else:
                assert mine == {**full, **({"card": HIDDEN} if "card" in full else {}), "total": None}
        seats = view["state"]["seats"]
        assert seats[3]["drawn"] == (["8S"] if seat == 3 else [HIDDEN])
        assert [s["drawn"] for s in seats[:3]] == [["TH"], ["6D"], []]
    hits = [e for e in body["views"][2]["events"] if e["type"] == "hit"]
    assert [h["card"] for h in hits] == [HIDDEN] * 3 and all(h["total"] is None for h in hits)


def _brag(client: Any, state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    return _post(client, "/v1/three-card-brag/actions", {"state": state, "action": action, "views": [0, 1, 2]})


def test_a_blind_player_sees_its_own_cards_only_once_it_looks_or_sees(client):
    deal = {"players": 3, "dealer": 2, "seed": "blind", "views": [0, 1, 2]}
    body = _post(client, "/v1/three-card-brag/deals", deal)
    hands = [s["hand"] for s in body["state"]["seats"]]
    assert all(s["blind"] for s in body["state"]["seats"])
    for view in body["views"]:  # nobody has looked: every hand is hidden from everyone
        assert [s["hand"] for s in view["state"]["seats"]] == [[HIDDEN] * 3] * 3
    open_deal = _post(client, "/v1/three-card-brag/deals", {**deal, "options": {"blind_allowed": False}})
    for view in open_deal["views"]:
        assert view["state"]["seats"][view["seat"]]["hand"] == hands[view["seat"]]
    body = _brag(client, body["state"], {"seat": 0, "type": "look"})
    assert [v["state"]["seats"][0]["hand"] for v in body["views"]] == [hands[0], [HIDDEN] * 3, [HIDDEN] * 3]
    assert [v["state"]["seats"][1]["hand"] for v in body["views"]] == [[HIDDEN] * 3] * 3
    body = _brag(client, body["state"], {"seat": 0, "type": "bet", "amount": 2})
    body = _brag(client, body["state"], {"seat": 1, "type": "fold"})
    assert body["views"][1]["state"]["seats"][1]["hand"] == [HIDDEN] * 3  # folded blind: never saw them
    body = _brag(client, body["state"], {"seat": 2, "type": "see"})  # blind seat 2 sees open seat 0
    assert body["result"]["reason"] == "seen"
    for view in body["views"]:  # the showdown shows both hands to everyone; the folded hand stays hidden
        assert [s["hand"] for s in view["state"]["seats"]] == [hands[0], [HIDDEN] * 3, hands[2]]
    view = _post(client, "/v1/three-card-brag/states/view", {"state": body["state"], "seat": 1})["state"]
    assert view["seats"][1]["hand"] == [HIDDEN] * 3
