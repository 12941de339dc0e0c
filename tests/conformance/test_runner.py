"""The runner: whole answers compared (a problem's instance aside), the first difference named, a mutant engine
caught, a client's expectations honoured, JUnit XML written, and the command's exit status."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from service.cli import main
from service.conformance import SOURCE_DIR
from service.conformance.client import InProcess
from service.conformance.compare import first_difference
from service.conformance.expectations import Expectations
from service.conformance.run import load_pack, replay
from service.rules.briscola import common as briscola_common


def forget_remembered() -> None:
    """Clear every answer the engine remembers (the ``functools`` caches of ``service``'s modules). A mutant's
    answers must not outlive its test: the trick winner is remembered by ``_scored`` and ``_recorded``, and so by
    everything built on it (the rollouts' ``stronger`` table, the bots' ``worth``), and a worker that ran the
    mutant first then played its rollouts by the mutant's rule."""
    for name, module in list(sys.modules.items()):
        if name.startswith("service.") and module is not None:
            for value in list(vars(module).values()):
                if getattr(value, "__module__", None) == name and callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


@pytest.fixture(scope="module")
def briscola() -> list[dict]:
    return load_pack(SOURCE_DIR, ["briscola"])[1]


def test_the_first_difference_is_a_json_pointer_with_both_values() -> None:
    expected = {"status": 200, "body": {"results": [{"category": "pair", "strength": 3}], "a/b": 1}}
    assert first_difference(expected, json.loads(json.dumps(expected))) is None
    actual = {"status": 200, "body": {"results": [{"category": "flush", "strength": 3}], "a/b": 1}}
    assert first_difference(expected, actual) == ("/body/results/0/category", "pair", "flush")
    assert first_difference({"a/b": 1}, {"a/b": 1.0}) == ("/a~1b", 1, 1.0)
    assert first_difference({"a": [1]}, {"a": [1, 2]})[0] == "/a/1"
    assert first_difference({"a": True}, {"a": 1}) is not None


def test_a_mutant_trick_winner_fails_the_vectors_of_that_rule(app, briscola, monkeypatch) -> None:
    """Trumps no longer beat the suit led: the trick-winner vectors with a trump after another suit fail, and
    the report names them."""
    original = briscola_common.winner_and_points
    monkeypatch.setattr(briscola_common, "winner_and_points", lambda trump, cards: original(cards[0][-1], cards))
    forget_remembered()  # the tricks remembered by an earlier test: scored again
    try:
        outcomes = list(replay(InProcess(app), briscola))
    finally:
        forget_remembered()
    failed = {o.vector["id"]: o for o in outcomes if o.status == "failed"}
    tricks = [v for v in briscola if v["group"] == "trick-winner"]
    trumped = [
        v
        for v in tricks
        if v["request"]["body"]["trump"] != v["request"]["body"]["cards"][0][-1]
        and v["expect"]["body"]["winner"] != 0
        and v["request"]["body"]["cards"][v["expect"]["body"]["winner"]][-1] == v["request"]["body"]["trump"]
    ]
    assert trumped and all(v["id"] in failed for v in trumped)
    assert all(failed[v["id"]].message.startswith("/body/") for v in trumped)
    assert any(v["group"] in ("record-complete", "action") for v in briscola if v["id"] in failed)
    untouched = [v for v in tricks if v["request"]["body"]["trump"] == v["request"]["body"]["cards"][0][-1]]
    assert untouched and not any(v["id"] in failed for v in untouched)


def test_expectations_match_an_id_first_then_the_first_glob() -> None:
    expectations = Expectations(
        {
            "briscola/*": {"expected": "skip", "reason": "not built yet"},
            "briscola/tricks.winner/*": {"expected": "fail", "reason": "never reached"},
            "briscola/deals/x": {"expected": "fail", "reason": "known bug"},
        }
    )
    assert expectations.of("briscola/deals/x").reason == "known bug"
    assert expectations.of("briscola/tricks.winner/trump-s-led-h-0123").expected == "skip"
    assert expectations.of("briscan/deals/x") is None
    with pytest.raises(ValueError):
        Expectations({"x": {"expected": "maybe"}})


@pytest.fixture()
def small_pack(tmp_path, briscola):
    """A pack of four Briscola vectors, the second with an expected body no service gives."""
    chosen = [dict(v) for v in briscola[:4]]
    chosen[1] = {**chosen[1], "expect": {**chosen[1]["expect"], "status": 299}}
    import hashlib

    data = "".join(json.dumps(v) + "\n" for v in chosen).encode()
    (tmp_path / "briscola.jsonl").write_bytes(data)
    manifest = {
        "rules_version": "x",
        "files": {"briscola": {"path": "briscola.jsonl", "sha256": hashlib.sha256(data).hexdigest()}},
    }
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    return tmp_path, [v["id"] for v in chosen]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["conformance", "run", *args])
    return result.exit_code, result.output


