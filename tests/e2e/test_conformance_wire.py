"""The conformance pack replayed against gunicorn over HTTP (``card-arbiter conformance run --url``): the same
answers as in-process. One game's vectors here; every vector is replayed in-process by
tests/conformance/test_pack.py, and the whole pack through gunicorn is CI's last step (``.ci/run``, against the
service as ``bin/serve`` starts it), so the suite does not send it over the wire a second time (35 s)."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.e2e.servers import ROOT, gunicorn

CLI = str(Path(sys.executable).with_name("card-arbiter"))


def replay(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [CLI, "conformance", "run", "--url", url, *args], cwd=ROOT, capture_output=True, text=True, timeout=900
    )


def test_one_games_vectors_pass_through_gunicorn(tmp_path) -> None:
    junit = tmp_path / "junit.xml"
    with gunicorn(2) as (base, _, _):
        done = replay(base, "--game", "briscola", "--game", "service", "--junit", str(junit))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 failed" in done.stdout and f"against {base}" in done.stdout
    root = ET.parse(junit).getroot()
    assert {suite.get("name") for suite in root.iter("testsuite")} == {"briscola", "service"}
    assert int(root.get("tests")) > 100 and root.get("failures") == "0"


def test_an_unreachable_service_exits_3() -> None:
    done = replay("http://127.0.0.1:9", "--game", "service")
    assert done.returncode == 3 and "cannot reach" in done.stderr
