"""Every foreign word marked (issue 31, WCAG 2.2 SC 3.1.2): every term of the game's names tables in another
language that a verdict says (Broggin's descriptions: "Triss", "Narren", "Köpmannen"; the steps' names) sits
inside an element with its ``lang``, with and without a script. axe-core cannot see this; the test reads the
verdict's text outside every marked element."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from service.rules import names
from service.rules.registry import GAMES
from tests.browser.test_referee import expect, fill_hands, status
from tests.referee.said_records import covering

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

UNMARKED = """(() => {
  const verdict = document.getElementById("verdict").cloneNode(true);
  for (const node of verdict.querySelectorAll("[lang], .step-table, .rules-table, .seats-table")) node.remove();
  return verdict.textContent;
})()"""
MARKED = "[...document.querySelectorAll('#verdict [lang]')].map((n) => [n.lang, n.textContent])"


def foreign(game_id: str) -> dict[str, str]:
    """Every term of the game's tables in another language that is no English term of the game."""
    table = names.table(game_id)
    english = {t.text.lower() for kinds in table[names.ENGLISH].values() for t in kinds.values()}
    return {
        t.text: lang
        for lang, kinds in table.items()
        if lang != names.ENGLISH
        for terms in kinds.values()
        for t in terms.values()
        if t.text.lower() not in english and len(t.text) > 1
    }


def english(game_id: str) -> list[str]:
    """The game's English terms, the longest first ("Pot I" holds the Serbian "Pot" and is English)."""
    terms = {t.text for kinds in names.table(game_id)[names.ENGLISH].values() for t in kinds.values()}
    return sorted(terms, key=len, reverse=True)


def unmarked(page: Any, game_id: str) -> list[str]:
    text = page.evaluate(UNMARKED)
    for term in english(game_id):
        text = re.sub(rf"(?<![^\W_]){re.escape(term)}(?![^\W_])", " ", text)
    return [t for t in foreign(game_id) if re.search(rf"(?<![^\W_]){re.escape(t)}(?![^\W_])", text)]


@pytest.mark.parametrize("javascript", [True, False])
def test_broggin_descriptions_mark_their_swedish(session: Any, javascript: bool) -> None:
    page = session.page("/referee/broggin", javascript=javascript)
    fill_hands(page, "Witch Fool KCo KSw", "1Sw 1St Merchant 5Cu")
    page.get_by_role("button", name="Compare").click()
    expect(status(page)).to_contain_text("wins")
    assert unmarked(page, "broggin") == []
    said = dict((text, lang) for lang, text in page.evaluate(MARKED))
    for term in ("Triss", "Ett par", "Häxan", "Narren", "Köpmannen"):
        assert said.get(term) == "sv", (term, said)


@pytest.mark.parametrize("game_id", ["broggin", "old-brag", "briscan", "briscola-chiamata"])
def test_the_steps_mark_every_foreign_word(session: Any, game_id: str) -> None:
    page = session.page(f"/referee/{game_id}")
    seen = []
    for record in covering(GAMES[game_id]):
        page.get_by_label("Record (JSON)").fill(json.dumps(record))
        page.get_by_role("button", name="Check record").click()
        expect(page.get_by_role("list", name="Steps").locator(":scope > li")).to_have_count(len(record["actions"]))
        assert unmarked(page, game_id) == []
        seen += page.evaluate(MARKED)
    assert seen  # a test that can fail: the games' own words are said, and marked
