"""The quiet replay's fast path of the trick games: a deal's plays taken a whole trick at a time, without the
states between or any event (:func:`take_tricks`, for records.replay), and what it reads: a full trick's record
(:func:`trick_record`) and the fields every trick game's state holds (:class:`TrickTable`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from service.rules.actions import ActionBase, Play
from service.rules.base import Event, S, Transition
from service.rules.cards import Card
from service.rules.frozen import build
from service.rules.seats import next_seats
from service.rules.tricks import Trick, draw_after_trick


def trick_record(
    score: Callable[[tuple[Card, ...]], tuple[int, int]], players: int, leader: int, trick: tuple[Card, ...]
) -> Trick:
    """The record of the full ``trick`` led by ``leader``: ``score`` says which card wins it (its index in play
    order) and its points; the winner is that card's seat."""
    index, points = score(trick)
    winner = (leader + index) % players
    return build(Trick, {"leader": leader, "cards": trick, "winner": winner, "points": points})


class HoldsCards(Protocol):
    """A seat record of a trick game: its number and its hand."""

    @property
    def seat(self) -> int: ...

    @property
    def hand(self) -> tuple[Card, ...]: ...


class TrickTable(Protocol):
    """What every trick game's state holds: seats with hands, the trick in progress and its leader, the
    finished tricks."""

    @property
    def seats(self) -> tuple[HoldsCards, ...]: ...

    @property
    def leader(self) -> int | None: ...

    @property
    def trick(self) -> tuple[Card, ...]: ...

    @property
    def tricks(self) -> tuple[Trick, ...]: ...


Hands = list[tuple[Card, ...]]
"""Each seat's hand, in seat order."""
Stock = tuple[Card, ...] | None
"""The cards left to draw (None: a game without drawing)."""


class PlaysTricks(Protocol[S]):
    """What :func:`take_tricks` reads of a trick game (:class:`~service.rules.trick_game.TrickGame`)."""

    @property
    def stock_field(self) -> str | None: ...

    def plays_freely(self, state: S) -> bool: ...

    def trick_recorder(self, state: S) -> Callable[[int, tuple[Card, ...]], Trick]: ...

    @property
    def seated(self) -> Callable[[S, Hands, list[int], tuple[Trick, ...], Stock, dict[str, Any]], S]:
        """:meth:`~service.rules.trick_game.TrickGame.seated`: the state after whole tricks."""

    def trick_taken(self, state: S, events: list[Event]) -> Transition[S]: ...


def take_tricks(
    game: PlaysTricks[S], state: S, actions: Sequence[ActionBase], start: int, end: int | None = None
) -> tuple[S, int]:
    """``actions`` from ``start`` (up to ``end``, all by default) applied while the game :meth:`plays_freely`
    and each is a ``play`` of a card its seat holds, in turn, a whole trick at a time: the state after the last
    whole trick and the index of the first action left (``start`` and ``state`` if none). The same state as
    :meth:`apply` one action at a time, without the states between or any event: for a replay that keeps
    neither (records.replay). It stops at the trick where an action is not such a play; apply takes it from
    there and refuses what it must."""
    end = len(actions) if end is None else end
    if start >= end or not game.plays_freely(state):
        return state, start
    table: TrickTable = state  # type: ignore[assignment]
    players = state.players
    held = [list(s.hand) for s in table.seats]  # the hands as the plays leave them, the draws fill them
    gains = [0] * players
    stock = getattr(state, game.stock_field) if game.stock_field is not None else None
    tricks, trick, leader = list(table.tricks), list(table.trick), table.leader
    seat: int = state.to_act  # type: ignore[assignment]  # a seat is to act where plays are free
    following = next_seats(players)
    record = game.trick_recorder(state)  # each trick taken as trick_taker takes it, without its call a trick
    # the plays of whole tricks only: the trick under way (if any) completed, then as many whole tricks as there are
    need = players - len(trick)
    stop = start if end - start < need else end - (end - start - need) % players
    index = whole = start  # whole: the index after the last whole trick taken
    for action in actions[start:stop]:  # one loop over the plays, a trick taken as its last card is played
        if type(action) is not Play or action.seat != seat:
            break
        card = action.card
        try:
            held[seat].remove(card)
        except ValueError:  # not held
            break
        trick.append(card)
        index += 1
        if len(trick) < players:
            seat = following[seat]
            continue
        assert leader is not None  # plays are free only once somebody leads
        done = record(leader, tuple(trick))
        winner = done.winner
        if stock:
            before = stock
            stock, drew = draw_after_trick(before, winner, players)
            for s, c in zip(drew, before):  # noqa: B905 - a card for each seat that draws
                held[s].append(c)
        gains[winner] += done.points
        tricks.append(done)
        trick, leader, seat, whole = [], winner, winner, index
    if whole != index:
        # a trick cut short: the whole tricks before it taken again, and only those (the hands as they left them)
        return take_tricks(game, state, actions, start, whole)
    index = whole
    if index == start:
        return state, start
    hands = [tuple(h) for h in held]
    return game.trick_taken(game.seated(state, hands, gains, tuple(tricks), stock, {}), []).state, index
