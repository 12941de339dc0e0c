"""Build a record by pressing buttons (issue 31, docs/api.md section 13): players, dealer and seed, then each legal
action of the seat to act as a button in the group "Legal actions"; Undo, the record's text growing, the verdict
after every step, Next deal with the result's carry, and a Hint from actions/suggest. The expected words come
from the JSON API's answers."""

from __future__ import annotations

import re
from typing import Any

import pytest
import requests

from tests.browser.test_referee import api, axe_violations, expect, status

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def start(page: Any, players: int, dealer: int, seed: str) -> Any:
    page.get_by_label("Players", exact=True).fill(str(players))
    page.get_by_label("Dealer", exact=True).fill(str(dealer))
    page.get_by_label("Seed", exact=True).fill(seed)
    page.get_by_role("button", name="Start").click()
    legal = page.get_by_role("group", name="Legal actions")
    expect(legal).to_have_attribute("data-applied", "0")
    return legal


def press_first(page: Any, legal: Any, applied: int) -> None:
    legal.locator("#legal-list > button").first.click()
    expect(legal).to_have_attribute("data-applied", str(applied))


def record_of(page: Any) -> str:
    return str(page.get_by_label("The record so far (text)").input_value())


def test_a_briscola_deal_built_by_buttons_takes_40_presses(session: Any) -> None:
    page = session.page("/referee/briscola")
    legal = start(page, 2, 0, "built")
    deal = api(session.base, "/v1/briscola/deals", {"players": 2, "dealer": 0, "seed": "built"})
    listed = api(session.base, "/v1/briscola/legal-actions", {"state": deal["state"]})
    buttons = legal.get_by_role("button")
    expect(buttons).to_have_count(len(listed["actions"]))
    first = listed["actions"][0]
    expect(buttons.first).to_have_accessible_name(f"Seat {first['seat']} plays {first['card']}")
    expect(page.get_by_text(f"seat {listed['to_act']} to act")).to_be_visible()
    expect(page.get_by_role("link", name="the verdict and the steps so far")).to_have_attribute("href", "#verdict")
    assert axe_violations(page) == []
    actions = []
    for n in range(1, 41):
        assert not page.get_by_role("status").inner_text().startswith("The record is complete")
        press_first(page, legal, n)
        if n < 40:
            expect(status(page)).to_have_text(f"The record is in progress: {n} actions applied, all legal.")
    expect(buttons).to_have_count(0)
    expect(status(page)).to_contain_text("The record is complete: ")
    text = record_of(page)
    assert text.count(" play ") == 40
    record = api(session.base, "/v1/briscola/records/parse", {"notation": text})["record"]
    actions = record["actions"]
    judged = api(session.base, "/v1/briscola/records/adjudicate", {"record": record})
    assert judged["verdict"] == "complete" and judged["applied"] == 40 == len(actions)
    expect(page.get_by_role("list", name="Steps").get_by_role("listitem")).to_have_count(40)
    assert axe_violations(page) == []


def test_undo_takes_the_last_press_back(session: Any) -> None:
    page = session.page("/referee/briscola")
    legal = start(page, 2, 1, "undo")
    before = record_of(page)
    names = legal.get_by_role("button").all_inner_texts()
    press_first(page, legal, 1)
    press_first(page, legal, 2)
    expect(status(page)).to_have_text("The record is in progress: 2 actions applied, all legal.")
    assert record_of(page).count(" play ") == 2
    page.get_by_role("button", name="Undo").click()
    expect(legal).to_have_attribute("data-applied", "1")
    expect(status(page)).to_have_text("The record is in progress: 1 actions applied, all legal.")
    assert record_of(page).count(" play ") == 1
    page.get_by_role("button", name="Undo").click()
    expect(legal).to_have_attribute("data-applied", "0")
    expect(page.get_by_label("The record so far (text)")).to_have_value(before)
    assert legal.get_by_role("button").all_inner_texts() == names
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()


