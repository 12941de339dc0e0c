"""The committed openapi.yaml passes the linters API teams use, with no error and no warning:
Redocly CLI with its `recommended` rules (redocly.yaml) and Spectral with `spectral:oas` (.spectral.yaml)."""

from __future__ import annotations

import json

import pytest

from tests.clients.tools import ROOT, SPEC, run_tool

pytestmark = pytest.mark.clients


def test_redocly_recommended_finds_nothing(npm_bin):
    run = run_tool(npm_bin, "redocly", "lint", SPEC, "--config", ROOT / "redocly.yaml", "--format=json")
    report = json.loads(run.stdout)
    problems = [(p["ruleId"], p["message"], [loc.get("pointer") for loc in p["location"]]) for p in report["problems"]]
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 0}, problems[:20]
    assert run.returncode == 0, run.stderr


def test_spectral_oas_finds_nothing(npm_bin, tmp_path):
    out = tmp_path / "spectral.json"
    run = run_tool(
        npm_bin, "spectral", "lint", SPEC, "--ruleset", ROOT / ".spectral.yaml", "--format=json",
        "--output", out, "--fail-severity=hint",
    )  # fmt: skip
    results = json.loads(out.read_text(encoding="utf-8"))
    assert [(r["code"], r["message"], ".".join(map(str, r["path"]))) for r in results][:20] == []
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_rulesets_are_the_stock_ones():
    """No rule is switched off or eased: the configs only extend the stock rulesets."""
    import yaml

    assert yaml.safe_load((ROOT / "redocly.yaml").read_text(encoding="utf-8")) == {"extends": ["recommended"]}
    assert yaml.safe_load((ROOT / ".spectral.yaml").read_text(encoding="utf-8")) == {"extends": ["spectral:oas"]}
