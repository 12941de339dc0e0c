"""Records replay exactly (OpenSpiel's habit): for every game, a random legal playthrough made with the
engine, sent as a record, gives the same state, events and result; an action after it that breaks turn
order is named as the first illegal one."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemas.game import game_schemas
from service.api.examples import submittable
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle
from tests.actions import from_legal


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(seed=st.text(min_size=1, max_size=8), picks=st.lists(st.integers(0, 50), max_size=80))
def test_a_record_replays_to_the_engine_state(client, game_id, seed, picks):
    game = GAMES[game_id]
    players = game.min_players
    options = game.options(None)
    transition = game.deal(players, 0, options, shuffle(game.pack(players, options), seed))
    state, events, actions = transition.state, list(transition.events), []
    for pick in picks:
        legal = game.legal_actions(state)
        if not legal:
            break
        chosen = legal[pick % len(legal)]
        action = from_legal(game, chosen)
        transition = game.apply(state, action)
        state = transition.state
        events.extend(transition.events)
        actions.append(submittable(chosen))
    record = {"players": players, "dealer": 0, "seed": seed, "actions": actions}
    body = client.post(f"/v1/{game_id}/records/adjudicate", json={"record": record}).get_json()
    result = game.result(state)
    assert body["verdict"] == ("complete" if result is not None else "in_progress")
    assert body["applied"] == len(actions) and body["error"] is None
    assert body["state"] == game_schemas(game).state().dump(state)
    assert body["events"] == events
    assert body["result"] == result
    if state.to_act is not None:
        wrong_seat = (state.to_act + 1) % players
        record["actions"] = [*actions, {"seat": wrong_seat, "type": game.action_types()[0]}]
        extra = client.post(f"/v1/{game_id}/records/adjudicate", json={"record": record})
        if extra.status_code == 200:  # a type may need fields; then the record is a 422 instead
            body = extra.get_json()
            assert body["verdict"] == "illegal" and body["error"]["index"] == len(actions)
            assert body["error"]["legal_actions"] == game.legal_actions(state)
        else:
            assert extra.status_code == 422
