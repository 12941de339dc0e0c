"""Old Brag's rule options (rules/old-brag.md, 4(b) and 4(e))."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from service.rules.options import option


@dataclass(frozen=True)
class OldBragOptions:
    """Every option of Old Brag with the default of its AMBIGUITIES entry."""

    ante: int = option(
        2,
        description="Chips each player stakes into the main pot before the deal ('po 2 žetona').",
        rule="4(b)",
        minimum=0,
    )
    pot_ante: int = option(
        1,
        description="Chips each player pays into each consolation pot (Pot I and Pot III).",
        rule="4(b)",
        minimum=0,
    )
    consolation_pots: bool = option(
        True,
        description="Play the consolation pots ('Utešne Nagrade'): Pot I for the highest face-up third "
        "card and Pot III for '31'. False: the ante goes to the main pot only and no card is dealt face up.",
        rule="OB-A13",
    )
    priority: str = option(
        "dealer_first",
        description="Who is 'first in turn' for every tie of every pot: the betting order (dealer first, "
        "then clockwise) or the eldest hand first (dealer's left first, dealer last). Also the 31-phase "
        "draw order.",
        rule="OB-A1",
        allowed=("dealer_first", "eldest_first"),
    )
    pot1_ace_diamonds_supreme: bool = option(
        False,
        description="In Pot I the face-up A♦ beats every other card (Hoyle); false: just an Ace.",
        rule="OB-A3",
    )
    only_ace_diamond_natural: bool = option(
        False,
        description="Only A♦ counts as natural when a bragger stands for its own rank; J♣ and 9♦ then always "
        "make a bragger combination.",
        rule="OB-A4",
    )
    pot3_folded_players_eligible: bool = option(
        True, description="Players who folded in the betting still compete for Pot III ('31').", rule="OB-A5"
    )
    pot3_no_winner: str = option(
        "carry",
        description="Pot III when every contender is over 31: carried to the next deal, or returned to the "
        "players who paid into it (a carried-in amount then carries on).",
        rule="OB-A6",
        allowed=("carry", "return"),
    )
    pair_natural_priority: bool = option(
        True,
        description="A natural pair beats a bragger pair of the same rank, before the kicker; false (Hoyle): "
        "compare the kicker, then priority.",
        rule="OB-A8",
    )
    fewer_braggers_better: bool = option(
        False,
        description="A bragger prial made with one bragger beats one made with two of the same rank.",
        rule="OB-A8",
    )
    ace_prial_max_one_bragger: bool = option(
        False,
        description="A prial of Aces may use at most one bragger as a wild card ('uz pomoć jednog Bregera').",
        rule="OB-A8",
    )
    max_raise: int | None = option(
        None,
        description="Cap on the dealer's opening bet and on how far a raise lifts the level; null for none.",
        rule="OB-A9",
        minimum=1,
    )
    pot3_ace: int | str = option(
        11,
        description="Value of an Ace in Pot III: 11 (seed), or 1 or 11 whichever is better.",
        rule="OB-A11",
        allowed=(11, "1_or_11"),
    )

    moved_to_carry: ClassVar[Mapping[str, tuple[str, str]]] = {"carried_pot3": ("pot3", "3")}
    """Options of earlier versions that are now the deal's ``carry``."""
