"""A record's trace (docs/api.md section 11): what each applied action did, step by step, for the whole table and as
each asked seat saw it.

``records/adjudicate`` with ``trace: true`` feeds a :class:`Trace` the deal's events and every applied action;
the steps stop before an illegal action, which the caller never feeds. A step holds the action as the service
lists it, its events, and the phase and seat to act after it (what ``legal-actions`` would answer there).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic

from service.rules.actions import ActionBase, wire
from service.rules.base import Event, LegalAction, S, Transition
from service.rules.game import Game


@dataclass(frozen=True)
class Step:
    """One applied action: its index in the record, the action, its events, then the phase and seat to act."""

    index: int
    action: LegalAction
    events: tuple[Event, ...]
    phase: str
    to_act: int | None


@dataclass(frozen=True)
class SeatTrace:
    """The deal's events and the steps as one seat saw them."""

    deal_events: tuple[Event, ...]
    steps: tuple[Step, ...]


class Trace(Generic[S]):
    """The steps of a replayed record, whole and for each seat in ``seats``."""

    def __init__(self, game: Game[S, Any, Any], seats: Sequence[int] = ()) -> None:
        self.game = game
        self.seats = tuple(seats)
        self.deal_events: tuple[Event, ...] = ()
        self.steps: list[Step] = []
        self._seat_deal: dict[int, tuple[Event, ...]] = {}
        self._seat_steps: dict[int, list[Step]] = {seat: [] for seat in self.seats}

    def dealt(self, events: Sequence[Event]) -> None:
        """The deal's events."""
        self.deal_events = tuple(events)
        for seat in self.seats:
            self._seat_deal[seat] = tuple(self.game.view_events(events, seat, None))

    def applied(self, index: int, action: ActionBase, before: S, transition: Transition[S]) -> None:
        """The action at ``index`` of the record, applied to ``before``, with what it led to."""
        listed = wire(action)
        after = transition.state
        phase, to_act = str(after.phase), after.to_act
        self.steps.append(Step(index, listed, tuple(transition.events), phase, to_act))
        for seat in self.seats:
            events = tuple(self.game.view_events(transition.events, seat, before))
            self._seat_steps[seat].append(Step(index, self.game.view_action(listed, seat), events, phase, to_act))

    def of(self, seat: int) -> SeatTrace:
        """What ``seat`` (one of ``seats``) saw."""
        return SeatTrace(self._seat_deal.get(seat, ()), tuple(self._seat_steps[seat]))


__all__ = ["SeatTrace", "Step", "Trace"]
