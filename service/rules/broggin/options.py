"""Broggin's rule options (rules/broggin.md 1(b) and the AMBIGUITIES list 1(e), BRG-A1 to BRG-A16).

BRG-A1, A4, A11, A13, A15 and A16 have no options (the default is the only reading).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.options import option


@dataclass(frozen=True)
class BrogginOptions:
    """Every option of Broggin with the default of its AMBIGUITIES entry."""

    stake: int = option(
        1,
        description="The stake B ('insatsen'): the ante, the first-round bet and the unit of the second round.",
        rule="1(b)",
        minimum=1,
    )
    allow_duplicate_identity: bool = option(
        True,
        description="A trump may stand for a card that is also held (in the same hand or elsewhere); false: only "
        "for a card not held in the same hand, and two trumps never for the same card.",
        rule="BRG-A2",
    )
    assignment: str = option(
        "declared_or_best",
        description="Who says what a trump stands for: a declaration if given, else the best assignment; always "
        "the best (declarations ignored); or only declarations (a showdown 'declare' turn for every hand with "
        "trumps).",
        rule="BRG-A3",
        allowed=("declared_or_best", "best_only", "declared_only"),
    )
    hovet_wild_courts: bool = option(
        False,
        description="Hovet (the Court) may take the Witch or Death as its Queen and Death as its King.",
        rule="BRG-A5",
    )
    kickers: bool = option(
        False,
        description="Poker-style values: pair, then kickers; two pairs, high then low pair; triss, then the kicker; "
        "flush, all four cards. Default: the defining rank only (the seed's literal reading).",
        rule="BRG-A6",
    )
    high_card_compare: str = option(
        "all",
        description="High-card hands compare all four ranks in order, or the top card only.",
        rule="BRG-A6",
        allowed=("all", "top_only"),
    )
    purity_scope: str = option(
        "hand",
        description="Purity ('renhet') counts every trump in the hand, or only the trumps in the combination "
        "(pair, two pairs, triss; all four cards of the other hands).",
        rule="BRG-A7",
        allowed=("hand", "combination"),
    )
    suit_compare: str = option(
        "multiset",
        description="The final suit tie-break: the natural cards' suits sorted high to low, compared in turn; "
        "card by card (combination first, then kickers; rank, then suit); or the highest suit only.",
        rule="BRG-A8",
        allowed=("multiset", "by_card", "highest_only"),
    )
    raise_rule: str = option(
        "cap_double_insats",
        description="'insatsen får som max fördubblas': the second-round level is at most 2B; or each raise may "
        "at most double the current level.",
        rule="BRG-A9",
        allowed=("cap_double_insats", "double_previous"),
    )
    max_raises: int | None = option(
        None,
        description="Most raises in the second round (for raise_rule double_previous); null for no limit.",
        rule="BRG-A9",
        minimum=0,
    )
    odd_chip: str = option(
        "first_clockwise",
        description="Who gets the odd chip of a split pot: the first tied player clockwise from the dealer, or "
        "the last.",
        rule="BRG-A10",
        allowed=("first_clockwise", "last_clockwise"),
    )
    exchange_limit: str = option(
        "reshuffle_discards",
        description="When the stock runs out in the exchange, the discards of players who have already exchanged "
        "are shuffled into a new stock; or a player may discard at most as many cards as the stock holds.",
        rule="BRG-A12",
        allowed=("reshuffle_discards", "stock_only"),
    )
    max_players: int = option(
        8,
        description="Most players at the table (the exchange is workable with 8).",
        rule="BRG-A14",
        minimum=2,
        maximum=10,
    )
