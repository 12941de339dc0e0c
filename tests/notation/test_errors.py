"""Malformed texts: each refused at the first error, with its line, column (1-based, of the offending word) and
stable code; over HTTP the 422 ``/invalid-notation`` of docs/api.md section 16."""

from __future__ import annotations

from typing import Any

import pytest

from service.notation import Code, NotationError
from tests.notation.texts import parsed

HEAD = '[Notation "card-arbiter/1"]\n[Game "briscola"]\n[Players "2"]\n'
DEAL = '[Dealer "0"]\n[Seed "s"]\n'
BROGGIN = '[Game "broggin"]\n[Players "2"]\n[Dealer "0"]\n[Seed "s"]\n'
BRISQUE = '[Game "brisque"]\n[Players "2"]\n[Dealer "0"]\n[Seed "s"]\n'

MALFORMED: list[tuple[str, str, int, int, Code]] = [
    ("briscola", '[Players "2"\n[Dealer "0"]', 2, 1, Code.malformed_tag),
    ("briscola", "[Players 2]", 1, 10, Code.malformed_tag),
    ("briscola", '["Players" "2"]', 1, 2, Code.malformed_tag),
    ("briscola", HEAD + DEAL + "1. s1 play QC { no end\n", 6, 15, Code.unterminated_comment),
    ("briscola", HEAD + '[Seed "s\n', 4, 7, Code.unterminated_string),
    ("briscola", HEAD + '[Event "a\\q"]', 4, 10, Code.malformed_tag),
    ("briscola", HEAD + DEAL + "1. s1 play QC }\n", 6, 15, Code.unexpected_character),
    ("briscola", HEAD + '[players "3"]\n', 4, 2, Code.duplicate_tag),
    ("briscola", HEAD + DEAL + '[Seed "t"]\n', 6, 2, Code.duplicate_tag),
    ("briscola", HEAD + '[Dealer "0"]\n[Deck "AS"]\n[Seed "s"]\n', 6, 2, Code.duplicate_tag),
    ("briscola", HEAD + '[Event "a"]\n[event "b"]\n', 5, 2, Code.duplicate_tag),
    ("briscola", HEAD + DEAL + '[Options "tie_rule=draw"]\n', 6, 2, Code.misplaced_tag),
    ("briscola", HEAD + DEAL + '1. s1 play QC\n[Dealer "1"]\n', 7, 2, Code.misplaced_tag),
    ("briscola", HEAD + DEAL + '[Deal "0"]\n', 6, 1, Code.misplaced_tag),
    ("briscola", '[Game "briscola"]\n' + DEAL, 2, 1, Code.missing_tag),
    ("briscola", "", 1, 1, Code.missing_tag),
    ("briscola", HEAD + '[Seed "s"]\n1. s1 play QC\n', 4, 1, Code.missing_tag),
    ("briscola", HEAD + '[Deal "0"]\n[Dealer "0"]\n\n[Deal "1"]\n[Dealer "1"]\n', 4, 1, Code.missing_tag),
    ("briscola", '[Notation "pgn/1"]\n', 1, 12, Code.unsupported_notation),
    ("briscola", '[Game "brisque"]\n', 1, 8, Code.wrong_game),
    ("briscola", '[Players "two"]\n', 1, 11, Code.invalid_number),
    ("briscola", HEAD + '[Dealer "0.5"]\n', 4, 10, Code.invalid_number),
    ("briscola", HEAD + '[Options "deals_to_win"]\n', 4, 11, Code.invalid_option),
    ("briscola", HEAD + '[Options "tie_rule=draw tie_rule=last_trick"]\n', 4, 25, Code.invalid_option),
    ("briscola", HEAD + '[Carry "match_score=\\"1"]\n', 4, 21, Code.invalid_option),
    ("briscola", HEAD + '[Deal "1"]\n', 4, 8, Code.deal_out_of_order),
    ("briscola", HEAD + '[Deal "0"]\n' + DEAL + '[Deal "2"]\n', 7, 8, Code.deal_out_of_order),
    ("briscola", HEAD + DEAL + "1. s1 play QC KH\n", 6, 15, Code.expected_action),
    ("briscola", HEAD + DEAL + "play QC\n", 6, 1, Code.expected_action),
    ("briscola", HEAD + DEAL + "1. s1 fly QC\n", 6, 7, Code.unknown_action),
    ("briscola", HEAD + DEAL + "1. s1\n", 7, 1, Code.unknown_action),
    ("briscola", HEAD + DEAL + "1. s1 play\n2. s0 play 7C\n", 6, 7, Code.missing_field),
    ("briscola-chiamata", '[Players "5"]\n' + DEAL + "s1 bid\n", 4, 4, Code.missing_field),
    ("three-card-brag", '[Players "2"]\n' + DEAL + "s1 bet two\n", 4, 8, Code.invalid_number),
    ("broggin", BROGGIN + "s1 declare Witch\n", 5, 12, Code.invalid_assignment),
    ("broggin", BROGGIN + "s1 declare Witch=QSw Witch=KSw\n", 5, 22, Code.invalid_assignment),
    ("brisque", BRISQUE + "s1 announce marriage KH QH\n", 5, 22, Code.invalid_meld),
    ("brisque", BRISQUE + "s1 announce marriage(KH QH\n", 6, 1, Code.invalid_meld),
    ("brisque", BRISQUE + "s1 announce\n", 6, 1, Code.invalid_meld),
    ("briscola", HEAD + DEAL + "1. s1 play QC s0 play 7X\n", 6, 23, Code.invalid_value),
    ("briscola", HEAD + '[Options "tie_rule=never"]\n' + DEAL, 4, 11, Code.invalid_value),
    ("briscola", HEAD + '[Dealer "0"]\n[Deck "AS KS ZZ"]\n', 5, 14, Code.invalid_value),
    ("briscola", HEAD + DEAL + "1. s1 play QC s-1 play 7C\n", 6, 15, Code.expected_action),
    ("briscola", HEAD + '[Dealer "-1"]\n[Seed "s"]\n', 4, 10, Code.invalid_value),
    ("briscola", HEAD + '[Carry "match_score=' + "9" * 5000 + ',0"]\n' + DEAL, 4, 21, Code.invalid_number),
    ("briscola", HEAD + '[Carry "match_score=1,-' + "9" * 21 + '"]\n' + DEAL, 4, 23, Code.invalid_number),
    ("briscola", HEAD + '[Options "deals_to_win=' + "9" * 5000 + '"]\n' + DEAL, 4, 24, Code.invalid_number),
    ("briscola", HEAD + '[Options "deals_to_win=1e999"]\n' + DEAL, 4, 24, Code.invalid_number),
]


