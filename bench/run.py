"""Issue 9's performance goals, (a) to (e'), in one run: each figure against a baseline measured in the same run.

- (a) the engine's evaluation of 10,000 random hands against a dict lookup of the same hands' frozensets;
- (b), (c), (d') ``POST`` requests per second through gunicorn (``python:service.gunicorn_conf``, 2 sync workers)
  against the bare Flask app of ``bench/bare.py`` on the same settings, load from wrk;
- (d'') ``matches/adjudicate`` of a ten-deal two-player Briscola match (400 actions) against the bare echo of the
  same body, through gunicorn as (d');
- (d) a 40-action two-player Briscola record replayed by the engine (deal, every action, result), records/s;
- (e) from starting gunicorn to the first 200 on ``/healthz``; (e') the largest worker's resident memory after
  the runs;
- (f) heads-up exact equity in the engine against a dict lookup of as many frozensets as the opponent has hands
  (18,424 / 58,905); (g) two-opponent exact equity (Three Card Brag, 279,676,320 outcomes) in outcomes per second
  against the dict-lookup rate; (h) Monte Carlo equity, 10,000 samples against two opponents, against a naive
  sampler (``random.Random.sample`` and frozenset dict lookups) doing the same work; (i) is (b) with every
  result's ``percentile`` (issue 20); (j) ``records/adjudicate`` of a record written as text (docs/api.md section 16)
  against the same record as JSON, in-process (issue 30); (k) ``card-arbiter adjudicate`` of an archive of
  12,000 records (the command's start, about a second, included) with ``--jobs 2`` against ``--jobs 1``,
  records/s (issue 29).

Run from the repository root: ``.venv/bin/python bench/run.py`` (``--quick`` for shorter wrk runs; ``--only CASE``,
repeatable, for some cases alone: ``--only "d''"`` is (d'') through gunicorn). wrk comes
from the system packages (installed with apt-get when missing and run as root). Nothing here asserts; it prints.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from schemas.game import game_schemas  # noqa: E402
from service.rules.hand_game import HandGame  # noqa: E402
from service.rules.registry import GAMES  # noqa: E402
from service.rules.shuffle import shuffle  # noqa: E402

WORKERS = 2
BATCH = 10_000
RECORD_SEED = "bench-1"
HAND_GAMES = ("three-card-brag", "old-brag", "broggin")
TAGS = ("a", "fgh", "d", "j", "jobs", "b", "c", "d'", "d''", "e")
"""The cases ``--only`` selects: (a); (f), (g) and (h); (d); (j); (k), ``--jobs``; the wrk cases; (e) and (e')."""


# -- helpers ----------------------------------------------------------------------------------------------
def best_of(fn: Callable[[], object], repeat: int = 7) -> float:
    """The shortest of ``repeat`` timings in CPU seconds of this process (time waiting for a core while other
    work runs on the machine is not counted; the least disturbed run counts)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def ensure_wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    if os.geteuid() == 0:
        subprocess.run(["apt-get", "install", "-y", "wrk"], check=True, stdout=subprocess.DEVNULL)
        found = shutil.which("wrk")
    if not found:
        sys.exit("wrk is missing: install it from the system packages (apt-get install wrk)")
    return found


class Server:
    """gunicorn with the project's settings and WORKERS sync workers, serving ``app`` on a free port."""

    def __init__(self, app: str) -> None:
        self.app = app
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        """Start gunicorn; the seconds until the first 200 on /healthz."""
        env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(self.port), "WEB_CONCURRENCY": str(WORKERS)}
        env["PROBE_PORT"] = str(free_port())
        gunicorn = Path(sys.executable).with_name("gunicorn")
        command = [str(gunicorn), "--config", "python:service.gunicorn_conf", "--no-control-socket", self.app]
        started = time.perf_counter()
        self.proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        deadline = started + 120
        while time.perf_counter() < deadline:
            if self.proc.poll() is not None:
                sys.exit(f"gunicorn exited serving {self.app}")
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        return time.perf_counter() - started
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.005)
        sys.exit(f"{self.app} did not answer /healthz")

    def workers(self) -> list[int]:
        assert self.proc is not None
        out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(self.proc.pid)], capture_output=True, text=True)
        return [int(pid) for pid in out.stdout.split()]

    def cpu_seconds(self) -> float:
        """The CPU time (user and system) the workers have used so far: the live ones', and the master's count
        of the ones it has reaped (gunicorn replaces a worker after ``max_requests``)."""
        assert self.proc is not None
        total = _cpu_ticks(self.proc.pid, children=True)
        for pid in self.workers():
            total += _cpu_ticks(pid)
        return total / os.sysconf("SC_CLK_TCK")

    def worker_rss_mb(self) -> float:
        """The largest worker's resident set (VmRSS), in MB."""
        return max(rss_mb(pid) for pid in self.workers())

    def master_rss_mb(self) -> float:
        """The master's resident set (VmRSS), in MB: the tables it loaded before forking, and gunicorn."""
        assert self.proc is not None
        return rss_mb(self.proc.pid)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=30)
        self.proc = None


