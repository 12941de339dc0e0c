"""The worst request the limits admit, per operation, and what each costs in CPU (issue 28).

Each operation's heaviest admitted request is built here once (:func:`worst_requests`), for this script's table
and for the tests and benches that need the heaviest load (tests/e2e/test_probes.py, the container's soak,
bench/load.py). ``.venv/bin/python bench/worst.py`` answers each in-process (the app's test client) and prints
its CPU seconds (this process's, best of ``--repeat``), with a fresh table cache where the request builds a
table: docs/performance.md's "The worst admitted requests" come from its output. ``--memory`` measures instead the
resident memory of a worker that built every table and answered every worst request (the pod's memory limit).
Nothing here asserts; it prints.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.rules.registry import GAMES  # noqa: E402
from service.rules.tables import TABLES  # noqa: E402

BROGGIN_OPTIONS = (
    {"kickers": True},
    {"kickers": True, "suit_compare": "by_card"},
    {"high_card_compare": "top_only", "kickers": True},
    {"suit_compare": "by_card"},
)
"""Broggin option sets whose tables are built on first use (issue 28 item 3 names the first three)."""

MOST_HANDS = 10_000
MOST_ACTIONS = 1_000
MOST_MATCH_ACTIONS = 10_000


def heaviest_equity() -> tuple[str, dict[str, Any]]:
    """A Monte Carlo of the most samples against the most opponents a pack allows (sixteen three-card hands)."""
    body = {"hand": ["KS", "KH", "7D"], "opponents": 16, "method": "monte_carlo", "samples": 100_000}
    return "/v1/three-card-brag/hands/equity", body


def longest_trace() -> tuple[str, dict[str, Any]]:
    """A record of the most actions (Three Card Brag's betting goes round while the players call), traced, with
    every seat's view."""
    players = 6
    actions: list[dict[str, Any]] = [{"seat": 1, "type": "bet", "amount": 2}]
    seats = itertools.cycle([*range(2, players), *range(2)])
    while len(actions) < MOST_ACTIONS:
        actions.append({"seat": next(seats), "type": "call"})
    record = {"players": players, "dealer": 0, "seed": "longest", "actions": actions}
    return "/v1/three-card-brag/records/adjudicate", {"record": record, "trace": True, "views": list(range(players))}


def broggin_build(options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """One Broggin hand under options whose table is not shipped: the worker builds it (once, then cached)."""
    return "/v1/broggin/hands/evaluate", {"hands": [["Witch", "1Sw", "2Sw", "3Sw"]], "options": options}


def longest_match(deals: int = 10) -> dict[str, Any]:
    """A Three Card Brag match of the most actions (:data:`MOST_MATCH_ACTIONS`): ``deals`` deals in a row at six
    seats, each the longest betting round that still ends (a bet, calls, then every seat but one folds: the last
    seat in wins the pot, so no deal carries a pot to the next)."""
    from service.rules.bots.common import typed
    from service.rules.shuffle import shuffle

    game, players = GAMES["three-card-brag"], 6
    options = game.options(None)
    per_deal = MOST_MATCH_ACTIONS // deals
    played = []
    for k in range(deals):
        dealer, seed = k % players, f"longest/{k}"
        state = game.deal(players, dealer, options, shuffle(game.pack(players, options), seed)).state
        actions: list[dict[str, Any]] = []
        while state.to_act is not None:
            kinds = {a["type"]: a for a in game.legal_actions(state)}
            if not actions:
                action = {"seat": state.to_act, "type": "bet", "amount": kinds["bet"]["min"]}
            elif len(actions) < per_deal - players and "call" in kinds:
                action = {"seat": state.to_act, "type": "call"}
            else:
                action = {"seat": state.to_act, "type": "fold"}
            state = game.apply(state, typed(game, action)).state
            actions.append(action)
        played.append({"dealer": dealer, "seed": seed, "actions": actions})
    return {"players": players, "deals": played}


def longest_match_adjudicated() -> tuple[str, dict[str, Any]]:
    """The longest match, traced, with every seat's view."""
    return "/v1/three-card-brag/matches/adjudicate", {"match": longest_match(), "trace": True, "views": list(range(6))}


def longest_text() -> tuple[str, dict[str, Any]]:
    """The longest match written as text (docs/api.md section 16), to be read back."""
    from service.notation.writer import write

    return "/v1/three-card-brag/records/parse", {"notation": write(GAMES["three-card-brag"], "match", longest_match())}


def hardest_suggestion() -> tuple[str, dict[str, Any]]:
    """A ``hard`` suggestion for the first card of chiamata's play (five seats, the most hidden cards to sample:
    the costliest suggestion bench/suggest_cost.py finds)."""
    from bench.suggest_cost import playthrough
    from service.conformance.simulate import dump_state
    from service.rules.briscola.chiamata import PLAY

    game = GAMES["briscola-chiamata"]
    state = next(s for s in playthrough("briscola-chiamata", "worst") if s.phase == PLAY)
    return "/v1/briscola-chiamata/actions/suggest", {"state": dump_state(game, state), "level": "hard"}


def heaviest() -> list[tuple[str, dict[str, Any]]]:
    """The heaviest requests of all, for load that fills every worker: the equity case, the longest trace, a
    Broggin table build (issue 28 item 2)."""
    return [heaviest_equity(), longest_trace(), broggin_build(BROGGIN_OPTIONS[1])]


def _hands(game_id: str, count: int, seed: int = 28) -> list[list[str]]:
    import random

    game = GAMES[game_id]
    pack = list(game.full_pack())
    size = game.hand_size  # type: ignore[attr-defined]
    rng = random.Random(seed)
    return [rng.sample(pack, size) for _ in range(count)]


def worst_requests() -> Iterator[tuple[str, str, dict[str, Any], bool]]:
    """(operation, path, body, builds a table) for each operation's worst admitted request."""
    options = BROGGIN_OPTIONS[1]
    hands = _hands("broggin", MOST_HANDS)
    yield "hands/evaluate", "/v1/broggin/hands/evaluate", {"hands": hands, "options": options}, True
    yield "hands/compare", "/v1/broggin/hands/compare", {"hands": hands, "options": options}, True
    yield "hands/evaluate (shipped table)", "/v1/old-brag/hands/evaluate", {"hands": _hands("old-brag", 10_000)}, False
    yield "hands/equity", *heaviest_equity(), False
    exact = {"hand": ["KS", "KH", "7D"], "opponents": 2, "method": "exact"}
    yield "hands/equity (exact)", "/v1/three-card-brag/hands/equity", exact, False
    path, body = longest_trace()
    yield "records/adjudicate", path, body, False
    yield "deals", "/v1/three-card-brag/deals", {"players": 6, "dealer": 0, "seed": "w", "views": list(range(6))}, False
    # the most declared hands (100), each with three free trumps tried in every combination (24 x 8 x 8)
    declared = {"hands": [["Witch", "Fool", "Merchant", "Innkeeper"]] * 100, "declarations": [{"Witch": "QSw"}] * 100}
    yield "hands/evaluate (declared)", "/v1/broggin/hands/evaluate", declared, False
    yield "matches/adjudicate", *longest_match_adjudicated(), False
    yield "records/parse", *longest_text(), False
    yield "actions/suggest (hard)", *hardest_suggestion(), False


def cpu_of(client: Any, path: str, body: dict[str, Any], builds: bool, repeat: int) -> tuple[float, int]:
    """The least CPU seconds of ``repeat`` answers (a fresh table cache before each where one is built)."""
    best, status = float("inf"), 0
    for _ in range(repeat):
        if builds:
            TABLES.clear()
        start = time.process_time()
        status = client.post(path, json=body).status_code
        best = min(best, time.process_time() - start)
    return best, status


def resident_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024


def worker_peak(rounds: int = 2) -> None:
    """The resident memory of gunicorn's master and of one worker (``WEB_CONCURRENCY=1``, so that it builds every
    table) driven ``rounds`` times through every worst request, then 10,000 Broggin hands under each option set of
    :data:`BROGGIN_OPTIONS` in English and Swedish, an exact and a Monte Carlo equity under each: what the pod's
    memory limit is sized from (deploy/k8s/deployment.yaml)."""
    import os
    import subprocess

    import requests

    from tests.e2e.servers import free_port, wait_ready

    port, probes = free_port(), free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "PROBE_PORT": str(probes), "WEB_CONCURRENCY": "1"}
    env["GUNICORN_TIMEOUT"] = "600"  # a loaded machine: the measure is memory, not time
    command = [str(Path(sys.executable).with_name("gunicorn")), "--config", "python:service.gunicorn_conf"]
    master = subprocess.Popen([*command, "--no-control-socket", "service.wsgi:app"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    base, hand = f"http://127.0.0.1:{port}", ["Witch", "1Sw", "2Sw", "3Sw"]
    try:
        wait_ready(base, [master])
        (worker,) = map(int, Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split())
        print(f"started: master {resident_mib(master.pid):.0f} MiB, worker {resident_mib(worker):.0f} MiB")
        peak, hands = 0.0, _hands("broggin", MOST_HANDS)
        for round_ in range(rounds):
            for _, path, body, _ in worst_requests():
                requests.post(base + path, json=body, timeout=900)
                peak = max(peak, resident_mib(worker))
            for options in BROGGIN_OPTIONS:
                for language in ("en", "sv"):
                    body = {"hands": hands, "options": options}
                    requests.post(f"{base}/v1/broggin/hands/evaluate", json=body, headers={"Accept-Language": language})
                for equity in ({"opponents": 1, "method": "exact"}, {"opponents": 9, "samples": 100_000}):
                    body = {"hand": hand, "options": options, **equity}
                    requests.post(f"{base}/v1/broggin/hands/equity", json=body, timeout=900)
                peak = max(peak, resident_mib(worker))
            print(f"round {round_ + 1}: master {resident_mib(master.pid):.0f} MiB, worker peak {peak:.0f} MiB")
    finally:
        master.terminate()
        master.wait(timeout=60)


def main(argv: Sequence[str]) -> int:
    from service.api.app import create_app

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--memory", action="store_true", help="the worker's peak memory instead (worker_peak)")
    args = parser.parse_args(argv)
    if args.memory:
        worker_peak()
        return 0
    client = create_app().test_client()
    print("| operation | worst admitted request | status | CPU s |")
    print("|---|---|---:|---:|")
    for operation, path, body, builds in worst_requests():
        seconds, status = cpu_of(client, path, body, builds, args.repeat)
        what = f"`{path}`" + (" (its table built)" if builds else "")
        print(f"| {operation} | {what} | {status} | {seconds:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
