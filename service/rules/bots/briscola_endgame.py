"""Briscola's exact search on plain values: every card the seat to act may play, valued by minimax (alpha-beta)
to the end of the deal in one full world, its side maximising, the others minimising.

The same deal as the game's ``apply`` plays it (the trick's winner and points by
:func:`~service.rules.bots.briscola_rollout.played`, the draws after a trick by
:func:`~service.rules.tricks.draw_after_trick`'s order, the outcome of
:func:`~service.rules.bots.pimc.outcome`), without a state a play: a node costs about a microsecond, where
:func:`~service.rules.bots.pimc.exact_search` through ``apply`` costs some tens. It holds only in Briscola's play
phase (nothing but plays left). A test binds it to :func:`~service.rules.bots.pimc.exact_search`.
"""

from __future__ import annotations

from typing import Any

from service.rules import deadline
from service.rules.bots.briscola_rollout import _outcome, stronger
from service.rules.bots.cheap import worth
from service.rules.briscola.common import _scored
from service.rules.briscola.game import Briscola, sides
from service.rules.tricks import _draw_orders, side_of

CHECK_EVERY = 4_096
"""Nodes between two looks at the request's deadline."""


class OutOfNodes(Exception):
    """The search used up its nodes."""


class Search:
    """One deal's minimax on plain values, for the seat whose side maximises (``mine``); ``nodes`` holds the nodes
    left, spent in place: :class:`OutOfNodes` once none is."""

    def __init__(self, game: Briscola, state: Any, seat: int, nodes: list[int]) -> None:
        trump, players, options = state.trump, state.players, state.options
        self.value = worth(game, trump, options)
        self.beats = stronger(trump)
        self.groups = sides(players, options)
        self.side_index = [side_of(s, self.groups) for s in range(players)]
        self.mine = self.side_index[seat]
        self.players, self.options, self.stock = players, options, state.stock
        self.orders = _draw_orders(players)
        self.nodes = nodes

    def search(
        self,
        hands: tuple[tuple[str, ...], ...],
        points: tuple[int, ...],
        trick: tuple[str, ...],
        best: int,
        taken: int,
        leader: int,
        to_act: int,
        drawn: int,
        last: int | None,
        alpha: float = float("-inf"),
        beta: float = float("inf"),
    ) -> float:
        """The minimax value of the position: ``hands`` by seat, the seats' ``points``, the ``trick`` so far (its
        winning card's index ``best``, its points ``taken``, led by ``leader``), the seat ``to_act``, the stock's
        cards ``drawn`` so far, the ``last`` trick's winner."""
        held = hands[to_act]
        if not held:
            return _outcome(list(points), self.groups, self.options, last, self.mine)
        self.nodes[0] -= 1
        if self.nodes[0] < 0:
            raise OutOfNodes
        if not self.nodes[0] % CHECK_EVERY:
            deadline.check()
        maximising = self.side_index[to_act] == self.mine
        top = float("-inf") if maximising else float("inf")
        for card in sorted(held, key=self.value.__getitem__, reverse=True):
            found = self.play(hands, points, trick, best, taken, leader, to_act, drawn, last, card, alpha, beta)
            if maximising:
                top = max(top, found)
                alpha = max(alpha, found)
            else:
                top = min(top, found)
                beta = min(beta, found)
            if alpha >= beta:
                break
        return top

    def play(
        self,
        hands: tuple[tuple[str, ...], ...],
        points: tuple[int, ...],
        trick: tuple[str, ...],
        best: int,
        taken: int,
        leader: int,
        to_act: int,
        drawn: int,
        last: int | None,
        card: str,
        alpha: float = float("-inf"),
        beta: float = float("inf"),
    ) -> float:
        """``card`` played by ``to_act``: the value of what follows."""
        rest = tuple(c for c in hands[to_act] if c != card)
        hands = (*hands[:to_act], rest, *hands[to_act + 1 :])
        if trick:
            best = len(trick) if card in self.beats[trick[best]] else best
            taken += self.value[card][0]
        else:
            best, taken = 0, self.value[card][0]
        trick = (*trick, card)
        if len(trick) < self.players:
            to_act = (to_act + 1) % self.players
            return self.search(hands, points, trick, best, taken, leader, to_act, drawn, last, alpha, beta)
        winner = (leader + best) % self.players
        scored = list(points)
        scored[winner] += taken
        stock = self.stock
        if drawn < len(stock):
            grown = list(hands)
            for s in self.orders[winner][: len(stock) - drawn]:
                grown[s] = (*grown[s], stock[drawn])
                drawn += 1
            hands = tuple(grown)
        return self.search(hands, tuple(scored), (), 0, 0, winner, winner, drawn, winner, alpha, beta)


def card_values(game: Briscola, state: Any, seat: int, cards: list[str], nodes: list[int]) -> list[float]:
    """The minimax value for ``seat``'s side of each of ``cards`` played now by ``seat`` (the seat to act) in the
    full ``state``; ``nodes`` holds the nodes left, spent in place: :class:`OutOfNodes` once none is."""
    search = Search(game, state, seat, nodes)
    hands = tuple(tuple(s.hand) for s in state.seats)
    trick = tuple(state.trick)
    best, taken = _scored(state.trump, trick) if trick else (0, 0)
    last = state.tricks[-1].winner if state.tricks else None
    points = tuple(s.points for s in state.seats)
    return [search.play(hands, points, trick, best, taken, state.leader, seat, 0, last, card) for card in cards]


__all__ = ["CHECK_EVERY", "OutOfNodes", "Search", "card_values"]
