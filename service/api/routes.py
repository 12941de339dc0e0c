"""How an operation declares its route: a game's blueprint (:class:`GameRoutes`) with its ``get`` and ``post``,
and the problem+json answers an operation may give (:func:`errors`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from flask_smorest import Blueprint

from schemas.common import ProblemDetailsSchema
from schemas.derive import camel
from schemas.game import game_schemas
from service.api import guard
from service.api.descriptions import describe
from service.api.examples import examples
from service.api.language import ACCEPT_LANGUAGE, LANGUAGE_HEADERS, speaks
from service.api.plain import Reader, plain_first
from service.api.problems import PROBLEM_JSON
from service.api.rules_docs import rules_url
from service.rules.game import Game

ERROR_TEXT = {
    400: "Malformed JSON.",
    404: "Not found: an unknown path or game (or no rules document for it).",
    409: "Illegal action: the rules forbid it in this state (with `rule` and `legal_actions`).",
    413: "The body is over the size limit.",
    415: "The body is not application/json.",
    422: "The body does not match the contract, or the state is inconsistent (`/invalid-state`).",
}
BODY_ERRORS = (400, 413, 415, 422)
"""What any operation that takes a body may answer besides its 200."""

Decorator = Callable[[Any], Any]


def errors(
    blp: Blueprint, *codes: int, illegal: Any = ProblemDetailsSchema, invalid: Any = ProblemDetailsSchema
) -> Decorator:
    """Document the problem+json answers an endpoint may give; ``illegal``: the game's 409 (its legal actions),
    ``invalid``: its 422 (the codes of its state problems)."""
    by_code = {409: illegal, 422: invalid}

    def decorate(view: Any) -> Any:
        for code in codes:
            schema = by_code.get(code, ProblemDetailsSchema)
            view = blp.alt_response(code, schema=schema, content_type=PROBLEM_JSON, description=ERROR_TEXT[code])(view)
        return view

    return decorate


def noted(notes: str) -> Decorator:
    """A view whose docstring says ``notes`` after its own (a paragraph several operations share)."""

    def decorate(view: Any) -> Any:
        view.__doc__ = f"{inspect.cleandoc(view.__doc__ or '')}\n\n{notes}"
        return view

    return decorate


def _stacked(steps: list[Decorator]) -> Decorator:
    """The decorators ``steps`` as one, the first outermost (as if written one above the other)."""

    def decorate(view: Any) -> Any:
        for step in reversed(steps):
            view = step(view)
        return view

    return decorate


class GameRoutes:
    """One game's blueprint under ``/v1/{game}``, with its schemas (:func:`~schemas.game.game_schemas`) and
    request examples, and the decorators its operations declare their routes with."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        self.schemas = game_schemas(game)
        self.examples = examples(game, self.schemas)
        self.blp = Blueprint(
            game.id,
            __name__,
            url_prefix=f"/v1/{game.id}",
            description=f"{game.name}: the rules as this service applies them, every option and every rule id, "
            f"at [{rules_url(game.id)}]({rules_url(game.id)}).",
        )
        self.blp.ARGUMENTS_PARSER = guard.PARSER  # the body as the guard parsed and checked it
        prefix = camel(game.id)
        self.prefix = prefix[0].lower() + prefix[1:]

    def get(self, path: str, verb: str, *, response: Any = None, **extra: Any) -> Decorator:
        """A GET endpoint: its route, operationId and description, its 200 (a schema, or ``extra``'s
        ``responses``) and its 404."""
        return _stacked(
            [
                self.blp.route(path, methods=["GET"]),
                self.doc(verb, **extra),
                *([self.blp.response(200, response)] if response is not None else []),
                errors(self.blp, 404),
            ]
        )

    def post(
        self,
        path: str,
        verb: str,
        request: Any,
        response: Any,
        *,
        example: Any,
        answer_example: Any = None,
        codes: tuple[int, ...] = BODY_ERRORS,
        plain: Reader | None = None,
        spoken: bool = False,
        notes: str = "",
        invalid: Any = None,
    ) -> Decorator:
        """A POST endpoint: its route, operationId and description, request and 200 schemas, and the problem+json
        answers it may give; with ``plain``, a reader that takes the body's plainest form before the schema; when
        ``spoken``, its answers speak the game's languages (``Accept-Language``, :mod:`service.api.language`);
        ``notes``, a paragraph its docstring ends with (rules several operations share); ``invalid``, its 422's schema
        where it is not the game's invalid request (an operation that takes a text: ``/invalid-notation`` too)."""
        answered: dict[str, Any] = {"example": answer_example} if answer_example is not None else {}
        if spoken:
            answered["headers"] = LANGUAGE_HEADERS
        s = self.schemas
        return _stacked(
            [
                self.blp.route(path, methods=["POST"]),
                *([speaks(self.game)] if spoken else []),
                *([plain_first(plain)] if plain is not None else []),
                self.doc(verb, **({"parameters": [ACCEPT_LANGUAGE]} if spoken else {})),
                # one instance of the request schema kept for every request (from a class, webargs would build a
                # new instance per request: a deep copy of every field, and of every nested schema)
                self.blp.arguments(request(), example=example),
                self.blp.response(200, response, **answered),
                errors(self.blp, *codes, illegal=s.illegal_action, invalid=invalid or s.invalid_request),
                *([noted(notes)] if notes else []),
            ]
        )

    def doc(self, verb: str, **extra: Any) -> Decorator:
        """operationId (``<game><Verb>``) and description: the docstring's paragraphs after its summary, then
        ``describe``'s."""

        def decorate(view: Any) -> Any:
            details = inspect.cleandoc(view.__doc__ or "").partition("\n")[2].strip()
            text = "\n\n".join(part for part in (details, describe(self.game, verb)) if part)
            operation_id = self.prefix + verb[0].upper() + verb[1:]
            return self.blp.doc(operationId=operation_id, description=text, **extra)(view)

        return decorate
