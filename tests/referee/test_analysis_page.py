"""The referee page's Analyse without a script (docs/api.md 13 and 19, issue 42): the record's form posted with
Analyse answers the verdict with each decision said beside its step ("Seat 0 plays 3S: a mistake, 8 points lost;
best was KS", as a screen reader reads it), each seat's accuracy, and a refusal of the service in words, never a
500. The numbers and labels expected come from the JSON API's own answer."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest

from service.api.app import create_app
from service.referee import analysis_words, sentences
from service.rules import analysis
from service.rules.registry import GAMES
from service.rules.trick_game import TrickGame
from tests.referee.test_page import status_of
from tests.simulation import play

LABEL_WORDS = {"good": "good", "inaccuracy": "an inaccuracy", "mistake": "a mistake", "blunder": "a blunder"}
"""How the page names each label with a loss (docs/api.md 19's example: "a mistake")."""

COUNTED = {
    "best": ("best", "best"),
    "good": ("good", "good"),
    "inaccuracy": ("inaccuracy", "inaccuracies"),
    "mistake": ("mistake", "mistakes"),
    "blunder": ("blunder", "blunders"),
}
"""Each label counted in a seat's line: ``3 best and 2 blunders``."""

DECISION = re.compile(
    r"^Seat (\d) plays (\w+): (?:(the best choice)|(good|an? \w+), ([\d.]+) points? lost; best was (\w+))\.$"
)
SEAT = re.compile(
    r"^Seat (\d): accuracy ([\d.]+) of 100 over (\d+) decisions?, ([\d.]+) points? lost \(([^)]+)\)"
    r"(?:; (\d+) decisions? left out, its cards never shown)?\.$"
)


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"WARM_TABLES": False}).test_client()


VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})


class Analysed(HTMLParser):
    """What a screen reader reads of the page's analysis (``aria-hidden`` left out): each step's analysis by the
    step's number (counted from 1 in the list Steps), the Accuracy list's items, a refusal, and whether the page
    offers Analyse."""

    def __init__(self) -> None:
        super().__init__()
        self.steps: dict[int, str] = {}
        self.accuracy: list[str] = []
        self.problem: str | None = None
        self.button = False
        self._open: list[tuple[str, str | None]] = []  # each open tag, and what it collects
        self._step = 0
        self._text: list[str] = []

    def _inside(self, what: str) -> bool:
        return any(collects == what for _, collects in self._open)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        self.button = self.button or (tag == "button" and found.get("name") == "analyse")
        if tag in VOID:
            return
        collects = None
        if found.get("aria-hidden") == "true":
            collects = "hidden"
        elif tag == "ol" and found.get("id") == "steps":
            collects, self._step = "steps", 0
        elif tag == "li" and self._open and self._open[-1][1] == "steps":
            self._step += 1
        elif "analysed" in classes or "analysis-problem" in classes:
            collects = "analysed" if "analysed" in classes else "problem"
        elif tag == "ul" and found.get("aria-label") == "Accuracy":
            collects = "accuracy"
        elif tag == "li" and self._open and self._open[-1][1] == "accuracy":
            collects = "seat"
        if collects in ("analysed", "problem", "seat"):
            self._text = []
        self._open.append((tag, collects))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            open_tag, collects = self._open.pop()
            said = " ".join("".join(self._text).split())
            if collects == "analysed":
                self.steps[self._step] = said
            elif collects == "seat":
                self.accuracy.append(said)
            elif collects == "problem":
                self.problem = said
            if open_tag == tag:
                return

    def handle_data(self, data: str) -> None:
        if not self._inside("hidden"):
            self._text.append(data)


def analysed(html: str) -> Analysed:
    found = Analysed()
    found.feed(html)
    return found


def _record(actions: int = 14) -> dict[str, Any]:
    """A Briscola deal played at random, its first ``actions`` actions: losses to say."""
    record = play(GAMES["briscola"], 2, "analysed").record()
    return {**record, "actions": record["actions"][:actions]}


def _posted(client: Any, game_id: str, fields: dict[str, str]) -> str:
    page = client.post(f"/referee/{game_id}", data={"form": "record", **fields})
    assert page.status_code == 200, page.get_data(as_text=True)[:500]
    return str(page.get_data(as_text=True))


def _near(said: str, value: float) -> bool:
    return abs(float(said) - value) <= 0.05 + 1e-9


def test_analyse_says_each_decision_beside_its_step_and_each_seats_accuracy(client: Any) -> None:
    record = _record()
    answer = client.post("/v1/briscola/records/analyze", json={"record": record, "level": "easy"}).get_json()
    html = _posted(client, "briscola", {"record": json.dumps(record), "analyse": "1", "level": "easy"})
    assert status_of(html).startswith("The record is in progress")  # the verdict stays, the analysis below it
    page = analysed(html)
    assert page.button
    assert sorted(page.steps) == [d["index"] + 1 for d in answer["decisions"]]
    assert any(d["loss"] > 0 for d in answer["decisions"]) and any(d["loss"] == 0 for d in answer["decisions"])
    for decision in answer["decisions"]:
        said = page.steps[decision["index"] + 1]
        found = DECISION.match(said)
        assert found, said
        seat, card, best_choice, label, loss, best = found.groups()
        assert (int(seat), card) == (decision["seat"], decision["action"]["card"])
        if decision["loss"] == 0:
            assert best_choice and decision["label"] == "best"
        else:
            assert label == LABEL_WORDS[decision["label"]] and _near(loss, decision["loss"])
            assert best == decision["best"]["action"]["card"]
    assert len(page.accuracy) == len(answer["summary"])
    for line, seat in zip(page.accuracy, answer["summary"], strict=True):
        found = SEAT.match(line)
        assert found, line
        assert int(found.group(1)) == seat["seat"] and int(found.group(3)) == seat["decisions"]
        assert _near(found.group(2), seat["accuracy"]) and _near(found.group(4), seat["loss"])
        counted = [f"{n} {COUNTED[name][n != 1]}" for name, n in seat["labels"].items() if n]
        assert re.split(", | and ", found.group(5)) == counted


