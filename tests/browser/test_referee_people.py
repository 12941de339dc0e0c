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

from tests.browser.test_referee import _record, expect, hand, status

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
