"""One record replayed (docs/api.md section 8): its deal dealt from a deck or a seed, then its actions applied in order
up to the first illegal one. ``records/adjudicate`` and a match's every deal (:mod:`service.rules.match`) are this
one replay."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from service.rules import deadline
from service.rules.actions import ActionBase
from service.rules.base import Event, Transition
from service.rules.cards import Card
from service.rules.errors import IllegalAction, InvalidInput, Problem
from service.rules.game import Game
from service.rules.shuffle import shuffle
from service.rules.trace import Trace
from service.rules.views import TableViews

Pointer = Callable[[str], str]
"""Where a problem of a table check points in the request (its pointer is the check's own: ``/dealer``)."""

Refused = dict[str, Any]
"""An illegal action of a record: ``{index, code, rule, message, legal_actions}``."""


def check_table(game: Game[Any, Any, Any], players: int, dealer: int, options: Any, carry: Any, at: Pointer) -> None:
    """Raise InvalidInput unless the table (player count, dealer) and what the deal carries in hold, each problem
    pointing where ``at`` says."""
    problems = game.check_table(players, dealer, options) or game.check_carry(players, options, carry)
    if problems:
        raise InvalidInput([Problem(p.code, p.message, at(p.pointer)) for p in problems])


def deck_of(
    game: Game[Any, Any, Any], players: int, options: Any, deck: Sequence[Card] | None, seed: str | None, pointer: str
) -> tuple[Card, ...]:
    """The deck of a deal: ``deck`` checked against the pack for this table (InvalidInput at ``pointer``), or the
    pack shuffled by ``seed`` (sha256-fisher-yates/1)."""
    if deck is not None:
        game.check_deck(players, options, deck, pointer=pointer)
        return tuple(deck)
    assert seed is not None  # the schema takes exactly one of the two
    return shuffle(game.pack(players, options), seed)


def replay(
    game: Game[Any, Any, Any],
    first: Transition[Any],
    actions: Sequence[ActionBase],
    table: TableViews[Any] | None = None,
    trace: Trace[Any] | None = None,
    keep_events: bool = True,
) -> tuple[Any, list[Event], int, Refused | None]:
    """The actions applied in order from the deal's transition ``first`` up to the first illegal one: the last
    state, every event from the deal on (none kept without ``keep_events``: a match's deal answers none), how
    many were applied, and the refusal (None when all were legal); each seat of ``table`` sees the events as
    they happen, and ``trace`` keeps each step."""
    state, events = first.state, list(first.events) if keep_events else []
    apply = game.apply
    if table is None and trace is None and not keep_events:  # nothing looks at the steps: only the states
        return _quietly(game, state, actions)
    for index, action in enumerate(actions):
        deadline.check()
        try:
            transition = apply(state, action)
        except IllegalAction as illegal:
            return state, events, index, _refused(index, illegal)
        if table is not None:
            table.saw(state, transition.events)
        if trace is not None:
            trace.applied(index, action, state, transition)
        state = transition.state
        events.extend(transition.events)
    return state, events, len(actions), None


def _quietly(
    game: Game[Any, Any, Any], state: Any, actions: Sequence[ActionBase]
) -> tuple[Any, list[Event], int, Refused | None]:
    """:func:`replay` when nothing looks at the steps: a trick game takes whole tricks at once where it can
    (:meth:`TrickGame.take_tricks`), apply the rest one action at a time."""
    apply, index, end = game.apply, 0, len(actions)
    take = getattr(game, "take_tricks", None)  # a trick game's (TrickGame.take_tricks)
    while index < end:
        if take is not None:
            state, index = take(state, actions, index)
            if index == end:
                break
        try:
            state = apply(state, actions[index]).state
        except IllegalAction as illegal:
            return state, [], index, _refused(index, illegal)
        index += 1
    return state, [], end, None


def _refused(index: int, illegal: IllegalAction) -> Refused:
    return {
        "index": index,
        "code": illegal.code,
        "rule": illegal.rule,
        "message": illegal.message,
        "legal_actions": illegal.legal_actions,
    }


__all__ = ["Refused", "check_table", "deck_of", "replay"]
