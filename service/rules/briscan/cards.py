"""The 32-card piquet pack of Briscan and Brisque (rules/briscan-brisque.md 2(a)).

Trick order "A 10 KQJ 9 8 7" (seed infobox); sequence order A K Q J 10 9 8 7 (piquet); "brisques" are the
aces and tens, worth 10 each in tricks by default (BSC-A1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from service.rules.cards import SUITS, Card, check_cards, french_pack, parse_french
from service.rules.errors import CardError, InvalidInput, Problem, excerpt
from service.rules.tricks import card_points, trick_winner

ORDER = "ATKQJ987"
"""Trick order, high to low ("Rank (hög→låg) A 10 KQJ 9 8 7")."""
SEQUENCE = "AKQJT987"
"""Sequence order for melds (2(a)): natural piquet order, also the pack's canonical order."""
PACK: tuple[Card, ...] = french_pack(SEQUENCE)
"""The 32 cards in canonical order: S H D C, A K Q J T 9 8 7 within each suit."""
POINTS: dict[str, Mapping[str, int]] = {
    "brisques10": {"A": 10, "T": 10},
    "ace_ten_120": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2},
    "none": {},
}
"""Card points in tricks by the BSC-A1 option."""
COURTS = "KQJ"
"""Court cards ("domstolskort"); the ace is a pip card unless BSC-A9 ``ace_is_court``."""


def pack_total(card_points_option: str) -> int:
    """The card points of the whole pack under a BSC-A1 option (80, 120 or 0)."""
    return card_points(PACK, POINTS.get(card_points_option, {}))


def parse_card(text: str) -> Card:
    """A card of the 32-card pack in any accepted notation; raises CardError."""
    card = parse_french(text)
    if card not in PACK:
        raise CardError(f"{excerpt(text)} is not in the 32-card piquet pack (7 to ace)")
    return card


def winner_and_points(trump: str, cards: Sequence[Card], card_points_option: str) -> tuple[int, int]:
    """Index of the winning card (play order) and the trick's card points (2(b)4, BSC-A1)."""
    return trick_winner(cards, trump, ORDER), card_points(cards, POINTS.get(card_points_option, {}))


def check_trick_input(trump: str, cards: Sequence[Card]) -> None:
    """Raise InvalidInput unless ``trump`` is a suit letter and ``cards`` are 1 or 2 distinct pack cards."""
    problems: list[Problem] = []
    if not isinstance(trump, str) or len(trump) != 1 or trump not in SUITS:
        problems.append(Problem("invalid_suit", "trump must be a suit: S, H, D or C", "/trump"))
    if not 1 <= len(cards) <= 2:
        problems.append(Problem("trick_size", f"a trick holds 1 or 2 cards, not {len(cards)}", "/cards"))
    problems.extend(check_cards(cards, PACK, "/cards"))
    if problems:
        raise InvalidInput(problems)
