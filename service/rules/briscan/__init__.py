"""Briscan (5 cards) and Brisque (6 cards): rules/briscan-brisque.md."""

from service.rules.briscan.game import Briscan, Brisque

__all__ = ["Briscan", "Brisque"]
