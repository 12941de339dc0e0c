"""The card-arbiter command line: in-process and against a live service (--url, started with
``card-arbiter serve``) on the same records of every game, with the same verdicts."""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import click
import pytest
import requests
from click.testing import CliRunner

from service.api.examples import submittable
from service.cli import main
from service.rules.registry import GAMES
from tests.e2e.servers import free_port, requests_counted, wait_ready

ROOT = Path(__file__).resolve().parents[2]
PREFERRED = ("play", "call", "stand", "see", "pass", "fold", "choose_suit", "bid", "exchange", "declare")


@contextmanager
def serving(command: list[str], workers: int, cwd: Path, env: dict[str, str]) -> Iterator[str]:
    """``command`` + ``serve`` on a free loopback port with ``workers``, ready; yields its base URL."""
    port = free_port()
    proc = subprocess.Popen(
        [*command, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base, [proc])
        yield base
    finally:
        proc.send_signal(signal.SIGINT)  # gunicorn's quick shutdown
        proc.wait(timeout=30)


@pytest.fixture(scope="module")
def live() -> Iterator[str]:
    script = Path(sys.executable).with_name("card-arbiter")
    with serving([str(script)], 1, ROOT, {**os.environ, "LOG_FORMAT": "json"}) as base:
        yield base


def _play(client, game_id: str, players: int, seed: str, limit: int, prefer=PREFERRED) -> tuple[dict, dict]:
    """A record played through the service (every action legal) and the state it reaches."""
    deal = client.post(f"/v1/{game_id}/deals", json={"players": players, "dealer": 0, "seed": seed}).get_json()
    state, actions = deal["state"], []
    for _ in range(limit):
        legal = client.post(f"/v1/{game_id}/legal-actions", json={"state": state}).get_json()["actions"]
        if not legal:
            break
        chosen = next((a for t in prefer for a in legal if a["type"] == t), legal[0])
        action = submittable(chosen)
        state = client.post(f"/v1/{game_id}/actions", json={"state": state, "action": action}).get_json()["state"]
        actions.append(action)
    return {"players": players, "dealer": 0, "seed": seed, "actions": actions}, state


@functools.cache
def _records(game_id: str) -> str:
    from service.cli.common import _app

    return json.dumps(_build(_app().test_client(), game_id))


def records(game_id: str) -> list[dict]:
    """The records of ``game_id`` (made once)."""
    return json.loads(_records(game_id))


def _build(client, game_id: str) -> list[dict]:
    """A complete (or long) record, a short one in progress, one whose last action is from the wrong seat, and
    one that breaks the contract."""
    players = GAMES[game_id].min_players
    played, _ = _play(client, game_id, players, "cli-long", 300)
    short, state = _play(client, game_id, players, "cli-short", 2, prefer=("play", "bet", "call", "bid", "look"))
    legal = client.post(f"/v1/{game_id}/legal-actions", json={"state": state}).get_json()["actions"]
    wrong = {**submittable(legal[0]), "seat": (legal[0]["seat"] + 1) % players}
    illegal = {**short, "actions": [*short["actions"], wrong]}
    return [played, short, illegal, {**short, "players": 99}]


def _jsonl(tmp_path: Path, game_id: str, rows: list[dict]) -> Path:
    path = tmp_path / f"{game_id}.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _answers(stdout: str) -> list[dict]:
    answers = [json.loads(line) for line in stdout.splitlines()]
    for answer in answers:
        answer.pop("instance", None)  # names the request: differs between two requests
    return answers


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_in_process_and_url_give_the_same_verdicts(live, tmp_path, game_id):
    path = _jsonl(tmp_path, game_id, records(game_id))
    local = CliRunner().invoke(main, ["--json", "adjudicate", game_id, str(path)])
    remote = CliRunner().invoke(main, ["--url", live, "--json", "adjudicate", game_id, str(path)])
    assert local.exit_code == remote.exit_code == 2, local.output  # the last record is bad input
    mine, theirs = _answers(local.stdout), _answers(remote.stdout)
    assert mine == theirs and len(mine) == 4
    assert mine[0]["verdict"] in ("complete", "in_progress") and mine[1]["verdict"] == "in_progress"
    assert mine[2]["verdict"] == "illegal" and mine[2]["error"]["code"] and mine[3]["status"] == 422
    assert "adjudicating 4 records" in local.stderr  # the progress bar's label (a terminal also gets the bar)
    complete = int(mine[0]["verdict"] == "complete")
    summary = f"4 records: {complete} complete, {2 - complete} in progress, 1 illegal, 1 invalid"
    assert local.stderr.strip().splitlines()[-1] == summary


def test_exit_status_and_readable_verdicts(tmp_path):
    played, short, illegal, invalid = records("three-card-brag")
    runner = CliRunner()
    for record, status in ((played, 0), (short, 0), (illegal, 1), (invalid, 2)):
        path = tmp_path / "one.json"
        path.write_text(json.dumps(record))
        result = runner.invoke(main, ["adjudicate", "three-card-brag", str(path)])
        assert result.exit_code == status, result.output
    result = runner.invoke(main, ["adjudicate", "three-card-brag", "-"], input=json.dumps(illegal))
    assert "verdict: illegal" in result.stdout and "illegal at action 3: " in result.stdout  # index 2, counted from 1
    assert "legal there: seat" in result.stdout and "rule " in result.stdout
    result = runner.invoke(main, ["adjudicate", "three-card-brag", "-"], input=json.dumps(played))
    assert "verdict: complete" in result.stdout and "seat  winner" in result.stdout
    result = runner.invoke(main, ["adjudicate", "three-card-brag", "-"], input=json.dumps(invalid))
    assert result.exit_code == 2 and "422 Unprocessable request" in result.stderr and "/record/players" in result.stderr


def test_many_records_readable_with_a_summary(tmp_path):
    path = _jsonl(tmp_path, "briscola", records("briscola")[:3])
    result = CliRunner().invoke(main, ["adjudicate", "briscola", str(path)])
    assert result.exit_code == 1  # one illegal record, no bad input
    lines = result.stdout.splitlines()
    assert lines[0].startswith("line 1: complete") and lines[1] == "line 2: in_progress"
    assert lines[2].startswith("line 3: illegal at action 3 (not_your_turn")  # the record's third action
    assert lines[-1] == "3 records: 1 complete, 1 in progress, 1 illegal, 0 invalid"
    path.write_text('{"players": 2,\nnot json\n')
    result = CliRunner().invoke(main, ["adjudicate", "briscola", str(path)])
    assert result.exit_code == 2 and "line 2: invalid" in result.stdout


def test_hands_deals_and_games(tmp_path):
    runner = CliRunner()
    games = runner.invoke(main, ["--json", "games"])
    assert games.exit_code == 0 and sorted(g["id"] for g in json.loads(games.stdout)["games"]) == sorted(GAMES)
    evaluated = runner.invoke(main, ["evaluate", "three-card-brag", "3S", "3H", "3D"])
    assert evaluated.exit_code == 0 and "prial" in evaluated.stdout
    hands = tmp_path / "hands.json"
    hands.write_text(json.dumps([["AS", "KS", "QS"], ["2C", "2D", "2H"]]))
    compared = runner.invoke(main, ["--json", "compare", "three-card-brag", "--hands", str(hands)])
    assert compared.exit_code == 0 and json.loads(compared.stdout)["winners"] == [1]
    readable = runner.invoke(main, ["compare", "three-card-brag", "AS,KS,QS", "2C,2D,2H"])
    assert "Hand 2 wins; decided by: category" in readable.stdout  # the second hand typed
    dealt = runner.invoke(main, ["deal", "briscola", "--players", "2", "--seed", "s"])
    assert dealt.exit_code == 0 and dealt.stdout.count("\n") >= 4 and "to act: seat 1" in dealt.stdout
    state = json.loads(runner.invoke(main, ["--json", "deal", "briscola", "-n", "2", "-s", "s"]).stdout)["state"]
    assert f"trump: {state['trump']}; turn-up {state['turn_up']}" in dealt.stdout
    for game, players in (("briscan", "2"), ("brisque", "2")):
        shown = runner.invoke(main, ["deal", game, "-n", players, "-s", "s"]).stdout
        state = json.loads(runner.invoke(main, ["deal", game, "-n", players, "-s", "s", "--json"]).stdout)["state"]
        assert f"trump: {state['trump']}; turn-up {state['turn_up']}" in shown
    called = runner.invoke(main, ["deal", "briscola-chiamata", "-n", "5", "-s", "s"]).stdout
    assert "trump: not yet chosen" in called and "turn-up" not in called
    assert "trump" not in runner.invoke(main, ["deal", "three-card-brag", "-n", "2", "-s", "s"]).stdout
    carried = runner.invoke(main, ["--json", "deal", "three-card-brag", "-n", "3", "-s", "s", "--carry", '{"pot": 5}'])
    assert carried.exit_code == 0 and json.loads(carried.stdout)["state"]["pot"] == 5 + 3
    moved = runner.invoke(main, ["deal", "old-brag", "-n", "3", "-s", "s", "--options", '{"carried_pot3": 5}'])
    assert moved.exit_code == 2 and "/options/carried_pot3" in moved.stderr and "carry.pot3" in moved.stderr
    wrong = runner.invoke(main, ["evaluate", "three-card-brag", "AS", "KS", "ZZ"])
    assert wrong.exit_code == 2 and "/hands/0/2" in wrong.stderr
    unknown = runner.invoke(main, ["deal", "no-such-game", "-n", "2", "-s", "s"])
    assert unknown.exit_code == 2 and "404" in unknown.stderr


def test_equity_counts_and_samples_as_the_engine_does():
    runner = CliRunner()
    game = GAMES["old-brag"]
    exact = runner.invoke(main, ["equity", "old-brag", "QS", "QH", "5C", "--known", "AD", "--json"])
    found = game.equity(["QS", "QH", "5C"], [["AD"]], game.options(None))
    assert exact.exit_code == 0 and json.loads(exact.stdout)["counts"]["win"] == found.counts.win
    args = ["equity", "three-card-brag", "KS", "KH", "7D", "-n", "3", "--dead", "2C,3C", "--seed", "s", "--samples"]
    sampled = runner.invoke(main, [*args, "2000"])
    brag = GAMES["three-card-brag"]
    expected = brag.equity(["KS", "KH", "7D"], 3, brag.options(None), ["2C", "3C"], samples=2000, seed="s")
    assert sampled.exit_code == 0 and f"share {expected.share:.4f}" in sampled.stdout and "seed 's'" in sampled.stdout
    refused = runner.invoke(main, ["equity", "three-card-brag", "KS", "KH", "7D", "-n", "3", "--method", "exact"])
    assert refused.exit_code == 2 and "/method" in refused.stderr


def test_an_unreachable_service_is_exit_3():
    result = CliRunner().invoke(main, ["--url", f"http://127.0.0.1:{free_port()}", "--timeout", "2", "games"])
    assert result.exit_code == 3 and "cannot reach" in result.stderr


def test_the_shared_options_go_before_or_after_the_subcommand(tmp_path):
    runner = CliRunner()
    before = runner.invoke(main, ["--json", "deal", "briscola", "-n", "2", "-s", "s"])
    after = runner.invoke(main, ["deal", "briscola", "-n", "2", "-s", "s", "--json"])
    between = runner.invoke(main, ["deal", "--json", "briscola", "-n", "2", "-s", "s"])
    assert before.exit_code == after.exit_code == between.exit_code == 0, after.output
    assert json.loads(before.stdout) == json.loads(after.stdout) == json.loads(between.stdout)
    readable = runner.invoke(main, ["deal", "briscola", "-n", "2", "-s", "s"])
    assert readable.exit_code == 0 and not readable.stdout.startswith("{")
    path = tmp_path / "record.json"
    path.write_text(json.dumps(records("briscola")[2]))
    adjudicated = runner.invoke(main, ["adjudicate", "briscola", str(path), "--json"])
    assert adjudicated.exit_code == 1 and json.loads(adjudicated.stdout)["verdict"] == "illegal"


def test_after_the_subcommand_wins():
    first, second = (f"http://127.0.0.1:{free_port()}" for _ in range(2))
    result = CliRunner().invoke(main, ["--url", first, "games", "--url", second, "--timeout", "2"])
    assert result.exit_code == 3 and f"cannot reach {second}" in result.stderr and first not in result.stderr
    result = CliRunner().invoke(main, ["--url", first, "--timeout", "2", "games"])
    assert result.exit_code == 3 and f"cannot reach {first}" in result.stderr
    local = CliRunner().invoke(main, ["--url", first, "games", "--url", "", "--json"])  # "" is in-process
    assert local.exit_code == 0 and json.loads(local.stdout)["games"]


def test_help_says_where_the_shared_options_go():
    runner = CliRunner()
    assert "before or after the subcommand" in runner.invoke(main, ["--help"]).stdout
    for command in ("games", "evaluate", "compare", "equity", "deal", "adjudicate"):
        text = runner.invoke(main, [command, "--help"]).stdout
        assert all(name in text for name in ("--json", "--url", "--timeout")), command
    assert "--json" not in runner.invoke(main, ["serve", "--help"]).stdout  # serve talks to no service


def test_a_new_subcommand_or_subgroup_takes_the_shared_options():
    from service.cli.common import SETTINGS, ArbiterGroup, Context

    @click.group(cls=ArbiterGroup)
    @click.pass_context
    def root(ctx):
        ctx.obj = Context(ctx.meta.setdefault(SETTINGS, {}))

    @root.group()
    def pack():
        pass

    @pack.command()
    @click.pass_obj
    def run(ctx):
        click.echo(f"{ctx.as_json} {ctx.settings['url']} {ctx.settings['timeout']}")

    runner = CliRunner()
    assert runner.invoke(root, ["pack", "run"]).stdout == "False None 30.0\n"
    assert runner.invoke(root, ["--json", "pack", "run"]).stdout == "True None 30.0\n"
    assert runner.invoke(root, ["pack", "--url", "u", "run"]).stdout == "False u 30.0\n"
    given = ["--url", "a", "--timeout", "1", "pack", "--url", "b", "run", "--json", "--timeout", "2"]
    assert runner.invoke(root, given).stdout == "True b 2.0\n"


def test_lang_asks_for_the_games_language_in_process_and_by_url(live):
    """--lang sends Accept-Language (before or after the subcommand, or CARD_ARBITER_LANG): the descriptions and
    what decided come back in the game's language, the same in-process and from a running service."""
    runner = CliRunner()
    for where in ([], ["--url", live]):
        evaluated = runner.invoke(main, [*where, "--lang", "sr", "evaluate", "old-brag", "AS", "AH", "AC"])
        assert evaluated.exit_code == 0 and "Tri prirodna Keca" in evaluated.stdout, evaluated.output
        compared = runner.invoke(main, [*where, "compare", "three-card-brag", "KS,KH,KD", "8S,8H,KD", "--lang", "sv"])
        assert "decided by: kombination" in compared.stdout, compared.output
        english = runner.invoke(main, [*where, "--json", "evaluate", "old-brag", "AS", "AH", "AC"])
        assert json.loads(english.stdout)["results"][0]["description"] == "Natural prial of aces"
    from_env = runner.invoke(main, ["evaluate", "three-card-brag", "KS", "KH", "KD"], env={"CARD_ARBITER_LANG": "sv"})
    assert "Triss i kungar" in from_env.stdout
    assert "--lang" in runner.invoke(main, ["evaluate", "--help"]).stdout


def test_serve_from_elsewhere_uses_the_packaged_settings(tmp_path):
    """``card-arbiter serve`` as an installed package runs it: the packages copied alone (no clone, no deploy/
    beside them), started from another directory; /metrics then adds up both workers on every scrape."""
    site, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    for package in ("service", "schemas"):
        shutil.copytree(ROOT / package, site / package, ignore=shutil.ignore_patterns("__pycache__"))
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"} | {"PYTHONPATH": str(site)}
    found = subprocess.run(
        [sys.executable, "-c", "import service.cli; print(service.cli.__file__)"],
        cwd=elsewhere, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert Path(found.stdout.strip()).is_relative_to(site)  # the copy, not the clone
    with serving([sys.executable, "-m", "service.cli"], 2, elsewhere, env) as base:
        before = requests_counted(requests.get(f"{base}/metrics", timeout=5).text, "/readyz")
        with ThreadPoolExecutor(8) as pool:  # 8 at a time: both sync workers answer some
            statuses = list(pool.map(lambda _: requests.get(f"{base}/readyz", timeout=10).status_code, range(40)))
        scrapes = [requests_counted(requests.get(f"{base}/metrics", timeout=5).text, "/readyz") for _ in range(6)]
        assert statuses == [200] * 40 and before >= 1 and scrapes == [before + 40] * 6
