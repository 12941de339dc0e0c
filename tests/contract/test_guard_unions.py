"""The guard bounds the arrays and objects inside an action (a union of variants) before any schema loads
them (issue 8): a Briscan announcement's melds, a Broggin declaration's assignments, in an action."""

from __future__ import annotations

from service.rules.registry import GAMES

MELD = {"kind": "marriage", "cards": ["KH", "QH"]}


def dealt_state(client, game_id):
    answer = client.post(f"/v1/{game_id}/deals", json={"players": GAMES[game_id].min_players, "dealer": 0, "seed": "g"})
    assert answer.status_code == 200
    return answer.get_json()["state"]


def refused(answer):
    assert answer.status_code == 422, answer.get_json()
    return [(e["pointer"], e["detail"]) for e in answer.get_json()["errors"]]


def test_melds_of_an_announcement_are_bounded_by_the_guard(client):
    state = dealt_state(client, "briscan")
    action = {"seat": 1, "type": "announce", "melds": [MELD] * 10_001}
    answer = client.post("/v1/briscan/actions", json={"state": state, "action": action})
    most = GAMES["briscan"].most_melds  # the contract's maxItems, well under the guard's 10,000 for arrays
    assert refused(answer) == [("/action/melds", f"at most {most} items, not 10001")]


def test_assignments_of_a_declaration_are_bounded_by_the_guard(client):
    state = dealt_state(client, "broggin")
    assignments = {f"k{i}": "1Sw" for i in range(65)}
    answer = client.post(
        "/v1/broggin/actions",
        json={"state": state, "action": {"seat": 1, "type": "declare", "assignments": assignments}},
    )
    assert refused(answer) == [("/action/assignments", "at most 64 members (the fields of the contract), not 65")]


def test_a_well_formed_action_passes_the_guard(client):
    state = dealt_state(client, "briscan")
    answer = client.post(
        "/v1/briscan/actions", json={"state": state, "action": {"seat": 1, "type": "announce", "melds": [MELD]}}
    )
    assert answer.status_code in (200, 409)
