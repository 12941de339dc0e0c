"""Every rule of tests/contract/refusals.py is live: for every game that can break it, a body that breaks it is
valid by the committed openapi.yaml (so JSON Schema did not say the rule) and the service refuses it with a
422 at the place named (so the service still checks it)."""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from service.api.examples import submittable
from service.rules.registry import GAMES
from tests.contract.committed import committed_document
from tests.contract.refusals import REFUSALS, Refusal, refusals_of

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"


@cache
def document() -> dict[str, Any]:
    return committed_document()


def request_validator(game_id: str, operation: str) -> Draft202012Validator:
    """The validator of an operation's request body, as the committed contract states it."""
    body = document()["paths"][f"/v1/{game_id}/{operation}"]["post"]["requestBody"]["content"]["application/json"]
    return Draft202012Validator({**body["schema"], "components": document()["components"]})


@pytest.fixture()
def dealt(client):
    def deal(game, players):
        answer = client.post(f"/v1/{game.id}/deals", json={"players": players, "dealer": 0, "seed": "refusals"})
        state = answer.get_json()["state"]
        legal = client.post(f"/v1/{game.id}/legal-actions", json={"state": state}).get_json()["actions"]
        return copy.deepcopy(state), submittable(legal[0])

    return deal


@pytest.mark.parametrize("refusal", REFUSALS, ids=lambda refusal: refusal.operations[0] + ": " + refusal.rule[:30])
def test_a_schema_valid_body_breaking_the_rule_is_refused_at_its_place(client, dealt, refusal: Refusal):
    shown = set()
    for game in GAMES.values():
        for operation, body, pointer in refusal.example(game, dealt):
            assert operation in refusal.operations
            errors = list(request_validator(game.id, operation).iter_errors(body))
            assert not errors, f"{game.id} {operation}: the contract now states it ({errors[0].message}): drop it"
            answer = client.post(f"/v1/{game.id}/{operation}", json=body)
            assert answer.status_code == 422, (game.id, operation, answer.get_json())
            assert pointer in [e["pointer"] for e in answer.get_json()["errors"]], (game.id, operation)
            if refusal.breaks is not None:
                assert refusal.breaks(game, body)
            shown.add(operation)
    assert shown == set(refusal.operations), "an operation the rule lists has no example that breaks it"


def test_every_entry_says_its_rule_and_why_json_schema_cannot():
    for refusal in REFUSALS:
        assert refusal.rule and refusal.why and refusal.operations
    operations = {path.split("/", 3)[3] for path in document()["paths"] if path.count("/") >= 3}
    assert {op for refusal in REFUSALS for op in refusal.operations} <= operations
    assert not refusals_of("states/validate"), "states/validate answers every schema-valid state with 200"
