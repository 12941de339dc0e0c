"""Three Card Brag (rules/three-card-brag.md): blind play, seeing, prials on top."""

from service.rules.three_card_brag.game import ThreeCardBrag

__all__ = ["ThreeCardBrag"]
