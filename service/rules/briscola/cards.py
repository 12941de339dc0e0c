"""The 40-card Briscola pack (rules/briscola.md 3(a)): "leken på 52 utan åttor, nior och tior".

Trick order "Ess, trea, kung, dam, knekt, sju, sex, fem, fyra, två" = A 3 K Q J 7 6 5 4 2; card points
"Ess 11, trea 10, kung 4, dam 3, knekt 2, allt annat noll" (120 in the pack).
"""

from __future__ import annotations

from collections.abc import Sequence

from service.rules.cards import SUITS, Card, check_cards, french_pack, parse_french
from service.rules.errors import CardError, InvalidInput, Problem, excerpt
from service.rules.tricks import card_points, trick_winner

ORDER = "A3KQJ76542"
"""Trick order, high to low: the three ranks second ("Att trean står tvåa")."""
RANKS = "AKQJ765432"
"""The ranks of the pack in canonical (French) order."""
POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
"""Card points; every other rank is worth nothing."""
PACK: tuple[Card, ...] = french_pack(RANKS)
"""The 40 cards in canonical order: S H D C, A K Q J 7 6 5 4 3 2 within each suit."""
TOTAL = 120
"""Card points in the 40-card pack (and in the 39- and 36-card packs: twos are worth nothing)."""


def parse_card(text: str) -> Card:
    """A card of the 40-card pack in any accepted notation (also ``A-denari``); raises CardError."""
    card = parse_french(text, italian=True)
    if card not in PACK:
        raise CardError(f"{excerpt(text)} is not in the 40-card Briscola pack (no eights, nines or tens)")
    return card


def winner_and_points(trump: str, cards: Sequence[Card]) -> tuple[int, int]:
    """Index of the winning card (play order) and the trick's card points (rules/briscola.md 3(c))."""
    return trick_winner(cards, trump, ORDER), card_points(cards, POINTS)


def check_trick_input(trump: str, cards: Sequence[Card], max_cards: int) -> None:
    """Raise InvalidInput unless ``trump`` is a suit letter and ``cards`` are 1..max distinct pack cards."""
    problems: list[Problem] = []
    if not isinstance(trump, str) or len(trump) != 1 or trump not in SUITS:
        problems.append(Problem("invalid_suit", "trump must be a suit: S, H, D or C", "/trump"))
    if not 1 <= len(cards) <= max_cards:
        problems.append(Problem("trick_size", f"a trick holds 1 to {max_cards} cards, not {len(cards)}", "/cards"))
    problems.extend(check_cards(cards, PACK, "/cards"))
    if problems:
        raise InvalidInput(problems)
