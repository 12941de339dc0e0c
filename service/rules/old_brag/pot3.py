"""Pot III, the "31" phase of Old Brag (rules/old-brag.md 4(b) 6): what a player's cards count."""

from __future__ import annotations

from collections.abc import Sequence

from service.rules.cards import HIDDEN, PIP_VALUE, Card, rank
from service.rules.old_brag.options import OldBragOptions

LIMIT_31 = 31
"""The highest total that may win Pot III."""


def card_value_31(card: Card) -> int:
    """Pot III value: Ace 11, pictures and ten 10, others their pips; braggers are not wild (OB-A12)."""
    value = PIP_VALUE[rank(card)]
    return 11 if value == 14 else min(value, 10)


def total_31(cards: Sequence[Card], options: OldBragOptions) -> int:
    """The Pot III total of ``cards``; with ``pot3_ace: "1_or_11"`` an Ace is 1 where 11 busts (OB-A11). At a
    table (docs/api.md 18) a card nobody saw (``"??"``) counts nothing: over 31 on the seen cards alone is over 31
    whatever the others are."""
    cards = [c for c in cards if c != HIDDEN]
    total = sum(card_value_31(c) for c in cards)
    if options.pot3_ace == "1_or_11":
        aces = sum(1 for c in cards if rank(c) == "A")
        while total > LIMIT_31 and aces:
            total -= 10
            aces -= 1
    return total
