"""The hands room's ``hands/equity`` (docs/api.md section 10): a hand's evaluation, its percentile, and how often it
wins against opponents whose hands are unknown or partly known, exact or by a replayable Monte Carlo."""

from __future__ import annotations

from typing import Any

from service.api.answers import rules_echo
from service.api.language import answer_language
from service.api.routes import GameRoutes
from service.rules.equity import Equity
from service.rules.hand_game import HandGame


def register_equity(routes: GameRoutes) -> None:
    """Declare ``hands/equity`` on a hand game's routes."""
    game = routes.game
    assert isinstance(game, HandGame)  # the hands room serves no other games
    s, example = routes.schemas, routes.examples.equity

    @routes.post("/hands/equity", "handsEquity", s.equity_request, s.equity_response, example=example, spoken=True)
    def equity(data: dict[str, Any]) -> dict[str, Any]:
        """How often a hand wins against opponents: exact counts, or a Monte Carlo any client can replay.

        Rules the schema cannot state: every card is a card of the game's pack and appears once across
        `hand`, the opponents' cards and `dead` (a 422 at the repeat); the opponents cannot need more cards
        than are unknown (a 422 at `/opponents`); `exact` beyond what can be counted is a 422 at `/method`
        naming the number of outcomes."""
        options = data.get("options") or game.options(None)
        found = game.equity(
            data["hand"],
            data["opponents"],
            options,
            data.get("dead", ()),
            data.get("method", "auto"),
            data.get("samples"),
            data.get("seed"),
        )
        (rank,) = game.ranks([data["hand"]], options)
        (description,) = game.describe([data["hand"]], [rank], options, answer_language(game))
        return {"hand": data["hand"], **rank, "description": description, **_equity(found), **rules_echo(options)}


def _equity(found: Equity) -> dict[str, Any]:
    """An equity as the answer gives it."""
    counts = found.counts
    return {
        "method": found.method,
        "counts": {"win": counts.win, "tie": counts.tie, "lose": counts.lose, "total": counts.total},
        "equity": {"win": found.win, "tie": found.tie, "lose": found.lose, "share": found.share},
        "standard_error": found.standard_error,
        "samples": found.samples,
        "seed": found.seed,
        "rng": found.rng,
    }
