"""openapi-typescript generates types from the committed openapi.yaml, and `tsc --noEmit --strict` compiles
them with actions.ts: an action of every game built, a result and a verdict read, and what the contract
refuses (an action type a game lacks, an option value it does not allow) refused by the compiler."""

from __future__ import annotations

import shutil

import pytest

from tests.clients.tools import SPEC, run_tool

pytestmark = pytest.mark.clients

HERE = SPEC.parent / "tests" / "clients"


def test_generated_types_compile_with_a_client(npm_bin, tmp_path):
    generated = run_tool(npm_bin, "openapi-typescript", SPEC, "--output", tmp_path / "schema.d.ts")
    assert generated.returncode == 0, generated.stdout + generated.stderr
    shutil.copy(HERE / "actions.ts", tmp_path / "actions.ts")
    compiled = run_tool(
        npm_bin, "tsc", "--noEmit", "--strict", "--target", "es2022", "--module", "esnext",
        "--moduleResolution", "bundler", "actions.ts", cwd=tmp_path,
    )  # fmt: skip
    # The @ts-expect-error lines of actions.ts make the compile fail if those refusals ever go.
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
