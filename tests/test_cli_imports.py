"""Every module of the command line can be imported first, in a fresh interpreter (service.cli_notation and
service.cli_bots import service.cli, whose group names their commands lazily: no circular import), and the
group still lists and runs those commands."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

MODULES = [
    "service.cli_notation",
    "service.cli_bots",
    "service.cli_matches",
    "service.cli",
    "service.conformance.commands",
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
