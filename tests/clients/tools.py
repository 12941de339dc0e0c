"""The pinned npm tools and the Python client generator, run on the committed openapi.yaml."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "openapi.yaml"
PACKAGE = "card_arbiter_client"
NODE_ENV = {
    "REDOCLY_TELEMETRY": "off",
    "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true",
    "NO_UPDATE_NOTIFIER": "1",
    "NO_COLOR": "1",
}


def run_tool(npm_bin: Path, tool: str, *args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run one of the pinned npm tools; its output is kept for the assertion messages."""
    return subprocess.run(
        [str(npm_bin / tool), *map(str, args)],
        cwd=cwd,
        env={**os.environ, **NODE_ENV},
        capture_output=True,
        text=True,
        timeout=300,
    )


def generate_python_client(target: Path) -> list[str]:
    """Generate the Python client from the committed openapi.yaml into ``target``; the generator's warnings."""
    from openapi_python_client import generate
    from openapi_python_client.config import Config, ConfigFile, MetaType

    config = Config.from_sources(
        ConfigFile(post_hooks=[], package_name_override=PACKAGE),
        MetaType.NONE,
        SPEC,
        "utf-8",
        overwrite=True,
        output_path=target / PACKAGE,
    )
    return [f"{error.header}: {error.detail}" for error in generate(config=config)]
