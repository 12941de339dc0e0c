"""The referee page on the server side (docs/api.md section 13): headers, what the HTML may hold, the rules as HTML
with an anchor per rule id, the plain form posts answering what the JSON API answers, and the wheel carrying
the page. The page in a real browser: tests/browser.
"""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from service.api.app import create_app
from service.referee import verdicts
from service.rules.hand_game import HandGame
from service.rules.registry import GAMES
from service.rules.trick_game import TrickGame
from tests.docs.markdown import anchored_ids, doc_path, rule_headings
from tests.simulation import play

ROOT = Path(__file__).resolve().parents[2]
PAGE_FILES = ("templates/base.html", "templates/page.html", "static/referee.js", "static/referee.css")
HAND_GAMES = [g for g, game in GAMES.items() if isinstance(game, HandGame)]
TRICK_GAMES = [g for g, game in GAMES.items() if isinstance(game, TrickGame)]


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"WARM_TABLES": False}).test_client()


class Tags(HTMLParser):
    """Every start tag with its attributes, and the status element's text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.status: list[str] = []
        self._in_status = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append((tag, found))
        self._in_status = found.get("role") == "status"

    def handle_endtag(self, tag: str) -> None:
        self._in_status = False

    def handle_data(self, data: str) -> None:
        if self._in_status:
            self.status.append(data)


def parsed(html: str) -> Tags:
    tags = Tags()
    tags.feed(html)
    return tags


def status_of(html: str) -> str:
    return " ".join("".join(parsed(html).status).split())


@pytest.mark.parametrize(
    "path", ["/referee", "/referee/broggin", "/referee/briscola/rules", "/referee/static/referee.js"]
)
def test_strict_policy_and_the_docs_headers(client: Any, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200
    policy = answer.headers["Content-Security-Policy"]
    assert policy.startswith("default-src 'self';")
    assert "unsafe" not in policy and "script-src" not in policy and "style-src" not in policy
    assert "frame-ancestors 'none'" in policy
    docs = client.get("/docs")
    for name in ("X-Frame-Options", "Referrer-Policy", "X-Content-Type-Options"):
        assert answer.headers[name] == docs.headers[name]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_page_has_nothing_inline_and_nothing_outside(client: Any, game_id: str) -> None:
    html = client.get(f"/referee/{game_id}").get_data(as_text=True)
    tags = parsed(html)
    for tag, attrs in tags.tags:
        assert "style" not in attrs, f"inline style on <{tag}>"
        assert not any(name.startswith("on") for name in attrs), f"inline handler on <{tag}>"
        assert tag != "style"
        if tag == "script":
            assert attrs.get("src") or attrs.get("type") == "application/json", "an inline script"
        for name in ("src", "href", "action"):
            value = attrs.get(name) or ""
            assert not re.match(r"^(https?:)?//", value), f"<{tag} {name}={value}> leaves the service"
    assert [a.get("lang") for t, a in tags.tags if t == "html"] == ["en"]
    assert sum(1 for _, a in tags.tags if a.get("role") == "status") == 1
    labels = {a.get("for") for t, a in tags.tags if t == "label"}
    assert {"game", "record", "record-file"} <= labels
    assert ({"hand-1", "hand-2"} if game_id in HAND_GAMES else {"cards", "trump"}) <= labels
    for spec in GAMES[game_id].option_specs():
        assert f"opt-{spec.name}" in labels


def test_native_names_are_marked_with_their_language(client: Any) -> None:
    html = client.get("/referee/broggin").get_data(as_text=True)
    assert '<td lang="sv">Häxan</td>' in html  # the Witch, in the seed's Swedish
    html = client.get("/referee/old-brag").get_data(as_text=True)
    marked = {a.get("lang") for t, a in parsed(html).tags if t == "td" and a.get("lang")}
    assert marked == {"sr-Latn"}


def test_the_script_and_style_reach_nothing_outside() -> None:
    for name in PAGE_FILES:
        text = (ROOT / "service" / "referee" / name).read_text(encoding="utf-8")
        assert not re.search(r"https?://|url\(", text), name
        assert "@import" not in text and "@font-face" not in text


@pytest.mark.parametrize("game_id", list(GAMES))
def test_rules_html_anchors_every_rule_and_keeps_its_links(client: Any, game_id: str) -> None:
    html = client.get(f"/referee/{game_id}/rules").get_data(as_text=True)
    ids = {a["id"] for _, a in parsed(html).tags if a.get("id")}
    anchors = set(rule_headings(doc_path(game_id).read_text(encoding="utf-8")))
    assert anchors <= ids, sorted(anchors - ids)
    for spec in GAMES[game_id].option_specs():
        assert spec.rule in ids
    local = {a["href"][1:] for t, a in parsed(html).tags if t == "a" and (a.get("href") or "").startswith("#")}
    assert local <= ids, f"links to no heading: {sorted(local - ids)}"
    assert "<script" not in html.split("</head>")[1]  # raw HTML in the Markdown is never rendered


def test_unknown_game_and_rules_are_404(client: Any) -> None:
    for path in ("/referee/poker", "/referee/poker/rules"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.mimetype == "text/html"
        assert 'href="/referee/briscola"' in answer.get_data(as_text=True)
    assert client.get("/referee?game=poker").status_code == 200  # the first game's page
    assert client.get("/referee?game=briscan").headers["Location"] == "/referee/briscan"


def test_every_deciding_word_and_tie_rule_is_said() -> None:
    for game_id in HAND_GAMES:
        game = GAMES[game_id]
        assert isinstance(game, HandGame)
        assert set(game.ranking.decides) - {"tie"} <= set(verdicts.DECIDING_WORDS), game_id
        rule, _ = verdicts.TIE_RULES[game_id]
        assert rule in anchored_ids(doc_path(game_id).read_text(encoding="utf-8"))


# -- the plain form posts: the same verdict as the JSON API ---------------------------------------------
HANDS = {
    "three-card-brag": [["AS 2S 3S", "TH JH QH"], ["AS KS QS", "AH KH QH"], ["7C 7D 2H", "3C 3D 3H", "KS QD 9C"]],
    "old-brag": [["AD 7C 7H", "KS KH 2D"], ["9D JC 5S", "QS QH QC"]],
    "broggin": [["Häxan 1Sw 2Sw 3Sw", "KCu KSw KSt KCo"], ["narren 2Co 2Cu 5St", "Sv8 St7 My4 Ba1"]],
}


@pytest.mark.parametrize(("game_id", "hands"), [(g, h) for g, cases in HANDS.items() for h in cases])
def test_a_form_post_says_what_the_api_answers(client: Any, game_id: str, hands: list[str]) -> None:
    answer = client.post(f"/v1/{game_id}/hands/compare", json={"hands": [verdicts.cards(h) for h in hands]}).json
    html = client.post(f"/referee/{game_id}", data={"form": "compare", "hand": hands}).get_data(as_text=True)
    top = [i + 1 for i in answer["ranking"][0]]
    said = status_of(html)
    if len(top) == 1:
        assert said.startswith(f"Hand {top[0]} wins")
    else:
        assert said.startswith("Hands " + ", ".join(map(str, top[:-1])) + f" and {top[-1]} tie")
    text = re.sub(r"<[^>]+>", "", html)  # a description's foreign words are marked with their lang
    for result in answer["results"]:
        assert result["description"] in text


@pytest.mark.parametrize("game_id", TRICK_GAMES)
def test_a_trick_form_post_says_what_the_api_answers(client: Any, game_id: str) -> None:
    pack = client.get(f"/v1/{game_id}").json["pack"]
    cards = [pack[3], pack[12], pack[0]][: 2 if game_id in ("briscan", "brisque") else 3]
    answer = client.post(f"/v1/{game_id}/tricks/winner", json={"trump": "H", "cards": cards}).json
    html = client.post(f"/referee/{game_id}", data={"form": "trick", "trump": "H", "cards": ", ".join(cards)})
    assert status_of(html.get_data(as_text=True)).startswith(
        f"Card {answer['winner'] + 1} takes the trick, worth {answer['points']} card points: "
    )


def test_a_form_post_puts_each_problem_by_its_field(client: Any) -> None:
    form = {"form": "compare", "hand": ["AS KS QS", "7D 7H ZZ"], "opt-ante": "two", "opt-consolation_pots": "false"}
    html = client.post("/referee/old-brag", data=form).get_data(as_text=True)
    tags = {a.get("id"): a for _, a in parsed(html).tags if a.get("id")}
    assert tags["hand-2"].get("aria-invalid") == "true" and "hand-2-error" in tags["hand-2"]["aria-describedby"]
    assert tags["opt-ante"].get("aria-invalid") == "true"
    assert "aria-invalid" not in tags["hand-1"]
    assert "hidden" not in tags["error-summary"]
    assert status_of(html).startswith("No verdict")
    assert "checked" not in tags["opt-consolation_pots"]  # what was sent stays in the form


def test_a_form_post_of_options_reaches_the_engine(client: Any) -> None:
    hands = ["AS 2S 3S", "TH JH QH"]
    for value in ("lowest", "highest"):
        answer = client.post(
            "/v1/three-card-brag/hands/compare",
            json={"hands": [verdicts.cards(h) for h in hands], "options": {"a23_rank": value}},
        ).json
        html = client.post(
            "/referee/three-card-brag", data={"form": "compare", "hand": hands, "opt-a23_rank": value}
        ).get_data(as_text=True)
        assert status_of(html).startswith(f"Hand {answer['ranking'][0][0] + 1} wins")
        assert re.search(rf"<code class=\"ident\">a23_<wbr>rank</code></td><td>{value}</td>", html)


def test_a_record_form_post_and_its_file(client: Any) -> None:
    deal = play(GAMES["briscola"], 2, "form")
    record = deal.record()
    text = json.dumps(record)
    for data in (
        {"form": "record", "record": text},
        {"form": "record", "record_file": (io.BytesIO(text.encode()), "r.json")},
    ):
        html = client.post("/referee/briscola", data=data, content_type="multipart/form-data").get_data(as_text=True)
        assert status_of(html).startswith("The record is complete")
        assert html.count('<li><span class="said">') == len(record["actions"])
    html = client.post("/referee/briscola", data={"form": "record", "record": "{oops"}).get_data(as_text=True)
    assert "not valid JSON" in html and status_of(html).startswith("No verdict")


def test_a_json_post_to_the_api_is_still_the_only_kind_it_takes(client: Any) -> None:
    assert client.post("/v1/old-brag/hands/compare", data={"hand": "AS"}).status_code == 415


def test_the_catalog_the_docs_and_the_readme_link_the_page(client: Any) -> None:
    for entry in client.get("/v1/games").json["games"]:
        assert client.get(entry["referee_url"]).status_code == 200
    assert "/referee" in client.get("/openapi.json").json["info"]["description"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## The referee page" in readme and "(docs/referee.png)" in readme
    assert (ROOT / "docs" / "referee.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.packaging
def test_the_wheel_carries_the_page(wheel: tuple[list[str], set[str]]) -> None:
    """`pip install .` carries the templates, the script and the style sheet (built from the tracked files)."""
    _, names = wheel
    for name in (*PAGE_FILES, *(f"templates/{n}.html" for n in ("rules", "options", "verdict", "missing", "analysis"))):
        assert f"service/referee/{name}" in names


def _notation(client: Any, record: dict[str, Any]) -> str:
    """A record as text, as the API writes it."""
    return str(client.post("/v1/briscola/records/format", json={"record": record}).get_json()["notation"])


def test_a_record_as_text_posted_typed_and_from_a_file(client: Any) -> None:
    record = play(GAMES["briscola"], 2, "text").record()
    text = _notation(client, record)
    answer = client.post("/v1/briscola/records/adjudicate", json={"record": record}).get_json()
    for data in (
        {"form": "record", "notation": text},
        {"form": "record", "record_file": (io.BytesIO(text.encode()), "r.txt")},
    ):
        html = client.post("/referee/briscola", data=data, content_type="multipart/form-data").get_data(as_text=True)
        assert status_of(html).startswith(f"The record is {answer['verdict']}")
        assert html.count('<li><span class="said">') == len(record["actions"])
    both = {"form": "record", "notation": text, "record": json.dumps(record)}
    html = client.post("/referee/briscola", data=both).get_data(as_text=True)
    assert "not both" in html and status_of(html).startswith("No verdict")


def test_a_text_that_does_not_parse_is_shown_at_its_line_and_column(client: Any) -> None:
    record = play(GAMES["briscola"], 2, "text").record()
    lines = _notation(client, record).splitlines()
    last = len(lines)
    word = lines[-1].split()[-1]
    lines[-1] = lines[-1][: -len(word)] + "ZZ"  # no card: the API says where
    text = "\n".join(lines) + "\n"
    problem = client.post("/v1/briscola/records/adjudicate", json={"notation": text}).get_json()
    at = problem["errors"][0]
    assert problem["type"].endswith("/invalid-notation") and at["line"] == last
    html = client.post("/referee/briscola", data={"form": "record", "notation": text}).get_data(as_text=True)
    field = next(attrs for tag, attrs in parsed(html).tags if attrs.get("id") == "record-text")
    assert field.get("aria-invalid") == "true" and "record-text-error" in (field.get("aria-describedby") or "")
    assert f"line {at['line']}, column {at['column']}" in html
    where = re.search(r'<pre class="notation-where" id="record-text-where">(.*?)</pre>', html, re.S)
    assert where is not None
    quoted, caret = where.group(1).split("\n")
    assert "<mark>ZZ</mark>" in quoted
    assert re.sub(r"<[^>]+>", "", caret).index("^") == at["column"] - 1


def test_an_illegal_action_in_a_text_names_its_line_and_column(client: Any) -> None:
    record = play(GAMES["briscola"], 2, "text").record()
    record["actions"][3] = {**record["actions"][3], "seat": 1 - record["actions"][3]["seat"]}
    text = _notation(client, record)
    error = client.post("/v1/briscola/records/adjudicate", json={"notation": text}).get_json()["error"]
    html = client.post("/referee/briscola", data={"form": "record", "notation": text}).get_data(as_text=True)
    assert status_of(html).startswith(
        f"The record is illegal: in action 4 (line {error['line']}, column {error['column']}) seat "
    )
    assert f"(action 4, line {error['line']}, column {error['column']})" in html


@pytest.mark.parametrize(
    ("game_id", "players", "key"),
    [("briscola", 2, "points"), ("briscan", 2, "points"), ("three-card-brag", 3, "payouts"), ("broggin", 3, "payouts")],
)
def test_the_verdict_says_the_score(client: Any, game_id: str, players: int, key: str) -> None:
    record = play(GAMES[game_id], players, "score").record()
    result = client.post(f"/v1/{game_id}/records/adjudicate", json={"record": record}).get_json()["result"]
    (winner,) = result["winners"]
    rest = sorted((v for i, v in enumerate(result[key]) if i != winner), reverse=True)
    others = (
        " and ".join(str(v) for v in rest) if len(rest) < 3 else ", ".join(map(str, rest[:-1])) + f" and {rest[-1]}"
    )
    html = client.post(f"/referee/{game_id}", data={"form": "record", "record": json.dumps(record)}).get_data(
        as_text=True
    )
    expected = f"The record is complete: Seat {winner} wins, {result[key][winner]} to {others}."
    assert status_of(html) == expected


def test_a_team_verdict_says_the_sides_points(client: Any) -> None:
    record = play(GAMES["briscola"], 4, "x").record()
    result = client.post("/v1/briscola/records/adjudicate", json={"record": record}).get_json()["result"]
    side = next(i for i, team in enumerate(result["teams"]) if result["winners"][0] in team)
    ours, theirs = result["team_points"][side], result["team_points"][1 - side]
    html = client.post("/referee/briscola", data={"form": "record", "record": json.dumps(record)}).get_data(
        as_text=True
    )
    assert status_of(html).endswith(f" win, {ours} to {theirs}.")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_builder_without_a_script_says_it_needs_one(client: Any, game_id: str) -> None:
    """Build a record is the script's: the page as served says so (and where to write a record instead), and
    its form and controls are hidden until the script shows them; each of its fields has its label."""
    html = client.get(f"/referee/{game_id}").get_data(as_text=True)
    tags = {found.get("id"): (tag, found) for tag, found in parsed(html).tags if found.get("id")}
    notice = tags["build-needs-script"]
    assert "hidden" not in notice[1]
    assert "needs JavaScript" in html and 'href="#record-text"' in html
    assert "hidden" in tags["build-form"][1] and "hidden" in tags["build-play"][1]
    assert tags["legal-actions"][1].get("role") == "group"
    for field, label in (("build-players", "Players"), ("build-dealer", "Dealer"), ("build-seed", "Seed")):
        assert f'<label for="{field}">{label}</label>' in html
    assert '<h3 id="legal-heading">Legal actions</h3>' in html
