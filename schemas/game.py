"""Every request and answer schema of one game, by name: its shared parts and what each of its rooms builds.

The API layer asks :func:`game_schemas` for a game's bundle; nothing here is written per game.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from schemas.operations import ROOMS
from schemas.parts import GameParts
from service.rules.game import Game


class GameSchemas(SimpleNamespace):
    """The schemas of one game's operations: the shared parts (``state``, ``deriver``, ``options``,
    ``state_request``, the problems) and, for every room that serves the game, the schemas it builds
    (``hands_request``, ``record_request``...; see schemas/operations)."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        parts = GameParts(game)
        super().__init__(**vars(parts), parts=parts)
        for room in ROOMS:
            if room.serves(game):
                vars(self).update(room.schemas(parts))


_CACHE: dict[str, GameSchemas] = {}


def game_schemas(game: Game[Any, Any, Any]) -> GameSchemas:
    """The (cached) schema bundle of a game."""
    if game.id not in _CACHE:
        _CACHE[game.id] = GameSchemas(game)
    return _CACHE[game.id]


__all__ = ["GameSchemas", "game_schemas"]
