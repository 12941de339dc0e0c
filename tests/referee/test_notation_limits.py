"""The referee page's form with a text the notation's limits refuse (issue 40 item 3): the field says what is
wrong and where, never "an unexpected error"."""

from __future__ import annotations

from typing import Any

from tests.referee.test_page import parsed

TEXT = '[Game "briscola"]\n[Players "2"]\n[Carry "match_score=' + "9" * 5000 + ',0"]\n[Dealer "0"]\n[Seed "s"]\n'


def test_a_number_past_int_is_named_at_the_field(client: Any) -> None:
    html = client.post("/referee/briscola", data={"form": "record", "notation": TEXT}).get_data(as_text=True)
    assert "unexpected" not in html
    field = next(attrs for _, attrs in parsed(html).tags if attrs.get("id") == "record-text")
    assert field.get("aria-invalid") == "true"
    assert "line 3, column 21" in html and "20 digits" in html
