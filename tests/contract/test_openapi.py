"""The committed openapi.yaml is what the code generates, it is valid OpenAPI 3.1, and it is what is served."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml
from openapi_spec_validator import validate

from service.api.spec import spec_yaml
from tests.contract.committed import committed_document

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "openapi.yaml"


def test_committed_spec_matches_the_code(app):
    assert COMMITTED.read_text(encoding="utf-8") == spec_yaml(app), (
        "openapi.yaml is stale: regenerate it with `python -m service.api.openapi`"
    )


def test_committed_spec_is_valid_openapi_31():
    document = committed_document()
    assert document["openapi"] == "3.1.0"
    validate(document)


def test_served_spec_is_the_committed_one(client):
    committed = committed_document()
    assert client.get("/openapi.json").get_json() == committed
    assert yaml.safe_load(client.get("/openapi.yaml").data) == committed


def test_every_game_has_every_path(client):
    paths = committed_document()["paths"]
    for game in client.get("/v1/games").get_json()["games"]:
        base = f"/v1/{game['id']}"
        common = ["", "/deals", "/legal-actions", "/actions", "/states/validate", "/states/view", "/records/adjudicate"]
        common += ["/actions/suggest", "/matches/adjudicate", "/records/analyze"]
        extra = ["/hands/evaluate", "/hands/compare"] if game["kind"] == "hand" else ["/tricks/winner"]
        if game["id"] in ("briscan", "brisque"):
            extra.append("/melds/evaluate")
        for suffix in common + extra:
            assert base + suffix in paths, base + suffix


def test_the_document_builds_without_warnings():
    """A warning here means two schemas fought over one name and one was renamed behind our back."""
    import warnings

    from service.api.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        create_app({"WARM_TABLES": False})


def test_the_yaml_is_served_as_text_yaml_to_clients_that_ask(client):
    """application/yaml by default; text/yaml (also in the contract) when the Accept header prefers it."""
    default = client.get("/openapi.yaml")
    asked = client.get("/openapi.yaml", headers={"Accept": "text/yaml"})
    assert default.mimetype == "application/yaml" and asked.mimetype == "text/yaml"
    assert asked.data == default.data
    document = yaml.safe_load(default.data)
    assert set(document["paths"]["/openapi.yaml"]["get"]["responses"]["200"]["content"]) == {
        "application/yaml",
        "text/yaml",
    }


def test_libyaml_writes_the_document_as_pyyaml_does(app):
    """The document is written with libyaml's dumper where PyYAML has it: the same text as PyYAML's own."""
    assert spec_yaml(app, yaml.SafeDumper) == spec_yaml(app)


SERVE_PREBUILT = """
import sys
from service.api import spec
from service.wsgi import app

def build(*args):
    raise AssertionError("the document was built on a request")

spec.spec_yaml = spec.spec_dict = build
client = app.test_client()
sys.stdout.buffer.write(client.get("/openapi.json").get_data() + b"\\n" + client.get("/openapi.yaml").get_data())
"""


def test_the_preloading_master_builds_the_documents():
    """service.wsgi (what gunicorn's preloading master loads before it forks) builds both documents: every
    worker then serves those bytes, and no request builds them."""
    env = {**os.environ, "CARD_ARBITER_WARM_TABLES": "0"}
    done = subprocess.run([sys.executable, "-c", SERVE_PREBUILT], cwd=ROOT, env=env, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr.decode()
    served_json, _, served_yaml = done.stdout.partition(b"\n")
    assert served_yaml == COMMITTED.read_bytes()
    assert json.loads(served_json) == yaml.safe_load(served_yaml)
