"""The steps in words (issue 31): every event type of every game, in records of real playthroughs, said in the
same words by the page with a script and by the page without one (one table of sentences, rendered twice)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.rules.registry import GAMES
from tests.browser.test_referee import axe_violations, expect, status
from tests.referee.said_records import covering

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SAID = "[...document.querySelectorAll('#verdict .said')].map((node) => node.innerHTML)"


def said(page: Any, record: dict[str, Any], javascript: bool) -> list[str]:
    """The page's sentences (as the browser holds them) of a record checked as JSON."""
    if javascript:  # the same page again: the verdict before must not count
        page.evaluate("document.getElementById('status').textContent = ''")
    page.get_by_label("Record (JSON)").fill(json.dumps(record))
    page.get_by_label("Record (text)").fill("")
    page.get_by_role("button", name="Check record").click()
    expect(status(page)).to_contain_text("The record is")
    steps = page.get_by_role("list", name="Steps").locator(":scope > li")
    expect(steps).to_have_count(len(record["actions"]))
    return list(page.evaluate(SAID))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_event_is_said_alike_with_and_without_a_script(session: Any, game_id: str) -> None:
    scripted = session.page(f"/referee/{game_id}")
    plain = session.page(f"/referee/{game_id}", javascript=False)
    for record in covering(GAMES[game_id]):
        with_script, without = said(scripted, record, True), said(plain, record, False)
        assert with_script == without
        assert len(without) == len(record["actions"]) + 1  # the deal, then one sentence a step
        assert all(s and not s.startswith(("deal ", "ante ")) for s in without)  # never the fields' dump
    if game_id in ("broggin", "old-brag"):  # native words in the steps
        assert scripted.locator("#steps [lang]").count() > 0
    assert axe_violations(scripted) == []


ILLEGAL = "[...document.querySelectorAll('#verdict li.illegal')].map((node) => node.innerHTML.trim())"


@pytest.mark.parametrize("game_id", ["briscola", "three-card-brag", "briscan"])
def test_an_illegal_action_and_what_was_legal_said_alike(session: Any, game_id: str) -> None:
    session.problems_expected = True
    record = next(r for r in covering(GAMES[game_id]) if len(r["actions"]) >= 2)
    tried = record["actions"][1]
    record = {
        **record,
        "actions": [record["actions"][0], {**tried, "seat": 1 - tried["seat"] if tried["seat"] < 2 else 0}],
    }
    read = []
    for javascript in (True, False):
        page = session.page(f"/referee/{game_id}", javascript=javascript)
        page.get_by_label("Record (JSON)").fill(json.dumps(record))
        page.get_by_role("button", name="Check record").click()
        expect(status(page)).to_contain_text("illegal")
        read.append(page.evaluate(ILLEGAL))
    assert read[0] == read[1] and len(read[0]) == 1
    assert "Legal there: Seat " in read[0][0] and ": play " not in read[0][0]  # words, never the fields' dump
