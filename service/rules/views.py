"""A table as each seat may see it: the state, the events and the legal actions of one seat (docs/api.md 2).

An app keeps the full state and forwards to each player only that player's view. The per-game rules
live in :class:`~service.rules.game.Game` (``view``, ``view_event``, ``view_legal_actions``); this module
gathers them for the seats asked, over one transition (a deal, an action) or a whole record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic

from service.rules.base import Event, LegalAction, S
from service.rules.errors import InvalidInput, Problem
from service.rules.game import Game


@dataclass(frozen=True)
class SeatView(Generic[S]):
    """What one seat may know: the state as ``Game.view`` gives it, the events as that seat saw them and
    the legal actions it may take."""

    seat: int
    state: S
    events: tuple[Event, ...]
    legal_actions: tuple[LegalAction, ...]


def check_seats(seats: Sequence[int], players: int, pointer: str = "/views") -> None:
    """Raise InvalidInput unless every seat is one of the table's and none is asked twice."""
    problems = []
    for i, seat in enumerate(seats):
        if not 0 <= seat < players:
            problems.append(Problem("invalid_seat", f"seat must be 0..{players - 1}", f"{pointer}/{i}"))
        elif seat in seats[:i]:
            problems.append(Problem("duplicate_seat", f"seat {seat} is asked for twice", f"{pointer}/{i}"))
    if problems:
        raise InvalidInput(problems)


class TableViews(Generic[S]):
    """The events each asked seat saw, transition by transition, and its view of the last state."""

    def __init__(self, game: Game[S, Any, Any], seats: Sequence[int]) -> None:
        self.game = game
        self.seats = tuple(seats)
        self._events: dict[int, list[Event]] = {seat: [] for seat in self.seats}

    def saw(self, before: S | None, events: Sequence[Event]) -> None:
        """Record the events of one transition from ``before`` (None: the deal)."""
        for seat in self.seats:
            self._events[seat].extend(self.game.view_events(events, seat, before))

    def of(self, state: S) -> list[SeatView[S]]:
        """Each asked seat's view of ``state`` with the events it saw."""
        legal = self.game.legal_actions(state)
        return [
            SeatView(
                seat,
                self.game.view(state, seat),
                tuple(self._events[seat]),
                tuple(self.game.view_legal_actions(state, seat, legal)),
            )
            for seat in self.seats
        ]


__all__ = ["SeatView", "TableViews", "check_seats"]
