"""The referee's plain form posts never answer 5xx (issue 28): a record is read exactly as the JSON API reads a
body (the API's own reading of the text, its duplicate-key check), every field is bounded as the API bounds
it, and what is refused is said at its field, on a page.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from service.api.app import DEFAULT_MAX_BODY, create_app
from service.rules.registry import GAMES
from tests.referee.test_page import parsed, status_of
from tests.simulation import play


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"WARM_TABLES": False}).test_client()


def record_error(html: str) -> str:
    """The message beside the record field (empty when it is hidden)."""
    tags = {a.get("id"): a for _, a in parsed(html).tags if a.get("id")}
    assert tags["record"].get("aria-invalid") == "true", "the record field is not marked"
    start = html.index('id="record-error"')
    return html[html.index(">", start) + 1 : html.index("</p>", start)]


def post_record(client: Any, text: str, **extra: Any) -> Any:
    data = {"form": "record", "record": text, **extra}
    return client.post("/referee/briscola", data=data, content_type="multipart/form-data")


def test_a_record_nested_past_the_parser_is_refused_at_its_field(client: Any) -> None:
    text = "[" * 5000 + "]" * 5000
    api = client.post("/v1/briscola/records/adjudicate", data=text, content_type="application/json")
    assert api.status_code == 400
    answer = post_record(client, text)
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    assert "nested" in record_error(answer.get_data(as_text=True))
    nested = '{"players": 2, "dealer": 0, "seed": "x", "actions": [], "deep": ' + "[" * 5000 + "]" * 5000 + "}"
    answer = post_record(client, nested)
    assert answer.status_code == 200 and "nested" in record_error(answer.get_data(as_text=True))


def test_a_record_naming_a_key_twice_is_refused_as_the_api_refuses_it(client: Any) -> None:
    record = play(GAMES["briscola"], 2, "twice").record()
    text = json.dumps(record)
    twice = text.replace('"players": 2', '"players": 2, "players": 3', 1)
    assert twice != text
    api = client.post("/v1/briscola/records/adjudicate", data=f'{{"record": {twice}}}', content_type="application/json")
    assert api.status_code == 400 and "given twice" in api.json["detail"]
    html = post_record(client, twice).get_data(as_text=True)
    assert "given twice" in record_error(html) and status_of(html).startswith("No verdict")
    # the same inside a whole request body, and in an action
    body = text.replace('"seat": 1', '"seat": 1, "seat": 0', 1)
    html = post_record(client, json.dumps({"record": json.loads(text)}) + "").get_data(as_text=True)
    assert status_of(html).startswith("The record is complete")
    html = post_record(client, f'{{"record": {body}}}').get_data(as_text=True)
    assert "given twice" in record_error(html)


def test_a_record_the_api_refuses_as_json_is_refused_at_its_field(client: Any) -> None:
    record = play(GAMES["briscola"], 2, "nan").record()
    text = json.dumps(record).replace('"dealer": 0', '"dealer": NaN', 1)
    html = post_record(client, text).get_data(as_text=True)
    assert "NaN" in record_error(html)
    html = post_record(client, '{"record": {"players": 2}, "trace": true, "extra": 1}').get_data(as_text=True)
    assert record_error(html)


def test_a_whole_body_keeps_its_own_fields_and_gets_the_trace(client: Any) -> None:
    record = play(GAMES["briscola"], 2, "whole").record()
    html = post_record(client, json.dumps({"record": record, "views": [1]})).get_data(as_text=True)
    assert status_of(html).startswith("The record is complete")
    assert html.count('<li><span class="said">') == len(record["actions"])


def test_a_record_file_that_is_not_utf8_is_refused_at_its_field(client: Any) -> None:
    import io

    data = {"form": "record", "record": "", "record_file": (io.BytesIO(b'{"players": "\xff"}'), "r.json")}
    html = client.post("/referee/briscola", data=data, content_type="multipart/form-data").get_data(as_text=True)
    assert "UTF-8" in record_error(html)


def test_a_record_the_api_takes_the_form_takes(client: Any) -> None:
    """A record of 600 KB (the JS path takes up to the API's 2 MiB): the form takes it too."""
    record = play(GAMES["briscola"], 2, "big").record()
    text = json.dumps(record)
    padded = text[:-1] + ', "note": "' + "x" * 600_000 + '"}'
    api = client.post("/v1/briscola/records/adjudicate", json={"record": json.loads(padded)})
    answer = post_record(client, padded)
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    html = answer.get_data(as_text=True)
    assert api.status_code == 422  # the record has no field "note": the API says so, the page at the field
    assert "note" in record_error(html)


def test_a_form_over_the_api_limit_is_a_page_with_the_error_at_the_field(client: Any) -> None:
    answer = post_record(client, '{"a": "' + "x" * (DEFAULT_MAX_BODY + 100_000) + '"}')
    assert answer.status_code == 413 and answer.mimetype == "text/html"
    assert "2 MiB" in record_error(answer.get_data(as_text=True))
    answer = client.post("/referee/briscola", data={"form": "trick", "cards": "AS " * (DEFAULT_MAX_BODY // 3 + 40_000)})
    assert answer.status_code == 413 and answer.mimetype == "text/html"


def test_an_option_of_5000_digits_is_refused_at_its_field(client: Any) -> None:
    form = {"form": "compare", "hand": ["AS KS QS", "2C 3D 5H"], "opt-ante": "9" * 5000}
    answer = client.post("/referee/old-brag", data=form)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    tags = {a.get("id"): a for _, a in parsed(html).tags if a.get("id")}
    assert tags["opt-ante"].get("aria-invalid") == "true"
    assert status_of(html).startswith("No verdict")
    form["opt-ante"] = "9" * 30
    html = client.post("/referee/old-brag", data=form).get_data(as_text=True)
    assert "at most 1000000000" in html


@pytest.mark.parametrize(
    "form",
    [
        {"form": "compare", "hand": ["AS " * 20_000, "KS"]},
        {"form": "compare", "hand": ["AS"] * 5_000},
        {"form": "trick", "trump": "X" * 100_000, "cards": "AS 2S"},
        {"form": "trick", "trump": "S", "cards": "AS 2S", "opt-tie_rule": "x" * 100_000},
        {"form": "nothing-known", "hand": "AS"},
    ],
)
def test_no_field_of_the_forms_answers_5xx(client: Any, form: dict[str, Any]) -> None:
    game_id = "old-brag" if form["form"] == "compare" else "briscola"
    answer = client.post(f"/referee/{game_id}", data=form)
    assert answer.status_code < 500 and answer.mimetype == "text/html"


# -- issue 33 without a script: the trick's why, one numbering, suits in colour ------------------------
TRICKS = [
    # trump, cards typed, the winner's why, each card's part
    (
        "D",
        "3H, A-denari 2s",
        "the highest trump played",
        ["led: beaten by card 2, a trump", "a trump: takes the trick", "another suit: cannot win"],
    ),
    ("S", "KC AC", "the highest card of the suit led", ["led: lower than card 2", "the suit led: takes the trick"]),
]


@pytest.mark.parametrize(("trump", "typed", "why", "parts"), TRICKS)
def test_a_trick_verdict_says_why(client: Any, trump: str, typed: str, why: str, parts: list[str]) -> None:
    html = client.post("/referee/briscola", data={"form": "trick", "trump": trump, "cards": typed})
    text = " ".join(html.get_data(as_text=True).split())
    assert why in status_of(html.get_data(as_text=True))
    for n, part in enumerate(parts, start=1):
        assert re.search(rf"<strong>Card {n}</strong> <span class=\"card suit-\w+\">.*?</span> {re.escape(part)}", text)
    assert "Trump: " in text and "Led: " in text


def test_an_illegal_action_and_a_pointer_count_actions_from_1(client: Any) -> None:
    record = play(GAMES["briscola"], 2, "count").record()
    record["actions"][5] = {**record["actions"][5], "seat": 1 - record["actions"][5]["seat"]}
    answer = client.post("/v1/briscola/records/adjudicate", json={"record": record}).json
    assert answer["error"]["index"] == 5
    html = post_record(client, json.dumps(record)).get_data(as_text=True)
    assert f"in action 6 seat {record['actions'][5]['seat']} plays " in status_of(html)
    assert "<strong>Illegal</strong> (action 6)" in html
    record["actions"][3] = {"seat": 0, "type": "play", "card": "ZZ"}
    problem = client.post("/v1/briscola/records/adjudicate", json={"record": record}).json
    assert problem["errors"][0]["pointer"].startswith("/record/actions/3")
    assert "Record, action 4" in record_error(post_record(client, json.dumps(record)).get_data(as_text=True))


def test_suits_have_their_colours_beside_their_symbols(client: Any) -> None:
    html = client.post("/referee/old-brag", data={"form": "compare", "hand": ["AH KD QS", "2C 3C 4S"]})
    text = html.get_data(as_text=True)
    for code, colour in (("AH", "red"), ("KD", "red"), ("QS", "dark"), ("2C", "dark")):
        assert f'<span class="card suit-{colour}"><span class="sym" aria-hidden="true">' in text
        assert f'<span class="code">{code}</span>' in text
    italian = client.post("/referee/briscola", data={"form": "trick", "trump": "D", "cards": "AD 3H 2S KC"})
    classes = re.findall(r'class="card suit-(\w+)"', italian.get_data(as_text=True))
    assert classes == ["gold", "red", "blue", "green"]  # denari, coppe, spade, bastoni


def test_a_record_shows_the_table_after_its_last_step(client: Any) -> None:
    record = play(GAMES["briscola"], 2, "table").record()
    record["actions"] = record["actions"][:5]
    state = client.post("/v1/briscola/records/adjudicate", json={"record": record}).json["state"]
    html = " ".join(post_record(client, json.dumps(record)).get_data(as_text=True).split())
    assert "<caption>The seats after step 5</caption>" in html
    assert state["trick"], "the example must hold a card on the table"
    for code in state["trick"]:
        assert re.search(rf"On the table: </strong>.*<span class=\"code\">{code}</span>.*\(led by seat", html)
    for seat in state["seats"]:
        row = re.search(rf"<tr><th scope=\"row\">Seat {seat['seat']}</th>(.*?)</tr>", html)
        assert row is not None
        assert all(f'<span class="code">{code}</span>' in row.group(1) for code in seat["hand"])
        assert row.group(1).endswith(f"<td>{seat['points']}</td>")
    brag = play(GAMES["three-card-brag"], 3, "table").record()
    brag["actions"] = brag["actions"][:3]
    pot = client.post("/v1/three-card-brag/records/adjudicate", json={"record": brag}).json["state"]["pot"]
    html = client.post(
        "/referee/three-card-brag",
        data={"form": "record", "record": json.dumps(brag)},
        content_type="multipart/form-data",
    ).get_data(as_text=True)
    assert f"<strong>Pot: </strong>pot {pot}" in html
