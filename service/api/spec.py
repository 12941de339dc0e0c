"""The OpenAPI document of an app, as a dict and as YAML: what ``/openapi.json`` and ``/openapi.yaml`` serve
(service/api/ops.py) and what ``python -m service.api.openapi`` writes to openapi.yaml."""

from __future__ import annotations

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