def _cpu_ticks(pid: int, children: bool = False) -> int:
    """utime + stime of a process (fields 14 and 15 of proc(5)), or with ``children`` cutime + cstime (16, 17):
    what its reaped children used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()  # from field 3 on
    first = 13 if children else 11
    return int(fields[first]) + int(fields[first + 1])


def rss_mb(pid: int) -> float:
    """A process's resident set (VmRSS), in MB (MiB: /proc counts kB of 1,024 bytes)."""
    match = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    return int(match.group(1)) / 1024 if match else 0.0


def post(url: str, body: bytes) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


class Wrk:
    """wrk POSTing one body again and again: requests per second, refusing any non-2xx answer."""

    def __init__(self, binary: str, folder: Path, seconds: float, connections: int) -> None:
        self.binary, self.folder, self.seconds, self.connections = binary, folder, seconds, connections

    def rate(self, url: str, body: bytes) -> float:
        """Requests per second."""
        return self.run(url, body)[0]

    def run(self, url: str, body: bytes) -> tuple[float, int]:
        """Requests per second, and how many requests were answered."""
        status, answer = post(url, body)
        if status != 200:
            sys.exit(f"{url} answered {status}: {answer[:300]!r}")
        body_file = self.folder / f"body-{abs(hash(body))}.json"
        body_file.write_bytes(body)
        script = self.folder / f"post-{abs(hash(body))}.lua"
        script.write_text(
            'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
            f'local f = assert(io.open("{body_file}", "rb"))\nwrk.body = f:read("*a")\nf:close()\n'
        )
        command = [self.binary, "-t1", f"-c{self.connections}", f"-d{self.seconds}s", "-s", str(script), url]
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
        errors = re.search(r"Socket errors: .*", out)
        if bad or (errors and "timeout" in errors.group(0) and not errors.group(0).endswith("timeout 0")):
            sys.exit(f"wrk saw failures on {url}:\n{out}")
        found = re.search(r"Requests/sec:\s+([\d.]+)", out)
        done = re.search(r"(\d+) requests in", out)
        assert found and done, out
        return float(found.group(1)), int(done.group(1))


@dataclass(frozen=True)
class Paired:
    """Median req/s of target and baseline, and the median CPU time their workers spent on a request."""

    mine: float
    bare: float
    mine_cpu: float
    bare_cpu: float


def paired(wrk: Wrk, rounds: int, target: tuple[Server, str, bytes], baseline: tuple[Server, str, bytes]) -> Paired:
    """Target and baseline run alternately, so that both see the same machine. The CPU time per request is what
    the service costs without the load generator's share of the two cores (wrk reads each answer, and reading
    1.8 MB takes it longer than 170 kB)."""
    rates: tuple[list[float], list[float]] = ([], [])
    costs: tuple[list[float], list[float]] = ([], [])
    for _ in range(rounds):
        for (server, path, body), rate, cost in zip((target, baseline), rates, costs, strict=True):
            before = server.cpu_seconds()
            per_second, requests = wrk.run(server.base + path, body)
            rate.append(per_second)
            cost.append((server.cpu_seconds() - before) / max(requests, 1))
    return Paired(*map(statistics.median, rates), *map(statistics.median, costs))


# -- workloads --------------------------------------------------------------------------------------------
def random_hands(game: HandGame[Any, Any], count: int, seed: int = 7) -> list[list[str]]:
    rng = random.Random(seed)
    pack = list(game.full_pack())
    return [rng.sample(pack, game.hand_size) for _ in range(count)]


