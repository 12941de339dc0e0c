"""``python -m service.rules.data``: every hand game's table for its default options, built from the rules and
written as this package's data. It sits above the registry (it needs every game); the tables module below the
games only reads what it writes."""

from __future__ import annotations

from pathlib import Path

from service.rules.hand_game import HandGame
from service.rules.registry import GAMES
from service.rules.tables import dumps


def write_default_tables(folder: Path | None = None) -> list[Path]:
    """Build every hand game's table for its default options and write it as package data."""
    target = folder or Path(__file__).resolve().parent
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for game in GAMES.values():
        if isinstance(game, HandGame):
            path = target / f"{game.id}.table"
            path.write_bytes(dumps(game.table_data(game.options(None))))
            written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write_default_tables():
        print(f"wrote {written_path} ({written_path.stat().st_size:,} bytes)")
