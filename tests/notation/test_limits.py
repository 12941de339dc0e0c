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
