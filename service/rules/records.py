"""One record replayed (docs/api.md section 8): its deal dealt from a deck or a seed, then its actions applied in order
up to the first illegal one. ``records/adjudicate`` and a match's every deal (:mod:`service.rules.match`) are this
one replay."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from service.rules import deadline
from service.rules.actions import ActionBase
from service.rules.base import Event, Transition
from service.rules.cards import Card
from service.rules.errors import IllegalAction, InvalidInput, Problem
from service.rules.game import Game
from service.rules.seen import ProvedAction, Seen, SeenReplay, legal_seen, missing
from service.rules.shuffle import shuffle
from service.rules.trace import Trace
from service.rules.views import TableViews

Pointer = Callable[[str], str]
"""Where a problem of a table check points in the request (its pointer is the check's own: ``/dealer``)."""

Step = Callable[[Any, ActionBase], Transition[Any]]
"""How a replay applies one action to a state: the game's ``apply``, or a table deal's step."""

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
    step: Step | None = None,
) -> tuple[Any, list[Event], int, Refused | None]:
    """The actions applied in order from the deal's transition ``first`` up to the first illegal one: the last
    state, every event from the deal on (none kept without ``keep_events``: a match's deal answers none), how
    many were applied, and the refusal (None when all were legal); each seat of ``table`` sees the events as
    they happen, and ``trace`` keeps each step. ``step`` applies each action (a table deal's, which shows the
    cards an action names first: :class:`~service.rules.seen.SeenReplay`); the game's ``apply`` by default."""
    state, events = first.state, list(first.events) if keep_events else []
    apply = game.apply if step is None else step
    if table is None and trace is None and not keep_events and step is None:  # nothing looks at the steps
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


class Verdict(NamedTuple):
    """A replayed record's verdict word (docs/api.md 8 and 18), its result, and whose unseen cards an ``undecided``
    one needs (``[{seat, cards}]``)."""

    word: str
    result: Any
    missing: list[dict[str, int]]


def verdict(game: Game[Any, Any, Any], state: Any, refused: Refused | None) -> Verdict:
    """The verdict on a replayed record: its last ``state`` and its refusal, if any (the result where the seen cards
    decide it, :func:`~service.rules.seen.missing` where they do not)."""
    needed = missing(game, state)
    result = None if needed else game.result(state)  # an illegal record's too, where its last state is over
    if refused is not None:
        return Verdict("illegal", result, [])
    if needed:
        return Verdict("undecided", None, needed)
    return Verdict("complete" if result is not None else "in_progress", result, [])


def _refused(index: int, illegal: IllegalAction) -> Refused:
    refused: Refused = {
        "index": index,
        "code": illegal.code,
        "rule": illegal.rule,
        "message": illegal.message,
        "legal_actions": illegal.legal_actions,
    }
    if isinstance(illegal, ProvedAction):  # a table deal's: what proves it
        refused["proof"] = illegal.proof
    return refused


def replay_seen(
    game: Game[Any, Any, Any],
    first: Transition[Any],
    actions: Sequence[ActionBase],
    seen: Seen,
    table: TableViews[Any] | None = None,
    trace: Trace[Any] | None = None,
    keep_events: bool = True,
) -> tuple[Any, list[Event], int, Refused | None]:
    """:func:`replay` of a table deal (docs/api.md 18): each action's cards shown first, and an action that a card
    shown later proves illegal refused where it was taken, with its proof. The actions are judged once through
    (:class:`SeenReplay`), then replayed up to the first refused one for the state, events, views and trace."""
    judge = SeenReplay(game, seen, first.state.players)
    state, _, applied, refused = replay(game, first, actions, None, None, False, judge.apply)
    proved = judge.earliest()
    late = proved is not None and (refused is None or proved.index < applied)
    if proved is not None and late:
        applied = proved.index
    elif not (table or trace or keep_events):
        return state, [], applied, refused
    again = SeenReplay(game, seen, first.state.players)
    state, events, _, _ = replay(game, first, actions[:applied], table, trace, keep_events, again.apply)
    if proved is not None and late:
        why = proved.refusal
        refused = _refused(
            applied, ProvedAction(why.code, why.rule, why.message, legal_seen(game, state), proved.proof)
        )
    return state, events, applied, refused


__all__ = ["Refused", "check_table", "deck_of", "replay", "replay_seen", "verdict", "Verdict"]
