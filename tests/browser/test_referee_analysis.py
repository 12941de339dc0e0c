"""The referee page's Analyse (issue 42, docs/api.md 13 and 19) in Debian's chromium: a Briscola record checked then
analysed says each decision beside its step ("Seat 0 plays 3S: a mistake, 8 points lost; best was KS", as a screen
reader reads it) and each seat's accuracy, in the same words with a script and without one; a refusal of the
service is said in words under the verdict. The numbers expected come from the JSON API's own answer."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.rules import analysis
from service.rules.registry import GAMES
from tests.browser.test_referee import api, axe_violations, expect, status
from tests.referee.test_analysis_page import DECISION, LABEL_WORDS, SEAT, table_record

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

READ = """() => [...document.querySelectorAll(%r)].map((node) => {
  const copy = node.cloneNode(true);
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return [node.closest('li[data-step]') ? Number(node.closest('li').dataset.step) : null, node.innerHTML,
          copy.textContent.replace(/\\s+/g, ' ').trim()];
})"""


def _read(page: Any, selector: str) -> list[list[Any]]:
    return list(page.evaluate(READ % selector))


def _record() -> dict[str, Any]:
    from tests.referee.test_analysis_page import _record as record

    return record(12)


def _analysed(page: Any, record: dict[str, Any]) -> None:
    page.get_by_label("Record (JSON)").fill(json.dumps(record))
    page.get_by_role("button", name="Check record").click()
    expect(status(page)).to_contain_text("The record is in progress")
    page.get_by_role("button", name="Analyse", exact=True).click()
    expect(page.get_by_role("list", name="Accuracy")).to_be_visible()


def _without_script(session: Any, path: str) -> Any:
    """A page whose script is an empty module: the page as without a script (its forms post to the server), where
    axe-core can still run (it cannot in a context with JavaScript off)."""
    page = session.page(width=390)
    page.route("**/referee/static/referee.js", lambda route: route.fulfill(body="", content_type="text/javascript"))
    page.goto(session.base + path)
    return page


def _near(said: str, value: float) -> bool:
    return abs(float(said) - value) <= 0.05 + 1e-9


def test_a_briscola_record_checked_then_analysed_says_each_decision_alike(session: Any) -> None:
    record = _record()
    answer = api(session.base, "/v1/briscola/records/analyze", {"record": record, "level": "normal"})
    lost = [d for d in answer["decisions"] if d["loss"] > 0]
    assert lost, "a record played at random loses something"
    read = {}
    for javascript in (True, False):
        if javascript:
            page = session.page("/referee/briscola", width=390)
        else:
            page = _without_script(session, "/referee/briscola")
        _analysed(page, record)
        steps = page.get_by_role("list", name="Steps").locator(":scope > li")
        expect(steps).to_have_count(len(record["actions"]))
        said = [text for _, _, text in _read(page, "#steps .analysed")]
        seats = [text for _, _, text in _read(page, "#analysis-said li")]
        read[javascript] = (_read(page, "#steps .analysed"), seats)
        assert len(said) == len(answer["decisions"])
        # a step with a loss reads like the contract's example, its numbers the API's
        first = lost[0]
        item = steps.nth(first["index"])
        expect(item.locator(".analysed")).to_contain_text(LABEL_WORDS[first["label"]])
        found = DECISION.match(said[answer["decisions"].index(first)])
        assert found, said
        seat, card, _, label, loss, best = found.groups()
        assert (int(seat), card, label) == (first["seat"], first["action"]["card"], LABEL_WORDS[first["label"]])
        assert _near(loss, first["loss"]) and best == first["best"]["action"]["card"]
        # each seat's accuracy
        for line, seat_summary in zip(seats, answer["summary"], strict=True):
            found = SEAT.match(line)
            assert found, line
            assert int(found.group(1)) == seat_summary["seat"] and _near(found.group(2), seat_summary["accuracy"])
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, "the analysed record scrolls sideways at 390 px"
        assert axe_violations(page) == []
    scripted, plain = read[True], read[False]
    assert [html for _, html, _ in scripted[0]] == [html for _, html, _ in plain[0]]  # one wording, both paths
    assert [step for step, _, _ in scripted[0]] == [d["index"] + 1 for d in answer["decisions"]]
    assert scripted[1] == plain[1]


def test_an_analysis_kept_in_the_link(session: Any) -> None:
    page = session.page("/referee/briscola")
    page.get_by_label("Record (JSON)").fill(json.dumps(_record()))
    page.get_by_role("button", name="Check record").click()
    expect(status(page)).to_contain_text("The record is in progress")
    page.get_by_role("button", name="Previous step").click()  # the step is kept beside the analysis
    page.get_by_label("Analysis level").select_option("easy")
    page.get_by_role("button", name="Analyse", exact=True).click()
    expect(page.get_by_role("list", name="Accuracy")).to_be_visible()
    link = page.get_by_label("Link to this verdict").input_value()
    assert "analyse=easy" in link
    other = session.page()
    other.goto(link)
    seats = page.get_by_role("list", name="Accuracy").get_by_role("listitem").all_inner_texts()
    expect(other.get_by_role("list", name="Accuracy").get_by_role("listitem")).to_have_text(seats)
    expect(other.locator("#steps .analysed")).to_have_count(page.locator("#steps .analysed").count())
    expect(other.get_by_label("Analysis level")).to_have_value("easy")
    expect(other.locator("#step-position")).to_have_text(page.locator("#step-position").inner_text())


def test_a_table_record_analysed_alike_with_and_without_a_script(session: Any) -> None:
    """A table record (only the turn-up seen): each seat's decisions left out said in the same words."""
    record = table_record()
    read = []
    for page in (session.page("/referee/briscola"), _without_script(session, "/referee/briscola")):
        page.get_by_label("Record (JSON)").fill(json.dumps(record))
        page.get_by_role("button", name="Check record").click()
        expect(status(page)).to_contain_text("The record is complete")
        page.get_by_label("Analysis level").select_option("easy")
        page.get_by_role("button", name="Analyse", exact=True).click()
        expect(page.get_by_role("list", name="Accuracy")).to_contain_text("left out, its cards never shown")
        read.append((_read(page, "#steps .analysed"), _read(page, "#analysis-said li")))
    assert [html for _, html, _ in read[0][0]] == [html for _, html, _ in read[1][0]]
    assert [text for _, _, text in read[0][1]] == [text for _, _, text in read[1][1]]