def test_a_record_as_text_is_analysed_as_the_text(client: Any) -> None:
    record = _record(6)
    text = client.post("/v1/briscola/records/format", json={"record": record}).get_json()["notation"]
    answer = client.post("/v1/briscola/records/analyze", json={"notation": text, "level": "easy"}).get_json()
    page = analysed(_posted(client, "briscola", {"notation": text, "analyse": "1", "level": "easy"}))
    assert sorted(page.steps) == [d["index"] + 1 for d in answer["decisions"]] and page.accuracy


def table_record() -> dict[str, Any]:
    """A Briscola deal as a table record, only the turn-up seen (docs/api.md 18): a seat's decisions before its
    cards are shown are left out of its analysis."""
    deal = play(GAMES["briscola"], 2, "table-analysis")
    record = {k: v for k, v in deal.record().items() if k not in ("seed", "deck")}
    return {**record, "seen": {"turn_up": deal.start.state.turn_up}}


def test_a_table_records_decisions_left_out_are_counted(client: Any) -> None:
    record = table_record()
    answer = client.post("/v1/briscola/records/analyze", json={"record": record, "level": "easy"}).get_json()
    assert all(seat["unseen"] > 0 for seat in answer["summary"])
    page = analysed(_posted(client, "briscola", {"record": json.dumps(record), "analyse": "1", "level": "easy"}))
    assert sorted(page.steps) == [d["index"] + 1 for d in answer["decisions"]]
    for line, seat in zip(page.accuracy, answer["summary"], strict=True):
        found = SEAT.match(line)
        assert found, line
        assert int(found.group(3)) == seat["decisions"] and int(found.group(6)) == seat["unseen"]


def test_a_refusal_is_said_in_words_under_the_verdict(client: Any) -> None:
    """Past the work budget (a Three Card Brag betting round too long for any level) and at a level the service
    does not analyse at: the verdict stays, the refusal is the service's own words."""
    game = GAMES["three-card-brag"]
    fits = analysis.budget(game) // analysis.samples(game, "easy")
    raises = [{"seat": k % 2, "type": "raise", "amount": k} for k in range(2, fits + 3)]
    actions = [{"seat": 1, "type": "bet", "amount": 1}, *raises]
    record = {"players": 2, "dealer": 0, "seed": "long", "options": {"blind_allowed": False}, "actions": actions}
    refused = client.post("/v1/three-card-brag/records/analyze", json={"record": record})
    assert refused.status_code == 422
    (error,) = refused.get_json()["errors"]
    html = _posted(client, "three-card-brag", {"record": json.dumps(record), "analyse": "1", "level": "normal"})
    assert status_of(html).startswith("The record is in progress")
    page = analysed(html)
    assert page.problem == f"No analysis: {error['detail'][:1].upper()}{error['detail'][1:]}."
    assert not page.steps and not page.accuracy
    html = _posted(client, "briscola", {"record": json.dumps(_record(4)), "analyse": "1", "level": "hard"})
    assert (analysed(html).problem or "").startswith("No analysis: ")


def test_analyse_is_offered_under_a_records_verdict_only(client: Any) -> None:
    assert not analysed(client.get("/referee/briscola").get_data(as_text=True)).button
    checked = analysed(_posted(client, "briscola", {"record": json.dumps(_record(4))}))
    assert checked.button and not checked.steps  # offered, not run until pressed
    match = {"players": 2, "deals": [{k: v for k, v in _record(4).items() if k != "players"}]}
    assert not analysed(_posted(client, "briscola", {"record": json.dumps(match), "analyse": "1"})).button


def test_every_action_type_has_its_best_words_and_every_unit_its_word(client: Any) -> None:
    assert set(analysis_words.BEST) == set(sentences.ACTIONS)
    sayer = sentences.Sayer("briscola", {})
    assert analysis_words.best_said(sayer, {"seat": 0, "type": "raise", "amount": 4}) == "to raise to 4"
    assert analysis_words.best_said(sayer, {"seat": 0, "type": "exchange", "discard": []}) == "to keep every card"
    for game_id, game in GAMES.items():
        unit = client.get(f"/v1/{game_id}").get_json()["analysis"]["unit"]
        assert analysis_words.unit_word(unit) == ("points" if isinstance(game, TrickGame) else "chips"), unit
    assert [analysis_words.number(x) for x in (8.0, 8.44, 8.45, 0.04, 100.0)] == ["8", "8.4", "8.5", "0", "100"]
    assert analysis_words.many(1.0, "points") == "1 point" and analysis_words.many(1.04, "chips") == "1 chip"
