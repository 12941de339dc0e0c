"""JSON Schema 2020-12 integers: ``2.0`` is the integer 2 wherever an integer is expected; ``"2"``, ``true``
and ``2.5`` are still refused, each with a pointer at the field. An integer of more digits than ``int()`` reads is a
422 at its pointer too, not a 400."""

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


LONG = "9" * 5000
"""An integer of more digits than ``int()`` reads (4,300): the standard library's reader refuses it."""


@pytest.mark.parametrize(
    ("path", "text", "where"),
    [
        (DEAL, '{"players": %s, "dealer": 0, "seed": "s"}', "/players"),
        (DEAL, '{"players": -%s, "dealer": 0, "seed": "s"}', "/players"),
        (DEAL, '{"players": 3, "dealer": 0, "seed": "s", "options": {"ante": %s}}', "/options/ante"),
        (DEAL, '{"players": 3, "dealer": 0, "seed": %s}', "/seed"),
        (DEAL, '{"players": 3, "dealer": 0, "seed": "s", "views": [0, %s]}', "/views/1"),
        (DEAL, '{"players": 3, "dealer": 0, "seed": "s", "extra": {"deep": [%s]}}', "/extra/deep/0"),
        ("/v1/three-card-brag/hands/evaluate", '{"hands": [["AS", "KS", %s]]}', "/hands/0/2"),
        ("/v1/briscola/tricks/winner", '{"trump": "C", "cards": ["1C", "3C"], "options": {"x": %s}}', "/options/x"),
    ],
)
def test_an_integer_past_int_digits_is_a_422_at_its_pointer(client, path, text, where):
    response = client.post(path, data=text % LONG, content_type="application/json")
    assert response.status_code == 422, response.get_json()
    body = response.get_json()
    assert response.mimetype == "application/problem+json" and body["type"].endswith("/invalid-request")
    assert [e["pointer"] for e in body["errors"]] == [where]
    assert "5,000 digits" in body["detail"] and LONG[:50] not in response.get_data(as_text=True)


def test_an_integer_within_int_digits_is_the_schemas_to_refuse(client):
    response = client.post(
        DEAL, data='{"players": %s, "dealer": 0, "seed": "s"}' % ("9" * 4300), content_type="application/json"
    )
    assert response.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in response.get_json()["errors"]] == [
        ("/players", "Must be an integer within ±9007199254740991.")
    ]


def test_a_lone_surrogate_is_still_a_400_beside_a_long_integer(client):
    text = '{"players": ' + LONG + ', "dealer": 0, "seed": "\\ud800"}'
    response = client.post(DEAL, data=text, content_type="application/json")
    assert response.status_code == 400
    assert [e["pointer"] for e in response.get_json()["errors"]] == ["/seed"]
