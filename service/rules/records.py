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
from service.rules.seen import ProvedAction, Seen, SeenReplay, has_turn_up, legal_seen, missing, turn_up_candidates
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


class TurnUpJudged(NamedTuple):
    """A table record whose turn-up nobody saw, judged once per card the turn-up may be (:func:`judge_turn_up`):
    the deal the answer replays and what it saw (the first turn-up the record admits; of an illegal record, the one
    whose replay went furthest), the verdict, the turn-ups the record admits, and whether the turn-up must be
    shown to decide it."""

    first: Transition[Any]
    seen: Seen
    verdict: Verdict
    turn_ups: list[Card]
    missing_turn_up: bool


def judge_turn_up(
    game: Game[Any, Any, Any], deck: Sequence[Card], first: Transition[Any], actions: Sequence[ActionBase], seen: Seen
) -> TurnUpJudged | None:
    """A table record of a game with a turn-up that ``seen`` lacks (docs/api.md 18), replayed once per card the
    turn-up may be (every card not seen in a hand) from ``deck`` (the table's, ``"??"`` at the turn-up) and the
    deal ``first`` dealt from it: ``illegal`` when every turn-up makes it so (the error of the replay that went
    furthest, the first in pack order of those); else the verdict and result of the turn-ups it admits where they
    all agree; else ``undecided``, the turn-up to be shown (with each seat whose unseen cards some turn-up needs).
    None where the turn-up was seen, or the game has none: the record is replayed once, as it stands."""
    if seen.turn_up is not None or not has_turn_up(game):
        return None
    table = first.state
    players, options, carry = table.players, game.options_of(table), getattr(table, "carry", None)
    at = game.hand_size * players  # type: ignore[attr-defined]  # the turn-up follows the hands (seen_deck)
    tried: list[tuple[Transition[Any], Seen, int, Verdict]] = []
    for card in turn_up_candidates(game, players, options, seen):
        shown = Seen(seen.hands, card)
        dealt = game.deal_checked(players, table.dealer, options, (*deck[:at], card, *deck[at + 1 :]), carry)
        state, _, applied, refused = replay_seen(game, dealt, actions, shown, keep_events=False)
        tried.append((dealt, shown, applied, verdict(game, state, refused)))
    admitted = [t for t in tried if t[3].word != "illegal"]
    turn_ups = [t[1].turn_up for t in admitted if t[1].turn_up is not None]
    if not admitted:
        furthest = max(t[2] for t in tried)
        dealt, shown, _, judged = next(t for t in tried if t[2] == furthest)
        return TurnUpJudged(dealt, shown, judged, [], False)
    dealt, shown, _, judged = admitted[0]
    if all(t[3] == judged for t in admitted):
        return TurnUpJudged(dealt, shown, judged, turn_ups, False)
    needed: dict[int, int] = {}
    for t in admitted:
        for entry in t[3].missing:
            needed[entry["seat"]] = max(needed.get(entry["seat"], 0), entry["cards"])
    missing_cards = [{"seat": seat, "cards": n} for seat, n in sorted(needed.items())]
    return TurnUpJudged(dealt, shown, Verdict("undecided", None, missing_cards), turn_ups, True)


__all__ = [
    "Refused",
    "TurnUpJudged",
    "Verdict",
    "check_table",
    "deck_of",
    "judge_turn_up",
    "replay",
    "replay_seen",
    "verdict",
]
