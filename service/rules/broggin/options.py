"""Broggin's rule options (rules/broggin.md 1(b) and the AMBIGUITIES list 1(e), BRG-A1 to BRG-A16).

BRG-A1, A4, A11, A13, A15 and A16 have no options (the default is the only reading).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.options import option


@dataclass(frozen=True)
class BrogginOptions:
    """Every option of Broggin with the default of its AMBIGUITIES entry."""

    stake: int = option(1, rule="1(b)", minimum=1)
    """The stake B ('insatsen'): the ante, the first-round bet and the unit of the second round."""
    allow_duplicate_identity: bool = option(True, rule="BRG-A2")
    """A trump may stand for a card that is also held (in the same hand or elsewhere); false: only for a card not held
    in the same hand, and two trumps never for the same card."""
    assignment: str = option(
        "declared_or_best", rule="BRG-A3", allowed=("declared_or_best", "best_only", "declared_only")
    )
    """Who says what a trump stands for: a declaration if given, else the best assignment; always the best (declarations
    ignored); or only declarations (a showdown 'declare' turn for every hand with trumps)."""
    hovet_wild_courts: bool = option(False, rule="BRG-A5")
    """Hovet (the Court) may take the Witch or Death as its Queen and Death as its King."""
    kickers: bool = option(False, rule="BRG-A6")
    """Poker-style values: pair, then kickers; two pairs, high then low pair; triss, then the kicker; flush, all four
    cards. Default: the defining rank only (the seed's literal reading)."""
    high_card_compare: str = option("all", rule="BRG-A6", allowed=("all", "top_only"))
    """High-card hands compare all four ranks in order, or the top card only."""
    purity_scope: str = option("hand", rule="BRG-A7", allowed=("hand", "combination"))
    """Purity ('renhet') counts every trump in the hand, or only the trumps in the combination (pair, two pairs, triss;
    all four cards of the other hands)."""
    suit_compare: str = option("multiset", rule="BRG-A8", allowed=("multiset", "by_card", "highest_only"))
    """The final suit tie-break: the natural cards' suits sorted high to low, compared in turn; card by card
    (combination first, then kickers; rank, then suit); or the highest suit only."""
    raise_rule: str = option("cap_double_insats", rule="BRG-A9", allowed=("cap_double_insats", "double_previous"))
    """'insatsen får som max fördubblas': the second-round level is at most 2B; or each raise may at most double the
    current level."""
    max_raises: int | None = option(None, rule="BRG-A9", minimum=0)
    """Most raises in the second round (for raise_rule double_previous); null for no limit."""
    odd_chip: str = option("first_clockwise", rule="BRG-A10", allowed=("first_clockwise", "last_clockwise"))
    """Who gets the odd chip of a split pot: the first tied player clockwise from the dealer, or the last."""
    exchange_limit: str = option("reshuffle_discards", rule="BRG-A12", allowed=("reshuffle_discards", "stock_only"))
    """When the stock runs out in the exchange, the discards of players who have already exchanged are shuffled into a
    new stock; or a player may discard at most as many cards as the stock holds."""
    max_players: int = option(8, rule="BRG-A14", minimum=2, maximum=10)
    """Most players at the table (the exchange is workable with 8)."""
