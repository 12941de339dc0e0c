"""Briscola's and Briscola chiamata's rule options (rules/briscola.md 3(f), BRI-A1 to BRI-A12).

BRI-A4 (three players each for themselves, ties drawn), BRI-A6 (signals are legal: nothing to adjudicate),
BRI-A7 (the winner draws first, then in play order) and BRI-A11 (2, 3, 4, 6 players; 5 for chiamata) are
fixed defaults with no option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from service.rules.briscola.cards import PACK
from service.rules.options import option


@dataclass(frozen=True)
class BriscolaOptions:
    """Every option of plain Briscola (2, 3, 4 or 6 players) with its AMBIGUITIES default."""

    three_player_removed: str = option(
        "2C",
        description="The card taken out of the pack for three players (2C = 2 of bastoni), or all_twos.",
        rule="BRI-A1",
        allowed=(*PACK, "all_twos"),
    )
    tie_rule: str = option(
        "draw",
        description="A 60-60 deal is drawn, or goes to the side that won the last trick.",
        rule="BRI-A2",
        allowed=("draw", "last_trick"),
    )
    six_player_teams: str = option(
        "2x3",
        description="Six players: two teams of three in alternating seats, or three pairs of partners opposite.",
        rule="BRI-A3",
        allowed=("2x3", "3x2"),
    )
    turnup_exchange: str = option(
        "none",
        description="Who may swap a card for the face-up turn-up while it lies under the stock: nobody "
        "(seed), the two of trumps, or the seven of trumps for a turn-up above it, then the two "
        "for the seven.",
        rule="BRI-A5",
        allowed=("none", "two", "seven_then_two"),
    )
    deals_to_win: int = option(
        2,
        description="Deals a side must win to take the match (drawn deals count for nobody).",
        rule="BRI-A12",
        minimum=1,
    )

    moved_to_carry: ClassVar[Mapping[str, tuple[str, str]]] = {"match_score": ("match_score", "[1, 0]")}
    """Options of earlier versions that are now the deal's ``carry``."""


@dataclass(frozen=True)
class ChiamataOptions:
    """Every option of Briscola chiamata (5 players) with its AMBIGUITIES default."""

    all_pass: str = option(
        "redeal",
        description="When all five pass without a bid: the deal is thrown in, or the dealer must bid.",
        rule="BRI-A8",
        allowed=("redeal", "dealer_must_bid"),
    )
    chiamata_first_lead: str = option(
        "dealer_right",
        description="Who leads to the first trick: the player to the dealer's right, or the caller.",
        rule="BRI-A9",
        allowed=("dealer_right", "caller"),
    )
    auction: str = option(
        "rank_then_points",
        description="Bid ranks strictly downward, then points after the Two; or bid only points and name any card.",
        rule="BRI-A10",
        allowed=("rank_then_points", "points_only"),
    )
    points_min: int = option(61, description="The lowest point bid.", rule="BRI-A10", minimum=61, maximum=120)
    score_multipliers: str = option(
        "none",
        description="Stakes multiplied by the point bid ('subito al due': x2 from 71, x3 from 81, x4 from "
        "91, x5 from 101).",
        rule="BRI-A10",
        allowed=("none", "subito_al_due"),
    )
    cappotto_double: bool = option(
        False, description="Stakes doubled when one side takes all 120 points (cappotto).", rule="BRI-A10"
    )