@pytest.mark.parametrize(("game_id", "text", "line", "column", "code"), MALFORMED)
def test_malformed_text(game_id: str, text: str, line: int, column: int, code: Code) -> None:
    with pytest.raises(NotationError) as raised:
        parsed(game_id, text)
    error = raised.value
    assert (error.line, error.column, error.code) == (line, column, code), str(error)
    assert error.expected and error.detail.endswith(error.expected)


def test_the_422_of_section_16(client: Any) -> None:
    text = HEAD + DEAL + "1. s1 play QC\n  s0 play 7X\n"
    answer = client.post("/v1/briscola/records/parse", json={"notation": text})
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["type"].endswith("/invalid-notation")
    (item,) = body["errors"]
    assert {k: item[k] for k in ("pointer", "line", "column", "code")} == {
        "pointer": "/notation",
        "line": 7,
        "column": 11,
        "code": "invalid_value",
    }
    assert "7X" in item["detail"] and item["expected"]


def test_a_game_tag_naming_another_game(client: Any) -> None:
    answer = client.post("/v1/briscan/records/parse", json={"notation": HEAD})
    assert answer.status_code == 422
    (item,) = answer.get_json()["errors"]
    assert (item["line"], item["column"], item["code"]) == (2, 8, "wrong_game")
    assert "briscan" in item["detail"]


def test_a_match_is_not_a_record_to_adjudicate(client: Any) -> None:
    text = HEAD + '[Deal "0"]\n' + DEAL + '[Deal "1"]\n[Dealer "1"]\n[Seed "t"]\n'
    answer = client.post("/v1/briscola/records/adjudicate", json={"notation": text})
    assert answer.status_code == 422
    (item,) = answer.get_json()["errors"]
    assert (item["line"], item["column"], item["code"]) == (7, 1, "not_a_record")


def test_a_table_the_engine_refuses_points_at_its_tag(client: Any) -> None:
    text = HEAD + '[Dealer "5"]\n[Seed "s"]\n'
    answer = client.post("/v1/briscola/records/adjudicate", json={"notation": text})
    assert answer.status_code == 422
    (item,) = answer.get_json()["errors"]
    assert (item["line"], item["column"], item["code"]) == (4, 10, "invalid_value")


def test_an_illegal_action_names_its_line_and_column(client: Any) -> None:
    text = HEAD + DEAL + "1. s0 play QC\n"  # seat 1 leads (the dealer is seat 0)
    answer = client.post("/v1/briscola/records/adjudicate", json={"notation": text}).get_json()
    assert answer["verdict"] == "illegal"
    assert (answer["error"]["index"], answer["error"]["line"], answer["error"]["column"]) == (0, 6, 4)
