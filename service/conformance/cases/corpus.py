"""The seeded random deals the bulk cases come from: each game under a few option sets, at each table size,
with what a deal carries in, played to the end through the engine (:func:`service.conformance.simulate.play`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from service.conformance.cases.common import table_sizes
from service.conformance.cases.deals import CARRIES
from service.conformance.simulate import Played, play
from service.rules.game import Game

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "three-card-brag": [
        {},
        {"blind_allowed": False, "max_bet": 9},
        {"blind_survivor": "carry_forward", "require_even_stakes": True},
        {"blind_survivor": "wins_and_keeps_hand", "max_raise_increment": 3, "ante": 2},
    ],
    "old-brag": [
        {},
        {"consolation_pots": False},
        {"pot3_folded_players_eligible": False, "pot3_ace": "1_or_11", "pot3_no_winner": "return"},
        {"max_raise": 3, "priority": "eldest_first", "ante": 1, "pot_ante": 2},
    ],
    "broggin": [
        {},
        {"assignment": "declared_only"},
        {"exchange_limit": "stock_only", "raise_rule": "double_previous", "max_raises": 2},
        {"stake": 3, "odd_chip": "last_clockwise", "assignment": "best_only"},
    ],
    "briscola": [
        {},
        {"turnup_exchange": "seven_then_two", "tie_rule": "last_trick"},
        {"turnup_exchange": "two", "six_player_teams": "3x2"},
    ],
    "briscola-chiamata": [
        {},
        {"auction": "points_only", "score_multipliers": "subito_al_due"},
        {"chiamata_first_lead": "caller", "all_pass": "dealer_must_bid", "cappotto_double": True},
    ],
    "briscan": [
        {},
        {"carte_blanche_timing": "initial_hand", "trump_ace_bonus": "automatic_on_holding"},
        {"final_phase_rule": "free", "melds_per_turn": 1, "win_check": "immediate", "target_score": 100},
        {"card_points": "ace_ten_120", "strict_card_reuse": True, "seven_exchange_requires_trick_win": True},
    ],
    "brisque": [
        {},
        {"announce_after_talon": True, "quartet_doubling": "always"},
        {"final_phase_rule": "follow_only", "brisque_turnup_bonus": False, "sequence_cards_in_quartets": True},
    ],
}
"""Option sets the random deals are played under (Broggin's keep the shipped ranking table)."""

PREFERRED: dict[str, tuple[str, ...]] = {
    "briscola-chiamata": ("pass",),
    "old-brag": ("call", "hit"),
    "briscan": ("announce",),
    "brisque": ("announce",),
}
"""Action types picked half the time when listed: short auctions, Old Brag deals that reach the 31 phase,
announcements."""

SIZES = 3
"""Table sizes per option set: the smallest, the largest and one between."""


def sizes(game: Game[Any, Any, Any], options: dict[str, Any]) -> list[int]:
    counts = table_sizes(game, options)
    return sorted({counts[0], counts[len(counts) // 2], counts[-1]})[:SIZES]


@cache
def corpus(game: Game[Any, Any, Any]) -> tuple[Played, ...]:
    """Every game's seeded deals, played to the end: each option set at each of :func:`sizes`, the first deal
    of each option set also carrying something in."""
    deals = []
    carries = CARRIES.get(game.id, [])
    for number, options in enumerate(VARIANTS.get(game.id, [{}])):
        for players in sizes(game, options):
            carry = carries[0] if carries and players == sizes(game, options)[0] and number % 2 else None
            seed = f"conformance-{number}-{players}"
            deals.append(play(game, players, seed, options, carry, PREFERRED.get(game.id, ())))
    return tuple(deals)
