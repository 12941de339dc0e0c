"""The application factory: ``create_app()`` builds the WSGI app (``service.wsgi:app``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from http import HTTPStatus
from typing import Any

from flask import Flask
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from flask_swagger_ui import get_swaggerui_blueprint

from schemas.common import ProblemDetailsSchema
from schemas.oneof import OneOfPlugin
from service.api import guard, hooks, jsonio, ops, plain
from service.api.games import game_blueprint
from service.api.problems import PROBLEM_JSON, register_error_handlers, release
from service.referee import page as referee
from service.rules.hand_game import HandGame
from service.rules.registry import GAMES

DEFAULT_MAX_BODY = 2 * 1024 * 1024
API_DESCRIPTION = """\
A stateless adjudicator for seven card games: Broggin, Briscan, Brisque, Briscola, Briscola chiamata,
Old Brag and Three Card Brag. Send hands and game states; get hand ranks, legal moves, trick winners,
the next state, scores and verdicts on whole game records. Every answer depends only on the request.
Errors are RFC 9457 problem details (`application/problem+json`) whose `instance` names the request.
Every answer carries `X-Request-ID`: the client's when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, else a
new uuid4. `GET /v1/games` lists the games this
version serves, with every rule option, its default and the rule it settles.

**The rules** of each game as this service applies them (flow, evaluation, scoring, every option, and a
heading for every `rule` id an answer or a 409 can carry) are Markdown at `GET /v1/{game}/rules`, also
named as `rules_url` in the catalog:
[Three Card Brag](/v1/three-card-brag/rules), [Old Brag](/v1/old-brag/rules), [Broggin](/v1/broggin/rules),
[Briscola](/v1/briscola/rules), [Briscola chiamata](/v1/briscola-chiamata/rules),
[Briscan](/v1/briscan/rules), [Brisque](/v1/brisque/rules). In the repository they are `docs/rules/`.

**The referee page** at [/referee](/referee) settles a dispute at the table with this API: compare hands, say
who takes a trick, check a whole record step by step (`referee_url` in the catalog). It works without
JavaScript and offline, and its rule links go to each game's rules as HTML (`/referee/{game}/rules`).
"""

SPEC_OPTIONS: dict[str, Any] = {
    "info": {
        "description": API_DESCRIPTION,
        "contact": {"name": "card-arbiter maintainers"},
        "license": {"name": "MIT", "identifier": "MIT"},
    },
    "servers": [{"url": "/", "description": "The host that serves this document."}],
    "security": [],  # a public API: no operation needs credentials
}


class ProblemApi(Api):
    """flask-smorest's Api, with every error documented as problem+json and discriminated unions (OneOfPlugin)."""

    ERROR_SCHEMA = ProblemDetailsSchema

    def _init_spec(self, *, extra_plugins: Any = None, **kwargs: Any) -> None:
        super()._init_spec(extra_plugins=[*(extra_plugins or ()), OneOfPlugin()], **kwargs)

    def _register_responses(self) -> None:
        for status in HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_JSON)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "An error (RFC 9457 problem details).", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_JSON)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)

    def _register_pagination_header(self) -> None:
        """Nothing here is paginated: no pagination header (nor its unused schema) in the document."""


class SyncFlask(Flask):
    """Flask, for an app whose views and hooks are all plain functions (gunicorn sync workers)."""

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """Every view and hook here is synchronous: called as it is (Flask would inspect each one, on every
        request, for a coroutine to run)."""
        return func

    def handle_user_exception(self, e: Exception) -> Any:
        """The error's problem+json answer (``register_error_handlers``), keeping nothing of the request."""
        answer = super().handle_user_exception(e)
        release(e)
        return answer

    def handle_exception(self, e: Exception) -> Any:
        """The 500 (logged with its traceback first), keeping nothing of the request."""
        answer = super().handle_exception(e)
        release(e)
        return answer


DEFAULT_DEADLINE = 25.0
"""Seconds a request may work before it is answered 503 (``CARD_ARBITER_DEADLINE``; 0: none): below gunicorn's
worker timeout (30 s; service/gunicorn_conf.py sets it from ``GUNICORN_TIMEOUT``), so the request, not the
worker, gives way."""


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the application; ``config`` overrides the defaults (and the CARD_ARBITER_* environment)."""
    app = SyncFlask("card_arbiter")
    app.config.update(
        API_TITLE="card-arbiter",
        API_VERSION="1.0.0",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX=None,
        API_SPEC_OPTIONS=SPEC_OPTIONS,
        MAX_CONTENT_LENGTH=int(os.environ.get("CARD_ARBITER_MAX_BODY", DEFAULT_MAX_BODY)),
        WARM_TABLES=os.environ.get("CARD_ARBITER_WARM_TABLES", "1") == "1",
        REQUEST_DEADLINE=float(os.environ.get("CARD_ARBITER_DEADLINE", DEFAULT_DEADLINE)),
        JSON_SORT_KEYS=False,
    )
    jsonio.install(app)  # orjson; keys in the order given, UTF-8
    if config:
        app.config.update(config)
    app.url_map.merge_slashes = False  # '//v1//games' is a 404, never a redirect built from the Host header
    api = ProblemApi(app)
    api.ma_plugin.converter.add_attribute_function(guard.max_contains_doc)
    api.ma_plugin.converter.add_attribute_function(guard.property_names_doc)
    api.register_blueprint(ops.blp)
    for game in GAMES.values():
        api.register_blueprint(game_blueprint(game))
    register_error_handlers(app)
    hooks.install(app)  # request id, timer and body guard before every view; id, headers, metrics after
    app.register_blueprint(
        get_swaggerui_blueprint("/docs", "/openapi.json", config={"app_name": "card-arbiter"}), url_prefix="/docs"
    )
    app.add_url_rule("/docs", "docs", app.view_functions["swagger_ui.show"])  # served as is, no redirect
    app.register_blueprint(referee.blp)  # the referee page for people at a table (docs/api.md section 13)
    if app.config["WARM_TABLES"]:
        for game in GAMES.values():
            if isinstance(game, HandGame):
                game.warm()
                plain.result_tails(game.hand_table(game.options(None)))  # hands/evaluate's answers as text
    return app
