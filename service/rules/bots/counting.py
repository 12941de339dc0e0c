"""Card counting of QBriscola's kind (issue 40 item 6), written here from its published description: it remembers
every card played, keeps its trumps for the tricks that carry points, and leads what nobody left can take.

The cards a seat cannot see are the pack less its hand, the table's cards and the tricks (:func:`unseen_in_view`
from its view; :func:`unseen_in_world` from a sampled world, as a rollout sees it). With them:

- on lead, a card carrying points that no unseen card beats (the most points first), else the cheapest card
  (fewest points, non-trumps first, the weakest);
- after its side's card wins the trick, the cheapest card, but the last to play loads the most points it holds
  outside trumps (the trick is its side's);
- else, the last to play takes with a card of the led suit when it can (the one carrying the most points: the
  "strozzo"), with its cheapest trump when the trick would otherwise give the other side :data:`LOAD` points or
  more (or :data:`FIGURE` with a trump worth nothing), and throws the cheapest card otherwise; a seat with
  others still to play takes as :func:`~service.rules.bots.cheap.greedy_card` does.

The exact endgame once the stock is spent is the search of :mod:`service.rules.bots.pimc` (``bench/strength.py``
puts the two together as its ``counting`` baseline).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from service.rules.base import LegalAction
from service.rules.bots.cheap import greedy_card, partners, plays, rollout_action, worth
from service.rules.bots.worlds import hidden
from service.rules.cards import Card, suit
from service.rules.trick_game import TrickGame

LOAD = 10
"""Points a trick must carry to the other side (its cards and the card thrown on it) before a trump takes it."""
FIGURE = 4
"""The same for a trump worth no points."""


def unseen_in_view(game: TrickGame[Any, Any, Any], view: Any, seat: int) -> tuple[Card, ...]:
    """The cards ``seat``'s view does not show: every card not in its hand, on the table or in the tricks."""
    spots = hidden(game, view, seat)
    return (*spots.free, *(c for cards in spots.forced.values() for c in cards))


def unseen_in_world(game: TrickGame[Any, Any, Any], state: Any, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` could not see in a full ``state``: the other hands and the stock but its face-up card
    (the turn-up under a Briscola stock)."""
    stock = getattr(state, game.stock_field, None) if game.stock_field else None
    turn_up = getattr(state, "turn_up", None)
    out = [c for s in state.seats if s.seat != seat for c in s.hand]
    out.extend(c for c in (stock or ()) if c != turn_up)
    return tuple(out)


def counting_card(
    game: TrickGame[Any, Any, Any], state: Any, seat: int, cards: Sequence[Card], unseen: Collection[Card]
) -> Card:
    """The counting player's card among ``cards`` (the seat's legal plays), knowing the ``unseen`` cards."""
    trump, trick = state.trump, state.trick
    value = worth(game, trump, state.options)

    def cheap(card: Card) -> tuple[int, bool, int]:
        return value[card][0], suit(card) == trump, value[card][1]

    if not trick:
        safe = [c for c in cards if value[c][0] and not any(game.score_trick(state, (c, u))[0] for u in unseen)]
        return max(safe, key=lambda c: (value[c][0], -value[c][1])) if safe else min(cards, key=cheap)
    index, points = game.score_trick(state, trick)
    last = len(trick) == state.players - 1
    if (state.leader + index) % state.players in partners(game, state, seat, own=True):
        plain = [c for c in cards if suit(c) != trump]
        return max(plain, key=lambda c: (value[c][0], -value[c][1])) if last and plain else min(cards, key=cheap)
    if not last:
        return greedy_card(game, state, seat, cards, own=True)
    takers = [c for c in cards if game.score_trick(state, (*trick, c))[0] == len(trick)]
    plain = [c for c in takers if suit(c) != trump]
    if plain:
        return max(plain, key=lambda c: (value[c][0], -value[c][1]))
    thrown = min(cards, key=cheap)
    if takers:
        trumped = min(takers, key=lambda c: (value[c][0], value[c][1]))
        given = points + value[thrown][0]
        if given >= LOAD or (given >= FIGURE and not value[trumped][0]):
            return trumped
    return thrown


def counting_rollout_action(game: TrickGame[Any, Any, Any], state: Any) -> LegalAction:
    """The counting player's choice for the seat to act in a full ``state`` (a sampled world, as a rollout plays
    it), counting the cards that seat could not see there; on lead between Briscan's tricks (where an announcement
    or an exchange may be due) greedy's (:func:`~service.rules.bots.cheap.rollout_action`)."""
    seat = state.to_act
    if state.trick or not hasattr(state, "talon"):
        card = counting_card(game, state, seat, plays(game, state, seat), unseen_in_world(game, state, seat))
        return {"seat": seat, "type": "play", "card": card}
    return rollout_action(game, state)


__all__ = ["FIGURE", "LOAD", "counting_card", "counting_rollout_action", "unseen_in_view", "unseen_in_world"]
