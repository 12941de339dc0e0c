"""What travels between deals (``carry``): a typed object beside ``options`` in a deal request, a record and
the state; the old option form (``carried_pot``, ``carried_pot3``, ``match_score``, ``game_score``) is a 422
whose problem points at the old option and says where the value went."""

from __future__ import annotations

import pytest

from service.rules.registry import GAMES

CARRIES = {
    "three-card-brag": ({"pot": 3}, "carried_pot", 3),
    "old-brag": ({"pot3": 3}, "carried_pot3", 3),
    "briscola": ({"match_score": [1, 0]}, "match_score", "1-0"),
    "briscan": ({"game_score": [560, 590]}, "game_score", "560-590"),
    "brisque": ({"game_score": [60, 90]}, "game_score", "60-90"),
}
"""Per game with a carry: a carry, the option it replaces, that option's old value."""
TABLE = {"three-card-brag": 3, "old-brag": 3, "briscola": 2, "briscan": 2, "brisque": 2}


def _deal(client, game_id, **body):
    return client.post(f"/v1/{game_id}/deals", json={"players": TABLE[game_id], "dealer": 0, "seed": "c", **body})


def _moved(response, pointer, field):
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    errors = {e["pointer"]: e["detail"] for e in response.get_json()["errors"]}
    assert pointer in errors, errors
    assert f"carry.{field}" in errors[pointer] and "no longer a rule option" in errors[pointer]
    return errors


def test_the_games_with_a_carry_are_these():
    assert {game_id for game_id, game in GAMES.items() if game.carry_type is not None} == set(CARRIES)


@pytest.mark.parametrize("game_id", sorted(CARRIES))
def test_a_deal_carries_in_and_the_state_keeps_it(client, game_id):
    carry, old, _ = CARRIES[game_id]
    answer = _deal(client, game_id, carry=carry)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert body["state"]["carry"] == carry and old not in body["rules"]
    first = _deal(client, game_id).get_json()["state"]["carry"]  # omitted: a first deal, its zero value
    assert first == {field: [0, 0] if isinstance(value, list) else 0 for field, value in carry.items()}
    catalog = client.get(f"/v1/{game_id}").get_json()
    assert old not in {option["name"] for option in catalog["options"]}
    view = client.post(f"/v1/{game_id}/states/view", json={"state": body["state"], "seat": 1}).get_json()
    assert view["state"]["carry"] == carry  # what travels between deals is public
    valid = client.post(f"/v1/{game_id}/states/validate", json={"state": body["state"]}).get_json()
    assert valid["valid"], valid


@pytest.mark.parametrize("game_id", sorted(CARRIES))
def test_the_old_option_form_is_refused_saying_where_it_went(client, game_id):
    carry, old, value = CARRIES[game_id]
    (field,) = carry
    _moved(_deal(client, game_id, options={old: value}), f"/options/{old}", field)
    record = {"players": TABLE[game_id], "dealer": 0, "seed": "c", "options": {old: value}, "actions": []}
    refused = client.post(f"/v1/{game_id}/records/adjudicate", json={"record": record})
    _moved(refused, f"/record/options/{old}", field)
    state = _deal(client, game_id, carry=carry).get_json()["state"]
    old_state = {k: v for k, v in state.items() if k != "carry"}
    old_state["options"] = {**state["options"], old: value}
    for path in ("legal-actions", "states/validate", "states/view"):
        body = {"state": old_state, **({"seat": 0} if path == "states/view" else {})}
        errors = _moved(client.post(f"/v1/{game_id}/{path}", json=body), f"/state/options/{old}", field)
        assert "/state/carry" in errors  # and the carry is missing


@pytest.mark.parametrize("game_id", sorted(CARRIES))
def test_a_carry_is_typed(client, game_id):
    carry, _, _ = CARRIES[game_id]
    (field,) = carry
    for bad in ({field: "1-0"}, {field: -1 if isinstance(carry[field], int) else [-1, 0]}, {}, {**carry, "x": 1}):
        refused = _deal(client, game_id, carry=bad)
        assert refused.status_code == 422, bad
        assert all(e["pointer"].startswith("/carry") for e in refused.get_json()["errors"]), refused.get_json()


@pytest.mark.parametrize(
    ("game_id", "carry", "code_pointer"),
    [
        ("briscola", {"match_score": [1, 0, 0]}, "/carry/match_score"),
        ("briscola", {"match_score": [2, 0]}, "/carry/match_score"),
        ("briscan", {"game_score": [600, 10]}, "/carry/game_score"),
        ("briscan", {"game_score": [1]}, "/carry/game_score"),
    ],
)
def test_a_carry_that_does_not_fit_the_table_is_refused(client, game_id, carry, code_pointer):
    refused = _deal(client, game_id, carry=carry)
    assert refused.status_code == 422
    assert [e["pointer"] for e in refused.get_json()["errors"]] == [code_pointer]


@pytest.mark.parametrize("game_id", sorted(set(GAMES) - set(CARRIES)))
def test_a_game_that_carries_nothing_takes_no_carry(client, game_id):
    players = GAMES[game_id].min_players
    body = {"players": max(players, 3), "dealer": 0, "seed": "c", "carry": {"pot": 1}}
    refused = client.post(f"/v1/{game_id}/deals", json=body)
    assert refused.status_code == 422
    assert "/carry" in {e["pointer"] for e in refused.get_json()["errors"]}


@pytest.mark.parametrize(
    ("players", "options", "sides"),
    [(2, {}, 2), (3, {}, 3), (4, {}, 2), (6, {}, 2), (6, {"six_player_teams": "3x2"}, 3)],
)
def test_a_first_briscola_deal_carries_a_zero_per_side(client, players, options, sides):
    """One number per side (a seat alone, a team of two or three, a pair), as the result's match counts them."""
    for carry in ({}, {"carry": {"match_score": []}}):
        body = {"players": players, "dealer": 0, "seed": "zero", "options": options, **carry}
        state = client.post("/v1/briscola/deals", json=body).get_json()["state"]
        assert state["carry"] == {"match_score": [0] * sides}
        assert client.post("/v1/briscola/states/validate", json={"state": state}).get_json()["valid"]
    record = {"players": players, "dealer": 0, "seed": "zero", "options": options, "actions": []}
    answer = client.post("/v1/briscola/records/adjudicate", json={"record": record}).get_json()
    assert answer["state"]["carry"] == {"match_score": [0] * sides}
