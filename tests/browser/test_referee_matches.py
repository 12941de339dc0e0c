"""Matches on the referee page (issue 31, docs/api.md sections 13 and 15): a match pasted as JSON or as text gets its
verdict sentence with the score, the standings as a table, and each deal with its own verdict and steps
(collapsed but reachable), the deciding deal marked; an illegal one says which deal and which step. With and
without a script. The expected words come from the JSON API's answers."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from service.rules.registry import GAMES
from tests.browser.test_referee import ROOT, api, axe_violations, expect, status
from tests.browser.test_referee_people import png_width
from tests.simulation import play_match

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def briscola_match() -> dict[str, Any]:
    """A Briscola match to two deals, played to its end (two deals or three)."""
    return play_match(GAMES["briscola"], 2, "page-match", 3, {"deals_to_win": 2}).match()


def check(page: Any, text: str, field: str) -> None:
    other = "Record (text)" if field == "Record (JSON)" else "Record (JSON)"
    page.get_by_label(other).fill("")
    page.get_by_label(field).fill(text)
    page.get_by_role("button", name="Check record").click()


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("written", ["json", "text"])
def test_a_complete_match(session: Any, javascript: bool, written: str) -> None:
    match = briscola_match()
    answer = api(session.base, "/v1/briscola/matches/adjudicate", {"match": match})
    assert answer["verdict"] == "complete"
    won = {s["seat"]: s["deals_won"] for s in answer["standings"]}
    (winner,) = answer["winners"]
    (loser,) = set(won) - {winner}
    page = session.page("/referee/briscola", javascript=javascript)
    if written == "json":
        check(page, json.dumps(match), "Record (JSON)")
    else:
        check(page, api(session.base, "/v1/briscola/records/format", {"match": match})["notation"], "Record (text)")
    said = f"The match is complete: seat {winner} wins, {won[winner]} deals to {won[loser]}."
    expect(status(page)).to_have_text(said)
    standings = page.get_by_role("table", name="Standings")
    expect(standings.get_by_role("row")).to_have_count(1 + len(won))
    expect(standings.get_by_role("row", name=f"Seat {winner}")).to_contain_text(str(won[winner]))
    deals = page.locator("#verdict details")
    expect(deals).to_have_count(len(match["deals"]))
    decided = answer["decided_by"]
    expect(deals.nth(decided).locator("summary")).to_contain_text(f"Deal {decided} is complete")
    expect(deals.nth(decided).locator("summary")).to_contain_text("The deciding deal")
    expect(page.locator("#verdict summary", has_text="The deciding deal")).to_have_count(1)
    first = page.get_by_role("list", name="Steps of deal 0")
    expect(first).to_be_hidden()  # collapsed, but reachable
    deals.first.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(first).to_be_visible()
    expect(first.get_by_role("listitem")).to_have_count(len(match["deals"][0]["actions"]))
    expect(first.get_by_role("listitem").first).to_contain_text(f"Seat {match['deals'][0]['actions'][0]['seat']} plays")
    if javascript:
        assert axe_violations(page) == []


@pytest.mark.parametrize("javascript", [True, False])
def test_a_match_illegal_before_its_last_deal(session: Any, javascript: bool) -> None:
    session.problems_expected = True
    match = briscola_match()
    assert len(match["deals"]) >= 2
    deal = match["deals"][0]
    played = deal["actions"][5]
    hand = next(a["card"] for a in deal["actions"][6:] if a["seat"] != played["seat"])
    deal["actions"][5] = {**played, "card": hand}  # a card the other seat holds
    answer = api(session.base, "/v1/briscola/matches/adjudicate", {"match": match})
    assert answer["verdict"] == "illegal" and answer["error"]["deal"] == 0 and answer["error"]["index"] == 5
    error = answer["error"]
    page = session.page("/referee/briscola", javascript=javascript)
    check(page, json.dumps(match), "Record (JSON)")
    expect(status(page)).to_contain_text(f"The match is illegal: in deal 0, action 6 seat {played['seat']} plays ")
    expect(status(page)).to_contain_text(f", but {error['message'].rstrip('.')}.")
    expect(status(page)).not_to_contain_text(error["code"])  # beside the sentence, for those who want it
    expect(page.locator("#why-code")).to_contain_text(f"Code {error['code']}, rule {error['rule']}")
    deals = page.locator("#verdict details")
    expect(deals).to_have_count(len(answer["deals"]))
    steps = page.get_by_role("list", name="Steps of deal 0")
    expect(steps).to_be_visible()  # the illegal deal opens by itself
    illegal = steps.get_by_role("listitem").last
    expect(illegal).to_contain_text("Illegal (action 6)")
    expect(illegal.get_by_role("link", name=error["rule"])).to_have_attribute(
        "href", f"/referee/briscola/rules#{error['rule']}"
    )
    expect(page.locator("#verdict summary", has_text="The deciding deal")).to_have_count(0)
    if javascript:
        assert axe_violations(page) == []


def test_a_briscan_match_says_the_game_score(session: Any) -> None:
    match = play_match(GAMES["briscan"], 2, "page-game", 30, {"target_score": 300}).match()
    answer = api(session.base, "/v1/briscan/matches/adjudicate", {"match": match})
    assert answer["verdict"] == "complete"
    (winner,) = answer["winners"]
    score = answer["deals"][answer["decided_by"]]["result"]["game"]["score"]
    page = session.page("/referee/briscan")
    check(page, json.dumps(match), "Record (JSON)")
    expect(status(page)).to_have_text(
        f"The match is complete: seat {winner} wins the game, {score[winner]} to {score[1 - winner]}."
    )


def test_a_match_reads_alike_with_and_without_a_script(session: Any) -> None:
    match = briscola_match()
    read = []
    for javascript in (True, False):
        page = session.page("/referee/briscola", javascript=javascript)
        check(page, json.dumps(match), "Record (JSON)")
        expect(status(page)).to_contain_text("The match is complete")
        expect(page.locator("#verdict details")).to_have_count(len(match["deals"]))
        read.append(
            page.evaluate(
                "[...document.querySelectorAll('#verdict summary, #verdict .said, #verdict td, #verdict th')]"
                ".map((node) => node.innerHTML.trim())"
            )
        )
    assert read[0] == read[1]


# -- the README's screenshot of a match verdict ------------------------------------------------------------
MATCH_SHOT = ROOT / "docs" / "referee-match.png"


def test_a_match_verdict_at_390_px(session: Any, tmp_path: Path) -> None:
    """A complete Briscola match at a phone's width: the verdict sentence with the score, the standings and
    the deals, nothing wider than the screen, axe-core clean. Set
    ``CARD_ARBITER_MATCH_SCREENSHOT=docs/referee-match.png`` to write the README's screenshot (the verdict
    down to the last deal's summary, 390 px wide)."""
    match = briscola_match()
    page = session.page("/referee/briscola", width=390)
    check(page, json.dumps(match), "Record (JSON)")
    expect(status(page)).to_contain_text("The match is complete: seat")
    expect(page.get_by_role("table", name="Standings")).to_be_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, "the page scrolls sideways at 390 px"
    assert axe_violations(page) == []
    shot = os.environ.get("CARD_ARBITER_MATCH_SCREENSHOT")
    path = ROOT / shot if shot else tmp_path / "match.png"
    top, bottom = page.evaluate(
        "[document.getElementById('verdict').getBoundingClientRect().top + scrollY,"
        " [...document.querySelectorAll('#verdict details')].pop().getBoundingClientRect().bottom + scrollY]"
    )
    page.screenshot(path=str(path), full_page=True, clip={"x": 0, "y": top, "width": 390, "height": bottom - top + 16})
    assert png_width(path.read_bytes()) == png_width(MATCH_SHOT.read_bytes()) == 390  # the README's is this one
