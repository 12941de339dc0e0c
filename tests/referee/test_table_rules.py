"""The rules pages for people at a table (issue 43, item 4): docs/rules/table/<game>.md says every rule of
docs/rules/<game>.md, under a heading of the same id in the same order, in a person's words, and the referee's
rules page serves it, so every link a verdict makes lands on a heading."""

from __future__ import annotations

import re
from typing import Any

import pytest

from service.api import rules_docs
from service.referee.rules_html import rules_html
from service.rules.registry import GAMES
from tests.docs.markdown import doc_path, rule_headings, table_path
from tests.docs.rule_ids import option_rule_ids, source_rule_ids
from tests.docs.test_links import documents
from tests.referee.test_page import parsed

PEOPLE = tuple(GAMES)
"""Every game's rules are told to people at a table."""

PROGRAMMER_WORDS = {
    "an HTTP status": re.compile(r"\b4\d\d\b"),
    "a backticked key": re.compile(r"`[a-z0-9]+(_[a-z0-9]+)+`"),
    "a code expression": re.compile(r"%|\bmod\b|==|!="),
    "JSON": re.compile(r"\bJSON\b", re.IGNORECASE),
    "an endpoint": re.compile(r"\bendpoints?\b|/v1/", re.IGNORECASE),
    "a null or boolean": re.compile(r"`(null|true|false)`"),
}


def people_text(game_id: str) -> str:
    return table_path(game_id).read_text(encoding="utf-8")


def page_ids(client: Any, game_id: str) -> set[str]:
    html = client.get(f"/referee/{game_id}/rules").get_data(as_text=True)
    return {a["id"] for _, a in parsed(html).tags if a.get("id")}


@pytest.mark.parametrize("game_id", PEOPLE)
def test_every_rule_of_the_programmers_text_has_its_heading_in_order(game_id: str) -> None:
    programmers = rule_headings(doc_path(game_id).read_text(encoding="utf-8"))
    assert len(programmers) > 10  # the reader finds the rule headings
    assert rule_headings(people_text(game_id)) == programmers


@pytest.mark.parametrize("game_id", PEOPLE)
def test_the_people_text_speaks_no_programmer_words_and_is_shorter(game_id: str) -> None:
    text = people_text(game_id)
    found = {name: m.group(0) for name, word in PROGRAMMER_WORDS.items() if (m := word.search(text))}
    assert found == {}
    assert len(text) < len(doc_path(game_id).read_text(encoding="utf-8"))


def test_the_programmer_words_are_caught() -> None:
    said = "a 422 (code `invalid_players`), the JSON field, `(dealer + 1) % players`, the endpoint, `null`"
    assert all(word.search(said) for word in PROGRAMMER_WORDS.values())
    assert not any(word.search("the 4 of hearts; 31 or less; the dealer's left") for word in PROGRAMMER_WORDS.values())


@pytest.mark.parametrize("game_id", PEOPLE)
def test_the_rules_page_serves_the_people_text(client: Any, game_id: str) -> None:
    html = client.get(f"/referee/{game_id}/rules").get_data(as_text=True)
    body, title = rules_html(game_id) or ("", "")
    assert body in html and title == people_text(game_id).splitlines()[0].lstrip("# ")
    assert "Problem codes" not in body and "Problem codes" in (rules_docs.rules_markdown(game_id) or "")
    top = html.split('<article class="rules">')[0]
    assert f"<code>docs/rules/{game_id}.md</code>" in top and 'href="/docs/"' in top
    assert f'href="/v1/{game_id}/rules"' in top


@pytest.mark.parametrize("game_id", PEOPLE)
def test_every_rule_a_verdict_links_is_a_heading_of_the_page(client: Any, game_id: str) -> None:
    """A verdict links ``/referee/<game>/rules#<rule>`` for a refusal's rule and an option's rule
    (service/referee/verdicts.py): each of them, and each rule heading of docs/rules, is an anchor of the page."""
    game = GAMES[game_id]
    linked = source_rule_ids(game) | option_rule_ids(game) | set(rule_headings(doc_path(game_id).read_text("utf-8")))
    assert {"flow", "turn", "table", "match"} <= linked
    assert sorted(linked - page_ids(client, game_id)) == []


@pytest.mark.parametrize("game_id", PEOPLE)
def test_a_link_to_another_games_rule_lands_on_its_heading(client: Any, game_id: str) -> None:
    """``briscola-chiamata.md#bri-a8--when-all-five-pass`` (GitHub's slug) is served as that page's ``#BRI-A8``."""
    html = client.get(f"/referee/{game_id}/rules").get_data(as_text=True)
    hrefs = [a["href"] for t, a in parsed(html).tags if t == "a" and "/rules#" in (a.get("href") or "")]
    for href in hrefs:
        path, _, anchor = href.partition("#")
        target = path.removeprefix("/referee/").removesuffix("/rules")
        assert anchor in page_ids(client, target), href
    if game_id == "briscola":
        assert "/referee/briscola-chiamata/rules#BRI-A8" in hrefs  # the reader finds the links


def test_the_links_test_reads_the_people_texts() -> None:
    read = set(documents())
    assert {table_path(g) for g in PEOPLE} <= read


def test_a_game_without_a_people_text_serves_the_programmers(client: Any, monkeypatch: Any) -> None:
    rules_html.cache_clear()
    monkeypatch.setattr("service.referee.rules_html.table_rules_markdown", lambda game_id: None)
    try:
        body, _ = rules_html("old-brag") or ("", "")
        assert 'id="OB-A1"' in body and "Problem codes" in body
    finally:
        rules_html.cache_clear()
