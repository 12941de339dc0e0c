"""Schemathesis runs every operation of the committed openapi.yaml against the app: no 5xx, every response
conforms to the schema, schema-invalid requests are refused and schema-valid ones accepted unless they break
a rule the contract cannot state (tests/contract/refusals.py; fixed seed, so CI is reproducible)."""

from __future__ import annotations

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
from schemathesis.python._constants.orchestrator import build_constants_pool

from service.api.app import create_app
from service.rules.registry import GAMES
from service.rules.tables import TABLES
from tests.contract import coverage_at_run_time
from tests.contract.committed import committed_document
from tests.contract.refusals import refusals_of

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]

coverage_at_run_time.install()  # each worker builds the coverage cases of the tests it runs, not of all 112
schema = schemathesis.openapi.from_dict(committed_document())  # the C loader's reading (tests/contract/committed.py)
schema.app = create_app({"WARM_TABLES": False, "TESTING": True, "REQUEST_DEADLINE": 0})
"""No request deadline: on a loaded CI machine the heaviest suggestions and equities ran past the 25 s one and were
answered 503, a failure of the machine, not of the contract (tests/api/test_deadline.py tests the deadline)."""
schema.config.checks.positive_data_acceptance = PositiveDataAcceptanceConfig(expected_statuses=["2xx"])
build_constants_pool(schema)
"""The string constants schemathesis reads out of the app's modules to draw from, read once here: each operation's
schema below is a clone of this one and shares what it read (read after cloning, it was read once per operation,
112 times in every worker's collection)."""


def accepts_every_valid_body(case) -> bool:
    """The catalog and operational GETs (no body, nothing to refuse), and a body that breaks none of the rules
    tests/contract/refusals.py lists, on an operation where each of those rules can be told from the body. (Where
    a body holds a state or a table, a schema cannot say which are consistent, so a schema-valid body may
    rightly get a 422.)"""
    if case.method.upper() == "GET":
        return True
    game_id, _, operation = case.path.removeprefix("/v1/").partition("/")
    refusals = refusals_of(operation)
    if any(refusal.breaks is None for refusal in refusals):
        return False
    return not any(refusal.breaks(GAMES[game_id], case.body) for refusal in refusals)


pytestmark = pytest.mark.contract


ANALYSED_AT = "easy"
"""The level a ``records/analyze`` or ``actions/suggest`` case is sent at when it asks for a costlier one (or for
no level: ``normal`` is the default): the same answer's schema, each decision of a trick game weighed in 3 or 4
worlds instead of 36 to 200 (tests/api/test_analyze.py and tests/api/test_suggest.py ask every level themselves).
Those tests were the slowest of the contract's, 20 to 50 s each in CI, nearly all of it weighing at ``normal``. A
level the schema refuses is sent as generated."""

COSTLIER = {"/records/analyze": ("normal",), "/actions/suggest": ("normal", "hard")}
"""Per operation, the levels :data:`ANALYSED_AT` stands in for."""


def check_operation(case) -> None:
    body, operation = case.body, "/" + "/".join(case.path.split("/")[-2:])
    if isinstance(body, dict) and body.get("level", "normal") in COSTLIER.get(operation, ()):
        case.body = {**body, "level": ANALYSED_AT}
    response = case.call()
    # A body over the size limit is refused with 413 before it is read: that is a rejection too.
    checks = [c for c in CHECKS if c is not negative_data_rejection] if response.status_code == 413 else CHECKS
    if accepts_every_valid_body(case) and response.status_code != 413:
        checks = [*checks, positive_data_acceptance]
    case.validate_response(response, checks=checks)


ROOMY_TABLES = (64, 2**31)
"""The table cache's bounds (tables, bytes) while Broggin's operations run. They draw 13 ranking option
sets, each a table of 91,390 hands built in 1 to 3 s; within the service's own bounds (4 tables, 64 MiB) the
operations rebuilt 25 tables for 13 sets. All of Broggin's operations run on one worker (one xdist group), and the
bounds are given back, and the cache trimmed to them, when the last has run."""


@pytest.fixture(scope="module")
def roomy_tables():
    was = TABLES.resize(*ROOMY_TABLES)
    yield
    TABLES.resize(*was)


def operation_test(operation_id: str):
    """The test of one operation, a test function of its own: `schema.parametrize()` gives every operation's item
    the same node id under pytest 9.2 (its items keep the function's name as their original name), and xdist,
    which keys its work by node id, then ran one operation of 77. One function per operationId gives each its
    own id (`test_schemathesis.py::test_briscolaDeals`); tests/accounting.py fails a run where two share one."""

    @schema.include(operation_id=operation_id).parametrize()
    @seed(20261129)
    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    def test(case):
        check_operation(case)

    test.__name__ = test.__qualname__ = f"test_{operation_id}"
    if operation_id.startswith("broggin"):
        test = pytest.mark.usefixtures("roomy_tables")(pytest.mark.xdist_group("broggin-contract")(test))
    return test


OPERATION_IDS = [
    operation["operationId"]
    for path in schema.raw_schema["paths"].values()
    for method, operation in path.items()
    if method in {"get", "put", "post", "delete", "patch", "head", "options"}
]
KNOWN: dict[str, str] = {}
"""Operations with a known contract bug, named in an open issue: expected to fail until it is mended."""

for _operation_id in OPERATION_IDS:
    _test = operation_test(_operation_id)
    if _operation_id in KNOWN:
        _test = pytest.mark.xfail(reason=KNOWN[_operation_id], strict=False)(_test)
    globals()[f"test_{_operation_id}"] = _test


def test_every_operation_has_a_test_of_its_own():
    """Every operation of the contract is one of the tests above, once (an operation without an operationId
    would have none)."""
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(OPERATION_IDS) == len(set(OPERATION_IDS)) == len(operations)
    assert {operation.definition.raw["operationId"] for operation in operations} == set(OPERATION_IDS)
