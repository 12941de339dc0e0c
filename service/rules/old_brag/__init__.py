"""Old Brag (rules/old-brag.md): three braggers, three stakes (face-up pot, main pot, 31 pot)."""

from service.rules.old_brag.game import OldBrag

__all__ = ["OldBrag"]
