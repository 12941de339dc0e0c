"""JSON Schema 2020-12 integers: ``2.0`` is the integer 2 wherever an integer is expected; ``"2"``, ``true``
and ``2.5`` are still refused, each with a pointer at the field."""

from __future__ import annotations

import pytest

DEAL = "/v1/three-card-brag/deals"


def test_a_deal_with_integral_numbers_is_a_deal_with_integers(client):
    as_ints = client.post(DEAL, json={"players": 3, "dealer": 1, "seed": "s", "options": {"ante": 2}})
    as_floats = client.post(DEAL, json={"players": 3.0, "dealer": 1.0, "seed": "s", "options": {"ante": 2.0}})
    assert as_floats.status_code == 200, as_floats.get_json()
    assert as_floats.get_json() == as_ints.get_json()
    state = as_floats.get_json()["state"]
    assert type(state["players"]) is int and type(state["dealer"]) is int
    assert type(as_floats.get_json()["rules"]["ante"]) is int


@pytest.mark.parametrize("bad", ["3", True, 2.5, 1e300])
@pytest.mark.parametrize("where", ["/players", "/options/ante"])
def test_non_integers_are_refused(client, bad, where):
    body = {"players": 3, "dealer": 0, "seed": "s", "options": {"ante": 1}}
    if where == "/players":
        body["players"] = bad
    else:
        body["options"]["ante"] = bad
    response = client.post(DEAL, json=body)
    assert response.status_code == 422, response.get_json()
    assert [e["pointer"] for e in response.get_json()["errors"]] == [where]


def test_an_action_and_a_state_may_carry_integral_numbers(client):
    dealt = client.post(DEAL, json={"players": 2, "dealer": 0, "seed": "integers"}).get_json()
    state = dealt["state"]
    action = client.post("/v1/three-card-brag/legal-actions", json={"state": state}).get_json()["actions"][0]
    action = {k: v for k, v in action.items() if k not in ("min", "max")} | {"seat": float(action["seat"])}
    expected = client.post(
        "/v1/three-card-brag/actions", json={"state": state, "action": action | {"seat": int(action["seat"])}}
    )
    floated = {**state, "players": 2.0, "dealer": 0.0}
    response = client.post("/v1/three-card-brag/actions", json={"state": floated, "action": action})
    assert response.status_code == expected.status_code == 200, response.get_json()
    assert response.get_json() == expected.get_json()


def test_old_brag_pot3_ace_takes_11_or_its_word():
    from service.rules.errors import InvalidInput
    from service.rules.old_brag.options import OldBragOptions
    from service.rules.options import build_options

    assert build_options(OldBragOptions, {"pot3_ace": 11.0}).pot3_ace == 11
    assert type(build_options(OldBragOptions, {"pot3_ace": 11.0}).pot3_ace) is int
    assert build_options(OldBragOptions, {"pot3_ace": "1_or_11"}).pot3_ace == "1_or_11"
    for bad in ("11", 1, True, 11.5):
        with pytest.raises(InvalidInput):
            build_options(OldBragOptions, {"pot3_ace": bad})
