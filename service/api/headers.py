"""Response headers: nosniff on every answer, a strict policy for the documentation and referee pages, and CORS.

CORS is off unless ``CARD_ARBITER_CORS_ORIGINS`` (or the ``CORS_ORIGINS`` config) names the origins allowed,
comma-separated (``*`` for any). Preflight requests (``OPTIONS`` with ``Access-Control-Request-Method``)
are answered by Flask's automatic OPTIONS response with the CORS headers added here.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re

from flask import Flask, Request, Response
from werkzeug import datastructures

CORS_ENV = "CARD_ARBITER_CORS_ORIGINS"
CORS_MAX_AGE = "600"
EXPOSED = "Allow, Location, X-Request-ID"
_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


def cors_origins(value: str | None) -> frozenset[str]:
    """The allowed origins of a comma-separated setting (empty: CORS off)."""
    return frozenset(o.strip().rstrip("/") for o in (value or "").split(",") if o.strip())


class Headers:
    """The headers every answer gets, with the CORS origins of the app's settings."""

    def __init__(self, app: Flask) -> None:
        self.origins = cors_origins(app.config.get("CORS_ORIGINS", os.environ.get(CORS_ENV)))

    def add(self, req: Request, response: Response) -> None:
        response.headers["X-Content-Type-Options"] = "nosniff"
        endpoint = req.endpoint
        if endpoint is not None and (endpoint == "docs" or endpoint.startswith("swagger_ui")):
            _docs_policy(response)
        elif endpoint is not None and endpoint.startswith("referee."):
            _referee_policy(response)
        if self.origins:
            _cors(req, response, self.origins)


def vary_on(headers: datastructures.Headers, name: str) -> None:
    """``Vary`` names ``name`` too (werkzeug's ``response.vary`` would parse the header into a set and write it
    back: a tenth of a small answer's time)."""
    vary = headers.get("Vary")
    if not vary:
        headers["Vary"] = name
    elif name.lower() not in (v.strip().lower() for v in vary.split(",")):
        headers["Vary"] = f"{vary}, {name}"


def _docs_policy(response: Response) -> None:
    """The interactive documentation: no framing, no referrer beyond the origin, only its own scripts."""
    scripts = ""
    if response.mimetype == "text/html" and not response.direct_passthrough:
        for body in _INLINE_SCRIPT.findall(response.get_data()):
            digest = base64.b64encode(hashlib.sha256(body).digest()).decode("ascii")
            scripts += f" 'sha256-{digest}'"
    response.headers["Content-Security-Policy"] = (
        f"default-src 'none'; script-src 'self'{scripts}; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; font-src 'self'; connect-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    )
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Referrer-Policy"] = "no-referrer"


def _referee_policy(response: Response) -> None:
    """The referee page: its own script, style and API only, nothing inline; the same framing and referrer
    rules as the documentation."""
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    )
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Referrer-Policy"] = "no-referrer"


def _cors(request: Request, response: Response, origins: frozenset[str]) -> None:
    origin = request.headers.get("Origin")
    vary_on(response.headers, "Origin")
    if origin is None or ("*" not in origins and origin not in origins):
        return
    response.headers["Access-Control-Allow-Origin"] = "*" if "*" in origins else origin
    response.headers["Access-Control-Expose-Headers"] = EXPOSED
    if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
        allowed = response.headers.get("Allow", "")
        response.headers["Access-Control-Allow-Methods"] = allowed
        response.headers["Access-Control-Allow-Headers"] = "Content-Type, X-Request-ID"
        response.headers["Access-Control-Max-Age"] = CORS_MAX_AGE
