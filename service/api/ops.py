"""Operational endpoints: liveness, readiness, the OpenAPI document, metrics."""

from __future__ import annotations

import json
from typing import Any

import yaml
from flask import Flask, Response, current_app, request
from flask_smorest import Blueprint

from schemas.common import HealthSchema, ReadySchema
from schemas.operations.catalog import CatalogSchema
from service.api import spec
from service.api.metrics import render_metrics
from service.api.operations.catalog import catalog_entry
from service.api.routes import errors
from service.rules.registry import GAMES

blp = Blueprint("operations", __name__, description="Catalog, health, readiness, contract and metrics.")


YAML_TYPES = ("application/yaml", "text/yaml")
"""The YAML media type (RFC 9512), then the text type for clients that want the document as text."""
YAML_SCHEMAS = {YAML_TYPES[0]: {"type": "object"}, YAML_TYPES[1]: {"type": "string"}}
"""application/yaml is the document (an object once parsed); text/yaml is its text."""


def content(description: str, schemas: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The 200 of an endpoint that answers a document rather than a marshmallow schema (a schema per media type)."""
    media = {media_type: {"schema": schema} for media_type, schema in schemas.items()}
    return {"responses": {"200": {"description": description, "content": media}}}


@blp.route("/v1/games", methods=["GET"])
@blp.doc(operationId="listGames")
@blp.response(200, CatalogSchema)
@errors(blp, 404)
def games() -> dict[str, Any]:
    """Every registered game with its players, pack size and options.

    The catalog: each game's id (its path under /v1), player counts, action types and every rule option
    with its type, default, allowed values and the rule it settles.
    """
    return {"games": [catalog_entry(game) for game in GAMES.values()]}


@blp.route("/healthz", methods=["GET"])
@blp.doc(operationId="healthz")
@blp.response(200, HealthSchema)
@errors(blp, 404)
def healthz() -> dict[str, str]:
    """Liveness: the process answers.

    Always `{"status": "ok"}` while the process serves requests; it checks nothing else.
    """
    return {"status": "ok"}


@blp.route("/readyz", methods=["GET"])
@blp.doc(operationId="readyz")
@blp.response(200, ReadySchema)
@errors(blp, 404)
def readyz() -> dict[str, Any]:
    """Readiness: the games are registered and their evaluation tables are built.

    Lists the games served; a worker answers only once its start-up work is done.
    """
    return {"status": "ready", "games": list(GAMES)}


@blp.route("/openapi.json", methods=["GET"])
@blp.doc(
    operationId="openapiJson",
    **content("The OpenAPI 3.1 description (JSON).", {"application/json": {"type": "object"}}),
)
@blp.response(200, content_type="application/json")
@errors(blp, 404)
def openapi_json() -> Response:
    """The OpenAPI description of this service, as committed in openapi.yaml.

    The contract as JSON, generated from the code: generate clients from it or validate traffic against it.
    """
    return Response(documents(current_app)["json"], mimetype="application/json")


@blp.route("/openapi.yaml", methods=["GET"])
@blp.doc(operationId="openapiYaml", **content("The OpenAPI 3.1 description (YAML).", YAML_SCHEMAS))
@blp.response(200, content_type="application/yaml")
@errors(blp, 404)
def openapi_yaml() -> Response:
    """The OpenAPI description of this service (YAML).

    The same document as /openapi.json, as YAML: byte for byte the committed openapi.yaml. Served as
    application/yaml unless the request's Accept header prefers text/yaml.
    """
    mimetype = request.accept_mimetypes.best_match(YAML_TYPES, default=YAML_TYPES[0])
    return Response(documents(current_app)["yaml"], mimetype=mimetype)


DOCUMENTS = "openapi_documents"
"""The ``app.extensions`` key of the OpenAPI document's bytes, by kind (``json``, ``yaml``)."""


def documents(app: Flask) -> dict[str, bytes]:
    """The OpenAPI document as JSON and as YAML, built once and kept (it depends only on the code): the
    preloading master builds them before it forks (service/wsgi.py), so the workers share the bytes and no
    worker's first request builds them."""
    built: dict[str, bytes] | None = app.extensions.get(DOCUMENTS)
    if built is None:
        built = {
            "json": json.dumps(spec.spec_dict(app), ensure_ascii=False).encode("utf-8"),
            "yaml": spec.spec_yaml(app).encode("utf-8"),
        }
        app.extensions[DOCUMENTS] = built
    return built


@blp.route("/metrics", methods=["GET"])
@blp.doc(operationId="metrics", **content("Prometheus text exposition format.", {"text/plain": {"type": "string"}}))
@blp.response(200, content_type="text/plain")
@errors(blp, 404)
def metrics() -> Response:
    """Request counts and latencies (Prometheus text format).

    Counters and histograms per endpoint and status, added up over every gunicorn worker.
    """
    body, content_type = render_metrics()
    return Response(body, content_type=content_type)


__all__ = ["blp", "documents", "yaml"]