def test_a_failing_vector_is_one_line_with_its_id_and_first_difference(small_pack) -> None:
    folder, ids = small_pack
    code, output = run("--pack", str(folder))
    assert code == 1
    failing = [line for line in output.splitlines() if line.startswith("FAIL ")]
    assert failing == [f"FAIL {ids[1]} POST {failing[0].split()[3]} /status: expected 299, got 200"]
    assert "4 vectors: 3 passed, 1 failed" in output


def test_an_expected_failure_passes_an_unexpected_pass_is_reported_a_skip_is_skipped(small_pack, tmp_path) -> None:
    folder, ids = small_pack
    expect = tmp_path / "expect.json"
    expect.write_text(json.dumps({ids[1]: {"expected": "fail", "reason": "our bug 12"}}))
    code, output = run("--pack", str(folder), "--expect", str(expect))
    assert code == 0 and "1 expected-fail" in output and "FAIL" not in output
    expect.write_text(
        json.dumps(
            {
                ids[1]: {"expected": "fail", "reason": "our bug 12"},
                ids[0]: {"expected": "fail", "reason": "fixed since?"},
                ids[2][:-4] + "*": {"expected": "skip", "reason": "not built"},
            }
        )
    )
    junit = tmp_path / "junit.xml"
    code, output = run("--pack", str(folder), "--expect", str(expect), "--junit", str(junit))
    assert code == 1
    assert f"XPASS {ids[0]}" in output and "fixed since?" in output
    assert "1 skipped" in output and "1 unexpected-pass" in output
    root = ET.parse(junit).getroot()
    cases = {case.get("name"): case for case in root.iter("testcase")}
    assert list(cases) == sorted(ids) or set(cases) == set(ids)
    assert cases[ids[0]].find("failure") is not None
    assert cases[ids[1]].find("skipped").get("type") == "xfail"
    assert cases[ids[2]].find("skipped") is not None
    assert cases[ids[3]].find("failure") is None and cases[ids[3]].find("skipped") is None
    assert root.get("tests") == "4" and root.get("failures") == "1"


@pytest.mark.parametrize("where", ["after", "before"])
def test_json_says_the_same_as_the_text_in_one_object(small_pack, tmp_path, where) -> None:
    """``conformance run --json`` (or ``card-arbiter --json conformance run``): one JSON object on stdout with
    the totals, the counts per operation and every result other than a pass; the exit code as without it."""
    folder, ids = small_pack
    expect = tmp_path / "expect.json"
    expect.write_text(json.dumps({ids[0]: {"expected": "fail", "reason": "fixed since?"}}))
    args = ["conformance", "run", "--pack", str(folder), "--expect", str(expect)]
    args = [*args, "--json"] if where == "after" else ["--json", *args]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    found = json.loads(result.stdout)
    assert found["as_expected"] is False and found["rules_version"] == "x"
    assert found["against"] == "the service in-process"
    assert found["totals"] == {
        "vectors": 4, "passed": 2, "failed": 1, "expected-fail": 0, "unexpected-pass": 1, "skipped": 0
    }  # fmt: skip
    assert sum(op["passed"] + op["failed"] + op["unexpected-pass"] for op in found["operations"]) == 4
    assert {op["game"] for op in found["operations"]} == {"briscola"}
    results = {item["id"]: item for item in found["results"]}
    assert set(results) == {ids[0], ids[1]}
    assert results[ids[1]]["status"] == "failed" and results[ids[1]]["message"] == "/status: expected 299, got 200"
    assert results[ids[0]]["status"] == "unexpected-pass" and "fixed since?" in results[ids[0]]["message"]


def test_a_pack_file_changed_by_hand_is_refused(small_pack) -> None:
    folder, _ = small_pack
    (folder / "briscola.jsonl").write_bytes((folder / "briscola.jsonl").read_bytes() + b"\n")
    code, output = run("--pack", str(folder))
    assert code == 2 and "SHA-256" in output


@pytest.fixture(scope="module")
def three_card_brag() -> list[dict]:
    return load_pack(SOURCE_DIR, ["three-card-brag"])[1]


def failures(app, vectors: list[dict]) -> dict[str, object]:
    """The runner's failed outcomes, by vector id."""
    return {o.vector["id"]: o for o in replay(InProcess(app), vectors) if o.status == "failed"}


