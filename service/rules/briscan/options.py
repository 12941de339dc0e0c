"""Briscan's and Brisque's rule options (rules/briscan-brisque.md 2(e), BSC-A1 to BSC-A15).

BSC-A11 (a 16-16 tie in cards scores nobody), BSC-A13 (the dealer alternates), BSC-A14 (the non-dealer
leads) and BSC-A16 (the seed's labels) are fixed defaults with no option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from service.rules.options import option


@dataclass(frozen=True)
class BriscanOptions:
    """Every option of Briscan and Brisque with its AMBIGUITIES default."""

    card_points: str = option(
        "brisques10",
        description="Card points in tricks: 10 per ace and ten (80 a deal), A11 10-10 K4 Q3 J2 (120), or none.",
        rule="BSC-A1",
        allowed=("brisques10", "ace_ten_120", "none"),
    )
    sequence_cards_in_quartets: bool = option(
        False, description="Cards of a declared sequence may count again in a quartet.", rule="BSC-A2"
    )
    strict_card_reuse: bool = option(
        False,
        description="No card in two melds, except in quartets (default: only sequence cards are blocked).",
        rule="BSC-A2",
    )
    final_phase_rule: str = option(
        "follow_head_trump",
        description="Play once the talon is empty: follow suit and head the trick, else trump; follow suit only; "
        "or free play.",
        rule="BSC-A3",
        allowed=("follow_head_trump", "follow_only", "free"),
    )
    quartet_doubling: str = option(
        "never",
        description="Quartets are never doubled (table values), or always doubled.",
        rule="BSC-A4",
        allowed=("never", "always"),
    )
    seven_exchange_requires_trick_win: bool = option(
        False,
        description="Only the player on lead after winning a trick may exchange the trump seven.",
        rule="BSC-A5",
    )
    seven_exchange_points: int = option(
        0, description="Points for exchanging the trump seven for the turn-up.", rule="BSC-A5", allowed=(0, 10)
    )
    announce_after_talon: bool = option(
        False, description="Announcements are still possible once the talon is empty.", rule="BSC-A6"
    )
    melds_per_turn: int | None = option(
        None, description="The most melds announced per turn (null: unlimited).", rule="BSC-A7", minimum=1
    )
    win_check: str = option(
        "end_of_deal",
        description="When the game score is checked: at the end of each deal, or at once when any score is added.",
        rule="BSC-A8",
        allowed=("end_of_deal", "immediate"),
    )
    ace_is_court: bool = option(
        False, description="The ace counts as a court card for carte blanche (default: a pip).", rule="BSC-A9"
    )
    carte_blanche_timing: str = option(
        "announce",
        description="Carte blanche is announced like other melds, or only on the dealt hand before trick 1.",
        rule="BSC-A9",
        allowed=("announce", "initial_hand"),
    )
    trump_ace_bonus: str = option(
        "announce",
        description="The trump-ace bonus (30) is announced like a meld, or scored automatically when held.",
        rule="BSC-A10",
        allowed=("announce", "automatic_on_holding"),
    )
    brisque_turnup_bonus: bool = option(
        True, description="Brisque: the dealer scores 10 for a turned-up A, 10, K, Q or J.", rule="BSC-A12"
    )
    target_score: int = option(600, description="The game score that wins the game.", rule="BSC-A15", minimum=1)

    moved_to_carry: ClassVar[Mapping[str, tuple[str, str]]] = {"game_score": ("game_score", "[560, 590]")}
    """Options of earlier versions that are now the deal's ``carry``."""
