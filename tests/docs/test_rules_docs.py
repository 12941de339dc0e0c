"""The rules docs: served at /v1/{game}/rules, linked from the catalog, /docs and the README, shipped in the
package, and their options tables agree with the engine's option dataclasses."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from marshmallow import ValidationError

from schemas.game import game_schemas
from service.api import rules_docs
from service.conformance.cases.states import json_paths, replaced
from service.rules.base import Check
from service.rules.registry import GAMES
from tests.docs.markdown import DOCS, DOCUMENTED, doc_path, example_blocks, headings
from tests.installed import install_data_files
from tests.rules.rules_docs import check_options_table, options_table
from tests.simulation import play

ROOT = Path(__file__).resolve().parents[2]
EXEMPT_SECTIONS = ("Rule ids", "Problem codes")


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_rules_are_served_as_markdown(client, game_id: str) -> None:
    answer = client.get(f"/v1/{game_id}/rules")
    assert answer.status_code == 200
    assert answer.headers["Content-Type"] == "text/markdown; charset=utf-8"
    assert answer.get_data(as_text=True) == doc_path(game_id).read_text(encoding="utf-8")


def test_every_game_has_its_rules_file() -> None:
    assert [g for g in GAMES if not doc_path(g).is_file()] == []


def test_rules_of_an_unknown_game_are_a_404_problem(client) -> None:
    answer = client.get("/v1/no-such-game/rules")
    assert answer.status_code == 404 and answer.mimetype == "application/problem+json"


def test_the_catalog_links_each_game_to_its_rules(client) -> None:
    for entry in client.get("/v1/games").get_json()["games"]:
        game_id = entry["id"]
        assert entry["rules_url"] == f"/v1/{game_id}/rules"
        assert entry["rules_file"] == f"docs/rules/{game_id}.md"
        assert client.get(f"/v1/{game_id}").get_json()["rules_url"] == entry["rules_url"]
        if game_id in DOCUMENTED:
            assert client.get(entry["rules_url"]).status_code == 200


def test_the_openapi_document_declares_and_links_the_rules(client) -> None:
    spec = client.get("/openapi.json").get_json()
    for game_id in GAMES:
        operation = spec["paths"][f"/v1/{game_id}/rules"]["get"]
        assert operation["responses"]["200"]["content"] == {"text/markdown": {"schema": {"type": "string"}}}
        assert "404" in operation["responses"]
        assert f"(/v1/{game_id}/rules)" in spec["info"]["description"]  # /docs shows it as a link
        (tag,) = [t for t in spec["tags"] if t["name"] == game_id]
        assert f"(/v1/{game_id}/rules)" in tag["description"]
    assert "rules_url" in spec["components"]["schemas"]["GameEntry"]["required"]


def test_the_openapi_document_says_what_payouts_sum_to(client) -> None:
    text = json.dumps(client.get("/openapi.json").get_json())
    assert "sum to the pot carried in" in text and "minus the pot carried out" in text


def test_the_readme_points_to_docs_rules_not_to_shared() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules" in readme and "../shared" not in readme


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_the_options_table_is_the_engines(game_id: str) -> None:
    specs = GAMES[game_id].option_specs()
    check_options_table(game_id, specs)  # names, rule ids, defaults, enum values, integer bounds
    rows = options_table(game_id)
    for spec in specs:
        allowed = rows[spec.name][2]
        if spec.type == "boolean":
            assert "`true`" in allowed and "`false`" in allowed, spec.name
        if spec.nullable:
            assert "`null`" in allowed, spec.name


def problem_codes(text: str) -> list[str]:
    """The codes of the table under a file's "Problem codes" heading, in order."""
    section = text.split("\n## Problem codes\n", 1)[1].split("\n## ", 1)[0]
    return [line.split("`")[1] for line in section.splitlines() if line.startswith("| `")]


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_the_problem_codes_table_is_the_engines(game_id: str) -> None:
    """Each game's file lists its problem-code enums, in order; the index lists the codes every game shares."""
    listed = problem_codes(doc_path(game_id).read_text(encoding="utf-8"))
    game = GAMES[game_id]
    assert listed == [code.value for enum in game.problem_codes for code in enum if code not in game.absent_codes]
    assert problem_codes((DOCS / "README.md").read_text(encoding="utf-8")) == [code.value for code in Check]


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_every_refusal_code_is_named_in_the_rules_file(game_id: str) -> None:
    """A client meets a 409's ``code`` (an enum of the game's, :meth:`Game.refusals`) in the file's text."""
    text = doc_path(game_id).read_text(encoding="utf-8")
    assert [code for code in GAMES[game_id].refusals() if f"`{code}`" not in text] == []


