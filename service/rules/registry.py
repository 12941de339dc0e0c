"""The registry of games: the API layer loops over it, so adding a game is one line here."""

from __future__ import annotations

from typing import Any

from service.rules.briscan import Briscan, Brisque
from service.rules.briscola import Briscola, BriscolaChiamata
from service.rules.broggin import Broggin
from service.rules.game import Game
from service.rules.old_brag import OldBrag
from service.rules.three_card_brag import ThreeCardBrag

GAMES: dict[str, Game[Any, Any, Any]] = {
    game.id: game
    for game in (
        ThreeCardBrag(),
        OldBrag(),
        Briscola(),
        BriscolaChiamata(),
        Broggin(),
        Briscan(),
        Brisque(),
    )
}
"""Every registered game by its id (the path segment)."""