def briscola_record(seed: str = RECORD_SEED) -> dict[str, Any]:
    """A complete two-player Briscola deal as a record: every seat plays its first legal card (40 plays)."""
    game = GAMES["briscola"]
    options = game.options(None)
    action_field = game_schemas(game).deriver.action()
    state = game.deal(2, 1, options, shuffle(game.pack(2, options), seed)).state
    actions: list[dict[str, Any]] = []
    while state.to_act is not None:
        play = next(a for a in game.legal_actions(state) if a["type"] == "play")
        actions.append(play)
        state = game.apply(state, action_field.deserialize(play)).state
    assert len(actions) == 40 and game.result(state) is not None
    return {"players": 2, "dealer": 1, "seed": seed, "actions": actions}


MATCH_DEALS = 10


def briscola_match() -> dict[str, Any]:
    """A ten-deal two-player Briscola match (first to ten deals, so none decides it early), each deal dealt by the
    next seat with the carry of the one before, every seat playing its first legal card (400 plays)."""
    game = GAMES["briscola"]
    raw = {"deals_to_win": MATCH_DEALS}
    options = game.options(raw)
    action_field = game_schemas(game).deriver.action()
    carry_type = game.carry_type
    assert carry_type is not None
    carry, deals = None, []
    for k in range(MATCH_DEALS):
        seed = f"{RECORD_SEED}/{k}"
        state = game.deal(2, k % 2, options, shuffle(game.pack(2, options), seed), carry).state
        actions: list[dict[str, Any]] = []
        while state.to_act is not None:
            play = next(a for a in game.legal_actions(state) if a["type"] == "play")
            actions.append(play)
            state = game.apply(state, action_field.deserialize(play)).state
        result = game.result(state)
        assert result is not None
        carry = carry_type(match_score=tuple(result["carry"]["match_score"]))
        deals.append({"dealer": k % 2, "seed": seed, "actions": actions})
    return {"players": 2, "options": raw, "deals": deals}


def replay_rate(record: dict[str, Any], replays: int = 20, repeat: int = 25) -> float:
    """Records per second: deal from the seed, apply every action, take the result (actions parsed once); the
    best of ``repeat`` batches (about half a second in all), so that a moment when the other core's work slows
    this one is not taken for the engine's speed."""
    game = GAMES["briscola"]
    action_field = game_schemas(game).deriver.action()
    actions = [action_field.deserialize(a) for a in record["actions"]]
    options = game.options(None)

    def replay() -> None:
        state = game.deal(2, 1, options, shuffle(game.pack(2, options), RECORD_SEED)).state
        for action in actions:
            state = game.apply(state, action).state
        assert game.result(state) is not None

    per = best_of(lambda: [replay() for _ in range(replays)], repeat=repeat) / replays
    return 1 / max(per, 1e-9)


def notation_ratio(record: dict[str, Any], requests: int = 20, rounds: int = 5) -> tuple[float, float]:
    """(j): ``records/adjudicate`` of the record written as text (read, loaded, replayed) against the same record as
    JSON (the plain fast path), in-process through the app's test client: the text's rate over the JSON's, and the
    text's seconds a request. Interleaved rounds, the best of each."""
    from service.api.app import create_app
    from service.notation import write

    client = create_app({"WARM_TABLES": False}).test_client()
    path = "/v1/briscola/records/adjudicate"
    bodies = {
        "json": json.dumps({"record": record}).encode(),
        "text": json.dumps({"notation": write(GAMES["briscola"], "record", record)}).encode(),
    }
    answers = {k: client.post(path, data=b, content_type="application/json").get_json() for k, b in bodies.items()}
    assert answers["json"]["verdict"] == answers["text"]["verdict"] == "complete"
    best: dict[str, list[float]] = {"json": [], "text": []}
    for _ in range(rounds):
        for kind, body in bodies.items():
            best[kind].append(
                best_of(lambda b=body: [client.post(path, data=b, content_type="application/json") for _ in
                                        range(requests)], repeat=3) / requests
            )  # fmt: skip
    text, plain = min(best["text"]), min(best["json"])
    return plain / max(text, 1e-9), text


