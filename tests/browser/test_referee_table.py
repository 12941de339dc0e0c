"""The referee page judges a record from a real table (issue 41, docs/api.md sections 13 and 18), with and without
a script: a Three Card Brag record whose seen seat never showed its hand says which seat must show; an illegal
one says what proves it. The expected words come from the JSON API's answers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_referee import api, axe_violations, expect, status
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


def _table_cards(base: str, seen: dict[str, Any]) -> list[str]:
    """A Briscola deal from what a table sees played to the end through the API: each seat plays the first card
    it may hold (the turn-up by the seat that drew it)."""
    state = api(base, "/v1/briscola/deals", {"players": 2, "dealer": 0, "seen": seen})["state"]
    played: list[str] = []
    while True:
        listed = api(base, "/v1/briscola/legal-actions", {"state": state})
        if listed["to_act"] is None or not listed["actions"]:
            return played
        action = next(a for a in listed["actions"] if a["card"] != "??")
        played.append(action["card"])
        state = api(base, "/v1/briscola/actions", {"state": state, "action": action})["state"]


def test_a_briscola_deal_built_with_cards_unseen_is_complete_with_the_score(session: Any) -> None:
    seen = {"turn_up": "5D"}
    played = _table_cards(session.base, seen)
    assert len(played) == 40 and "5D" in played
    page = session.page("/referee/briscola")
    page.get_by_label("Cards unseen").check()
    page.get_by_label("Turn-up", exact=True).fill(seen["turn_up"])
    page.get_by_role("button", name="Start").click()
    legal = page.get_by_role("group", name="Legal actions")
    expect(legal).to_have_attribute("data-applied", "0")
    expect(legal.get_by_role("button")).to_have_count(1)  # one Card field, not a button per card
    assert axe_violations(page) == []
    for n, card in enumerate(played, start=1):
        legal.get_by_label("Card", exact=True).fill(card.lower())
        legal.get_by_role("button").first.click()
        expect(legal).to_have_attribute("data-applied", str(n))
    record = api(
        session.base,
        "/v1/briscola/records/parse",
        {"notation": page.get_by_label("The record so far (text)").input_value()},
    )["record"]
    assert record["seen"]["turn_up"] == "5D" and "seed" not in record
    judged = api(session.base, "/v1/briscola/records/adjudicate", {"record": record})
    assert judged["verdict"] == "complete" and [a["card"] for a in record["actions"]] == played
    result = judged["result"]
    winners, points = result["winners"], result["points"]
    expect(status(page)).to_contain_text("The record is complete: ")
    if winners:
        rest = [p for i, p in enumerate(points) if i not in winners]
        expect(status(page)).to_contain_text(f"{points[winners[0]]} to {rest[0]}")
