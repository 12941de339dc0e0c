"""Briscola chiamata's greedy rollout without states: :func:`~service.rules.bots.pimc.play_out` with the greedy
policy (:func:`~service.rules.bots.cheap.rollout_action`, or ``hard``'s
:func:`~service.rules.bots.cheap.allied_rollout_action`), played on lists in place of the game's ``apply``, as
:mod:`service.rules.bots.briscola_rollout` plays Briscola's.

The same deal to the same end, card for card, and the same :func:`~service.rules.bots.pimc.outcome`: the greedy
choice with the side each seat knows of (:func:`~service.rules.bots.cheap.partners` as the rollouts play: the
caller and the "socio" once the called card is down, the socio from the start; allied, the defenders too once
it is down), the trick's winner and points, the partner revealed by the called card, and the settlement
(``BriscolaChiamata.result``: the side's card points and :data:`~service.rules.bots.pimc.PAYOUT_WEIGHT` per unit
of the seat's payout). It holds in the play phase, where nothing but plays is left. A test plays both on many
worlds.
"""

from __future__ import annotations

from typing import Any

from service.rules.bots.briscola_rollout import greedy, played, stronger
from service.rules.bots.cheap import defenders, worth
from service.rules.briscola.cards import TOTAL
from service.rules.briscola.chiamata import BriscolaChiamata, settlement, stakes
from service.rules.briscola.common import _scored

PAYOUT_WEIGHT = 20.0
"""As :data:`service.rules.bots.pimc.PAYOUT_WEIGHT` (kept equal by a test)."""


def play_out(game: BriscolaChiamata, state: Any, seat: int, allied: bool = False) -> float:
    """``state`` (the play phase) played to the end greedily (``allied``: the defenders together once the called
    card is down, :func:`~service.rules.bots.cheap.allied_rollout_action`): its outcome for ``seat``."""
    trump, players, called, caller = state.trump, state.players, state.called_card, state.caller
    value = worth(game, trump, state.options)
    hands = [list(s.hand) for s in state.seats]
    points = [s.points for s in state.seats]
    trick: list[str] = list(state.trick)
    best, taken = _scored(trump, tuple(trick)) if trick else (0, 0)
    beats = stronger(trump)
    leader, to_act, partner = state.leader, state.to_act, state.partner
    left = sum(len(hand) for hand in hands)
    while to_act is not None and left:
        cards = hands[to_act]
        if partner is not None and to_act in (caller, partner):
            allies: tuple[int, ...] = (caller, partner)
        elif partner is None and called in cards:
            allies = (caller, to_act)
        elif allied and partner is not None:
            allies = defenders(players, caller, partner)
        else:
            allies = (to_act,)
        contest = trick and taken and (leader + best) % players not in allies
        card = greedy(trump, beats[trick[best]] if contest else (), cards, value)
        cards.remove(card)
        left -= 1
        best, taken = played(beats, value, trick, best, taken, card)
        if card == called:
            partner = to_act  # "ingen vet något förrän det dyker upp"
        if len(trick) < players:
            to_act = (to_act + 1) % players
            continue
        winner = (leader + best) % players
        points[winner] += taken
        trick, best, taken = [], 0, 0
        leader = to_act = winner
    return _outcome(game, state, points, caller, caller if partner is None else partner, seat)


def _outcome(game: BriscolaChiamata, state: Any, points: list[int], caller: int, partner: int, seat: int) -> float:
    """:func:`~service.rules.bots.pimc.outcome` of ``BriscolaChiamata.result`` (3(b')5, BRI-A10)."""
    taken = points[caller] + (points[partner] if partner != caller else 0)
    success, units = stakes(taken, game.point_bid(state), state.options)
    payout = settlement(caller, partner, success, units, state.players)[seat]
    side_points = taken if seat in (caller, partner) else TOTAL - taken
    return float(side_points + PAYOUT_WEIGHT * payout)


__all__ = ["play_out"]
