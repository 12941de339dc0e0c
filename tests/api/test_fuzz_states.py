"""Tampered states never make the service answer 500: every registered game, every state endpoint.

Each example deals from a seed, plays a few legal actions, then tampers with the JSON of the state
(numbers, lists, cards, strings) and posts it everywhere a state goes. The answer must be a 2xx or a
problem+json 4xx; and ``states/validate`` must say ``valid: false`` or accept it consistently with
``legal-actions``.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api.examples import submittable
from service.rules.registry import GAMES

GAME_IDS = sorted(GAMES)


def _paths(node: Any, here: tuple = ()) -> list[tuple]:
    out = [here]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, (*here, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(_paths(value, (*here, i)))
    return out


def _set(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


def _get(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


TAMPER_INTS = st.sampled_from([-1, 0, 1, 2, 3, 5, 7, 40, 10**6, -(10**6)])


@st.composite
def tamper(draw: Any, state: dict) -> dict:
    doc = copy.deepcopy(state)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p and p[0] not in ("game",)]
        path = draw(st.sampled_from(paths))
        value = _get(doc, path)
        if isinstance(value, bool):
            doc = _set(doc, path, not value)
        elif isinstance(value, int):
            doc = _set(doc, path, draw(TAMPER_INTS))
        elif isinstance(value, list):
            choice = draw(st.integers(0, 2))
            if choice == 0 and value:
                value.pop(draw(st.integers(0, len(value) - 1)))
            elif choice == 1 and value:
                value.append(copy.deepcopy(value[0]))
            else:
                value.reverse()
        elif isinstance(value, str):
            cards = [c for seat in state.get("seats", []) for c in seat.get("hand", [])] or ["AS"]
            doc = _set(doc, path, draw(st.sampled_from([*cards, "x", "", value])))
        elif value is None:
            doc = _set(doc, path, draw(TAMPER_INTS))
    return doc


def _started_state(client, game_id: str, seed: str, steps: int) -> dict:
    game = GAMES[game_id]
    body = client.post(f"/v1/{game_id}/deals", json={"players": game.min_players, "dealer": 0, "seed": seed})
    assert body.status_code == 200, body.get_data(as_text=True)
    state = body.get_json()["state"]
    for _ in range(steps):
        legal = client.post(f"/v1/{game_id}/legal-actions", json={"state": state}).get_json()["actions"]
        if not legal:
            break
        step = client.post(f"/v1/{game_id}/actions", json={"state": state, "action": submittable(legal[0])})
        assert step.status_code == 200, step.get_data(as_text=True)
        state = step.get_json()["state"]
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data(), seed=st.sampled_from(["a", "b", "c"]), steps=st.integers(0, 6))
def test_tampered_states_never_answer_500(client, game_id, data, seed, steps):
    state = _started_state(client, game_id, seed, steps)
    bad = data.draw(tamper(state))
    base = f"/v1/{game_id}"
    validate = client.post(f"{base}/states/validate", json={"state": bad})
    assert validate.status_code in (200, 422), validate.get_data(as_text=True)
    legal = client.post(f"{base}/legal-actions", json={"state": bad})
    assert legal.status_code in (200, 422), legal.get_data(as_text=True)
    if validate.status_code == 200:
        valid = validate.get_json()["valid"]
        assert (legal.status_code == 200) == valid
    view = client.post(f"{base}/states/view", json={"state": bad, "seat": 0})
    assert view.status_code in (200, 422), view.get_data(as_text=True)
    if legal.status_code == 200:
        for action in legal.get_json()["actions"]:
            applied = client.post(f"{base}/actions", json={"state": bad, "action": submittable(action)})
            assert applied.status_code == 200, applied.get_data(as_text=True)
    for action in ({"seat": 0, "type": GAMES[game_id].action_types()[0]},):
        applied = client.post(f"{base}/actions", json={"state": bad, "action": action})
        assert applied.status_code in (200, 409, 422), applied.get_data(as_text=True)
