"""Operational endpoints: liveness, readiness, the OpenAPI document, metrics."""

from __future__ import annotations

import json
from typing import Any

import yaml
from flask import Response, current_app
from flask_smorest import Blueprint

from schemas.common import CatalogSchema, HealthSchema, ReadySchema
from service.api.catalog import entry
from service.api.metrics import render_metrics
from service.rules.registry import GAMES

blp = Blueprint("operations", __name__, description="Catalog, health, readiness, contract and metrics.")


@blp.route("/v1/games", methods=["GET"])
@blp.doc(operationId="listGames")
@blp.response(200, CatalogSchema)
def games() -> dict[str, Any]:
    """Every registered game with its players, pack size and options."""
    return {"games": [entry(game) for game in GAMES.values()]}


@blp.route("/healthz", methods=["GET"])
@blp.doc(operationId="healthz")
@blp.response(200, HealthSchema)
def healthz() -> dict[str, str]:
    """Liveness: the process answers."""
    return {"status": "ok"}


@blp.route("/readyz", methods=["GET"])
@blp.doc(operationId="readyz")
@blp.response(200, ReadySchema)
def readyz() -> dict[str, Any]:
    """Readiness: the games are registered and their evaluation tables are built."""
    return {"status": "ready", "games": list(GAMES)}


@blp.route("/openapi.json", methods=["GET"])
@blp.doc(operationId="openapiJson")
@blp.response(200, content_type="application/json", description="The OpenAPI 3.1 description (JSON).")
def openapi_json() -> Response:
    """The OpenAPI description of this service, as committed in openapi.yaml."""
    return Response(_document("json"), mimetype="application/json")


@blp.route("/openapi.yaml", methods=["GET"])
@blp.doc(operationId="openapiYaml")
@blp.response(200, content_type="application/yaml", description="The OpenAPI 3.1 description (YAML).")
def openapi_yaml() -> Response:
    """The OpenAPI description of this service (YAML)."""
    return Response(_document("yaml"), mimetype="application/yaml")


def _document(kind: str) -> bytes:
    """The OpenAPI document as JSON or YAML, built on first use and kept (it depends only on the code)."""
    from service.api.openapi import spec_dict, spec_yaml

    built: dict[str, bytes] = current_app.extensions.setdefault("openapi_documents", {})
    if kind not in built:
        text = spec_yaml(current_app) if kind == "yaml" else json.dumps(spec_dict(current_app), ensure_ascii=False)
        built[kind] = text.encode("utf-8")
    return built[kind]


@blp.route("/metrics", methods=["GET"])
@blp.doc(operationId="metrics")
@blp.response(200, content_type="text/plain", description="Prometheus text exposition format.")
def metrics() -> Response:
    """Request counts and latencies (Prometheus text format)."""
    body, content_type = render_metrics()
    return Response(body, content_type=content_type)


__all__ = ["blp", "yaml"]
