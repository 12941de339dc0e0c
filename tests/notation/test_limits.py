"""The notation's limits over HTTP (issue 40 items 3 and 4): what the reader refuses is a 422 ``/invalid-notation``
at the offending value's line and column, through every operation that takes a text, never a 500."""

from __future__ import annotations

from typing import Any

import pytest

HEAD = '[Notation "card-arbiter/1"]\n[Game "briscola"]\n[Players "2"]\n'
DEAL = '[Dealer "0"]\n[Seed "s"]\n'
LONG = "9" * 5000
"""A whole number of more digits than ``int()`` reads (4,300)."""
TAKE_TEXT = ("records/parse", "records/adjudicate", "matches/adjudicate")


def refusal(client: Any, operation: str, text: str) -> dict[str, Any]:
    answer = client.post(f"/v1/briscola/{operation}", json={"notation": text})
    assert answer.status_code == 422, answer.get_data()[:300]
    body = answer.get_json()
    assert body["type"].endswith("/invalid-notation")
    (item,) = body["errors"]
    return dict(item)


@pytest.mark.parametrize("operation", TAKE_TEXT)
@pytest.mark.parametrize(
    ("tag", "column"),
    [(f'[Carry "match_score={LONG},0"]', 21), (f'[Options "deals_to_win={LONG}"]', 24)],
)
def test_a_number_past_int_is_refused_at_its_value(client: Any, operation: str, tag: str, column: int) -> None:
    item = refusal(client, operation, HEAD + tag + "\n" + DEAL)
    assert (item["line"], item["column"], item["code"]) == (4, column, "invalid_number")
    assert "20 digits" in item["expected"] and LONG not in item["detail"]


def tagged(count: int, length: int = 1) -> str:
    return HEAD + "".join(f'[T{i} "{"v" * length}"]\n' for i in range(count)) + DEAL


def test_what_parse_answers_format_writes_back(client: Any) -> None:
    """Read what you can write back: the most tags, each the longest value, read and written again."""
    answer = client.post("/v1/briscola/records/parse", json={"notation": tagged(32, 1000)})
    assert answer.status_code == 200
    body = answer.get_json()
    assert len(body["tags"]) == 32
    written = client.post("/v1/briscola/records/format", json=body)
    assert written.status_code == 200, written.get_data()[:300]
    assert written.get_json()["notation"].count('"' + "v" * 1000 + '"') == 32


def test_one_tag_too_many_is_refused_at_its_name(client: Any) -> None:
    item = refusal(client, "records/parse", tagged(20_000))
    assert (item["line"], item["column"], item["code"]) == (4 + 32, 2, "invalid_value")
    assert "32" in item["expected"]


def test_a_tag_value_too_long_is_refused_at_its_first_character_past_the_bound(client: Any) -> None:
    text = HEAD + '[Event "' + "\\u00e4" * 3 + "v" * 998 + '"]\n' + DEAL  # escapes count as the character they write
    item = refusal(client, "records/parse", text)
    assert (item["line"], item["column"], item["code"]) == (4, 9 + 3 * 6 + 997, "invalid_value")
    assert "1000" in item["expected"]


def test_the_contract_states_the_names_the_server_takes(client: Any) -> None:
    from service.notation.reader import TAG_NAME

    spec = client.get("/openapi.json").get_json()
    tags = spec["components"]["schemas"]["BriscolaParseResponseRecord"]["properties"]["tags"]
    assert tags["propertyNames"] == {"pattern": f"^{TAG_NAME}$"} and tags["maxProperties"] == 32
    assert "maxLength" not in tags  # an object has members, not a length
    refused = client.post("/v1/briscola/records/format", json={"record": {}, "tags": {"9x": "v"}})
    assert refused.status_code == 422


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        (HEAD + "".join(f'[Deal "{i}"]\n' + DEAL for i in range(101)), 4 + 3 * 100, 1),
        (HEAD + DEAL + "s1 play QC\n" * 10_001, 6 + 10_000, 1),
        (HEAD + '[Dealer "0"]\n[Deck "' + "AS " * 10_001 + '"]\n' + DEAL, 5, 8 + 3 * 10_000),
        (HEAD + '[Options "' + " ".join(f"x{i}=1" for i in range(65)) + '"]\n' + DEAL, 4, 11 + 5 * 10 + 6 * 54),
    ],
)
def test_a_list_past_the_limits_is_refused_where_it_goes_past(client: Any, text: str, line: int, column: int) -> None:
    item = refusal(client, "matches/adjudicate", text)
    assert (item["line"], item["column"]) == (line, column), item
    assert item["code"] in ("invalid_value", "invalid_option") and "at most" in item["expected"]


def test_a_record_over_its_own_list_bound_is_refused_before_loading(client: Any) -> None:
    item = refusal(client, "records/parse", HEAD + DEAL + "s1 play QC\n" * 1001)
    assert (item["line"], item["column"], item["code"]) == (6, 1, "invalid_value")
    assert "at most 1000 items" in item["detail"]
