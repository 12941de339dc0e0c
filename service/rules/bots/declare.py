"""Briscan's and Brisque's announcements and the trump seven exchange, and Briscola's turn-up exchange, by rule
(``rules/1``), as the greedy baseline takes them, instead of weighing them by rollouts (which undervalue them).

The rule: when the seat may announce, it announces, one meld at a time (the legal actions list single melds), the
meld that begins the richest turn: the most points announced this turn by the game's own ``apply`` (an order
matters where a sequence's cards may not be used again, BSC-A2, or under ``melds_per_turn``, BSC-A7), a deal won
outright (Brisque's four kings or queens) above all. Else, when it may exchange, it exchanges: the turn-up is a
higher trump than the seven (or Briscola's two), the swap costs nothing, and the card given goes to whoever draws
last. One cost is counted: in Briscan the seven may be in a sequence the seat holds and has not announced; when
that sequence is worth more than any the turn-up would be in after the swap, there is no rule's answer (the
sampler weighs the exchange, as before).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.rules.base import LegalAction
from service.rules.bots.auction import RULES
from service.rules.bots.common import Candidate, Suggestion, ranked, typed
from service.rules.bots.worlds import worlds
from service.rules.trick_game import TrickGame

EXCHANGES = ("exchange_seven", "exchange_turnup")
SEQUENCES = ("tierce", "quatrieme", "quinte")
WON_OUTRIGHT = 1_000_000
"""What a deal won at once by an announcement is worth beside a turn's meld points."""


def by_rule(
    game: TrickGame[Any, Any, Any], view: Any, seat: int, legal: Sequence[LegalAction], seed: str
) -> Suggestion | None:
    """The rule's announcement or exchange among ``legal`` (``seat``'s, from its ``view``; announcements are
    tried in the first world of the stream ``seed``), value 1 and every other candidate 0; None when neither is
    legal or the rule declines the exchange."""
    choice = None
    announcements = [a for a in legal if a["type"] == "announce"]
    if announcements:
        choice = best_announcement(game, next(worlds(game, view, seat, 1, seed)), seat, announcements)
    else:
        exchange = next((a for a in legal if a["type"] in EXCHANGES), None)
        if exchange is not None and exchange_pays(game, view, seat):
            choice = exchange
    if choice is None:
        return None
    candidates = [Candidate(a, 1.0 if a is choice else 0.0, 0) for a in legal]
    return Suggestion(seat, choice, RULES, ranked(candidates))


def best_announcement(
    game: TrickGame[Any, Any, Any], world: Any, seat: int, announcements: Sequence[LegalAction]
) -> LegalAction:
    """The first announcement of the richest turn (ties: the first listed)."""
    memo: dict[frozenset[Any], float] = {}

    def turn(state: Any) -> float:
        """The most the seat's announcements may still add this turn, from ``state``."""
        key = frozenset(state.seats[seat].melds)
        if key not in memo:
            options = [a for a in game.view_legal_actions(state, seat) if a["type"] == "announce"]
            memo[key] = max((gain(state, a) for a in options), default=0.0)
        return memo[key]

    def gain(state: Any, action: LegalAction) -> float:
        after = game.apply(state, typed(game, action)).state
        points = float(sum(m.points for m in after.seats[seat].melds) - sum(m.points for m in state.seats[seat].melds))
        if after.to_act is None:
            won = seat in ((game.result(after) or {}).get("winners") or [])
            return points + (WON_OUTRIGHT if won else 0.0)
        return points + turn(after)

    values = [gain(world, a) for a in announcements]
    return announcements[values.index(max(values))]


def exchange_pays(game: TrickGame[Any, Any, Any], view: Any, seat: int) -> bool:
    """Whether the rule exchanges: always, but in Briscan when the seven is in a sequence the seat holds and has
    not announced that is worth more than the sequences the turn-up would be in."""
    if not game.announces_melds:
        return True
    trump, hand = view.trump, view.seats[seat].hand
    seven, turn_up = "7" + trump, view.turn_up
    announced = {c for m in view.seats[seat].melds if m.kind in SEQUENCES for c in m.cards}
    if seven in announced:
        return True
    swapped = [turn_up if c == seven else c for c in hand]
    return _sequence_points(game, hand, seven, trump, view.options) <= _sequence_points(
        game, swapped, turn_up, trump, view.options
    )


def _sequence_points(game: TrickGame[Any, Any, Any], hand: Sequence[str], card: str, trump: str, options: Any) -> int:
    """The points of the longest sequence ``hand`` holds with ``card`` in it (0: none)."""
    melds = game.evaluate_melds(hand, trump, options)
    return max((m["points"] for m in melds if m["kind"] in SEQUENCES and card in m["cards"]), default=0)
