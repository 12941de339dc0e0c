"""Typed actions for the tests, read as the wire reads them (so every test also exercises the action schema)."""

from __future__ import annotations

from functools import cache
from typing import Any

from schemas.game import game_schemas
from service.api.examples import submittable
from service.rules.actions import ActionBase


def act(game: Any, seat: int, kind: str, **fields: Any) -> ActionBase:
    """The action ``{"seat": seat, "type": kind, **fields}`` of ``game``, loaded by its action schema."""
    return load(game, {"seat": seat, "type": kind, **fields})


def load(game: Any, data: dict[str, Any]) -> ActionBase:
    """An action as JSON (a dict), loaded by the game's action schema; raises ValidationError when invalid."""
    action: ActionBase = _field(game).deserialize(data)
    return action


@cache
def _field(game: Any) -> Any:
    return game_schemas(game).deriver.action()


def from_legal(game: Any, listed: dict[str, Any]) -> ActionBase:
    """A listed legal action as submitted (a free amount at its minimum, an empty exchange)."""
    return load(game, submittable(listed))


def script(*lines: str) -> list[dict[str, Any]]:
    """Actions as JSON from short lines ``"seat type [amount]"``: ``script("0 bet 1", "1 call")``."""
    actions: list[dict[str, Any]] = []
    for line in lines:
        seat, kind, *amount = line.split()
        action: dict[str, Any] = {"seat": int(seat), "type": kind}
        if amount:
            action["amount"] = int(amount[0])
        actions.append(action)
    return actions
