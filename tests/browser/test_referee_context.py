"""No change of context on input (issue 31, WCAG 2.2 SC 3.2.2): choosing a game changes the page in place with
a script (no navigation, what was typed kept, the new game's page working) and waits for "Show this game"
without one. The tests listen for navigation: a document loaded, or a mark left on the window lost."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.rules.registry import GAMES
from tests.browser.test_referee import api, axe_violations, expect, status
from tests.simulation import play

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def loads(page: Any) -> list[str]:
    """Every document the page loads from now on (a URL changed in place by the history API is no load)."""
    loaded: list[str] = []
    page.on("domcontentloaded", lambda p: loaded.append(p.url))
    return loaded


def test_choosing_a_game_changes_the_page_in_place(session: Any) -> None:
    page = session.page("/referee/briscola")
    expect(page.get_by_role("button", name="Pick cards").first).to_be_visible()  # the script runs
    page.get_by_label("Record (text)").fill('[Game "briscan"]')
    page.evaluate("window.kept = 'this document'")
    loaded = loads(page)
    page.get_by_label("Game").select_option("briscan")
    expect(page.get_by_role("heading", level=1)).to_have_text("Referee: Briscan")
    assert page.evaluate("window.kept") == "this document"
    assert loaded == []
    assert page.url.endswith("/referee/briscan")
    expect(page.get_by_label("Record (text)")).to_have_value('[Game "briscan"]')
    expect(page.get_by_label("Game")).to_be_focused()
    # the new game's page works, and only as the new game's
    record = play(GAMES["briscan"], 2, "in-place").record()
    answer = api(session.base, "/v1/briscan/records/adjudicate", {"record": record})
    page.get_by_label("Record (text)").fill("")
    page.get_by_label("Record (JSON)").fill(json.dumps(record))
    page.get_by_role("button", name="Check record").click()
    expect(status(page)).to_contain_text(f"The record is {answer['verdict'].replace('_', ' ')}")
    expect(page.get_by_role("list", name="Steps").get_by_role("listitem")).to_have_count(len(record["actions"]))
    expect(page.get_by_role("button", name="Pick cards")).to_have_count(1)  # one picker: the new module's
    # the button too stays in place, even pressed while the new game's module is still loading (held here)
    held: list[Any] = []
    page.route("**/referee/static/referee.js?page=2", lambda route: held.append(route))
    page.get_by_label("Game").select_option("briscola")
    expect(page.get_by_role("heading", level=1)).to_have_text("Referee: Briscola")
    for _ in range(500):  # until the module is asked for
        if held:
            break
        page.wait_for_timeout(10)
    page.get_by_role("button", name="Show this game").click()
    held[0].continue_()
    expect(page.get_by_role("button", name="Pick cards")).to_have_count(1)  # the new module runs
    assert page.evaluate("window.kept") == "this document"
    assert loaded == []
    assert axe_violations(page) == []


def test_without_a_script_the_select_waits_for_its_button(session: Any) -> None:
    page = session.page("/referee/briscola", javascript=False)
    loaded = loads(page)
    page.get_by_label("Game").select_option("old-brag")
    page.wait_for_timeout(300)  # what a change would have loaded by now (a test that can fail, not a timing)
    assert loaded == []
    expect(page.get_by_role("heading", level=1)).to_have_text("Referee: Briscola")
    page.get_by_role("button", name="Show this game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Referee: Old Brag")
    assert loaded
