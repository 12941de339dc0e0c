"""Briscola chiamata's ``hard`` in play: information-set Monte Carlo tree search (``ismcts/2``), one tree for
the seat's information set over the same sampled worlds as ``pimc/2``'s.

Each iteration takes the next of the worlds (:func:`~service.rules.bots.pimc.suggest_tricks` samples them, the
auction's reading kept), descends from the root by UCB1 among the cards the seat to act holds in that world (at the
root, the seat's legal plays in their order; a child's ``available`` count, how often it could have been chosen,
stands in for its parent's visits), adds one node, and plays the rest of the deal by the level's rollout (the
defenders together once the called card is down, on lists). The outcome (the seat's side's card points and the
payout, :func:`~service.rules.bots.pimc.outcome`) counts for every node on the path: a node chosen by the seat's
side is worth it as it is, one chosen by the other side (the sides of that world: the caller and the holder of the
called card) its negation. A node keeps its counts apart by the chooser's side in the world (``ismcts/2``;
``ismcts/1`` mixed them): before the called card is down a seat is the partner in some worlds and a defender in
others, and it knows which, so a partner's choice is weighed by the partner's worlds only. Where ``pimc/2`` has
every seat after the first card play the greedy rule, the tree lets each seat choose what has served it in the
worlds seen so far (docs/suggestions.md, items 13 and 14). The seat's move is the root's most visited card (ties:
the better mean, then the legal order); ``considered`` gives each card's mean outcome and visits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from service.rules import deadline
from service.rules.base import LegalAction
from service.rules.bots.common import Candidate, Suggestion, rounded, typed
from service.rules.cards import Card

ISMCTS = "ismcts/2"
EXPLORATION = 40.0
"""UCB1's exploration constant, in the outcome's units (card points; a unit of payout is 20)."""
CHECK_EVERY = 64
"""Iterations between two looks at the request's deadline."""


class Node:
    """A card chosen in the tree, with its visits, the outcomes' sum for the seat's side and how often it was
    available, each kept apart by the chooser's side in the world (0: the seat's side, 1: the other): a seat
    knows its own side, so a partner's choices are not weighed by a defender's outcomes."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Card, Node] = {}
        self.visits = [0, 0]
        self.total = [0.0, 0.0]
        self.available = [0, 0]


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
    choices = tuple(action["card"] for action in legal)
    return _answer(grow(game, worlds, seat, choices, iterations, rollout), seat, legal)


def grow(
    game: Any,
    worlds: Sequence[Any],
    seat: int,
    choices: Sequence[Card],
    iterations: int,
    rollout: Callable[[Any], float],
) -> Node:
    """The tree of ``iterations`` over ``worlds`` from the seat's ``choices``: its root."""
    root = Node()
    for i in range(iterations):
        if not i % CHECK_EVERY:
            deadline.check()
        world = worlds[i % len(worlds)]
        team = sides(world)
        ours = seat in team
        state, node = world, root
        path: list[tuple[Node, int]] = []
        while state.to_act is not None:
            mover = state.to_act
            hand = choices if node is root else state.seats[mover].hand
            side = 0 if (mover in team) == ours else 1
            untried = None
            for card in hand:
                child = node.children.get(card)
                if child is None or not child.visits[side]:
                    untried = untried or card
                else:
                    child.available[side] += 1
            if untried is not None:
                node = node.children.setdefault(untried, Node())
                node.available[side] = 1
                card = untried
            else:
                card = max(hand, key=lambda c: _ucb(node.children[c], side))
                node = node.children[card]
            state = game.apply(state, typed(game, {"seat": mover, "type": "play", "card": card})).state
            path.append((node, side))
            if untried is not None:
                break
        value = rollout(state)
        for visited, side in path:
            visited.visits[side] += 1
            visited.total[side] += value
    return root


def _ucb(node: Node, side: int) -> float:
    """UCB1 of ``node`` for the side choosing it (``side``: 0 the seat's, 1 the other), on that side's counts."""
    visits = node.visits[side]
    mean = node.total[side] / visits
    return (-mean if side else mean) + EXPLORATION * math.sqrt(math.log(node.available[side]) / visits)


def _answer(root: Node, seat: int, legal: Sequence[LegalAction]) -> Suggestion:
    """The root's cards as candidates, the most visited first (then the better mean, then the legal order)."""
    candidates = []
    for action in legal:
        child = root.children.get(action["card"])
        visits = child.visits[0] if child is not None else 0
        candidates.append(Candidate(action, rounded(child.total[0] / visits) if child and visits else 0.0, visits))
    considered = tuple(sorted(candidates, key=lambda c: (-c.samples, -c.value)))
    return Suggestion(seat, considered[0].action, ISMCTS, considered)


__all__ = ["EXPLORATION", "ISMCTS", "Node", "grow", "sides", "tree_search"]
