"""Security headers, no Host-based redirects, CORS off by default, bounded metrics labels and the OpenAPI
document built once (issue 11, items 8, 9 and 10)."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest
from werkzeug.datastructures import Headers

from service.api import spec
from service.api.app import create_app
from service.api.headers import cors_origins, vary_on

DEALS = "/v1/three-card-brag/deals"


def test_docs_send_a_strict_policy(client):
    response = client.get("/docs")
    assert response.status_code == 200
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    # the page's own inline script is allowed by its hash, and nothing else inline
    inline = re.findall(rb"<script>(.*?)</script>", response.get_data(), re.DOTALL)
    assert inline
    for body in inline:
        assert f"'sha256-{base64.b64encode(hashlib.sha256(body).digest()).decode()}'" in policy
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/v1/games", None),
        ("GET", "/healthz", None),
        ("POST", DEALS, {"players": 3, "dealer": 0, "seed": "x"}),
        ("POST", DEALS, {"players": "x"}),
        ("GET", "/nowhere", None),
        ("GET", "/openapi.json", None),
    ],
)
def test_every_answer_says_nosniff(client, method, path, body):
    response = client.open(path, method=method, json=body)
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("path", ["//v1//games", "//v1/games", "/v1//games", "//docs", "/v1/games/", "//healthz"])
def test_no_redirect_is_built_from_the_host_header(client, path):
    # PATH_INFO as a server gives it (the test client would read '//v1' as a host)
    response = client.get("/", headers={"Host": "evil.example"}, environ_overrides={"PATH_INFO": path})
    assert "evil.example" not in response.headers.get("Location", "")
    assert response.status_code in (200, 404)  # served or not found; never sent elsewhere


def test_cors_is_off_by_default(client):
    response = client.get("/v1/games", headers={"Origin": "https://app.example"})
    assert "Access-Control-Allow-Origin" not in response.headers
    preflight = client.options(
        DEALS, headers={"Origin": "https://app.example", "Access-Control-Request-Method": "POST"}
    )
    assert "Access-Control-Allow-Origin" not in preflight.headers


def test_an_answer_in_a_language_under_cors_varies_on_both_once_each():
    app = create_app({"WARM_TABLES": False, "TESTING": True, "CORS_ORIGINS": "https://app.example"})
    answer = app.test_client().post(
        "/v1/three-card-brag/hands/evaluate",
        json={"hands": [["AS", "KS", "QS"]]},
        headers={"Origin": "https://app.example", "Accept-Language": "sv"},
    )
    assert answer.status_code == 200
    assert answer.headers.get_all("Vary") == ["Accept-Language, Origin"]


def test_vary_adds_a_name_it_does_not_hold_yet():
    headers = Headers()
    vary_on(headers, "Origin")
    vary_on(headers, "origin")
    assert headers.get_all("Vary") == ["Origin"]
    headers["Vary"] = "Accept-Encoding,Cookie"
    vary_on(headers, "Accept-Language")
    vary_on(headers, "cookie")
    assert headers["Vary"] == "Accept-Encoding,Cookie, Accept-Language"


def test_cors_for_the_origins_configured():
    app = create_app({"WARM_TABLES": False, "TESTING": True, "CORS_ORIGINS": "https://app.example, https://b.example/"})
    client = app.test_client()
    allowed = client.post(DEALS, json={"players": 3, "dealer": 0, "seed": "x"}, headers={"Origin": "https://b.example"})
    assert allowed.status_code == 200
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://b.example"
    assert "Origin" in allowed.headers["Vary"]
    refused = client.get("/v1/games", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in refused.headers
    preflight = client.options(
        DEALS,
        headers={
            "Origin": "https://app.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    assert "Content-Type" in preflight.headers["Access-Control-Allow-Headers"]
    assert int(preflight.headers["Access-Control-Max-Age"]) > 0


def test_cors_origins_from_the_environment(monkeypatch):
    assert cors_origins(None) == frozenset() == cors_origins(" , ")
    monkeypatch.setenv("CARD_ARBITER_CORS_ORIGINS", "*")
    client = create_app({"WARM_TABLES": False, "TESTING": True}).test_client()
    response = client.get("/v1/games", headers={"Origin": "https://any.example"})
    assert response.headers["Access-Control-Allow-Origin"] == "*"


def _label_sets(client) -> set[str]:
    text = client.get("/metrics").get_data(as_text=True)
    return {line.rsplit(" ", 1)[0] for line in text.splitlines() if line.startswith("card_arbiter_requests_total{")}


def test_metrics_labels_only_known_methods_and_routes(client):
    for i in range(3):  # the fixed 'other' labels exist after this
        client.open("/healthz", method=f"WARM{i}")
        client.open(f"/warm/{i}", method=f"W{i}")
        client.get(f"/warm-{i}")
    _label_sets(client)
    before = _label_sets(client)
    for i in range(200):
        client.open("/healthz", method=f"MADEUP{i}")
        client.open(f"/made-up/{i}", method=f"X{i}")
        client.get(f"/v1/made-up-{i}")
    after = _label_sets(client)
    assert after == before
    assert not any("MADEUP" in label or "made-up" in label for label in after)
    assert any('method="other"' in label and 'endpoint="other"' in label for label in after)


def test_the_openapi_documents_are_built_once(monkeypatch):
    client = create_app({"WARM_TABLES": False, "TESTING": True}).test_client()
    calls = []
    real_yaml, real_dict = spec.spec_yaml, spec.spec_dict
    monkeypatch.setattr(spec, "spec_yaml", lambda app: calls.append("yaml") or real_yaml(app))
    monkeypatch.setattr(spec, "spec_dict", lambda app: calls.append("json") or real_dict(app))
    first = [client.get("/openapi.yaml").get_data(), client.get("/openapi.json").get_data()]
    built = list(calls)
    again = [client.get("/openapi.yaml").get_data(), client.get("/openapi.json").get_data()]
    assert first == again and b"openapi: 3.1" in first[0]
    assert "yaml" in built and "json" in built and calls == built