def engine_ratio(
    game: HandGame[Any, Any], evaluate: bool = False, count: int = BATCH, rounds: int = 15
) -> tuple[float, float]:
    """(a): a dict lookup of the hands' frozensets over the engine's evaluation (higher is better).

    The engine's evaluation is ``ranks`` (each hand's shared, precomputed evaluation: what the API answers
    from); with ``evaluate`` it is ``evaluate``, which also builds one Evaluation object per hand."""
    hands = random_hands(game, count)
    options = game.options(None)
    every = {frozenset(h): i for i, h in enumerate(hands)}
    engine_call = game.evaluate if evaluate else game.ranks
    engine_call(hands, options)
    lookup, engine = [], []
    for _ in range(rounds):  # interleaved, so that both see the same machine
        lookup.append(best_of(lambda: [every[frozenset(h)] for h in hands], repeat=3))
        engine.append(best_of(lambda: engine_call(hands, options), repeat=3))
    return min(lookup) / max(min(engine), 1e-9), min(engine)


def equity_hands(game: HandGame[Any, Any], count: int, seed: int = 11) -> list[list[str]]:
    """Random hands in canonical order (the hands equity is asked for)."""
    pack = game.full_pack()
    return [sorted(hand, key=pack.index) for hand in random_hands(game, count, seed)]


def opponent_lookups(game: HandGame[Any, Any], hand: Sequence[str]) -> tuple[dict[frozenset[str], int], list[Any]]:
    """A dict of every hand's frozenset (its strength) and the frozensets of one opponent's hands against ``hand``:
    the baseline's lookups."""
    options = game.options(None)
    pack = game.full_pack()
    every = [list(h) for h in itertools.combinations(pack, game.hand_size)]
    strengths = {frozenset(h): r["strength"] for h, r in zip(every, game.ranks(every, options), strict=True)}
    rest = [c for c in pack if c not in hand]
    return strengths, [frozenset(h) for h in itertools.combinations(rest, game.hand_size)]


def heads_up_ratio(game: HandGame[Any, Any], hands: int = 20, rounds: int = 5) -> tuple[float, float]:
    """(f): a dict lookup of one opponent's every hand over the engine's exact heads-up equity of a hand (the mean
    over ``hands`` random hands; higher is better)."""
    asked = equity_hands(game, hands)
    options = game.options(None)
    strengths, theirs = opponent_lookups(game, asked[0])
    game.equity(asked[0], 1, options)  # what equity keeps beside the table is built once per table
    lookup, engine = [], []
    for _ in range(rounds):
        lookup.append(best_of(lambda: [strengths[h] for h in theirs], repeat=3))
        engine.append(best_of(lambda: [game.equity(h, 1, options) for h in asked], repeat=3) / hands)
    return min(lookup) / max(min(engine), 1e-9), min(engine)


def two_opponent_ratio(game: HandGame[Any, Any], hands: int = 3, rounds: int = 3) -> tuple[float, float, float]:
    """(g): outcomes per second of two-opponent exact equity over hands looked up per second in a dict (the
    ratio, the outcomes per second, the seconds per request)."""
    asked = equity_hands(game, hands)
    options = game.options(None)
    strengths, theirs = opponent_lookups(game, asked[0])
    lookup = best_of(lambda: [strengths[h] for h in theirs], repeat=5)
    outcomes = game.equity(asked[0], 2, options, method="exact").counts.total
    engine = min(best_of(lambda: [game.equity(h, 2, options, method="exact") for h in asked], 1) for _ in range(rounds))
    per = engine / hands
    rate = outcomes / max(per, 1e-9)
    return rate / (len(theirs) / lookup), rate, per


def naive_sampler(game: HandGame[Any, Any], hand: Sequence[str], samples: int) -> Callable[[], tuple[int, int]]:
    """(h)'s baseline: ``samples`` outcomes against two opponents from ``random.Random.sample`` and frozenset dict
    lookups, tallied like the engine's (wins, ties)."""
    strengths, _ = opponent_lookups(game, hand)
    mine = strengths[frozenset(hand)]
    rest = [c for c in game.full_pack() if c not in hand]
    size = game.hand_size

    def run() -> tuple[int, int]:
        rng = random.Random(5)
        win = tie = 0
        for _ in range(samples):
            drawn = rng.sample(rest, 2 * size)
            theirs = [strengths[frozenset(drawn[:size])], strengths[frozenset(drawn[size:])]]
            best = max(theirs)
            win += best < mine
            tie += best == mine
        return win, tie

    return run


