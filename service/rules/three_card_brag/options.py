"""Three Card Brag's rule options (rules/three-card-brag.md, 5(b) and 5(e))."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from service.rules.options import option


@dataclass(frozen=True)
class BragOptions:
    """Every option of Three Card Brag with the default of its AMBIGUITIES entry."""

    ante: int = option(1, description="Chips each player antes at the deal.", rule="BT-A3", minimum=0)
    min_bet: int = option(1, description="Smallest first bet, in open-equivalent units.", rule="BT-A3", minimum=1)
    max_bet: int | None = option(
        None,
        description="Cap on any bet's open-equivalent amount (the seed's 'överenskomna maxgränsen'); null for none.",
        rule="BT-A3",
        minimum=1,
    )
    max_raise_increment: int | None = option(
        None, description="Cap on how far one raise may lift the stake (pagat-style limit).", rule="BT-A3", minimum=1
    )
    blind_allowed: bool = option(
        True, description="Players start the deal blind; false makes every player open.", rule="BT-A8"
    )
    a23_rank: str = option(
        "highest",
        description="Where A-2-3 ranks among runs and running flushes.",
        rule="BT-A1",
        allowed=("highest", "lowest"),
    )
    prial_order: str = option(
        "threes_high",
        description="Three threes as the best prial (seed), or aces high.",
        rule="BT-A2",
        allowed=("threes_high", "aces_high"),
    )
    require_even_stakes: bool = option(
        False, description="Every stake must be even so that blind halves are exact.", rule="BT-A4"
    )
    blind_survivor: str = option(
        "wins",
        description="What happens when everyone folds to a blind player.",
        rule="BT-A5",
        allowed=("wins", "wins_and_keeps_hand", "carry_forward"),
    )

    moved_to_carry: ClassVar[Mapping[str, tuple[str, str]]] = {"carried_pot": ("pot", "3")}
    """Options of earlier versions that are now the deal's ``carry``."""
