"""Every module of the command line can be imported first, in a fresh interpreter (each command module imports
service.cli.common, never the package's group, which names suggest, play, format and parse lazily), and the
group still lists and runs those commands."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

MODULES = [
    "service.cli.common",
    "service.cli.serving",
    "service.cli.hands",
    "service.cli.deals",
    "service.cli.records",
    "service.cli.matches",
    "service.cli.notation",
    "service.cli.suggestions",
    "service.cli.conformance",
    "service.cli",
]


@pytest.mark.parametrize("module", MODULES)
def test_a_command_lines_module_imports_first(module):
    done = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_lazy_commands_are_listed_and_found():
    from service.cli import main

    shown = CliRunner().invoke(main, ["--help"])
    assert shown.exit_code == 0
    listed = [line.split()[0] for line in shown.stdout.split("Commands:")[1].splitlines() if line.strip()]
    assert {"suggest", "play", "format", "parse", "adjudicate", "conformance"} <= set(listed)
    assert listed == sorted(listed)
    for name in ("suggest", "play", "format", "parse"):
        helped = CliRunner().invoke(main, [name, "--help"])
        assert helped.exit_code == 0 and f"Usage: main {name}" in helped.stdout, helped.output
