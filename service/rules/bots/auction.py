"""Briscola chiamata's auction and call by rules (``rules/1``), and the same rules read backwards: which hidden
hands would have made the calls a view shows.

The rule: call in the suit the hand is longest and richest in; bid for the highest card of it the hand lacks, as
low as the hand's card points allow (:data:`BID_DEPTH`); else pass. In play, the worlds sampled for a seat are
kept when this rule, given each other seat's hand as dealt (its hand and the cards it has played), makes every
call that seat made (:func:`reading`): a bid for the King says the bidder holds the Ace and the Three of its
longest suit, the call's suit is the caller's longest, a pass says the hand was too poor to bid.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from service.rules.base import LegalAction
from service.rules.bots.cheap import worth
from service.rules.bots.common import Candidate, Suggestion, ranked
from service.rules.cards import Card, suit
from service.rules.trick_game import TrickGame

RULES = "rules/1"
ORDER = "A3KQJ76542"
"""Briscola's trick order of the ranks, highest first (the auction's)."""
BID_DEPTH = ((40, 9), (30, 5), (22, 3))
"""(hand card points at least, the lowest rank index of the trick order the hand bids down to)."""


def auction_suggestion(
    game: TrickGame[Any, Any, Any], view: Any, seat: int, legal: Sequence[LegalAction]
) -> Suggestion:
    """The rule's choice among ``legal`` (the seat's auction calls or its call of a suit): value 1, the rest 0."""
    choice = auction_choice(game, view.seats[seat].hand, legal, view.options)
    candidates = [Candidate(a, 1.0 if a is choice else 0.0, 0) for a in legal]
    return Suggestion(seat, choice, RULES, ranked(candidates))


SUIT_ORDER = "SHDC"
"""The suits in the order ties between them go (the first)."""


def best_suit(game: TrickGame[Any, Any, Any], hand: Sequence[Card], options: Any) -> str:
    """The suit ``hand`` is longest in, then richest (its cards' points and power as trumps), ties the first of
    :data:`SUIT_ORDER`."""
    rich = _richness(game, options)
    scores = {s: [0, 0] for s in SUIT_ORDER}
    for card in hand:
        score = scores[suit(card)]
        score[0] += 1
        score[1] += rich[card]
    return max(SUIT_ORDER, key=lambda s: scores[s])


@lru_cache(maxsize=16)
def _richness(game: TrickGame[Any, Any, Any], options: Any) -> dict[Card, int]:
    """Each card's points and power (:func:`~service.rules.bots.cheap.worth`) with its own suit trumps."""
    return {card: sum(worth(game, suit(card), options)[card]) for card in game.full_pack()}


def auction_choice(
    game: TrickGame[Any, Any, Any], hand: Sequence[Card], legal: Sequence[LegalAction], options: Any
) -> LegalAction:
    """The rule's call among ``legal`` for ``hand``."""
    trump = best_suit(game, hand, options)
    calls = [a for a in legal if a["type"] == "choose_suit"]
    if calls:
        lacking = next((r for r in ORDER if r + trump not in hand), "2")
        return next((a for a in calls if a["suit"] == trump and a.get("rank") in (None, lacking)), calls[0])
    points = sum(worth(game, trump, options)[c][0] for c in hand)
    depth = next((d for least, d in BID_DEPTH if points >= least), -1)
    bids = [a for a in legal if a["type"] == "bid" and "rank" in a]
    for r in ORDER[: depth + 1]:
        if r + trump not in hand:
            found = next((a for a in bids if a["rank"] == r), None)
            if found is not None:
                return found
    passes = [a for a in legal if a["type"] == "pass"]
    return passes[0] if passes else (bids[-1] if bids else legal[0])


def reading(game: TrickGame[Any, Any, Any], view: Any, seat: int) -> Callable[[Any], bool] | None:
    """A test of a world of ``view`` (``seat``'s, in play): whether the rule, given each other seat's hand as
    dealt, makes every auction call and the call of the suit the view shows; None when there is nothing to read."""
    if getattr(view, "caller", None) in (None, seat) or not getattr(view, "auction", ()):
        return None
    # What each call chose among: the legal calls then, which the public auction alone decides.
    asked = []
    for i, call in enumerate(view.auction):
        if call.seat == view.caller:  # the others' passes say too little for their cost
            before = dataclasses.replace(view, phase="auction", auction=view.auction[:i], to_act=call.seat)
            made = (call.type, call.rank, call.points)
            asked.append((call.seat, made, game.legal_actions(before)))
    caller, trump = view.caller, view.trump
    asked.sort(key=lambda a: a[0] != caller)  # the caller's calls first: they say the most
    options = view.options

    def consistent(world: Any) -> bool:
        dealt = _dealt_hands(world)
        if caller != seat and best_suit(game, dealt[caller], options) != trump:
            return False
        for who, made, legal in asked:
            choice = auction_choice(game, dealt[who], legal, options)
            if (choice["type"], choice.get("rank"), choice.get("points")) != made:
                return False
        return True

    return consistent


def _dealt_hands(world: Any) -> list[list[Card]]:
    """Each seat's hand as dealt: the cards it holds and those it has played (finished tricks and the trick)."""
    hands = [list(record.hand) for record in world.seats]
    for trick in world.tricks:
        for k, card in enumerate(trick.cards):
            hands[(trick.leader + k) % world.players].append(card)
    for k, card in enumerate(world.trick):
        hands[(world.leader + k) % world.players].append(card)
    return hands
