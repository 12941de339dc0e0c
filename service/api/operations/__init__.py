"""The routes of each group of operations (a room), one module a group, mirrored in schemas/operations.

A room module has ``serves(game)`` (its twin's in schemas/operations: whether the game's capabilities call for
the group) and ``register(routes)``, which declares the group's operations on a game's
:class:`~service.api.routes.GameRoutes`: route, reader, engine call, answer. A new operation goes into its
room's two modules; a new group is a module here, its twin, and one line in :data:`ROOMS` of each.
"""

from __future__ import annotations

from types import ModuleType

from service.api.operations import (
    analyze,
    catalog,
    hands,
    matches,
    melds,
    notation,
    play,
    records,
    states,
    suggest,
    tricks,
)

ROOMS: tuple[ModuleType, ...] = (
    catalog,
    hands,
    tricks,
    melds,
    play,
    states,
    records,
    matches,
    notation,
    suggest,
    analyze,
)
"""Every group of operations, in the order of the contract's paths."""