def test_a_mutant_category_order_fails_the_vectors_of_that_rule(app, three_card_brag, monkeypatch) -> None:
    """A flush ranked above a run (poker's order, not Brag's 5(c)): the boundary between the two and the
    order of every category fail; the hands of the categories below both still pass."""
    from service.rules import tables
    from service.rules.three_card_brag import evaluation

    original = evaluation.hand_key

    def flush_over_run(hand, a23_rank, prial_order):
        category, key, description = original(hand, a23_rank, prial_order)
        swapped = {"run": 3, "flush": 4}.get(category, key[0])
        return category, (swapped, *key[1:]), description

    monkeypatch.setattr(evaluation, "hand_key", flush_over_run)
    monkeypatch.setattr(tables, "shipped", lambda game: None)  # the default table is built too, mutated
    tables.TABLES.clear()
    forget_remembered()
    try:
        failed = failures(app, three_card_brag)
    finally:
        tables.TABLES.clear()
        forget_remembered()

    def about(*categories: str) -> list[dict]:
        return [v for v in three_card_brag if {f"category:{c}" for c in categories} <= set(v.get("tags", []))]

    boundary = [v for v in about("run", "flush") if v["group"] in ("category-boundary", "category-order")]
    assert boundary and all(v["id"] in failed for v in boundary)
    assert all(failed[v["id"]].message.startswith("/body/") for v in boundary)
    below = [v for v in three_card_brag if v["group"] == "category-boundary" and v["tags"][0] == "category:pair"]
    below = [v for v in below if not {"category:run", "category:flush"} & set(v["tags"])]
    assert below and not any(v["id"] in failed for v in below)


def test_a_mutant_payout_fails_the_vectors_of_that_rule(app, three_card_brag, monkeypatch) -> None:
    """The winner's own stake not taken off its winnings (Brag pays the pot less what each put in): every
    complete record's result fails at its payouts; records still in progress (no result) pass."""
    from service.rules.three_card_brag import game

    monkeypatch.setattr(game, "payouts", lambda put_in, won: [won.get(seat, 0) for seat in range(len(put_in))])
    forget_remembered()
    try:
        failed = failures(app, three_card_brag)
    finally:
        forget_remembered()
    complete = [v for v in three_card_brag if v["group"] == "record-complete"]
    assert complete and all(v["id"] in failed for v in complete)
    assert all("/payouts" in failed[v["id"]].message for v in complete)
    in_progress = [v for v in three_card_brag if v["group"] == "record-in-progress"]
    assert in_progress and not any(v["id"] in failed for v in in_progress)


def test_an_expectation_that_applies_to_no_vector_is_a_warning_and_fails_under_strict(small_pack, tmp_path) -> None:
    folder, ids = small_pack
    expect = tmp_path / "expect.json"
    expect.write_text(
        json.dumps(
            {
                ids[1]: {"expected": "fail", "reason": "our bug 12"},
                "briscola/tricks.winner/no-such-vector": {"expected": "fail", "reason": "a typo"},
                "briscola/*": {"expected": "skip", "reason": "the rest"},
                ids[1][:-3] + "*": {"expected": "skip", "reason": "shadowed by the exact id and the glob before"},
            }
        )
    )
    result = CliRunner().invoke(main, ["conformance", "run", "--pack", str(folder), "--expect", str(expect)])
    assert result.exit_code == 0, result.output  # a warning only
    assert "--expect: briscola/tricks.winner/no-such-vector: matches no vector of the pack" in result.stderr
    assert f"--expect: {ids[1][:-3]}*: every vector it matches is taken by" in result.stderr
    assert "our bug 12" not in result.stderr and "the rest" not in result.stderr
    strict = CliRunner().invoke(
        main, ["conformance", "run", "--pack", str(folder), "--expect", str(expect), "--strict"]
    )
    assert strict.exit_code == 2 and "--strict: 2 expectations apply to no vector" in strict.stderr
    assert "vectors:" not in strict.stdout  # nothing was sent
    others = tmp_path / "others.json"
    others.write_text(json.dumps({"broggin/*": {"expected": "skip", "reason": "another game's"}}))
    only = ["conformance", "run", "--pack", str(folder), "--game", "briscola", "--expect", str(others), "--strict"]
    judged = CliRunner().invoke(main, only)  # --game briscola: broggin's entries are not this run's to judge
    assert judged.exit_code == 1 and "--expect" not in judged.stderr  # 1: the small pack's failing vector


def test_the_readmes_expectations_example_applies_to_the_pack() -> None:
    """Every entry of conformance/README.md's example expectations file applies to a vector of the pack."""
    text = (SOURCE_DIR / "README.md").read_text(encoding="utf-8")
    example = text.split("pass it with `--expect`:", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    expectations = Expectations(json.loads(example))
    assert len(expectations.entries) >= 3
    assert expectations.unused(v["id"] for v in load_pack(SOURCE_DIR)[1]) == []
