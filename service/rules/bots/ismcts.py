"""Briscola chiamata's ``hard`` in play: information-set Monte Carlo tree search (``ismcts/1``), one tree for
the seat's information set over the same sampled worlds as ``pimc/2``'s.

Each iteration takes the next of the worlds (:func:`~service.rules.bots.pimc.suggest_tricks` samples them, the
auction's reading kept), descends from the root by UCB1 among the cards the seat to act holds in that world (at the
root, the seat's legal plays in their order; a child's ``available`` count, how often it could have been chosen,
stands in for its parent's visits), adds one node, and plays the rest of the deal by the level's rollout (the
defenders together once the called card is down, on lists). The outcome (the seat's side's card points and the
payout, :func:`~service.rules.bots.pimc.outcome`) counts for every node on the path: a node chosen by the seat's
side is worth it as it is, one chosen by the other side (the sides of that world: the caller and the holder of the
called card) its negation. Where ``pimc/2`` has every seat after the first card play the greedy rule, the tree lets
each seat choose what has served it in the worlds seen so far: against ``normal`` it scores 0.504 ± 0.008 over 400
deals, the best of the tries and not yet parted from it (docs/suggestions.md, item 13). The seat's move is the
root's most visited card (ties: the better mean, then the legal order); ``considered`` gives each card's mean
outcome and visits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from service.rules import deadline
from service.rules.base import LegalAction
from service.rules.bots.common import Candidate, Suggestion, rounded, typed
from service.rules.cards import Card

ISMCTS = "ismcts/1"
EXPLORATION = 40.0
"""UCB1's exploration constant, in the outcome's units (card points; a unit of payout is 20)."""
CHECK_EVERY = 64
"""Iterations between two looks at the request's deadline."""


class Node:
    """A card chosen in the tree: its visits, the outcomes' sum for the seat's side, how often it was available."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Card, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


def sides(world: Any) -> tuple[int, int]:
    """The caller and its partner in ``world``: the holder of the called card (the caller, should it hold it)."""
    holder = world.partner
    if holder is None:
        holder = next((s for s in range(world.players) if world.called_card in world.seats[s].hand), world.caller)
    return int(world.caller), int(holder)


def tree_search(
    game: Any,
    worlds: Sequence[Any],
    seat: int,
    legal: Sequence[LegalAction],
    iterations: int,
    rollout: Callable[[Any], float],
) -> Suggestion:
    """``seat``'s card among ``legal`` (plays) by ``iterations`` of the search over ``worlds``; ``rollout``: a
    state's outcome for the seat, played to the end (also of a finished deal)."""
    root = Node()
    choices = tuple(action["card"] for action in legal)
    for i in range(iterations):
        if not i % CHECK_EVERY:
            deadline.check()
        world = worlds[i % len(worlds)]
        team = sides(world)
        ours = seat in team
        state, node, path = world, root, []
        while state.to_act is not None:
            mover = state.to_act
            hand = choices if node is root else state.seats[mover].hand
            sign = 1.0 if (mover in team) == ours else -1.0
            untried = None
            for card in hand:
                child = node.children.get(card)
                if child is None:
                    untried = untried or card
                else:
                    child.available += 1
            if untried is not None:
                card, child = untried, Node()
                node.children[card] = child
                node = child
            else:
                card = max(hand, key=lambda c: _ucb(node.children[c], sign))
                node = node.children[card]
            state = game.apply(state, typed(game, {"seat": mover, "type": "play", "card": card})).state
            path.append(node)
            if untried is not None:
                break
        value = rollout(state)
        for visited in path:
            visited.visits += 1
            visited.total += value
    return _answer(root, seat, legal)


def _ucb(node: Node, sign: float) -> float:
    """UCB1 of ``node`` for the side choosing it (``sign``: 1 the seat's side, -1 the other)."""
    return sign * node.total / node.visits + EXPLORATION * math.sqrt(math.log(node.available) / node.visits)


def _answer(root: Node, seat: int, legal: Sequence[LegalAction]) -> Suggestion:
    """The root's cards as candidates, the most visited first (then the better mean, then the legal order)."""
    candidates = []
    for action in legal:
        child = root.children.get(action["card"])
        visits = child.visits if child is not None else 0
        candidates.append(Candidate(action, rounded(child.total / visits) if child and visits else 0.0, visits))
    considered = tuple(sorted(candidates, key=lambda c: (-c.samples, -c.value)))
    return Suggestion(seat, considered[0].action, ISMCTS, considered)


__all__ = ["EXPLORATION", "ISMCTS", "sides", "tree_search"]