def sampling_ratio(game: HandGame[Any, Any], samples: int = 10_000, rounds: int = 3) -> tuple[float, float]:
    """(h): the naive sampler's time over the engine's Monte Carlo (``sha256-sample/1``) for the same samples."""
    hand = equity_hands(game, 1)[0]
    options = game.options(None)
    naive = naive_sampler(game, hand, samples)
    mine, floor = [], []
    for _ in range(rounds):
        floor.append(best_of(naive, repeat=1))
        mine.append(best_of(lambda: game.equity(hand, 2, options, method="monte_carlo", samples=samples), repeat=1))
    return min(floor) / max(min(mine), 1e-9), min(mine)


def largest_sampling(game: HandGame[Any, Any], samples: int = 100_000, rounds: int = 2) -> tuple[float, int]:
    """Monte Carlo's largest request: 100,000 samples (the most) against as many opponents as the pack can deal
    to; the CPU seconds it takes (the best of ``rounds``), and the opponents."""
    pack = game.full_pack()
    hand = equity_hands(game, 1)[0]
    opponents = (len(pack) - game.hand_size) // game.hand_size
    options = game.options(None)
    took = []
    for _ in range(rounds):
        started = time.process_time()
        game.equity(hand, opponents, options, method="monte_carlo", samples=samples)
        took.append(time.process_time() - started)
    return min(took), opponents


ARCHIVE = 12_000
"""Records in the (k) archive: enough that the command's start (about a second, one process) is a small part."""


def archive_rate(path: Path, jobs: int, count: int) -> float:
    """Records per second of ``card-arbiter adjudicate briscola ARCHIVE --jobs N`` (wall time from start to exit,
    the start of the process and of its workers included)."""
    command = [str(Path(sys.executable).with_name("card-arbiter")), "--json", "adjudicate", "briscola", str(path)]
    started = time.perf_counter()
    subprocess.run([*command, "--jobs", str(jobs)], cwd=ROOT, check=True, capture_output=True)
    return count / (time.perf_counter() - started)


def jobs_rows(rows: list[str], count: int = ARCHIVE, rounds: int = 2) -> None:
    """(k), issue 29: the command line's archive replay (JSON Lines, ``count`` 40-action Briscola records) in
    two processes against one, interleaved rounds, the best of each."""
    rates: dict[int, list[float]] = {1: [], 2: []}
    with tempfile.TemporaryDirectory(prefix="card-arbiter-bench-") as folder:
        path = Path(folder) / "archive.jsonl"
        distinct = [briscola_record(f"{RECORD_SEED}/archive/{k}") for k in range(50)]
        path.write_text("".join(json.dumps(distinct[k % len(distinct)]) + "\n" for k in range(count)))
        for _ in range(rounds):
            for jobs, found in rates.items():
                found.append(archive_rate(path, jobs, count))
    one, two = max(rates[1]), max(rates[2])
    rows.append(row(f"(k) card-arbiter adjudicate, an archive of {count:,} records, --jobs 2",
                    f"{two:,.0f} records/s", f"--jobs 1 {one:,.0f} records/s", two / one, "near 2 on 2 cores (info)",
                    None))  # fmt: skip


@dataclass(frozen=True)
class Case:
    """One wrk measurement: a POST to the service against one to the bare app, with the same body."""

    tag: str
    """What ``--only`` selects it by: ``b``, ``c``, ``d'``, ``d''``."""
    name: str
    path: str
    body: bytes
    bare_path: str
    bare_name: str
    goal: float


def http_cases(record: dict[str, Any], batch: int = BATCH) -> list[Case]:
    """(b), (c) and (d'): the bodies the bench sends."""
    hands = random_hands(GAMES["three-card-brag"], batch)  # type: ignore[arg-type]
    evaluate = "/v1/three-card-brag/hands/evaluate"
    return [
        Case("b", f"(b), (i) POST hands/evaluate, {batch:,} hands, percentile", evaluate,
             json.dumps({"hands": hands}).encode(), "/echo",
             "bare echo", 0.7),
        Case("c", "(c) POST hands/evaluate, 1 hand", evaluate, json.dumps({"hands": [["AS", "KS", "QS"]]}).encode(),
             "/ok", 'bare {"ok": true}', 0.8),
        Case("d'", f"(d') POST records/adjudicate, {len(record['actions'])} actions",
             "/v1/briscola/records/adjudicate", json.dumps({"record": record}).encode(), "/echo", "bare echo", 0.5),
        Case("d''", f"(d'') POST matches/adjudicate, a {MATCH_DEALS}-deal Briscola match",
             "/v1/briscola/matches/adjudicate", json.dumps({"match": briscola_match()}).encode(), "/echo", "bare echo",
             0.5),
    ]  # fmt: skip


