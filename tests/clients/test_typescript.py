"""openapi-typescript generates types from the committed openapi.yaml, and `tsc --noEmit --strict` compiles
them with actions.ts: an action of every game built, a result and a verdict read, a real answer's events read
field by field, a real traced record's steps read, a real match verdict (from a text) and suggestion read, and
what the contract refuses (an action type a game lacks, an option value it does not allow, a field an event
lacks, a phase it has not, a level a suggestion lacks) refused by the compiler."""

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


def match_and_suggestion(client):
    """A real Briscola match of the traced record's deal written as text (records/format, then matches/adjudicate
    with `notation`), and a real suggestion for the seat to act at that deal's start."""
    traced = traced_answer(client)
    record = {"players": 2, "dealer": 0, "seed": "typed", "actions": [step["action"] for step in traced["steps"]]}
    text = client.post("/v1/briscola/records/format", json={"record": record}).get_json()["notation"]
    matched = client.post("/v1/briscola/matches/adjudicate", json={"notation": text}).get_json()
    deal = client.post("/v1/briscola/deals", json={"players": 2, "dealer": 0, "seed": "typed"}).get_json()
    suggested = client.post("/v1/briscola/actions/suggest", json={"state": deal["state"], "level": "easy"}).get_json()
    return text, matched, suggested


def test_generated_types_compile_with_a_client(npm_bin, tmp_path, client):
    # as docs/clients.md says: a request field with a default stays optional (openapi-typescript makes a
    # defaulted property required unless the body is inline; ours are components)
    generated = run_tool(
        npm_bin, "openapi-typescript", SPEC, "--default-non-nullable", "false", "--output", tmp_path / "schema.d.ts"
    )
    assert generated.returncode == 0, generated.stdout + generated.stderr
    shutil.copy(HERE / "actions.ts", tmp_path / "actions.ts")
    # The answer as a client receives it, typed by the generated types: tsc checks it against them.
    answer = json.dumps(real_answer(client), indent=1)
    traced = json.dumps(traced_answer(client), indent=1)
    text, matched, suggested = (json.dumps(part, indent=1) for part in match_and_suggestion(client))
    (tmp_path / "answer.ts").write_text(
        'import type { components } from "./schema";\n\n'
        f'export const answer: components["schemas"]["BriscolaActionResponse"] = {answer};\n'
        f'export const traced: components["schemas"]["BriscolaAdjudicateResponse"] = {traced};\n'
        f'export const asText: components["schemas"]["BriscolaMatchRequestAsText"] = {{"notation": {text}}};\n'
        f'export const matched: components["schemas"]["BriscolaMatchResponse"] = {matched};\n'
        f'export const suggested: components["schemas"]["BriscolaSuggestResponse"] = {suggested};\n',
        encoding="utf-8",
    )
    compiled = run_tool(
        npm_bin, "tsc", "--noEmit", "--strict", "--target", "es2022", "--module", "esnext",
        "--moduleResolution", "bundler", "actions.ts", cwd=tmp_path,
    )  # fmt: skip
    # The @ts-expect-error lines of actions.ts make the compile fail if those refusals ever go.
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
