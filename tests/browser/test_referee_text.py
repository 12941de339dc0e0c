"""The referee page takes a record as text (issue 31, docs/api.md sections 13 and 16): typed, pasted or from a file
of either kind, told apart by its content; a text that does not parse shown at its line and column (the line
quoted, the word marked, the field invalid), with and without a script. The expected words come from the JSON
API's answers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.browser.test_referee import _record, api, axe_violations, expect, status

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def notation(base: str, record: dict[str, Any]) -> str:
    return str(api(base, "/v1/briscola/records/format", {"record": record})["notation"])


def broken(text: str) -> str:
    """The text with its last card no card at all."""
    lines = text.splitlines()
    word = lines[-1].split()[-1]
    lines[-1] = lines[-1][: -len(word)] + "ZZ"
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("javascript", [True, False])
def test_a_record_typed_as_text(session: Any, javascript: bool) -> None:
    record = _record()
    answer = api(session.base, "/v1/briscola/records/adjudicate", {"record": record})
    page = session.page("/referee/briscola", javascript=javascript)
    page.get_by_label("Record (text)").fill(notation(session.base, record))
    page.get_by_role("button", name="Check record").click()
    expect(status(page)).to_contain_text(f"The record is {answer['verdict'].replace('_', ' ')}")
    steps = page.get_by_role("list", name="Steps").get_by_role("listitem")
    expect(steps).to_have_count(len(record["actions"]))
    if javascript:  # axe runs as a script
        assert axe_violations(page) == []


def test_a_file_of_either_kind(session: Any, tmp_path: Path) -> None:
    record = _record()
    answer = api(session.base, "/v1/briscola/records/adjudicate", {"record": record})
    page = session.page("/referee/briscola")
    for name, text in (("r.txt", notation(session.base, record)), ("r.json", json.dumps(record))):
        (tmp_path / name).write_text(text, encoding="utf-8")
        page.get_by_label("Open a record file").set_input_files(str(tmp_path / name))
        expect(status(page)).to_contain_text(f"The record is {answer['verdict']}")
        filled = "Record (text)" if name.endswith(".txt") else "Record (JSON)"
        other = "Record (JSON)" if name.endswith(".txt") else "Record (text)"
        expect(page.get_by_label(filled)).to_have_value(text)
        expect(page.get_by_label(other)).to_have_value("")


@pytest.mark.parametrize("javascript", [True, False])
def test_a_text_error_at_its_line_and_column(session: Any, javascript: bool) -> None:
    session.problems_expected = True
    text = broken(notation(session.base, _record()))
    problem = requests.post(
        session.base + "/v1/briscola/records/adjudicate", json={"notation": text}, timeout=30
    ).json()
    at = problem["errors"][0]
    assert at["line"] == len(text.splitlines())
    page = session.page("/referee/briscola", javascript=javascript)
    field = page.get_by_label("Record (text)")
    field.fill(text)
    page.get_by_role("button", name="Check record").click()
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#record-text-error")).to_contain_text(f"line {at['line']}, column {at['column']}")
    where = page.locator("#record-text-where")
    expect(where).to_be_visible()
    expect(where.locator("mark")).to_have_text("ZZ")
    quoted, caret = (where.text_content() or "").split("\n")
    assert quoted.endswith(text.splitlines()[at["line"] - 1])
    assert caret.index("^") == at["column"] - 1
    expect(status(page)).to_contain_text("No verdict")
    if javascript:  # axe runs as a script
        assert axe_violations(page) == []


def test_an_illegal_text_names_the_line_and_a_link_keeps_the_text(session: Any) -> None:
    record = _record()
    record["actions"][5] = {**record["actions"][5], "seat": 1 - record["actions"][5]["seat"]}
    text = notation(session.base, record)
    error = api(session.base, "/v1/briscola/records/adjudicate", {"notation": text})["error"]
    page = session.page("/referee/briscola")
    page.get_by_label("Record (text)").fill(text)
    page.get_by_role("button", name="Check record").click()
    expect(status(page)).to_contain_text(f"in action 6 (line {error['line']}, column {error['column']}) seat ")
    illegal = page.get_by_role("list", name="Steps").get_by_role("listitem").last
    expect(illegal).to_contain_text(f"(action 6, line {error['line']}, column {error['column']})")
    again = session.page()
    again.goto(page.url)
    expect(status(again)).to_contain_text("in action 6 (line ")
    expect(again.get_by_label("Record (text)")).to_have_value(text)


@pytest.mark.parametrize(("game_id", "players"), [("briscola", 2), ("three-card-brag", 3)])
def test_the_verdict_says_the_score_with_and_without_a_script(session: Any, game_id: str, players: int) -> None:
    record = _record(game_id, players, "score")
    result = api(session.base, f"/v1/{game_id}/records/adjudicate", {"record": record})["result"]
    key = "points" if "points" in result else "payouts"
    (winner,) = result["winners"]
    said = []
    for javascript in (True, False):
        page = session.page(f"/referee/{game_id}", javascript=javascript)
        page.get_by_label("Record (JSON)").fill(json.dumps(record))
        page.get_by_role("button", name="Check record").click()
        expect(status(page)).to_contain_text(f"Seat {winner} wins, {result[key][winner]} to ")
        said.append(status(page).inner_text())
    assert said[0] == said[1]
