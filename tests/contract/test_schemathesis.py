"""Schemathesis runs every operation of the committed openapi.yaml against the app: no 5xx, every response
conforms to the schema, schema-invalid requests are refused and schema-valid ones accepted where nothing else
can refuse them (fixed seed, so CI is reproducible)."""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, seed, settings
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.config import PositiveDataAcceptanceConfig

from service.api.app import create_app
from service.rules.errors import CardError
from service.rules.registry import GAMES

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"
schema = schemathesis.openapi.from_path(SPEC)
schema.app = create_app({"WARM_TABLES": False, "TESTING": True})
schema.config.checks.positive_data_acceptance = PositiveDataAcceptanceConfig(expected_statuses=["2xx"])


STATE_FREE = ("/hands/evaluate", "/hands/compare", "/tricks/winner", "/melds/evaluate")
"""The operations whose body holds no state or record: every schema-valid body is answered 2xx, except where it
breaks a rule across fields that the operation's description names (:func:`breaks_a_described_rule`)."""


def accepts_every_valid_body(case) -> bool:
    """The catalog and operational GETs (no body, nothing to refuse) and the state-free operations. (Where a
    body holds a state, a schema cannot say which states are consistent, so a schema-valid body may rightly
    get a 422.)"""
    if case.method.upper() == "GET":
        return True
    return case.path.endswith(STATE_FREE) and not breaks_a_described_rule(case)


def breaks_a_described_rule(case) -> bool:
    """Whether the body breaks a rule that JSON Schema cannot state and the operation's description names: the
    same card twice in two spellings (``AS`` and ``as``: ``uniqueItems`` compares the texts), declarations not
    one per hand or not fitting their hand (the rules' verdict on each, BRG-A3)."""
    game = GAMES[case.path.split("/")[2]]
    try:
        lists = [*case.body.get("hands", []), case.body.get("cards", []), case.body.get("hand", [])]
        if any(len({game.parse_card(card) for card in cards}) != len(cards) for cards in lists):
            return True
        declarations = case.body.get("declarations")
        return declarations is not None and (len(declarations) != len(case.body["hands"]) or any(declarations))
    except (AttributeError, TypeError, KeyError, CardError):  # not schema-valid: the check does not apply
        return True


pytestmark = pytest.mark.contract


@schema.parametrize()
@seed(20261129)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_operation(case):
    response = case.call()
    # A body over the size limit is refused with 413 before it is read: that is a rejection too.
    checks = [c for c in CHECKS if c is not negative_data_rejection] if response.status_code == 413 else CHECKS
    if accepts_every_valid_body(case) and response.status_code != 413:
        checks = [*checks, positive_data_acceptance]
    case.validate_response(response, checks=checks)
