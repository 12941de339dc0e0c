"""The OpenAPI document: generated from the code, committed as openapi.yaml (``python -m service.api.openapi``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml
from flask import Flask


def spec_dict(app: Flask) -> dict[str, Any]:
    spec: dict[str, Any] = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    return spec


DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
"""libyaml's safe dumper where PyYAML has it (five times faster; the same text, tests/contract/test_openapi.py),
else PyYAML's own."""


def spec_yaml(app: Flask, dumper: Any = DUMPER) -> str:
    """The document as YAML, keys in the order the code gives them."""
    return yaml.dump(spec_dict(app), Dumper=dumper, sort_keys=False, allow_unicode=True, width=120)


def main(argv: list[str]) -> int:
    """Write openapi.yaml (or the path given) from the code."""
    from service.api.app import create_app

    target = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[2] / "openapi.yaml"
    target.write_text(spec_yaml(create_app({"WARM_TABLES": False})), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
