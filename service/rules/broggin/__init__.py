"""Broggin (rules/broggin.md, from the Eon role-playing game): 40 cards, eight trumps, two betting rounds."""

from service.rules.broggin.game import Broggin

__all__ = ["Broggin"]
