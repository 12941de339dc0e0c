"""The OpenAPI document: generated from the code, committed as openapi.yaml (``python -m service.api.openapi``).
The writer needs the app; the app needs only the document's builder (service/api/spec.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from service.api.app import create_app
from service.api.spec import spec_yaml


def main(argv: list[str]) -> int:
    """Write openapi.yaml (or the path given) from the code."""
    target = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[2] / "openapi.yaml"
    target.write_text(spec_yaml(create_app({"WARM_TABLES": False})), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
