"""Briscola (2, 3, 4, 6 players) and Briscola chiamata (5 players): rules/briscola.md."""

from service.rules.briscola.chiamata import BriscolaChiamata
from service.rules.briscola.game import Briscola

__all__ = ["Briscola", "BriscolaChiamata"]