# -- report -----------------------------------------------------------------------------------------------
def row(name: str, value: str, baseline: str, ratio: float | None, goal: str, ok: bool | None) -> str:
    """A table row; ``ok`` None for a row shown for information (no goal)."""
    shown = f"{ratio:.2f}" if ratio is not None else ""
    met = "" if ok is None else ("yes" if ok else "NO")
    return f"| {name} | {value} | {baseline} | {shown} | {goal} | {met} |"


def progress(text: str) -> None:
    """What is being measured, on stderr (stdout carries the table only)."""
    print(text, file=sys.stderr, flush=True)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter wrk runs (noisier)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating wrk rounds per pair")
    parser.add_argument(
        "--only", action="append", choices=TAGS, metavar="CASE",
        help=f"measure only this case (repeatable): one of {', '.join(TAGS)}",
    )  # fmt: skip
    args = parser.parse_args(argv)
    only = set(args.only or TAGS)
    seconds = 2 if args.quick else 4
    rounds = 1 if args.quick else args.rounds
    load_before = os.getloadavg()[0]
    rows = ["| what | measured | baseline | ratio | goal | met |", "|---|---|---|---|---|---|"]
    if "a" in only:
        progress("(a) the engine's evaluation against a dict lookup")
        hand_rows(rows)
    if "fgh" in only:
        progress("(f), (g), (h) equity in the engine")
        equity_rows(rows)
    record = briscola_record()
    if "d" in only:
        progress("(d) a Briscola record replayed by the engine")
        rate = replay_rate(record)
        rows.append(row("(d) Briscola 40-action record, engine replay", f"{rate:,.0f} records/s", "", None,
                        ">= 2,000", rate >= 2000))  # fmt: skip
    if "j" in only:
        progress("(j) records/adjudicate of a text record against the same record as JSON, in-process")
        ratio, text = notation_ratio(record)
        rows.append(row("(j) records/adjudicate, the 40-action record as text (notation) vs as JSON, in-process",
                        f"{text * 1000:.2f} ms", "the record as JSON", ratio, ">= 0.5", ratio >= 0.5))  # fmt: skip
    if "jobs" in only:
        progress("(k) the command line's archive replay, --jobs 2 against --jobs 1")
        jobs_rows(rows)
    cases = [case for case in http_cases(record) if case.tag in only]
    if cases or "e" in only:
        http_rows(rows, cases, "e" in only, ensure_wrk(), seconds, rounds)
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(
        f"bench/run.py{' --quick' if args.quick else ''}{''.join(f' --only {t}' for t in args.only or ())} on "
        f"{when}: {os.cpu_count()} cores, {_cpu_model()}, {_memory_gb():.0f} GB; load average {load_before:.2f} at "
        f"the start, {os.getloadavg()[0]:.2f} at the end\n"
    )
    print("\n".join(rows))
    return 0


def hand_rows(rows: list[str]) -> None:
    """(a): the engine's evaluation of 10,000 hands against a dict lookup."""
    for game_id in HAND_GAMES:
        game = GAMES[game_id]
        assert isinstance(game, HandGame)
        ratio, engine = engine_ratio(game)
        rows.append(
            row(f"(a) {game_id}: engine ranks() of 10,000 hands", f"{engine * 1000:.1f} ms", "frozenset dict lookup",
                ratio, ">= 0.5", ratio >= 0.5)
        )  # fmt: skip
    for game_id in HAND_GAMES:
        game = GAMES[game_id]
        assert isinstance(game, HandGame)
        ratio, engine = engine_ratio(game, evaluate=True)
        rows.append(
            row(f"(a, info) {game_id}: evaluate(), an Evaluation object per hand", f"{engine * 1000:.1f} ms",
                "frozenset dict lookup", ratio, "", None)
        )  # fmt: skip


