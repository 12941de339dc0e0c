"""The catalog: what ``GET /v1/games`` and ``GET /v1/{game}`` say of each registered game."""

from __future__ import annotations

from typing import Any

from service.api.rules_docs import rules_path, rules_url
from service.rules.game import Game, HandGame


def entry(game: Game[Any, Any, Any]) -> dict[str, Any]:
    """A game's catalog entry (API.md section 2)."""
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
    }


def detail(game: Game[Any, Any, Any]) -> dict[str, Any]:
    """The entry plus the canonical pack and, for hand games, the categories best first."""
    out = entry(game)
    out["pack"] = list(game.full_pack())
    if isinstance(game, HandGame):
        out["categories"] = game.categories()
    return out
