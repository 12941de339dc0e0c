"""``card-arbiter adjudicate`` with matches (docs/api.md section 15) and archives: a match printed for people (each
deal's verdict on a line, the standings as a table, the winner and the deciding deal; actions counted from 1,
seats and deals from 0), exit 1 for an illegal match, and many files judged with ``--jobs`` in-process or
``--concurrency`` against ``--url``, the answers in input order."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from service.cli import main
from service.rules.registry import GAMES
from tests.e2e.test_cli import ROOT, serving
from tests.simulation import play_match


def _match(game_id: str, seed: str, deals: int = 3, options: dict[str, Any] | None = None) -> dict[str, Any]:
    game = GAMES[game_id]
    return play_match(game, game.min_players, seed, deals, options).match()


def _file(tmp_path: Path, name: str, value: Any) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(value))
    return str(path)


def test_a_match_is_printed_deal_by_deal_with_its_standings(tmp_path):
    match = _match("briscola", "cli", deals=6)
    answer = CliRunner().invoke(main, ["--json", "adjudicate", "briscola", _file(tmp_path, "m.json", match)])
    judged = json.loads(answer.stdout)
    result = CliRunner().invoke(main, ["adjudicate", "briscola", _file(tmp_path, "m.json", match)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"match: complete ({len(judged['deals'])} deal(s) played)"
    for k, deal in enumerate(judged["deals"]):
        points = ", ".join(map(str, deal["result"]["points"]))
        assert lines[1 + k].startswith(f"deal {k}: complete, {deal['applied']} action(s); ")
        assert lines[1 + k].endswith(f"won (points {points})")
    at = lines.index("standings:")
    assert lines[at + 1].split() == ["seat", "deals", "won", "points"]
    for seat, standing in enumerate(judged["standings"]):
        assert lines[at + 3 + seat].split() == [str(seat), str(standing["deals_won"]), str(standing["points"])]
    (winner,) = judged["winners"]
    assert lines[-1] == f"winner: seat {winner}, decided by deal {judged['decided_by']}"


def test_an_illegal_match_is_exit_1_and_names_the_action_from_1(tmp_path):
    match = _match("three-card-brag", "cli-bad")
    actions = match["deals"][1]["actions"]
    actions[0] = {**actions[0], "seat": (actions[0]["seat"] + 1) % 3}
    result = CliRunner().invoke(main, ["adjudicate", "three-card-brag", _file(tmp_path, "bad.json", match)])
    assert result.exit_code == 1, result.output
    assert "deal 1: illegal, 0 action(s); illegal at action 1: not_your_turn (rule turn)" in result.stdout
    assert result.stdout.splitlines()[-1] == "illegal: deal 1, action 1: not_your_turn"
    match = _match("three-card-brag", "cli-dealer")
    match["deals"][2]["dealer"] = match["deals"][1]["dealer"]
    result = CliRunner().invoke(main, ["adjudicate", "three-card-brag", _file(tmp_path, "dealer.json", match)])
    assert result.exit_code == 1
    assert "deal 2 should not have been played: wrong_dealer (rule match)" in result.stdout


def _archive(tmp_path: Path) -> list[str]:
    """Files of matches and records of several games' kind, one of them illegal."""
    files = []
    for number in range(5):
        match = _match("briscola-chiamata", f"archive-{number}", deals=2)
        if number == 3:
            match["deals"][1]["dealer"] = 4
        files.append(_file(tmp_path, f"{number}.json", match))
    record = _match("briscola-chiamata", "record", deals=1)
    deal = record["deals"][0]
    files.append(_file(tmp_path, "record.json", {"players": 5, "dealer": deal["dealer"], "seed": deal["seed"],
                                                  "actions": deal["actions"]}))  # fmt: skip
    return files


