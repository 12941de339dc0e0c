"""Schemathesis runs every operation of the committed openapi.yaml against the app: no 5xx, and every
response conforms to the schema (fixed seed, so CI is reproducible)."""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, seed, settings
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from service.api.app import create_app

# Positive-data acceptance is left out on purpose: a schema cannot say which states are consistent or
# which hands hold distinct cards, so a schema-valid body may rightly get a 422 from the rules.
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

pytestmark = pytest.mark.contract


@schema.parametrize()
@seed(20261129)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_operation(case):
    response = case.call()
    # A body over the size limit is refused with 413 before it is read: that is a rejection too.
    checks = [c for c in CHECKS if c is not negative_data_rejection] if response.status_code == 413 else CHECKS
    case.validate_response(response, checks=checks)
