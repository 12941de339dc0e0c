"""The referee page's verdict on a table record (docs/api.md 18) without a script: an undecided one says which
seat must show how many cards, an illegal one what proves it. The words come from the JSON API's answers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.api.app import create_app
from service.conformance.cases.records import TRUMP_DECIDES, briscola_table_record
from service.referee.table_words import missing_text, needed_text, proof_text
from tests.referee.test_page import status_of

UNSHOWN = {
    "players": 3,
    "dealer": 0,
    "seen": {"hands": [[], ["AS", "AH", "AD"], ["??", "??", "??"]]},
    "actions": [
        {"seat": 1, "type": "bet", "amount": 2},
        {"seat": 2, "type": "call"},
        {"seat": 0, "type": "fold"},
        {"seat": 1, "type": "see"},
    ],
}
"""Three Card Brag: seat 1 showed a prial of aces, seat 2 was seen and never showed its hand."""

RENEGE = {
    "players": 2,
    "dealer": 0,
    "seen": {"hands": [None, ["AS", "??", "??"]], "turn_up": "5D"},
    "actions": [{"seat": 1, "type": "play", "card": "KC"}, {"seat": 0, "type": "play", "card": "AS"}],
}
"""Briscola: seat 0 plays the ace of spades that seat 1 was seen holding."""


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"WARM_TABLES": False}).test_client()


def _judged(client: Any, game_id: str, record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    answer = client.post(f"/v1/{game_id}/records/adjudicate", json={"record": record}).get_json()
    page = client.post(f"/referee/{game_id}", data={"form": "record", "record": json.dumps(record)})
    assert page.status_code == 200
    return answer, status_of(page.get_data(as_text=True))


def test_an_undecided_record_says_which_seat_must_show(client: Any) -> None:
    answer, said = _judged(client, "three-card-brag", UNSHOWN)
    assert answer["verdict"] == "undecided"
    (missing,) = answer["missing"]
    assert said == f"The record is undecided: seat {missing['seat']} must show its three cards to decide the deal."


def test_an_undecided_match_says_which_deal_and_seat(client: Any) -> None:
    match = {"players": 3, "deals": [{k: v for k, v in UNSHOWN.items() if k != "players"}]}
    answer = client.post("/v1/three-card-brag/matches/adjudicate", json={"match": match}).get_json()
    html = client.post("/referee/three-card-brag", data={"form": "record", "record": json.dumps(match)})
    said = status_of(html.get_data(as_text=True))
    assert answer["verdict"] == "undecided"
    assert said.startswith("The match is undecided: ") and said.endswith(" to decide the deal.")
    (missing,) = answer["missing"]
    assert f"deal {missing['deal']}: seat {missing['seat']} must show its three cards" in said


def test_an_illegal_table_record_says_what_proves_it(client: Any) -> None:
    answer, said = _judged(client, "briscola", RENEGE)
    error = answer["error"]
    assert answer["verdict"] == "illegal" and error["proof"]["actions"]
    assert said.startswith("The record is illegal: in action 2 seat 0 plays ")
    assert said.endswith(f". P{proof_text(error['proof'])[1:]}.")
    assert "seat 1 holding AS" in said


def test_the_words_count_cards_and_actions() -> None:
    assert missing_text([{"seat": 2, "cards": 3}, {"seat": 0, "cards": 1}]) == (
        "seat 2 must show its three cards; seat 0 must show its card"
    )
    assert missing_text([{"deal": 1, "seat": 0, "cards": 12}]) == "deal 1: seat 0 must show its 12 cards"
    assert proof_text({"actions": [0, 4, 6], "hands": [{"seat": 1, "cards": []}]}) == (
        "proved by actions 1, 5 and 7, with the hands seen: seat 1 holding nothing"
    )
    assert proof_text({"actions": [6], "hands": []}) == "proved by action 7"


def test_a_record_whose_turn_up_must_be_shown_says_so(client: Any) -> None:
    record = briscola_table_record(TRUMP_DECIDES)
    answer, said = _judged(client, "briscola", record)
    assert answer["verdict"] == "undecided" and answer["missing_turn_up"]
    assert said == "The record is undecided: the turn-up must be shown to decide the deal."
    match = {"players": 2, "deals": [{k: v for k, v in record.items() if k != "players"}]}
    answer = client.post("/v1/briscola/matches/adjudicate", json={"match": match}).get_json()
    assert needed_text(answer) == "deal 0: the turn-up must be shown"