def test_next_deal_carries_the_result_on(session: Any) -> None:
    page = session.page("/referee/briscola")
    legal = start(page, 2, 0, "next")
    for n in range(1, 41):
        press_first(page, legal, n)
    expect(status(page)).to_contain_text("The record is complete")
    next_deal = page.get_by_role("button", name="Next deal")
    expect(next_deal).to_be_enabled()
    next_deal.click()
    expect(page.get_by_text("Deal 1, 0 actions so far")).to_be_visible()
    text = record_of(page)
    match = api(session.base, "/v1/briscola/records/parse", {"notation": text})["match"]
    assert [d["dealer"] for d in match["deals"]] == [0, 1]
    assert match["deals"][1]["seed"] == "next/1" and match["deals"][1]["actions"] == []
    answer = api(session.base, "/v1/briscola/matches/adjudicate", {"match": match})
    expect(status(page)).to_have_text("The match is in progress: 2 deals played, the match not decided yet.")
    assert answer["verdict"] == "in_progress" and answer["deals"][1]["carry"] == answer["deals"][0]["result"]["carry"]
    deal = api(
        session.base,
        "/v1/briscola/deals",
        {"players": 2, "dealer": 1, "seed": "next/1", "carry": answer["deals"][0]["result"]["carry"]},
    )
    listed = api(session.base, "/v1/briscola/legal-actions", {"state": deal["state"]})
    first = listed["actions"][0]
    expect(legal.get_by_role("button").first).to_have_accessible_name(f"Seat {first['seat']} plays {first['card']}")
    press_first(page, legal, 41)
    expect(page.get_by_role("list", name="Steps of deal 1").get_by_role("listitem")).to_have_count(1)
    assert axe_violations(page) == []


def test_hint_says_what_the_service_suggests_and_why(session: Any) -> None:
    page = session.page("/referee/briscola")
    legal = start(page, 2, 0, "hint")
    press_first(page, legal, 1)
    text = record_of(page)
    record = api(session.base, "/v1/briscola/records/parse", {"notation": text})["record"]
    state = api(session.base, "/v1/briscola/records/adjudicate", {"record": record})["state"]
    hint = api(session.base, "/v1/briscola/actions/suggest", {"state": state})
    page.get_by_role("button", name="Hint").click()
    action = hint["action"]
    expect(page.locator("#build-hint-said")).to_contain_text(f"Hint: Seat {action['seat']} plays")
    considered = page.get_by_role("list", name="Considered").get_by_role("listitem")
    expect(considered).to_have_count(len(hint["considered"]))
    best = hint["considered"][0]
    expect(considered.first).to_contain_text(f"{best['value']} expected points")
    expect(considered.first).not_to_contain_text("samples")  # a programmer's word (issue 43 item 4)
    expect(considered.first).to_contain_text(best["action"]["card"])
    assert axe_violations(page) == []


def test_without_a_script_the_builder_says_it_needs_one(session: Any) -> None:
    page = session.page("/referee/briscola", javascript=False)
    expect(page.get_by_text("Building a record by pressing buttons needs JavaScript")).to_be_visible()
    expect(page.get_by_role("button", name="Start")).to_be_hidden()
    expect(page.get_by_role("link", name="Record (text)")).to_have_attribute("href", "#record-text")


def test_an_amount_is_a_number_field_beside_its_button(session: Any) -> None:
    page = session.page("/referee/three-card-brag")
    legal = start(page, 2, 0, "amount")
    deal = api(session.base, "/v1/three-card-brag/deals", {"players": 2, "dealer": 0, "seed": "amount"})
    listed = api(session.base, "/v1/three-card-brag/legal-actions", {"state": deal["state"]})
    (wager,) = [a for a in listed["actions"] if "min" in a]
    amount = legal.get_by_role("spinbutton", name=f"Amount ({wager['type']})")
    expect(amount).to_have_value(str(wager["min"]))
    assert amount.get_attribute("max") == (None if wager["max"] is None else str(wager["max"]))
    session.problems_expected = True
    amount.fill(str(wager["min"] + 1))  # a blind player's stake must be even: the service says so, not the page
    legal.locator(".amount button").click()
    expect(page.locator("#error-summary")).to_contain_text("must be even")
    expect(legal).to_have_attribute("data-applied", "0")
    chosen = wager["min"] * 2
    amount.fill(str(chosen))
    legal.locator(".amount button").click()
    expect(legal).to_have_attribute("data-applied", "1")
    record = api(session.base, "/v1/three-card-brag/records/parse", {"notation": record_of(page)})["record"]
    assert record["actions"] == [{"seat": wager["seat"], "type": wager["type"], "amount": chosen}]
    expect(status(page)).to_have_text("The record is in progress: 1 actions applied, all legal.")
    assert axe_violations(page) == []


