"""The catalog: ``GET /v1/games`` and ``GET /v1/{game}``, and the paths that are no game's (404, 405)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import SECTIONS
from service.conformance.vector import Case
from service.rules.game import Game

SERVICE = "service"


def service_cases(ask: Any) -> Iterator[Case]:
    yield Case(
        SERVICE, "GET", "/v1/games", (), "The catalog: every game with its players, pack and options.", "catalog"
    )
    yield Case(SERVICE, "GET", "/v1/no-such-game", (), "An unknown game is a 404 problem.", "not-found", "unknown-game")
    yield Case(
        SERVICE,
        "POST",
        "/v1/no-such-game/deals",
        (),
        "An operation of an unknown game is a 404 problem.",
        "not-found",
        "unknown-game",
        body={"players": 2, "dealer": 0, "seed": "x"},
    )
    yield Case(SERVICE, "POST", "/v1/games", (), "The catalog is read with GET: a 405 problem.", "method", "post")


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    notation = SECTIONS["notation"]
    yield Case(
        game.id,
        "GET",
        f"/v1/{game.id}",
        (notation, SECTIONS["options"]),
        f"The catalog entry of {game.name}: its pack in canonical order, options with their rules"
        + (" and hand categories, best first." if hasattr(game, "categories") else "."),
        "catalog",
    )
    yield Case(
        game.id,
        "GET",
        f"/v1/{game.id}/no-such-operation",
        (),
        "An unknown operation of a known game is a 404 problem.",
        "not-found",
        "unknown-operation",
    )
    yield Case(
        game.id, "GET", f"/v1/{game.id}/deals", (), "A deal is asked for with POST: a 405 problem.", "method", "get"
    )
