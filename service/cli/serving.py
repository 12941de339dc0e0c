"""``card-arbiter serve`` (the service on gunicorn) and ``games`` (what it serves)."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from service.cli.common import (
    GUNICORN_CONFIG,
    ArbiterCommand,
    Context,
    emit,
    table,
)


@click.command(cls=ArbiterCommand)
@click.pass_obj
def games(ctx: Context) -> None:
    """Every game served, with its players and pack."""
    catalog = ctx.ask("GET", "/v1/games")
    if ctx.as_json:
        return emit(catalog)
    rows = [[g["id"], g["name"], players_text(g), g["pack_size"], len(g["options"])] for g in catalog["games"]]
    click.echo(table(rows, ["game", "name", "players", "pack", "options"]))


def players_text(entry: dict[str, Any]) -> str:
    """The numbers of players a game takes: "2-17", or each of them where some between are refused ("2, 3, 4,
    6": Briscola's five play Briscola chiamata). The catalog gives the range; the counts within it are the
    engine's, which this command ships with (a game it does not know shows the range)."""
    from service.rules.registry import GAMES

    low, high = entry["players"]["min"], entry["players"]["max"]
    game = GAMES.get(entry["id"])
    counts = [n for n in game.player_counts() if low <= n <= high] if game is not None else []
    if not counts or counts == list(range(low, high + 1)):
        return str(low) if low == high else f"{low}-{high}"
    return ", ".join(map(str, counts))


@click.command()  # talks to no service: no shared options
@click.option("--host", default="0.0.0.0", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", type=int, help="gunicorn sync workers (default: WEB_CONCURRENCY or 2 x cores + 1).")
def serve(host: str, port: int, workers: int | None) -> None:
    """Run the service on gunicorn (sync workers) with the package's settings (service/gunicorn_conf.py)."""
    env = {**os.environ, "HOST": host, "PORT": str(port)}
    if workers is not None:
        env["WEB_CONCURRENCY"] = str(workers)
    args = [sys.executable, "-m", "gunicorn", "--config", GUNICORN_CONFIG, "--no-control-socket", "service.wsgi:app"]
    os.execve(sys.executable, args, env)
