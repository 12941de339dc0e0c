"""Load test on loopback with wrk: throughput, p99 latency and non-2xx answers of the hot endpoints at
concurrency 16 and 64, against gunicorn as deployed; then a run during which one worker is killed; then the
probes' answers while 2 x workers of the heaviest requests are in flight (issue 28).

Run: ``.venv/bin/python bench/load.py [--duration 10] [--workers 2]`` (needs ``wrk``: ``apt-get install wrk``).
Nothing here asserts a time; it prints tables (docs/performance.md, "Under load"). It takes about 10 x duration
seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
GAME = "three-card-brag"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(port: int, workers: int, probe_port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": str(workers)}
    env["PROBE_PORT"] = str(probe_port)  # the probes' own listener (service/probes.py)
    gunicorn = Path(sys.executable).with_name("gunicorn")
    proc = subprocess.Popen(
        [
            str(gunicorn),
            "--config",
            "python:service.gunicorn_conf",
            "--no-control-socket",
            "--access-logfile",
            "/dev/null",
        ]
        + ["service.wsgi:app"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if requests.get(f"http://127.0.0.1:{port}/readyz", timeout=1).status_code == 200:
                return proc
        except requests.ConnectionError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("gunicorn did not become ready")


def submitted(legal: dict[str, Any]) -> dict[str, Any]:
    """A legal action as it is submitted: a free amount at its least."""
    action = {k: v for k, v in legal.items() if k not in ("min", "max", "max_cards", "domains")}
    if "min" in legal:
        action["amount"] = legal["min"]
    return action


def bodies(base: str) -> dict[str, dict[str, Any]]:
    """A realistic request for each hot endpoint: 17 hands, one action, a record of a few actions."""
    deal = requests.post(f"{base}/v1/{GAME}/deals", json={"players": 4, "dealer": 0, "seed": "load"}, timeout=10)
    state = current = deal.json()["state"]
    actions: list[dict[str, Any]] = []
    for _ in range(6):
        legal = requests.post(f"{base}/v1/{GAME}/legal-actions", json={"state": current}, timeout=10).json()
        step = submitted(next(a for a in legal["actions"] if a["type"] != "fold"))
        answer = requests.post(f"{base}/v1/{GAME}/actions", json={"state": current, "action": step}, timeout=10)
        if answer.status_code != 200 or answer.json()["result"] is not None:
            break
        actions.append(step)
        current = answer.json()["state"]
    pack = requests.get(f"{base}/v1/{GAME}", timeout=10).json()["pack"]
    return {
        "hands/evaluate": {"hands": [pack[i : i + 3] for i in range(0, 51, 3)]},
        "actions": {"state": state, "action": actions[0]},
        "records/adjudicate": {"record": {"players": 4, "dealer": 0, "seed": "load", "actions": actions}},
    }


def wrk(url: str, body: dict[str, Any], connections: int, duration: int) -> dict[str, float]:
    """One wrk run: requests/s, p99 in ms, non-2xx answers and socket errors."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "post.lua"
        script.write_text(
            'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
            f"wrk.body = {json.dumps(json.dumps(body))}\n"
        )
        threads = min(connections, 4)
        command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "--latency", "-s", str(script), url]
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return parse(out)


def parse(out: str) -> dict[str, float]:
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    total = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    return {
        "rps": rate,
        "p99_ms": float(p99.group(1)) * scale[p99.group(2)] if p99 else float("nan"),
        "requests": total,
        "non2xx": int(non2xx.group(1)) if non2xx else 0,
        "socket_errors": sum(int(n) for n in errors.groups()) if errors else 0,
    }


def probes_under_load(base: str, probes: str, workers: int, duration: int) -> None:
    """2 x workers of the heaviest requests (bench/worst.py) kept in flight for ``duration`` seconds, while the
    probes are asked on the probes' listener and, the baseline in the same run, on the workers' own port."""
    from bench.worst import heaviest

    until = time.monotonic() + duration
    answered: dict[str, int] = {}

    def load(path: str, body: dict[str, Any]) -> None:
        while time.monotonic() < until:
            status = requests.post(base + path, json=body, timeout=300).status_code
            answered[str(status)] = answered.get(str(status), 0) + 1

    cases = heaviest()
    threads = [threading.Thread(target=load, args=cases[i % len(cases)]) for i in range(2 * workers)]
    for thread in threads:
        thread.start()
    time.sleep(1)
    timings: dict[str, list[float]] = {"probes' listener": [], "workers' port": []}

    def ask(name: str, url: str) -> None:
        while time.monotonic() < until:
            start = time.monotonic()
            requests.get(url, timeout=300)
            timings[name].append(time.monotonic() - start)
            time.sleep(0.2)

    askers = [
        threading.Thread(target=ask, args=("probes' listener", f"{probes}/healthz")),
        threading.Thread(target=ask, args=("workers' port", f"{base}/healthz")),
    ]
    for thread in askers:
        thread.start()
    for thread in [*askers, *threads]:
        thread.join()
    heavy = f"{2 * workers} of the heaviest requests in flight ({duration} s; heavy answers {answered})"
    print(f"\n/healthz while {heavy}:\n")
    print("| asked on | probes | median s | slowest s |")
    print("|---|---:|---:|---:|")
    for name, seconds in timings.items():
        seconds.sort()
        median = seconds[len(seconds) // 2] if seconds else float("nan")
        print(f"| {name} | {len(seconds)} | {median:.3f} | {max(seconds, default=float('nan')):.3f} |")


def workers_of(master: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk")
    port, probe_port = free_port(), free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(port, args.workers, probe_port)
    try:
        requests_by_endpoint = bodies(base)
        print(f"gunicorn, {args.workers} sync workers, {os.cpu_count()} cores, wrk {args.duration} s per run\n")
        print("| endpoint | connections | requests/s | p99 ms | requests | non-2xx | socket errors |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for name, body in requests_by_endpoint.items():
            for connections in (16, 64):
                r = wrk(f"{base}/v1/{GAME}/{name}", body, connections, args.duration)
                print(
                    f"| {name} | {connections} | {r['rps']:.0f} | {r['p99_ms']:.1f} | {r['requests']} | "
                    f"{r['non2xx']} | {r['socket_errors']} |"
                )
        victim = workers_of(server.pid)[0]
        killer = threading.Timer(args.duration / 3, os.kill, (victim, signal.SIGKILL))
        killer.start()
        r = wrk(f"{base}/v1/{GAME}/actions", requests_by_endpoint["actions"], 16, args.duration)
        killer.join()
        replaced = victim not in workers_of(server.pid) and len(workers_of(server.pid)) == args.workers
        print(
            f"\nworker {victim} killed (SIGKILL) a third into an actions run at 16 connections: "
            f"{r['requests']} requests, {r['non2xx']} non-2xx, {r['socket_errors']} socket errors; "
            f"replaced: {replaced}"
        )
        probes_under_load(base, f"http://127.0.0.1:{probe_port}", args.workers, 3 * args.duration)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
