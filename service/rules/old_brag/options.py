"""Old Brag's rule options (rules/old-brag.md, 4(b) and 4(e))."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from service.rules.options import option


@dataclass(frozen=True)
class OldBragOptions:
    """Every option of Old Brag with the default of its AMBIGUITIES entry."""

    ante: int = option(2, rule="4(b)", minimum=0)
    """Chips each player stakes into the main pot before the deal ('po 2 žetona')."""
    pot_ante: int = option(1, rule="4(b)", minimum=0)
    """Chips each player pays into each consolation pot (Pot I and Pot III)."""
    consolation_pots: bool = option(True, rule="OB-A13")
    """Play the consolation pots ('Utešne Nagrade'): Pot I for the highest face-up third card and Pot III for '31'.
    False: the ante goes to the main pot only and no card is dealt face up."""
    priority: str = option("dealer_first", rule="OB-A1", allowed=("dealer_first", "eldest_first"))
    """Who is 'first in turn' for every tie of every pot: the betting order (dealer first, then clockwise) or the eldest
    hand first (dealer's left first, dealer last). Also the 31-phase draw order."""
    pot1_ace_diamonds_supreme: bool = option(False, rule="OB-A3")
    """In Pot I the face-up A♦ beats every other card (Hoyle); false: just an Ace."""
    only_ace_diamond_natural: bool = option(False, rule="OB-A4")
    """Only A♦ counts as natural when a bragger stands for its own rank; J♣ and 9♦ then always make a bragger
    combination."""
    pot3_folded_players_eligible: bool = option(True, rule="OB-A5")
    """Players who folded in the betting still compete for Pot III ('31')."""
    pot3_no_winner: str = option("carry", rule="OB-A6", allowed=("carry", "return"))
    """Pot III when every contender is over 31: carried to the next deal, or returned to the players who paid into it (a
    carried-in amount then carries on)."""
    pair_natural_priority: bool = option(True, rule="OB-A8")
    """A natural pair beats a bragger pair of the same rank, before the kicker; false (Hoyle): compare the kicker, then
    priority."""
    fewer_braggers_better: bool = option(False, rule="OB-A8")
    """A bragger prial made with one bragger beats one made with two of the same rank."""
    ace_prial_max_one_bragger: bool = option(False, rule="OB-A8")
    """A prial of Aces may use at most one bragger as a wild card ('uz pomoć jednog Bregera')."""
    max_raise: int | None = option(None, rule="OB-A9", minimum=1)
    """Cap on the dealer's opening bet and on how far a raise lifts the level; null for none."""
    pot3_ace: int | str = option(11, rule="OB-A11", allowed=(11, "1_or_11"))
    """Value of an Ace in Pot III: 11 (seed), or 1 or 11 whichever is better."""

    moved_to_carry: ClassVar[Mapping[str, tuple[str, str]]] = {"carried_pot3": ("pot3", "3")}
    """Options of earlier versions that are now the deal's ``carry``."""
