"""bench/run.py cannot break unnoticed: its measuring functions run on a tiny size and give sane numbers, and
every body it sends is answered right by the service and echoed by the bare app. Nothing here asserts a time."""

from __future__ import annotations

import json
import math
import os
import shutil

import pytest

from bench import bare
from bench import run as bench
from schemas.game import game_schemas
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle


def _sane(number: float) -> bool:
    return math.isfinite(number) and number > 0


@pytest.mark.parametrize("game_id", bench.HAND_GAMES)
@pytest.mark.parametrize("evaluate", [False, True])
def test_the_engine_measure_gives_a_ratio(game_id, evaluate):
    ratio, seconds = bench.engine_ratio(GAMES[game_id], evaluate=evaluate, count=50, rounds=1)
    assert _sane(ratio) and _sane(seconds)


@pytest.mark.parametrize("game_id", ["three-card-brag", "broggin"])
def test_the_equity_measures_give_ratios(game_id):
    game = GAMES[game_id]
    ratio, seconds = bench.heads_up_ratio(game, hands=2, rounds=1)
    assert _sane(ratio) and _sane(seconds)
    ratio, seconds = bench.sampling_ratio(game, samples=1_000, rounds=1)
    assert _sane(ratio) and _sane(seconds)


@pytest.mark.parametrize("game_id", bench.HAND_GAMES)
def test_the_largest_sampling_measure_deals_to_every_opponent_the_pack_allows(game_id):
    game = GAMES[game_id]
    seconds, opponents = bench.largest_sampling(game, samples=1_000, rounds=1)
    assert _sane(seconds)
    assert opponents * game.hand_size <= len(game.full_pack()) - game.hand_size < (opponents + 1) * game.hand_size


def test_the_two_opponent_measure_counts_every_outcome():
    ratio, rate, seconds = bench.two_opponent_ratio(GAMES["three-card-brag"], hands=1, rounds=1)
    assert _sane(ratio) and _sane(rate) and _sane(seconds)
    assert rate * seconds == pytest.approx(279_676_320)


def test_the_naive_sampler_does_the_engine_s_work():
    """The baseline of (h) samples two opponents' hands and finds their strengths, as the engine does: its tally
    is near the engine's for the same number of samples."""
    game = GAMES["three-card-brag"]
    hand = ["KS", "QH", "9D"]
    win, tie = bench.naive_sampler(game, hand, 4_000)()
    found = game.equity(hand, 2, game.options(None), method="monte_carlo", samples=4_000)
    assert abs(win - found.counts.win) < 6 * 4_000 * found.standard_error


def test_the_record_is_a_whole_briscola_deal_and_replays():
    record = bench.briscola_record()
    assert len(record["actions"]) == 40 and record["players"] == 2
    assert _sane(bench.replay_rate(record, replays=2, repeat=1))


def _replayed(record):
    game = GAMES["briscola"]
    options = game.options(None)
    action = game_schemas(game).deriver.action()
    deck = shuffle(game.pack(record["players"], options), record["seed"])
    state = game.deal(record["players"], record["dealer"], options, deck).state
    for raw in record["actions"]:
        state = game.apply(state, action.deserialize(raw)).state
    return game, state


def test_every_body_the_bench_sends_is_answered_right(client):
    record = bench.briscola_record()
    batch, one, replay, match = bench.http_cases(record, batch=300)
    brag = GAMES["three-card-brag"]
    for case in (batch, one):
        sent = json.loads(case.body)
        answer = client.post(case.path, data=case.body, content_type="application/json")
        assert answer.status_code == 200
        results = answer.get_json()["results"]
        ranks = brag.ranks(sent["hands"], brag.options(None))
        assert results == [{"hand": hand, **rank} for hand, rank in zip(sent["hands"], ranks, strict=True)]
    assert len(json.loads(batch.body)["hands"]) == 300
    answer = client.post(replay.path, data=replay.body, content_type="application/json")
    assert answer.status_code == 200
    body = answer.get_json()
    game, state = _replayed(record)
    assert body["verdict"] == "complete" and body["applied"] == 40
    assert body["result"] == game.result(state)
    assert body["state"] == game_schemas(game).state().dump(state)
    answer = client.post(match.path, data=match.body, content_type="application/json")
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["verdict"] == "in_progress" and body["error"] is None  # first to ten: not yet decided
    assert [d["verdict"] for d in body["deals"]] == ["complete"] * bench.MATCH_DEALS
    assert sum(s["deals_won"] for s in body["standings"]) == bench.MATCH_DEALS - sum(
        not d["result"]["winners"] for d in body["deals"]
    )


def test_the_bare_app_echoes_what_the_bench_sends():
    client = bare.app.test_client()
    for case in bench.http_cases(bench.briscola_record(), batch=20):
        answer = client.post(case.bare_path, data=case.body, content_type="application/json")
        assert answer.status_code == 200
        expected = json.loads(case.body) if case.bare_path == "/echo" else {"ok": True}
        assert answer.get_json() == expected


@pytest.mark.skipif(
    shutil.which("wrk") is None and os.environ.get("CI") != "true",
    reason="wrk is not installed (bin/test installs it as root; apt-get install wrk); in CI this fails",
)
def test_gunicorn_and_wrk_measure_the_bare_app(tmp_path):
    server = bench.Server("bench.bare:app")
    try:
        assert _sane(server.start())
        wrk = bench.Wrk(shutil.which("wrk") or "wrk", tmp_path, seconds=1, connections=2)
        body = json.dumps({"hands": [["AS", "KS", "QS"]]}).encode()
        assert _sane(wrk.rate(server.base + "/echo", body))
        found = bench.paired(wrk, 1, (server, "/echo", body), (server, "/echo", body))
        assert _sane(found.mine) and _sane(found.bare) and _sane(found.mine_cpu) and _sane(found.bare_cpu)
        assert _sane(server.worker_rss_mb()) and _sane(server.master_rss_mb())
    finally:
        server.stop()
    assert server.proc is None


@pytest.mark.exhaustive
def test_every_worst_request_is_admitted(client):
    """bench/worst.py's requests are each operation's worst *admitted* request: each is answered 200 (a request
    the contract refuses would measure nothing; docs/performance.md's table comes from them)."""
    from bench import worst

    for operation, path, body, _ in worst.worst_requests():
        assert client.post(path, json=body).status_code == 200, operation
    for path, body in worst.heaviest():
        assert client.post(path, json=body).status_code == 200, path


def test_the_notation_measure_gives_a_ratio():
    ratio, seconds = bench.notation_ratio(bench.briscola_record(), requests=2, rounds=1)
    assert _sane(ratio) and _sane(seconds)


def test_the_jobs_measure_replays_an_archive_in_one_and_two_processes():
    """(k), issue 29: the command line judges a small archive with --jobs 1 and --jobs 2 (it exits 0: every
    record complete) and the row gives both rates and their ratio."""
    rows: list[str] = []
    bench.jobs_rows(rows, count=20, rounds=1)
    (line,) = rows
    cells = [cell.strip() for cell in line.strip("|").split("|")]
    assert cells[0].startswith("(k)") and cells[1].endswith("records/s") and cells[2].startswith("--jobs 1")
    assert _sane(float(cells[3]))


def test_only_measures_the_cases_asked(capsys):
    """``--only d`` prints the table with the (d) row alone (no gunicorn, no wrk)."""
    assert bench.main(["--only", "d"]) == 0
    table = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| (")]
    assert [line.split("|")[1].strip()[:3] for line in table] == ["(d)"]
