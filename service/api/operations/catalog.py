"""The catalog room: ``GET /v1/{game}`` (the game's entry, pack and categories) and ``GET /v1/{game}/rules``;
and what the catalog says of each game, also for ``GET /v1/games`` (service/api/ops.py)."""

from __future__ import annotations

from typing import Any

from flask import Response

from schemas.operations.catalog import serves
from service.api.problems import problem
from service.api.routes import GameRoutes
from service.api.rules_docs import MARKDOWN, rules_markdown, rules_path, rules_url
from service.rules.analysis import scale_of
from service.rules.game import Game
from service.rules.hand_game import HandGame

RULES_ANSWER = {
    "200": {
        "description": "The rules as Markdown (docs/rules in the repository).",
        "content": {"text/markdown": {"schema": {"type": "string"}}},
    }
}


def register(routes: GameRoutes) -> None:
    """The game's entry and its rules."""
    game = routes.game

    @routes.get("", "entry", response=routes.schemas.detail)
    def entry() -> dict[str, Any]:
        """The catalog entry, the canonical pack and, for hand games, the categories."""
        return game_detail(game)

    @routes.get("/rules", "rules", responses=RULES_ANSWER)
    def rules() -> Response:
        """The rules as this service applies them: flow, evaluation, scoring, every option and rule id."""
        text = rules_markdown(game.id)
        if text is None:
            return problem(404, "Not Found", f"no rules document for {game.id}")
        return Response(text, content_type=MARKDOWN)


def catalog_entry(game: Game[Any, Any, Any]) -> dict[str, Any]:
    """A game's catalog entry (docs/api.md section 2)."""
    return {
        "id": game.id,
        "name": game.name,
        "kind": "hand" if isinstance(game, HandGame) else "trick",
        "players": {"min": game.min_players, "max": game.max_players},
        "pack_size": len(game.full_pack()),
        "actions": game.action_types(),
        "options": [spec.as_dict() for spec in game.option_specs()],
        "rules_url": rules_url(game.id),
        "rules_file": rules_path(game.id),
        "languages": list(game.languages()),
        "names": game.names(),
        "referee_url": f"/referee/{game.id}",
        "analysis": analysis_entry(game),
    }


def analysis_entry(game: Game[Any, Any, Any]) -> dict[str, Any]:
    """What ``records/analyze`` measures a loss in, and the least loss of each label (docs/api.md 19)."""
    scale = scale_of(game)
    return {"unit": scale.unit, "thresholds": scale.thresholds}


def game_detail(game: Game[Any, Any, Any]) -> dict[str, Any]:
    """The entry plus the canonical pack and, for hand games, the categories best first."""
    out = catalog_entry(game)
    out["pack"] = list(game.full_pack())
    if isinstance(game, HandGame):
        out["categories"] = game.categories()
    return out


__all__ = ["analysis_entry", "catalog_entry", "game_detail", "register", "serves"]
