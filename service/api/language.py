"""The language of an answer (docs/api.md section 12): ``Accept-Language`` negotiated among the game's languages
(:mod:`service.rules.language`), and the headers that say it: ``Content-Language`` and ``Vary:
Accept-Language`` on every answer of an operation that speaks it."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Response, after_this_request, request

from service.api.headers import vary_on
from service.rules.game import Game
from service.rules.language import MAX_HEADER, negotiate
from service.rules.names import ENGLISH

F = TypeVar("F", bound=Callable[..., Any])

ACCEPT_LANGUAGE = {
    "in": "header",
    "name": "Accept-Language",
    "required": False,
    "schema": {"type": "string"},
    "description": "The language of `description` and `deciding_text` (RFC 9110: weights, `sv-SE` finds `sv`, "
    "`sr` finds `sr-Latn`, `*`): one of the game's `languages`; English without it, for any other, or for a "
    f"header that is not a list of languages or is over {MAX_HEADER} characters (never an error). Codes, ids "
    "and strengths never change.",
}
"""The request header, as the contract documents it."""
LANGUAGE_HEADERS = {
    "Content-Language": {
        "description": "The language of the descriptions (one of the game's `languages`).",
        "schema": {"type": "string"},
    },
    "Vary": {"description": "`Accept-Language`: the answer depends on it.", "schema": {"type": "string"}},
}
"""The answer's headers, as the contract documents them."""


@functools.lru_cache(maxsize=256)
def _negotiated(header: str | None, languages: tuple[str, ...]) -> str:
    return negotiate(header, languages)


def answer_language(game: Game[Any, Any, Any]) -> str:
    """The language of this request's answer: the best of ``game``'s for its ``Accept-Language`` (English when
    nothing fits); the same header is negotiated once per process (a bounded cache)."""
    header = request.headers.get("Accept-Language")
    if header is not None and len(header) > MAX_HEADER:
        header = None
    return _negotiated(header, game.languages())


def speaks(game: Game[Any, Any, Any]) -> Callable[[F], F]:
    """A view whose every answer (a problem too) says its language: ``Content-Language`` and ``Vary:
    Accept-Language``."""

    def decorate(view: F) -> F:
        @functools.wraps(view)
        def spoken(*args: Any, **kwargs: Any) -> Any:
            language = answer_language(game)

            @after_this_request
            def said(response: Response) -> Response:
                response.headers["Content-Language"] = (
                    language if response.status_code < 400 else ENGLISH
                )  # problems: English
                vary_on(response.headers, "Accept-Language")
                return response

            return view(*args, **kwargs)

        return spoken  # type: ignore[return-value]

    return decorate
