"""Reading and writing texts in the tests: the service's own path (the schemas load what the reader reads), in
process, without HTTP."""

from __future__ import annotations

from typing import Any

from schemas.game import game_schemas
from service.api.operations.notation import canonical
from service.notation import read, write
from service.rules.registry import GAMES


def parsed(game_id: str, text: str) -> tuple[str, dict[str, Any]]:
    """What ``records/parse`` answers for ``text``: the kind and the record or match, canonical."""
    game = GAMES[game_id]
    reading = read(text, game)
    return reading.kind, canonical(game, game_schemas(game), reading)


def formatted(game_id: str, kind: str, data: dict[str, Any], tags: dict[str, str] | None = None) -> str:
    """The canonical text of a record or match that is already canonical JSON."""
    return write(GAMES[game_id], kind, data, tags)


def normal(record: dict[str, Any]) -> dict[str, Any]:
    """A record as ``records/parse`` gives it back: ``options`` and ``carry`` left out when not given."""
    return {k: v for k, v in record.items() if not (k in ("options", "carry") and v is None)}
