"""bin/serve installs once: a start with nothing changed goes straight to gunicorn, and a change to the lock, the
project or any source or data file of the package installs again (bin/stamp.py). bin/serve runs here in a copy of
the files it reads, with a stand-in venv whose python logs the pip commands (and installs a dist-info) and whose
gunicorn only says it started."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bin"))
import stamp  # noqa: E402

FAKE_PYTHON = """#!/bin/sh
echo "$*" >> "$(dirname "$0")/../pip.log"
case "$*" in *--no-deps*) mkdir -p "$(dirname "$0")/../lib/python3.11/site-packages/card_arbiter-1.0.0.dist-info";; esac
"""


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    root = tmp_path / "clone"
    for name in ("bin/serve", "bin/stamp.py", *stamp.FILES):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, root / name)
    for tree in ("service/rules/names", "schemas", "docs/rules", "conformance"):
        (root / tree).mkdir(parents=True)
        (root / tree / "a.txt").write_text("one")
    venv = root / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").write_text(FAKE_PYTHON)
    (venv / "gunicorn").write_text("#!/bin/sh\necho gunicorn started\n")
    for tool in ("python", "gunicorn"):
        (venv / tool).chmod(0o755)
    return root


def serve(root: Path) -> list[str]:
    """bin/serve started once: the pip commands it ran."""
    log = root / ".venv" / "pip.log"
    log.unlink(missing_ok=True)
    done = subprocess.run(["bash", str(root / "bin" / "serve")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "gunicorn started" in done.stdout, done.stderr
    return log.read_text().splitlines() if log.exists() else []


def test_serve_installs_once_and_again_after_a_change(copy: Path) -> None:
    first = serve(copy)
    assert len(first) == 3 and "--require-hashes -r requirements/service.lock" in first[1] and "--no-deps ." in first[2]
    assert serve(copy) == []  # nothing changed: gunicorn at once
    (copy / "service" / "rules" / "names" / "a.txt").write_text("two")
    assert len(serve(copy)) == 3  # a changed source
    assert serve(copy) == []
    (copy / "service" / "__pycache__").mkdir()
    (copy / "service" / "__pycache__" / "x.pyc").write_bytes(b"\0")
    assert serve(copy) == []  # bytecode is no source
    (copy / "requirements" / "service.lock").write_text("changed\n")
    assert len(serve(copy)) == 3
    (copy / "conformance" / "new.jsonl").write_text("{}\n")
    assert len(serve(copy)) == 3  # a new data file


def test_an_editable_install_is_not_bin_serves(tmp_path: Path) -> None:
    """bin/test installs the package editable into the same venv: the stamp alone does not make it current."""
    venv = tmp_path / ".venv"
    info = venv / "lib" / "python3.11" / "site-packages" / "card_arbiter-1.0.0.dist-info"
    info.mkdir(parents=True)
    (venv / stamp.STAMP).write_text(stamp.digest() + "\n")
    assert stamp.current(venv)
    (info / "direct_url.json").write_text(json.dumps({"url": "file:///x", "dir_info": {"editable": True}}))
    assert not stamp.current(venv)
    (info / "direct_url.json").write_text(json.dumps({"url": "file:///x", "dir_info": {}}))
    assert stamp.current(venv)
    shutil.rmtree(info)
    assert not stamp.current(venv)
