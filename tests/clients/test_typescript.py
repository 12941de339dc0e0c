"""openapi-typescript generates types from the committed openapi.yaml, and `tsc --noEmit --strict` compiles
them with actions.ts: an action of every game built, a result and a verdict read, a real answer's events read
field by field, a real traced record's steps read, and what the contract refuses (an action type a game lacks,
an option value it does not allow, a field an event lacks, a phase it has not) refused by the compiler."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.clients.tools import SPEC, run_tool

pytestmark = pytest.mark.clients

HERE = SPEC.parent / "tests" / "clients"


def real_answer(client):
    """A real Briscola answer whose events hold a play, a trick and draws: a deal, then two cards played."""
    deal = client.post("/v1/briscola/deals", json={"players": 2, "dealer": 0, "seed": "typed"}).get_json()
    state, events = deal["state"], []
    while not any(event["type"] == "trick" for event in events):
        legal = client.post("/v1/briscola/legal-actions", json={"state": state}).get_json()["actions"]
        answer = client.post("/v1/briscola/actions", json={"state": state, "action": legal[0]}).get_json()
        state, events = answer["state"], answer["events"]
    return answer


def traced_answer(client):
    """A real traced Briscola record with seat 1's view: a deal from a seed and its first four listed actions."""
    deal = client.post("/v1/briscola/deals", json={"players": 2, "dealer": 0, "seed": "typed"}).get_json()
    state, actions = deal["state"], []
    for _ in range(4):
        legal = client.post("/v1/briscola/legal-actions", json={"state": state}).get_json()["actions"]
        state = client.post("/v1/briscola/actions", json={"state": state, "action": legal[0]}).get_json()["state"]
        actions.append(legal[0])
    record = {"players": 2, "dealer": 0, "seed": "typed", "actions": actions}
    return client.post(
        "/v1/briscola/records/adjudicate", json={"record": record, "trace": True, "views": [1]}
    ).get_json()


def test_generated_types_compile_with_a_client(npm_bin, tmp_path, client):
    generated = run_tool(npm_bin, "openapi-typescript", SPEC, "--output", tmp_path / "schema.d.ts")
    assert generated.returncode == 0, generated.stdout + generated.stderr
    shutil.copy(HERE / "actions.ts", tmp_path / "actions.ts")
    # The answer as a client receives it, typed by the generated types: tsc checks it against them.
    answer = json.dumps(real_answer(client), indent=1)
    traced = json.dumps(traced_answer(client), indent=1)
    (tmp_path / "answer.ts").write_text(
        'import type { components } from "./schema";\n\n'
        f'export const answer: components["schemas"]["BriscolaActionResponse"] = {answer};\n'
        f'export const traced: components["schemas"]["BriscolaAdjudicateResponse"] = {traced};\n',
        encoding="utf-8",
    )
    compiled = run_tool(
        npm_bin, "tsc", "--noEmit", "--strict", "--target", "es2022", "--module", "esnext",
        "--moduleResolution", "bundler", "actions.ts", cwd=tmp_path,
    )  # fmt: skip
    # The @ts-expect-error lines of actions.ts make the compile fail if those refusals ever go.
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
