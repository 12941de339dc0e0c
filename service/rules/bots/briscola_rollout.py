"""Briscola's rollouts without states: :func:`~service.rules.bots.pimc.play_out` with the greedy policy
(:func:`~service.rules.bots.cheap.rollout_action`) or the counting one
(:func:`~service.rules.bots.counting.counting_rollout_action`), played on lists in place of the game's ``apply``.

The same deal to the same end, card for card, and the same :func:`~service.rules.bots.pimc.outcome`: the greedy
choice (:func:`~service.rules.bots.cheap.greedy_card`, its ties in hand order) or the counting one
(:func:`~service.rules.bots.counting.counting_card`, each seat counting the other hands and the stock but the
turn-up as unseen, as :func:`~service.rules.bots.counting.unseen_in_world` does), the trick's winner and points
(the game's own remembered scoring), the draws after a trick (:func:`~service.rules.tricks.draw_after_trick`) and
the result's sides, tie rule and win bonus (``Briscola.result``). It holds only while nothing but plays is left:
Briscola's play phase, where a rollout never exchanges the turn-up. A test plays both on many worlds.
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Set as AbstractSet
from functools import lru_cache
from typing import Any, NamedTuple

from service.rules.bots.cheap import worth
from service.rules.bots.counting import FIGURE, LOAD
from service.rules.briscola.cards import PACK
from service.rules.briscola.common import _scored
from service.rules.briscola.game import Briscola, sides
from service.rules.tricks import _draw_orders, beaten_by, side_of, side_points

WIN_BONUS = 20.0
"""As :data:`service.rules.bots.pimc.WIN_BONUS` (kept equal by a test)."""
_NONE: frozenset[str] = frozenset()
"""The unseen cards passed to :func:`counted` where it does not read them (not on lead)."""


def play_out(game: Briscola, state: Any, seat: int, counting: bool = False) -> float:
    """``state`` (Briscola's play phase) played to the end greedily (``counting``: by the counting rule): its
    outcome for ``seat``'s side."""
    trump, players, options = state.trump, state.players, state.options
    value = worth(game, trump, options)
    groups = sides(players, options)
    side_index = [side_of(s, groups) for s in range(players)]
    allies = [groups[side] for side in side_index]
    hands = [list(s.hand) for s in state.seats]
    points = [s.points for s in state.seats]
    trick: list[str] = list(state.trick)
    best, taken = _scored(trump, tuple(trick)) if trick else (0, 0)
    beats = stronger(trump)
    order = keys(game, trump, options)
    leader, to_act = state.leader, state.to_act
    stock, drawn = state.stock, 0
    orders = _draw_orders(players)
    last = state.tricks[-1].winner if state.tricks else None
    left = sum(len(hand) for hand in hands)
    turn_up = state.turn_up
    live: set[str] = set()  # counting: the cards not yet played, but the turn-up while it lies face up
    if counting:
        live.update(c for hand in hands for c in hand)
        live.update(c for c in stock if c != turn_up)
    while to_act is not None and left:
        cards = hands[to_act]
        ours = bool(trick) and (leader + best) % players in allies[to_act]
        last = len(trick) == players - 1
        if counting and (not trick or ours or last):
            unseen = live.difference(cards) if not trick else _NONE  # read on lead only
            winning = trick[best] if trick else None
            card = counted(trump, beats, value, order, cards, unseen, winning, ours, last, taken)
        else:
            card = greedy(trump, beats[trick[best]] if trick and taken and not ours else (), cards, value)
        cards.remove(card)
        if counting:
            live.discard(card)
        left -= 1
        best, taken = played(beats, value, trick, best, taken, card)
        if len(trick) < players:
            to_act = (to_act + 1) % players
            continue
        winner = (leader + best) % players
        points[winner] += taken
        last = winner
        if drawn < len(stock):
            for s in orders[winner][: len(stock) - drawn]:
                hands[s].append(stock[drawn])
                if counting and stock[drawn] == turn_up:
                    live.add(turn_up)
                drawn += 1
                left += 1
        trick, best, taken = [], 0, 0
        leader = to_act = winner
    return _outcome(points, groups, options, last, side_index[seat])


def greedy(trump: str, takers: Collection[str], cards: list[str], value: dict[str, tuple[int, int]]) -> str:
    """:func:`~service.rules.bots.cheap.greedy_card` on plain values: the cheapest of ``cards`` among ``takers``
    (the cards that take the trick, where the seat contests it: it holds points and the seat's side is not winning
    it; else none), else the cheapest card, non-trumps first."""
    if takers:
        taking = [c for c in cards if c in takers]
        if taking:
            return min(taking, key=lambda c: (value[c], c[1] == trump))
    return min(cards, key=lambda c: (c[1] == trump, value[c]))


class Keys(NamedTuple):
    """The counting rule's orders of the cards under one trump, as keys for ``min`` and ``max``."""

    cheap: dict[str, tuple[int, bool, int]]
    """Fewest points, non-trumps first, the weakest."""
    richest: dict[str, tuple[int, int]]
    """Most points, the weakest of equals."""


@lru_cache(maxsize=256)
def keys(game: Briscola, trump: str, options: Any) -> Keys:
    """:class:`Keys` from the cards' (points, power) of :func:`~service.rules.bots.cheap.worth`."""
    value = worth(game, trump, options)
    return Keys(
        {c: (points, c[1] == trump, power) for c, (points, power) in value.items()},
        {c: (points, -power) for c, (points, power) in value.items()},
    )


def counted(
    trump: str,
    beats: dict[str, frozenset[str]],
    value: dict[str, tuple[int, int]],
    order: Keys,
    cards: list[str],
    unseen: AbstractSet[str],
    winning: str | None,
    ours: bool,
    last: bool,
    taken: int,
) -> str:
    """:func:`~service.rules.bots.counting.counting_card` on plain values: on lead (``winning`` None), or with the
    trick's winning card ``winning`` (``ours`` when the seat's side played it, ``last`` when the seat plays last to
    it, ``taken`` its points), where its side wins it or the seat is last (elsewhere the rule plays greedily)."""
    cheap, richest = order.cheap.__getitem__, order.richest.__getitem__
    if winning is None:
        safe = [c for c in cards if value[c][0] and not beats[c] & unseen]
        return max(safe, key=richest) if safe else min(cards, key=cheap)
    if ours:
        plain = [c for c in cards if c[1] != trump]
        return max(plain, key=richest) if last and plain else min(cards, key=cheap)
    takers = [c for c in cards if c in beats[winning]]
    plain = [c for c in takers if c[1] != trump]
    if plain:
        return max(plain, key=richest)
    thrown = min(cards, key=cheap)
    if takers:
        trumped = min(takers, key=lambda c: value[c])
        given = taken + value[thrown][0]
        if given >= LOAD or (given >= FIGURE and not value[trumped][0]):
            return trumped
    return thrown


def played(
    beats: dict[str, frozenset[str]],
    value: dict[str, tuple[int, int]],
    trick: list[str],
    best: int,
    taken: int,
    card: str,
) -> tuple[int, int]:
    """``card`` added to ``trick``: the index of the card winning it now and its card points (``best`` and
    ``taken`` before; a trick's winner is the best card so far, so one comparison a card keeps it)."""
    trick.append(card)
    if len(trick) == 1:
        return 0, value[card][0]
    return (len(trick) - 1 if card in beats[trick[best]] else best), taken + value[card][0]


@lru_cache(maxsize=8)
def stronger(trump: str) -> dict[str, frozenset[str]]:
    """For each card of the pack, the cards that take a trick it is winning when played after it (3(c): a higher
    card of its suit, or a trump where it is none), by the game's own trick winner."""
    return beaten_by(PACK, lambda w, c: _scored(trump, (w, c))[0] == 1)


def _outcome(points: list[int], groups: Any, options: Any, last: int | None, side: int) -> float:
    """:func:`~service.rules.bots.pimc.outcome` of ``Briscola.result``: the side's card points, the win bonus more
    for a deal won (less for one lost; a tie of two sides goes to the last trick's under ``last_trick``)."""
    totals = side_points(points, groups)
    best = max(totals)
    top = [i for i, total in enumerate(totals) if total == best]
    winning: int | None = top[0] if len(top) == 1 else None
    if winning is None and len(groups) == 2 and options.tie_rule == "last_trick" and last is not None:
        winning = side_of(last, groups)
    bonus = 0.0 if winning is None else WIN_BONUS if winning == side else -WIN_BONUS
    return float(totals[side] + bonus)


__all__ = ["Keys", "counted", "greedy", "keys", "play_out", "played", "stronger"]
