"""What tells Briscan and Brisque apart (rules/briscan-brisque.md 2(c), 2(d)): one frozen record per variant
that the game, the meld rules and the state checks read, instead of asking which game they serve."""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.briscan.options import BriscanOptions

MARRIAGE = "marriage"
SEQUENCE_KINDS = {3: "tierce", 4: "quatrieme", 5: "quinte"}
QUARTET = "quartet"
CB_COURTS = "carte_blanche_courts"
CB_PIPS = "carte_blanche_pips"
TRUMP_ACE = "trump_ace"
KINDS = (MARRIAGE, *SEQUENCE_KINDS.values(), QUARTET, CB_COURTS, CB_PIPS, TRUMP_ACE)
"""Every meld word of the two variants (the wire's vocabulary)."""


@dataclass(frozen=True)
class Variant:
    """The rules that differ between Briscan and Brisque."""

    hand_size: int
    """Cards dealt to each player: 5 (Briscan) or 6 (Brisque)."""
    meld_kinds: tuple[str, ...]
    """The melds that may be announced."""
    quartet_ranks: str
    """The ranks whose quartet counts: for points (Briscan), or to end the game at once (Brisque)."""
    quartet_ends_game: bool
    """Four kings or four queens win the game at once ("vinner omedelbart spelet") and score nothing."""
    bonuses: tuple[str, ...]
    """The automatic bonuses the variant scores (``turn_up``, ``seven_exchange``, ``trump_ace`` with BSC-A10
    ``automatic_on_holding``, ``last_cards``, ``last_trick``, ``last_tricks``, ``most_cards``)."""
    turn_up_bonus_optional: bool
    """The dealer's bonus for a turned-up A, 10, K, Q or J needs BSC-A12 ``brisque_turnup_bonus``."""
    exchange_any_time: bool
    """The trump seven may be exchanged at any time ("när som helst under spelet"), not only between tricks."""

    @property
    def sequences(self) -> bool:
        """Whether runs (tierce, quatrieme, quinte) are melds."""
        return SEQUENCE_KINDS[3] in self.meld_kinds

    def initial_carte_blanche(self, options: BriscanOptions) -> bool:
        """Whether carte blanche is declared on the dealt hand before the first lead (BSC-A9 ``initial_hand``)."""
        return CB_COURTS in self.meld_kinds and options.carte_blanche_timing == "initial_hand"

    def announces_trump_ace(self, options: BriscanOptions) -> bool:
        """Whether the trump-ace bonus is a meld to announce (BSC-A10 ``announce``)."""
        return TRUMP_ACE in self.meld_kinds and options.trump_ace_bonus == "announce"


BRISCAN = Variant(
    hand_size=5,
    meld_kinds=KINDS,
    quartet_ranks="ATKQJ",
    quartet_ends_game=False,
    bonuses=("turn_up", "seven_exchange", "trump_ace", "last_cards", "last_trick", "last_tricks", "most_cards"),
    turn_up_bonus_optional=False,
    exchange_any_time=False,
)
"""Briscan: every meld and bonus of 2(c); 600 wins the game."""
BRISQUE = Variant(
    hand_size=6,
    meld_kinds=(MARRIAGE, QUARTET),
    quartet_ranks="KQ",
    quartet_ends_game=True,
    bonuses=("turn_up", "seven_exchange", "last_trick"),
    turn_up_bonus_optional=True,
    exchange_any_time=True,
)
"""Brisque: marriages, four kings or queens (the game at once), the last trick."""
