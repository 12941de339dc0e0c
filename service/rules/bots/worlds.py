"""Determinized worlds: a seat's view with every hidden card filled in, consistent with what the seat sees.

The hidden places of a view are the ``"??"`` of each seat's ``hand`` (and ``drawn``) and of the table's
``stock``, ``talon`` and ``discards``. The cards they can hold are the pack less every card the view places
(hands, the table's cards, the trick, the finished tricks). Cards the view names without placing them go to
the seat known to hold them: a Briscan or Brisque opponent's announced melds not yet played, the turn-up taken
by the opponent's seven exchange, a two-player Briscola turn-up taken by an exchange. The rest are dealt to the
hidden places in order from ``sha256-sample/1`` draws (:func:`service.rules.sampling.sample_draws`), one stream
for every world of a suggestion.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from service.rules.cards import HIDDEN, Card
from service.rules.frozen import evolve
from service.rules.game import Game
from service.rules.sampling import sample_draws

SEAT_FIELDS = ("hand", "drawn")
TABLE_FIELDS = ("stock", "talon", "discards")


@dataclass(frozen=True)
class Hidden:
    """What a view hides: how many hidden places each seat field and table field holds, the cards known to be
    in a seat's hidden hand, and the other unseen cards (pack order)."""

    seat_slots: dict[tuple[int, str], int]
    table_slots: dict[str, int]
    forced: dict[int, tuple[Card, ...]]
    free: tuple[Card, ...]

    @property
    def determined(self) -> bool:
        """Whether the view leaves one world only: every hidden place in one seat's hand (or none hidden)."""
        holders = [key for key, count in (*self.seat_slots.items(), *self.table_slots.items()) if count]
        return len(holders) <= 1


def hidden(game: Game[Any, Any, Any], view: Any, seat: int) -> Hidden:
    """Where ``view`` (``seat``'s) hides cards and which cards they may be."""
    placed: set[Card] = set()
    seat_slots: dict[tuple[int, str], int] = {}
    for record in view.seats:
        for name in SEAT_FIELDS:
            cards = getattr(record, name, None)
            if cards is not None:
                seat_slots[(record.seat, name)] = sum(1 for c in cards if c == HIDDEN)
                placed.update(c for c in cards if c != HIDDEN)
    table_slots: dict[str, int] = {}
    for name in TABLE_FIELDS:
        cards = getattr(view, name, None)
        if cards is not None:
            table_slots[name] = sum(1 for c in cards if c == HIDDEN)
            placed.update(c for c in cards if c != HIDDEN)
    placed.update(getattr(view, "trick", ()))
    for trick in getattr(view, "tricks", ()):
        placed.update(trick.cards)
    unseen = [c for c in game.pack(view.players, game.options_of(view)) if c not in placed]
    forced = _known_holders(view, seat, set(unseen))
    taken = {c for cards in forced.values() for c in cards}
    return Hidden(seat_slots, table_slots, forced, tuple(c for c in unseen if c not in taken))


def _known_holders(view: Any, seat: int, unseen: set[Card]) -> dict[int, tuple[Card, ...]]:
    """The unseen cards the view says a seat holds: announced melds, a turn-up taken by an exchange."""
    known: dict[int, list[Card]] = {}
    for record in view.seats:
        if record.seat != seat:
            for meld in getattr(record, "melds", ()):
                known.setdefault(record.seat, []).extend(meld.cards)
    turn_up = getattr(view, "turn_up", None)
    if turn_up in unseen:
        holder = getattr(view, "exchanged_by", None)
        if holder is None and view.players == 2 and not hasattr(view, "exchanged_by"):
            holder = 1 - seat  # two-player Briscola: only the opponent can have exchanged it
        if holder is not None and holder != seat:
            known.setdefault(holder, []).append(turn_up)
    return {s: tuple(dict.fromkeys(c for c in cards if c in unseen)) for s, cards in known.items()}


def worlds(game: Game[Any, Any, Any], view: Any, seat: int, count: int, seed: str) -> Iterator[Any]:
    """``count`` states that ``seat`` cannot tell from ``view``: its hidden places filled, the known holders'
    cards first, the free cards from one ``sha256-sample/1`` stream seeded with ``seed``."""
    spots = hidden(game, view, seat)
    if spots.determined:
        yield fill(view, spots, list(spots.free))
        return
    for drawn in sample_draws(spots.free, len(spots.free), count, seed):
        yield fill(view, spots, drawn)


def every_world(game: Game[Any, Any, Any], view: Any, seat: int, most: int) -> list[Any] | None:
    """Every state ``seat`` cannot tell from ``view`` when there are at most ``most`` (else None): each seat's
    hidden cards as a set (a hand's order changes no play), the table's in every order (a stock's order is who
    draws what); pack order, so the list is the same for the same view."""
    spots = hidden(game, view, seat)
    if spots.determined:
        return [fill(view, spots, list(spots.free))]
    wanted = []
    for record in view.seats:
        slots = sum(spots.seat_slots.get((record.seat, name), 0) for name in SEAT_FIELDS)
        wanted.append(max(0, slots - len(spots.forced.get(record.seat, ()))))
    table = sum(spots.table_slots.values())
    left, count = len(spots.free), 1
    for need in wanted:
        count, left = count * math.comb(left, need), left - need
    if count * math.perm(left, table) > most:
        return None
    found: list[Any] = []

    def deal(seat_index: int, rest: tuple[Card, ...], drawn: tuple[Card, ...]) -> None:
        if seat_index == len(wanted):
            found.extend(fill(view, spots, [*drawn, *order]) for order in itertools.permutations(rest, table))
            return
        for chosen in itertools.combinations(rest, wanted[seat_index]):
            deal(seat_index + 1, tuple(c for c in rest if c not in chosen), (*drawn, *chosen))

    deal(0, spots.free, ())
    return found


def fill(view: Any, spots: Hidden, drawn: list[Card]) -> Any:
    """``view`` with its hidden places filled: each seat's forced cards first, then ``drawn`` in order (seats in
    order, each seat's fields in order, then the table's fields)."""
    supply = iter(drawn)
    seats = []
    for record in view.seats:
        forced = iter(spots.forced.get(record.seat, ()))
        changes = {}
        for name in SEAT_FIELDS:
            cards = getattr(record, name, None)
            if cards is not None and HIDDEN in cards:
                changes[name] = tuple(next(forced, None) or next(supply) if c == HIDDEN else c for c in cards)
        seats.append(evolve(record, changes) if changes else record)
    table: dict[str, Any] = {"seats": tuple(seats)}
    for name in TABLE_FIELDS:
        cards = getattr(view, name, None)
        if cards is not None and HIDDEN in cards:
            table[name] = tuple(next(supply) if c == HIDDEN else c for c in cards)
    return evolve(view, table)
