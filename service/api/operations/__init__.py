"""The routes of each group of operations (a room), one module a group, mirrored in schemas/operations.

A room module has ``serves(game)`` (its twin's in schemas/operations: whether the game's capabilities call for
the group) and ``register(routes)``, which declares the group's operations on a game's
:class:`~service.api.routes.GameRoutes`: route, reader, engine call, answer. A new operation goes into its
room's two modules; a new group is a module here, its twin, and one line in the twins' :data:`ROOMS`.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from schemas import operations as twins

ROOMS: tuple[ModuleType, ...] = tuple(
    import_module(f"{__name__}.{twin.__name__.rpartition('.')[2]}") for twin in twins.ROOMS
)
"""Every group of operations, in the order of the contract's paths: the twin of each of
:data:`schemas.operations.ROOMS`, the one list of the rooms."""
