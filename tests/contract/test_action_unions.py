"""Actions on the wire are discriminated unions derived from the engine's action classes (issue 8).

Each game's action is a ``oneOf`` with a ``discriminator`` on ``type``, each variant requiring exactly its
fields; every legal action listed over random playthroughs, submitted as is (a free amount chosen), is valid
for that schema, for the marshmallow loader and for the JSON Schema of the committed document alike.
"""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from schemas.game import game_schemas
from service.api.examples import submittable
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle
from tests.contract.committed import committed_document
from tests.simulation import submitted

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"
GAME_IDS = sorted(GAMES)


@cache
def document():
    return committed_document()


def prefix(game_id):
    return "".join(part.capitalize() for part in game_id.split("-"))


def validator(name):
    schema = {"$ref": f"#/components/schemas/{name}", "components": document()["components"]}
    return Draft202012Validator(schema)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_action_is_a_discriminated_union_of_its_classes(game_id):
    game = GAMES[game_id]
    schemas = document()["components"]["schemas"]
    for kind in ("Action", "LegalAction"):
        union = schemas[prefix(game_id) + kind]
        mapping = union["discriminator"]["mapping"]
        assert union["discriminator"]["propertyName"] == "type"
        assert list(mapping) == game.action_types()
        assert [v["$ref"] for v in union["oneOf"]] == list(mapping.values())
        for cls in game.actions:
            variant = schemas[mapping[cls.type].rsplit("/", 1)[1]]
            assert variant["properties"]["type"]["enum"] == [cls.type]
            assert variant["additionalProperties"] is False
            if kind == "Action":
                required = {f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING} | {"type"}
                assert set(variant["required"]) == required
                assert set(variant["properties"]) == {f.name for f in dataclasses.fields(cls)} | {"type"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_action_is_accepted_as_is_by_the_action_schema(game_id):
    game = GAMES[game_id]
    load = game_schemas(game).deriver.action()
    action_json = validator(prefix(game_id) + "Action")
    legal_json = validator(prefix(game_id) + "LegalAction")
    rng = random.Random(game_id)
    seen = set()
    options = game.options(None)
    tables = [n for n in range(game.min_players, game.max_players + 1) if not game.check_table(n, 0, options)]
    for deal in range(6):
        players = rng.choice(tables)
        state = game.deal(players, 0, options, shuffle(game.pack(players, options), f"u{deal}")).state
        while state.to_act is not None:
            listed = game.legal_actions(state)
            if not listed:
                break
            for item in listed:
                legal_json.validate(item)
                action = submitted(item, state.seats[item["seat"]].hand, rng)
                action_json.validate(action)
                typed = load.deserialize(action)
                assert typed.type == item["type"] and typed.seat == item["seat"]
                seen.add(item["type"])
            pick = rng.choice(listed)
            state = game.apply(state, load.deserialize(submittable(pick))).state
    assert seen  # the playthroughs listed actions


def _problem(client, game_id, state, action):
    response = client.post(f"/v1/{game_id}/actions", json={"state": state, "action": action})
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    return [e["pointer"] for e in response.get_json()["errors"]]


def _dealt(client, game_id, players):
    body = client.post(f"/v1/{game_id}/deals", json={"players": players, "dealer": 0, "seed": "u"}).get_json()
    return body["state"]


def test_a_play_without_card_is_a_422_at_the_card(client):
    state = _dealt(client, "briscola", 2)
    assert _problem(client, "briscola", state, {"seat": state["to_act"], "type": "play"}) == ["/action/card"]
    action_json = validator("BriscolaAction")
    assert not action_json.is_valid({"seat": 0, "type": "play"})  # the schema says so too


def test_a_bid_with_both_rank_and_points_is_a_422_at_the_action(client):
    state = _dealt(client, "briscola-chiamata", 5)
    bid = {"seat": state["to_act"], "type": "bid", "rank": "A", "points": 70}
    assert _problem(client, "briscola-chiamata", state, bid) == ["/action"]
    action_json = validator("BriscolaChiamataAction")
    assert not action_json.is_valid({"seat": 0, "type": "bid", "rank": "A", "points": 70})
    assert not action_json.is_valid({"seat": 0, "type": "bid"})
    assert action_json.is_valid({"seat": 0, "type": "bid", "rank": "A"})


def test_an_unknown_type_and_a_field_of_another_type_are_422s_at_the_field(client):
    state = _dealt(client, "three-card-brag", 3)
    seat = state["to_act"]
    assert _problem(client, "three-card-brag", state, {"seat": seat, "type": "play"}) == ["/action/type"]
    assert _problem(client, "three-card-brag", state, {"seat": seat, "type": "fold", "amount": 2}) == ["/action/amount"]
    assert _problem(client, "three-card-brag", state, {"seat": seat, "type": "raise"}) == ["/action/amount"]
    assert _problem(client, "three-card-brag", state, {"seat": seat}) == ["/action/type"]