def equity_rows(rows: list[str]) -> None:
    """(f), (g), (h): equity in the engine."""
    for game_id in ("three-card-brag", "broggin"):
        game = GAMES[game_id]
        assert isinstance(game, HandGame)
        ratio, engine = heads_up_ratio(game)
        outcomes = math.comb(len(game.full_pack()) - game.hand_size, game.hand_size)
        rows.append(
            row(f"(f) {game_id}: exact heads-up equity", f"{engine * 1000:.2f} ms", f"{outcomes:,} frozenset lookups",
                ratio, ">= 0.5", ratio >= 0.5)
        )  # fmt: skip
    brag = GAMES["three-card-brag"]
    assert isinstance(brag, HandGame)
    ratio, rate, per = two_opponent_ratio(brag)
    rows.append(
        row("(g) three-card-brag: exact equity against two opponents (279,676,320 outcomes)",
            f"{per * 1000:.0f} ms, {rate / 1e9:.2f}G outcomes/s", "frozenset lookups/s", ratio, ">= 100", ratio >= 100)
    )  # fmt: skip
    for game_id in ("three-card-brag", "broggin"):
        game = GAMES[game_id]
        assert isinstance(game, HandGame)
        ratio, engine = sampling_ratio(game)
        rows.append(
            row(f"(h) {game_id}: Monte Carlo, 10,000 samples against two opponents", f"{engine * 1000:.0f} ms",
                "random.sample + frozenset lookups", ratio, ">= 0.5", ratio >= 0.5)
        )  # fmt: skip
    for game_id in HAND_GAMES:
        game = GAMES[game_id]
        assert isinstance(game, HandGame)
        took, opponents = largest_sampling(game)
        rows.append(
            row(f"(h) {game_id}: Monte Carlo's largest request, 100,000 samples against {opponents} opponents",
                f"{took:.2f} s CPU", "", None, "a second or two (<= 2 s)", took <= 2)
        )  # fmt: skip


def http_rows(rows: list[str], cases: list[Case], startup: bool, wrk_binary: str, seconds: float, rounds: int) -> None:
    """The wrk ``cases`` against the bare app through gunicorn; with ``startup``, (e) and (e') too."""
    bare, service = Server("bench.bare:app"), Server("service.wsgi:app")
    try:
        progress("(e) gunicorn started three times" if startup else "gunicorn started")
        ready = []
        for _ in range(3 if startup else 1):  # a fresh start each time: the master loads everything again
            service.stop()
            ready.append(service.start())
        bare_ready = bare.start()
        with tempfile.TemporaryDirectory(prefix="card-arbiter-bench-") as folder:
            wrk = Wrk(wrk_binary, Path(folder), seconds, connections=2 * WORKERS)
            for case in cases:
                progress(f"{case.name}: wrk, {rounds} round(s) of {seconds} s against the bare app")
                found = paired(wrk, rounds, (service, case.path, case.body), (bare, case.bare_path, case.body))
                ratio = found.mine / found.bare
                rows.append(
                    row(case.name, f"{found.mine:,.1f} req/s", f"{case.bare_name} {found.bare:,.1f} req/s", ratio,
                        f">= {case.goal}", ratio >= case.goal)
                )  # fmt: skip
                rows.append(
                    row(f"{case.name.split(' POST')[0]}, info: worker CPU a request", f"{found.mine_cpu * 1000:.2f} ms",
                        f"{case.bare_name} {found.bare_cpu * 1000:.2f} ms", found.bare_cpu / max(found.mine_cpu, 1e-9),
                        "", None)
                )  # fmt: skip
            if not startup:
                return
            for game_id in HAND_GAMES[1:]:  # every shipped table in use in the workers before measuring memory
                game = GAMES[game_id]
                body = json.dumps({"hands": random_hands(game, 100)}).encode()  # type: ignore[arg-type]
                for _ in range(2 * WORKERS):
                    post(f"{service.base}/v1/{game_id}/hands/evaluate", body)
            rss, master_rss = service.worker_rss_mb(), service.master_rss_mb()
        median_ready = statistics.median(ready)
        rows.append(row("(e) worker ready (start to first 200 /healthz)", f"{median_ready:.2f} s (median of 3)",
                        f"bare app {bare_ready:.2f} s", None, "< 2 s", median_ready < 2))  # fmt: skip
        rows.append(row("(e') largest worker RSS after the runs", f"{rss:.0f} MB", "", None, "< 150 MB", rss < 150))
        rows.append(row("(e', info) master RSS after the runs (deploy/k8s sizing)", f"{master_rss:.0f} MB", "", None,
                        "", None))  # fmt: skip
    finally:
        service.stop()
        bare.stop()


def _memory_gb() -> float:
    try:
        match = re.search(r"MemTotal:\s+(\d+) kB", Path("/proc/meminfo").read_text())
    except OSError:
        return 0.0
    return int(match.group(1)) / 2**20 if match else 0.0


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
