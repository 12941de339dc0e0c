"""The schemas of each group of operations (a room), one module a group, mirrored in service/api/operations.

A room module has ``serves(game)``, whether the game's capabilities call for the group, and
``schemas(parts)``, the group's request and answer schemas for one game by name, built from the game's shared
:class:`~schemas.parts.GameParts`. A new group is a module here (and its twin in service/api/operations) and
one line in :data:`ROOMS`.
"""

from __future__ import annotations

from types import ModuleType

from schemas.operations import analyze, catalog, hands, matches, melds, notation, play, records, states, suggest, tricks

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
