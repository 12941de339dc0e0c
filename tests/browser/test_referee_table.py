"""The referee page judges a record from a real table (issue 41, docs/api.md sections 13 and 18), with and without
a script: a Three Card Brag record whose seen seat never showed its hand says which seat must show; an illegal
one says what proves it. The expected words come from the JSON API's answers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_referee import api, expect, status
from tests.browser.test_referee_text import notation
from tests.referee.test_table_verdicts import RENEGE, UNSHOWN

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _text(base: str, game_id: str, record: dict[str, Any]) -> str:
    return str(api(base, f"/v1/{game_id}/records/format", {"record": record})["notation"])


@pytest.mark.parametrize("javascript", [True, False])
def test_a_three_card_brag_hand_unshown_says_which_seat_must_show(session: Any, javascript: bool) -> None:
    answer = api(session.base, "/v1/three-card-brag/records/adjudicate", {"record": UNSHOWN})
    (missing,) = answer["missing"]
    page = session.page("/referee/three-card-brag", javascript=javascript)
    page.get_by_label("Record (text)").fill(_text(session.base, "three-card-brag", UNSHOWN))
    page.get_by_role("button", name="Check record").click()
    expect(status(page)).to_have_text(
        f"The record is undecided: seat {missing['seat']} must show its three cards to decide the deal."
    )
    steps = page.get_by_role("list", name="Steps").get_by_role("listitem")
    expect(steps).to_have_count(len(UNSHOWN["actions"]))


@pytest.mark.parametrize("javascript", [True, False])
def test_an_illegal_table_record_says_what_proves_it(session: Any, javascript: bool) -> None:
    proof = api(session.base, "/v1/briscola/records/adjudicate", {"record": RENEGE})["error"]["proof"]
    page = session.page("/referee/briscola", javascript=javascript)
    page.get_by_label("Record (text)").fill(notation(session.base, RENEGE))
    page.get_by_role("button", name="Check record").click()
    error = api(session.base, "/v1/briscola/records/adjudicate", {"notation": notation(session.base, RENEGE)})["error"]
    expect(status(page)).to_contain_text(
        f"The record is illegal: in action 2 (line {error['line']}, column {error['column']}) seat 0 plays "
    )
    numbers = [i + 1 for i in proof["actions"]]
    expect(status(page)).to_contain_text(f"Proved by action{'s' if len(numbers) > 1 else ''} ")
    expect(status(page)).to_contain_text(f"{numbers[-1]}, with the hands seen: ")
    expect(status(page)).to_contain_text("seat 1 holding AS")
