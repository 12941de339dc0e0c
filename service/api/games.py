"""A game's blueprint: the operations its capabilities call for, room by room (service/api/operations).

A game gets its endpoints by being in the registry; nothing here is written per game.
"""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from service.api.operations import ROOMS
from service.api.routes import GameRoutes
from service.rules.game import Game


def game_blueprint(game: Game[Any, Any, Any]) -> Blueprint:
    """Every endpoint of one game under ``/v1/{game}``: each room that serves the game registers its own."""
    routes = GameRoutes(game)
    for room in ROOMS:
        if room.serves(game):
            room.register(routes)
    return routes.blp