def documented_states(game_id: str) -> list[Any]:
    """States of a random deal at the game's smallest table, at its start, middle and end, and (where the game
    carries something between deals) the start of the next deal, carrying in what the first carries out."""
    game = GAMES[game_id]
    first = list(play(game, game.min_players, "problem-codes-1").states())
    states = [first[0], first[len(first) // 2], first[-1]]
    if game.carry_type is not None:
        carry = game.result(first[-1])["carry"]
        states.append(play(game, game.min_players, "problem-codes-2", carry=carry).start.state)
    return states


def wrong_values(value: Any) -> list[Any]:
    """A few wrong values for a JSON ``value``: a number one more, negative or far off, an unknown word, a list
    short of its last item, with its first twice, with a number more or reversed."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, -1, 10**6]
    if isinstance(value, str):
        return ["x"]
    if isinstance(value, list):
        return [value[:-1], [*value, *value[:1]], [*value, 10**6], value[::-1]]
    return [0] if value is None else []


def tampered_states(game_id: str, state: Any) -> list[Any]:
    """``state`` with one value of its JSON form made wrong at a time (not its options and game id), each as the
    wire loads it (what the state schema refuses is left out)."""
    schema = game_schemas(GAMES[game_id]).state()
    doc = schema.dump(state)
    out = []
    for path in json_paths(doc):
        if not path or path[0] in ("options", "game"):
            continue
        value = doc
        for key in path:
            value = value[key]
        for wrong in wrong_values(value):
            try:
                out.append(schema.load(replaced(doc, path, wrong)))
            except ValidationError:
                continue
    return out


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_every_code_validate_gives_is_in_a_table(game_id: str) -> None:
    """The tables are compared with the enums above; a code written as a bare string escapes that comparison
    (``invalid_carry`` did), so this looks at what validate says of states wrong in one value each, their
    ``carry`` included. A Briscola chiamata auction call that was not legal has the code of a refused call,
    which the file gives with the call (as its table's text says)."""
    game = GAMES[game_id]
    text = doc_path(game_id).read_text(encoding="utf-8")
    tables = {*problem_codes(text), *problem_codes((DOCS / "README.md").read_text(encoding="utf-8"))}
    given = [
        problem
        for state in documented_states(game_id)
        for wrong in tampered_states(game_id, state)
        for problem in game.validate(wrong)
    ]
    assert len({p.code for p in given}) > 5  # the tampering reaches the game's checks
    refused_calls = {p.code for p in given if re.fullmatch(r"/auction/\d+", p.pointer)} - tables
    assert [code for code in sorted(refused_calls) if f"`{code}`" not in text] == []
    assert sorted({p.code for p in given} - tables - refused_calls) == []
    assert sorted({p.code for p in given} - set(game.checks())) == []  # the problem ``code`` enum holds them


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_every_section_has_a_worked_example(game_id: str) -> None:
    text = doc_path(game_id).read_text(encoding="utf-8")
    sections = text.split("\n## ")[1:]
    assert sections, "the file has sections"
    for section in sections:
        title = section.splitlines()[0]
        if title.startswith(EXEMPT_SECTIONS):
            continue
        worked = example_blocks("## " + section) or "**Example" in section or "<!-- example:" in section
        assert worked, f"section '{title}' of {game_id}.md has no worked example"


def test_the_docs_index_lists_every_game() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for game_id in GAMES:
        assert f"({game_id}.md)" in index and f"/v1/{game_id}/rules" in index
    assert "Rule ids" in headings(index)


def test_the_package_and_the_image_carry_the_docs() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data_files = config["tool"]["setuptools"]["data-files"]
    assert data_files["/".join(rules_docs.DATA_DIR)] == ["docs/rules/*.md"]
    assert data_files["/".join((*rules_docs.DATA_DIR, rules_docs.TABLE))] == ["docs/rules/table/*.md"]
    assert "COPY docs/rules ./docs/rules" in (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert rules_docs.SOURCE_DIR == DOCS


def test_an_installed_package_reads_the_docs_from_its_data_files(tmp_path, monkeypatch) -> None:
    """Without a source checkout, the docs come from <prefix>/share/card-arbiter/rules (the wheel's data)."""
    shared = tmp_path / "share" / "card-arbiter" / "rules"
    shared.mkdir(parents=True)
    (shared / "old-brag.md").write_text("# installed", encoding="utf-8")
    (shared / "table").mkdir()
    (shared / "table" / "old-brag.md").write_text("# installed, for a table", encoding="utf-8")

    install_data_files(
        monkeypatch,
        tmp_path,
        ("share", "card-arbiter", "rules", "old-brag.md"),
        ("share", "card-arbiter", "rules", "table", "old-brag.md"),
    )
    monkeypatch.setattr(rules_docs, "SOURCE_DIR", tmp_path / "no-checkout")
    rules_docs.rules_markdown.cache_clear()
    rules_docs.table_rules_markdown.cache_clear()
    try:
        assert rules_docs.rules_markdown("old-brag") == "# installed"
        assert rules_docs.table_rules_markdown("old-brag") == "# installed, for a table"
        assert rules_docs.rules_markdown("three-card-brag") is None
        assert rules_docs.table_rules_markdown("three-card-brag") is None
    finally:
        rules_docs.rules_markdown.cache_clear()
        rules_docs.table_rules_markdown.cache_clear()


@pytest.mark.packaging
def test_the_wheel_carries_every_rules_file(wheel) -> None:
    """`pip install .` installs docs/rules/*.md and docs/rules/table/*.md as data files (build the wheel from the
    tracked files)."""
    tracked, names = wheel
    for path in sorted(DOCS.glob("*.md")):
        if f"docs/rules/{path.name}" in tracked:
            assert f"card_arbiter-1.0.0.data/data/share/card-arbiter/rules/{path.name}" in names
    for path in sorted((DOCS / "table").glob("*.md")):
        if f"docs/rules/table/{path.name}" in tracked:
            assert f"card_arbiter-1.0.0.data/data/share/card-arbiter/rules/table/{path.name}" in names
    assert "card_arbiter-1.0.0.data/data/share/card-arbiter/conformance/manifest.json" in names  # the pack too