def test_broggins_discard_is_card_toggles(session: Any) -> None:
    page = session.page("/referee/broggin")
    legal = start(page, 2, 0, "b")
    deal = api(session.base, "/v1/broggin/deals", {"players": 2, "dealer": 0, "seed": "b"})
    state = deal["state"]
    for n in (1, 2):  # both bet
        legal.get_by_role("button", name=re.compile("bets")).click()
        expect(legal).to_have_attribute("data-applied", str(n))
        listed = api(session.base, "/v1/broggin/legal-actions", {"state": state})
        bet = next(a for a in listed["actions"] if a["type"] == "bet")
        state = api(session.base, "/v1/broggin/actions", {"state": state, "action": bet})["state"]
    seat = api(session.base, "/v1/broggin/legal-actions", {"state": state})["to_act"]
    hand = state["seats"][seat]["hand"]
    toggles = legal.get_by_role("group", name="Cards to discard").get_by_role("button", pressed=False)
    expect(toggles).to_have_count(len(hand))
    toggles.first.click()
    expect(legal.get_by_role("button", pressed=True)).to_have_count(1)
    legal.get_by_role("button", name=re.compile("exchanges up to")).click()
    expect(legal).to_have_attribute("data-applied", "3")
    record = api(session.base, "/v1/broggin/records/parse", {"notation": record_of(page)})["record"]
    assert record["actions"][2] == {"seat": seat, "type": "exchange", "discard": [hand[0]]}
    assert axe_violations(page) == []


def test_a_deal_the_service_refuses_is_said_at_its_field(session: Any) -> None:
    session.problems_expected = True
    page = session.page("/referee/briscola")
    page.get_by_label("Players", exact=True).fill("2")
    page.get_by_label("Dealer", exact=True).fill("5")
    page.get_by_role("button", name="Start").click()
    expect(page.get_by_label("Dealer", exact=True)).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#build-dealer-error")).to_be_visible()
    expect(page.locator("#error-summary").get_by_role("link", name="Dealer")).to_have_attribute("href", "#build-dealer")
    expect(page.get_by_role("group", name="Legal actions")).to_be_hidden()


def test_a_deal_from_a_known_deck(session: Any) -> None:
    """The Deck field instead of the seed: the service deals those cards in that order (the record says the deck)."""
    pack = requests.get(session.base + "/v1/briscola", timeout=30).json()["pack"]
    deck = pack[::-1]
    page = session.page("/referee/briscola")
    page.get_by_label("Deck", exact=True).fill(" ".join(deck))
    legal = start(page, 2, 1, "ignored")
    deal = api(session.base, "/v1/briscola/deals", {"players": 2, "dealer": 1, "deck": deck})
    listed = api(session.base, "/v1/briscola/legal-actions", {"state": deal["state"]})
    names = [f"Seat {a['seat']} plays {a['card']}" for a in listed["actions"]]
    for i, name in enumerate(names):
        expect(legal.get_by_role("button").nth(i)).to_have_accessible_name(name)
    press_first(page, legal, 1)
    record = api(session.base, "/v1/briscola/records/parse", {"notation": record_of(page)})["record"]
    assert record["deck"] == deck and "seed" not in record and record["actions"] == [listed["actions"][0]]


def test_the_built_records_link_gives_its_verdict(session: Any) -> None:
    page = session.page("/referee/briscola")
    legal = start(page, 2, 0, "link")
    press_first(page, legal, 1)
    press_first(page, legal, 2)
    said = "The record is in progress: 2 actions applied, all legal."
    expect(status(page)).to_have_text(said)
    link = page.get_by_label("Link to this verdict").input_value()
    other = session.page()
    other.goto(link)
    expect(status(other)).to_have_text(said)
    expect(other.get_by_label("Record (text)")).to_have_value(record_of(page))