@pytest.mark.parametrize("javascript", [True, False])
def test_an_analysis_refused_is_said_in_words(session: Any, javascript: bool) -> None:
    """A Three Card Brag betting round too long for any level: the service's 422 said under the verdict."""
    session.problems_expected = True
    game = GAMES["three-card-brag"]
    fits = analysis.budget(game) // analysis.samples(game, "easy")
    raises = [{"seat": k % 2, "type": "raise", "amount": k} for k in range(2, fits + 3)]
    actions = [{"seat": 1, "type": "bet", "amount": 1}, *raises]
    record = {"players": 2, "dealer": 0, "seed": "long", "options": {"blind_allowed": False}, "actions": actions}
    page = session.page("/referee/three-card-brag", javascript=javascript)
    page.get_by_label("Record (JSON)").fill(json.dumps(record))
    page.get_by_role("button", name="Check record").click()
    expect(status(page)).to_contain_text("The record is in progress")
    verdict = status(page).inner_text()
    page.get_by_role("button", name="Analyse", exact=True).click()
    problem = page.locator("#analysis-said .analysis-problem")
    expect(problem).to_contain_text("No analysis: ")
    expect(problem).to_contain_text(f"{fits} at easy")
    expect(status(page)).to_have_text(verdict)  # the verdict stays
    expect(page.locator("#error-summary")).to_be_hidden()
    assert page.locator("#steps .analysed").count() == 0


def test_a_built_record_is_analysed_as_its_text(session: Any) -> None:
    """Build a record: three presses, then Analyse under its verdict: the record built, analysed as the API analyses
    its text."""
    from tests.browser.test_referee_build import press_first, record_of, start

    page = session.page("/referee/briscola")
    legal = start(page, 2, 0, "built")
    for applied in (1, 2, 3):
        press_first(page, legal, applied)
    answer = api(session.base, "/v1/briscola/records/analyze", {"notation": record_of(page), "level": "easy"})
    page.get_by_label("Analysis level").select_option("easy")
    page.get_by_role("button", name="Analyse", exact=True).click()
    seats = page.get_by_role("list", name="Accuracy").get_by_role("listitem")
    expect(seats).to_have_count(len(answer["summary"]))
    steps = [step for step, _, _ in _read(page, "#steps .analysed")]
    assert steps == [d["index"] + 1 for d in answer["decisions"]] and steps