def _answers(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


def test_an_archive_with_jobs_answers_in_input_order(tmp_path):
    files = _archive(tmp_path)
    one = CliRunner().invoke(main, ["--json", "adjudicate", "briscola-chiamata", *files])
    two = CliRunner().invoke(main, ["--json", "adjudicate", "briscola-chiamata", *files, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 1, two.output
    assert _answers(one.stdout) == _answers(two.stdout)
    answers = _answers(two.stdout)
    assert [a.get("verdict") for a in answers] == ["complete"] * 3 + ["illegal", "complete", "complete"]
    assert "standings" not in answers[-1] and answers[-1]["applied"] > 0  # the record, last, is a record's answer
    assert "adjudicating 6 records" in two.stderr
    assert two.stderr.strip().splitlines()[-1] == "6 records: 5 complete, 0 in progress, 1 illegal, 0 invalid"
    readable = CliRunner().invoke(main, ["adjudicate", "briscola-chiamata", *files, "-j", "2"])
    assert readable.stdout.splitlines()[3] == "line 1: match illegal at deal 1 (wrong_dealer, rule match)"


@pytest.fixture(scope="module")
def live() -> Iterator[str]:
    script = Path(sys.executable).with_name("card-arbiter")
    with serving([str(script)], 2, ROOT, {**os.environ}) as base:
        yield base


def test_an_archive_with_concurrency_against_a_service_is_the_same(live, tmp_path):
    files = _archive(tmp_path)
    local = CliRunner().invoke(main, ["--json", "adjudicate", "briscola-chiamata", *files])
    remote = CliRunner().invoke(
        main, ["--url", live, "--json", "adjudicate", "briscola-chiamata", *files, "--concurrency", "4"]
    )
    assert local.exit_code == remote.exit_code == 1, remote.output
    assert _answers(local.stdout) == _answers(remote.stdout)


def test_an_archives_json_lines_are_the_services_answers_byte_for_byte(tmp_path):
    """Each line of ``--json`` over an archive is the service's own answer to that item, as it writes it (compact
    JSON), whether judged here or by a ``--jobs`` worker; a line that orjson refuses and the standard library
    reads (an integer past 64 bits) is read as before and answered as the service answers that value."""
    from service.cli.common import _app

    match = _match("briscola", "bytes/0", deals=2)
    record = {**match["deals"][0], "players": match["players"]}
    odd = {**record, "dealer": 2**70}
    lines = [json.dumps(item) for item in (match, record, odd)]
    path = tmp_path / "archive.jsonl"
    path.write_text("\n".join(lines) + "\n")
    client = _app().test_client()
    bodies = [{"match": match}, {"record": record}, {"record": odd}]
    paths = ["matches", "records", "records"]
    expected = [
        client.post(f"/v1/briscola/{where}/adjudicate", data=json.dumps(body), content_type="application/json")
        for where, body in zip(paths, bodies, strict=True)
    ]
    assert [e.status_code for e in expected] == [200, 200, 422]
    for jobs in ("1", "2"):
        run = CliRunner().invoke(main, ["--json", "adjudicate", "briscola", str(path), "--jobs", jobs])
        assert run.exit_code == 2, run.output  # an invalid item
        lines = run.stdout.splitlines()
        assert lines[:2] == [e.get_data(as_text=True).rstrip("\n") for e in expected[:2]]
        problem, written = json.loads(lines[2]), expected[2].get_json()
        assert problem.pop("instance") != written.pop("instance")  # each request's own id
        assert problem == written


def _seats(seats: list[int]) -> str:
    """Seats as the readable output names them: "seat 1", "seats 0 and 2", "seats 0, 1 and 3"."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_games_match_is_printed_as_the_service_judges_it(game_id, tmp_path):
    """Every game: ``--json`` is the service's answer to the match (which tests/api/test_matches.py checks deal for
    deal against records/adjudicate), and the readable output says each deal's result, every seat's summed
    standings and the match's winner as that answer has them."""
    from service.cli.common import _app

    match = _match(game_id, f"every/{game_id}", deals=3)
    path = _file(tmp_path, "match.json", match)
    served = _app().test_client().post(f"/v1/{game_id}/matches/adjudicate", json={"match": match}).get_json()
    judged = CliRunner().invoke(main, ["--json", "adjudicate", game_id, path])
    assert judged.exit_code == 0, judged.output
    assert json.loads(judged.stdout) == served
    lines = CliRunner().invoke(main, ["adjudicate", game_id, path]).stdout.splitlines()
    verdict = served["verdict"].replace("_", " ")  # Briscan and Brisque: in progress, the target not yet reached
    assert verdict == ("in progress" if game_id in ("briscan", "brisque") else "complete")
    assert lines[0] == f"match: {verdict} ({len(served['deals'])} deal(s) played)"
    for k, deal in enumerate(served["deals"]):
        result = deal["result"]
        name = "points" if isinstance(result.get("points"), list) else "payouts"
        who = _seats(result["winners"]) if result["winners"] else "nobody"
        assert lines[1 + k] == (
            f"deal {k}: complete, {deal['applied']} action(s); {who} won ({name} {', '.join(map(str, result[name]))})"
        )
    at = lines.index("standings:")
    columns = [c for c in ("points", "payouts") if c in served["standings"][0]]
    assert lines[at + 1].split() == ["seat", "deals", "won", *columns]
    for seat, standing in enumerate(served["standings"]):
        assert lines[at + 3 + seat].split() == [
            str(v) for v in (seat, standing["deals_won"], *map(standing.get, columns))
        ]
    if served["decided_by"] is not None:
        assert lines[-1] == f"winner: {_seats(served['winners'])}, decided by deal {served['decided_by']}"
    elif served["winners"]:
        assert lines[-1] == f"winner: {_seats(served['winners'])} (the most summed payouts)"
    elif served["verdict"] == "complete":
        assert lines[-1] == "winner: nobody (a drawn match)"
    else:
        assert lines[-1] == lines[at + 2 + len(served["standings"])]  # no winner yet: the table ends the output


def test_a_match_written_as_text_names_its_illegal_actions_line_and_column(tmp_path):
    """A match read from text: the readable output gives the illegal action's line and column in the file, as
    ``--json`` has them."""
    match = _match("briscola", "text-fault", deals=2, options={"deals_to_win": 2})
    actions = match["deals"][1]["actions"]
    actions[2] = {**actions[2], "seat": (actions[2]["seat"] + 1) % 2}
    formatted = CliRunner().invoke(main, ["format", "briscola", _file(tmp_path, "match.json", match)])
    assert formatted.exit_code == 0, formatted.output
    path = tmp_path / "match.txt"
    path.write_text(formatted.stdout)
    error = json.loads(CliRunner().invoke(main, ["--json", "adjudicate", "briscola", str(path)]).stdout)["error"]
    assert (error["deal"], error["index"], error["code"]) == (1, 2, "not_your_turn")
    result = CliRunner().invoke(main, ["adjudicate", "briscola", str(path)])
    assert result.exit_code == 1
    where = f"(line {error['line']}, column {error['column']})"
    assert f"deal 1: illegal, 2 action(s); illegal at action 3 {where}: not_your_turn (rule turn)" in result.stdout
    assert result.stdout.splitlines()[-1] == f"illegal: deal 1, action 3 {where}: not_your_turn"
    written = formatted.stdout.splitlines()[error["line"] - 1]
    assert written[error["column"] - 1 :].startswith("s")  # the column points at the action's seat
