"""Record traces (docs/api.md section 11): ``records/adjudicate`` with ``trace: true``.

The state at step ``n`` is what adjudicating the first ``n`` actions gives: its phase and seat to act, and the
events up to it; the steps stop before an illegal action; each view's steps are what that seat saw (the same
events the record's ``views`` give, an action it may not see hidden); a long record's trace stays small.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from service.rules.registry import GAMES
from tests.actions import load
from tests.simulation import play, tables, variants


def adjudicate(client: Any, game_id: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(f"/v1/{game_id}/records/adjudicate", json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def deals(game_id: str, count: int) -> list[Any]:
    """Random deals of a game, over its option variants and table sizes."""
    game = GAMES[game_id]
    rng = random.Random(f"trace/{game_id}")
    found = []
    for i in range(count):
        options = rng.choice(variants(game))
        found.append(play(game, rng.choice(tables(game, options)), f"t{i}", options, rng=rng))
    return found


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_state_at_step_n_is_the_first_n_actions_adjudicated(client: Any, game_id: str) -> None:
    game = GAMES[game_id]
    rng = random.Random(game_id)
    for deal in deals(game_id, 3):
        record = deal.record()
        traced = adjudicate(client, game_id, {"record": record, "trace": True})
        plain = adjudicate(client, game_id, {"record": record})
        assert {k: v for k, v in traced.items() if k not in ("deal_events", "steps")} == plain
        steps = traced["steps"]
        assert [s["index"] for s in steps] == list(range(len(record["actions"])))
        for n in sorted({0, len(steps), *rng.sample(range(len(steps) + 1), min(4, len(steps) + 1))}):
            first = adjudicate(client, game_id, {"record": {**record, "actions": record["actions"][:n]}})
            state = first["state"]
            if n:
                assert (steps[n - 1]["phase"], steps[n - 1]["to_act"]) == (state["phase"], state["to_act"])
            assert [*traced["deal_events"], *(e for s in steps[:n] for e in s["events"])] == first["events"]
        for step, sent in zip(steps, record["actions"], strict=True):
            assert load(game, step["action"]) == load(game, sent)  # the action as the service lists it
            assert step["action"]["type"] == sent["type"] and step["action"]["seat"] == sent["seat"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_steps_stop_before_an_illegal_action(client: Any, game_id: str) -> None:
    (deal,) = deals(game_id, 1)
    record = deal.record()
    cut = len(record["actions"]) // 2
    wrong = (deal.steps[cut].before.to_act + 1) % deal.players
    record["actions"][cut] = {**record["actions"][cut], "seat": wrong}
    answer = client.post(f"/v1/{game_id}/records/adjudicate", json={"record": record, "trace": True})
    if answer.status_code == 422:  # the action's fields do not fit the other seat (a card it cannot name)
        pytest.skip("the changed action is not well-formed")
    body = answer.get_json()
    assert body["verdict"] == "illegal" and body["error"]["index"] == cut
    assert len(body["steps"]) == body["applied"] == cut


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_view_steps_through_what_its_seat_saw(client: Any, game_id: str) -> None:
    game = GAMES[game_id]
    for deal in deals(game_id, 2):
        record = deal.record()
        seats = list(range(deal.players))
        body = adjudicate(client, game_id, {"record": record, "views": seats, "trace": True})
        whole = body["steps"]
        for view in body["views"]:
            seat = view["seat"]
            seen = [*view["deal_events"], *(e for s in view["steps"] for e in s["events"])]
            assert seen == view["events"]  # the record's views: every event as this seat saw it
            for mine, step in zip(view["steps"], whole, strict=True):
                assert (mine["index"], mine["phase"], mine["to_act"]) == (step["index"], step["phase"], step["to_act"])
                assert mine["action"] == game.view_action(step["action"], seat)
                if step["action"]["seat"] == seat:
                    assert mine["action"] == step["action"]


def test_another_seats_discards_are_hidden() -> None:
    game = GAMES["broggin"]
    action = {"seat": 1, "type": "exchange", "discard": ["Witch", "1Sw"]}
    assert game.view_action(action, 0) == {"seat": 1, "type": "exchange", "discard": ["??", "??"]}
    assert game.view_action(action, 1) == action
    assert GAMES["briscola"].view_action({"seat": 1, "type": "play", "card": "AS"}, 0)["card"] == "AS"


def test_a_long_record_s_trace_stays_small(client: Any) -> None:
    """1,000 actions (Three Card Brag's betting goes round as long as the players call), traced with every
    view: a few hundred KB."""
    game = GAMES["three-card-brag"]
    players = 6
    record = {"players": players, "dealer": 0, "seed": "long", "actions": [{"seat": 1, "type": "bet", "amount": 2}]}
    seat = 2
    while len(record["actions"]) < 1000:
        record["actions"].append({"seat": seat, "type": "call"})
        seat = (seat + 1) % players
    traced = adjudicate(client, game.id, {"record": record, "trace": True})
    assert traced["verdict"] == "in_progress" and len(traced["steps"]) == 1000
    with_views = client.post(
        f"/v1/{game.id}/records/adjudicate", json={"record": record, "trace": True, "views": list(range(players))}
    )
    assert len(json.dumps(traced)) < 400_000
    assert len(with_views.get_data()) < 3_000_000  # six views, each the record's every event and step
