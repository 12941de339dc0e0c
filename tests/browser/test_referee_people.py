"""The referee page as a newcomer reads it (issue 33, items 2-9; issue 28, the page's side of items 4-5): nothing
of the page's own making shows ("nullnull", a dead share box), an error stays in view, a verdict says why, the
rules and the steps are in words, one numbering, suits in their colours, and a record read as the API reads a
body. The expected words come from the JSON API's answers, never from the page's own code.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.browser.test_referee import _record, api, expect, hand, status

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def illegal_record() -> dict[str, Any]:
    record = _record()
    bad = dict(record["actions"][5])
    bad["seat"] = 1 - bad["seat"]  # not this seat's turn
    record["actions"][5] = bad
    return record


def check(page: Any, record: dict[str, Any] | str) -> None:
    page.get_by_label("Record (JSON)").fill(record if isinstance(record, str) else json.dumps(record))
    page.get_by_role("button", name="Check record").click()


# -- 2, 3, 4: nothing of the page's own making ------------------------------------------------------
def test_no_null_under_the_steps_of_an_illegal_or_unfinished_record(session: Any) -> None:
    page = session.page("/referee/briscola")
    unfinished = _record()
    unfinished["actions"] = unfinished["actions"][:7]
    for record, verdict in ((illegal_record(), "illegal"), (unfinished, "in progress")):
        check(page, record)
        expect(status(page)).to_contain_text(verdict)
        assert "null" not in page.locator("#verdict-details").inner_text()


def test_the_share_box_shows_only_with_a_verdict(session: Any) -> None:
    session.problems_expected = True
    page = session.page("/referee/old-brag")
    share = page.locator("#share")
    expect(share).to_be_hidden()
    hand(page, 1).fill("AS KS QS")
    hand(page, 2).fill("7D 7H ZZ")
    page.get_by_role("button", name="Compare").click()
    expect(page.locator("#error-summary")).to_be_visible()
    expect(share).to_be_hidden()
    hand(page, 2).fill("7D 7H 2C")
    page.get_by_role("button", name="Compare").click()
    expect(status(page)).to_contain_text("wins")
    expect(page.get_by_role("button", name="Copy link")).to_be_visible()
    plain = session.page("/referee/old-brag", javascript=False)
    hand(plain, 1).fill("AS KS QS")
    hand(plain, 2).fill("7D 7H 2C")
    plain.get_by_role("button", name="Compare").click()
    expect(status(plain)).to_contain_text("wins")
    expect(plain.get_by_role("button", name="Copy link")).to_be_hidden()  # it needs the script


def test_after_a_typo_the_error_summary_stays_in_view(session: Any) -> None:
    session.problems_expected = True
    page = session.page("/referee/old-brag")
    hand(page, 1).fill("AS KS QS")
    hand(page, 2).fill("7D 7H ZZ")
    page.get_by_role("button", name="Compare").click()
    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(summary).to_be_in_viewport()
    page.wait_for_timeout(300)  # any scroll the submit started has ended
    expect(summary).to_be_in_viewport()


# -- issue 28: a record as the API reads a body; the fragment's step -----------------------------------
def test_a_record_naming_a_key_twice_is_refused_as_the_api_refuses_it(session: Any) -> None:
    session.problems_expected = True
    page = session.page("/referee/briscola")
    text = json.dumps(_record()).replace('"players": 2', '"players": 2, "players": 3', 1)
    check(page, text)
    expect(page.locator("#record-error")).to_contain_text("given twice")
    expect(page.get_by_label("Record (JSON)")).to_have_attribute("aria-invalid", "true")
    check(page, json.dumps({"record": _record(), "views": [0]}))
    expect(status(page)).to_contain_text("complete")


def test_a_step_in_the_fragment_that_is_no_number_is_the_last_step(session: Any) -> None:
    record = _record()
    n = len(record["actions"])
    page = session.page()
    for step, shown in (("abc", n), ("-3", n), ("2", 2), (str(n + 9), n)):
        fragment = urlencode({"game": "briscola", "view": "record", "record": json.dumps(record), "step": step})
        page.goto(f"{session.base}/referee/briscola#{fragment}")
        expect(page.locator("#step-position")).to_have_text(f"Step {shown} of {n}")
        page.goto("about:blank")


def test_an_option_past_a_number_the_script_holds_is_refused_at_its_field(session: Any) -> None:
    session.problems_expected = True
    page = session.page("/referee/old-brag")
    hand(page, 1).fill("AS KS QS")
    hand(page, 2).fill("2C 3D 5H")
    page.locator("summary", has_text="House rules").click()
    page.get_by_label("ante", exact=True).fill("9" * 5000)
    page.get_by_role("button", name="Compare").click()
    expect(page.get_by_label("ante", exact=True)).to_have_attribute("aria-invalid", "true")
    expect(status(page)).to_contain_text("No verdict")


# -- 5: a trick verdict says why ---------------------------------------------------------------------
@pytest.mark.parametrize("javascript", [True, False])
def test_a_trick_verdict_shows_the_cards_in_order_and_why(session: Any, javascript: bool) -> None:
    page = session.page("/referee/briscola", javascript=javascript)
    page.get_by_label("Trump").select_option("D")
    page.get_by_label("Cards in play order").fill("3H, A-denari 2s")
    page.get_by_role("button", name="Who takes the trick").click()
    answer = api(session.base, "/v1/briscola/tricks/winner", {"trump": "D", "cards": ["3H", "AD", "2S"]})
    expect(status(page)).to_contain_text(f"Card {answer['winner'] + 1} takes the trick")
    expect(status(page)).to_contain_text("the highest trump played")
    cards = page.get_by_role("list", name="The trick, card by card").get_by_role("listitem")
    expect(cards).to_have_count(3)
    expect(cards.nth(0)).to_contain_text("Card 1")
    expect(cards.nth(0)).to_contain_text("3H")
    expect(cards.nth(0)).to_contain_text("led")
    expect(cards.nth(answer["winner"])).to_contain_text("a trump: takes the trick")
    expect(cards.nth(2)).to_contain_text("another suit: cannot win")
    expect(page.locator("#verdict-details")).to_contain_text("Trump: ♦ diamonds. Led: ♥ hearts.")


# -- 8: one numbering --------------------------------------------------------------------------------
def test_actions_count_from_1_and_seats_from_0(session: Any) -> None:
    session.problems_expected = True
    record = illegal_record()
    answer = api(session.base, "/v1/briscola/records/adjudicate", {"record": record})
    index, seat = answer["error"]["index"], record["actions"][answer["error"]["index"]]["seat"]
    page = session.page("/referee/briscola")
    check(page, record)
    expect(status(page)).to_contain_text(f"action {index + 1} is illegal")
    items = page.get_by_role("list", name="Steps").get_by_role("listitem")
    expect(items.nth(index)).to_contain_text(f"Illegal (action {index + 1}): Seat {seat}:")
    expect(page.locator("#step-position")).to_have_text(f"Step {index} of {index}")
    expect(items.first).to_contain_text(f"Seat {record['actions'][0]['seat']}:")
    record["actions"][3] = {"seat": 0, "type": "play", "card": "ZZ"}
    check(page, record)
    expect(page.locator("#record-error")).to_contain_text("Record, action 4")


# -- 9: suits in their colours, beside their symbols and letters -------------------------------------
def test_suits_are_coloured_and_still_pass_axe(session: Any) -> None:
    from tests.browser.test_referee import axe_violations

    page = session.page("/referee/old-brag", width=390)
    hand(page, 1).fill("AH KD QS")
    hand(page, 2).fill("2C 3C 4S")
    page.get_by_role("button", name="Compare").click()
    expect(status(page)).to_contain_text("wins")
    colour = "el => getComputedStyle(el).color"
    red = page.locator(".card", has_text="AH").first.evaluate(colour)
    assert red == page.locator(".card", has_text="KD").first.evaluate(colour)
    dark = page.locator(".card", has_text="QS").first.evaluate(colour)
    assert dark == page.locator(".card", has_text="2C").first.evaluate(colour) and red != dark
    expect(page.locator(".card", has_text="AH").first).to_contain_text("A♥")  # never colour alone
    page.get_by_role("button", name="Pick cards for Hand 1").click()
    assert page.locator(".pick-card[data-card=KH]").evaluate(colour) == red
    assert not axe_violations(page)
    italian = session.page("/referee/briscola", width=390)
    italian.get_by_label("Cards in play order").fill("AD 3H 2S KC")
    italian.get_by_role("button", name="Who takes the trick").click()
    expect(status(italian)).to_contain_text("takes the trick")
    seen = {c: italian.locator(".trick .card", has_text=c).evaluate(colour) for c in ("AD", "3H", "2S", "KC")}
    assert len(set(seen.values())) == 4, seen  # denari, coppe, spade, bastoni: four colours
    assert not axe_violations(italian)
