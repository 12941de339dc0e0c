"""What every game's states, seat records and transitions share: the fields a state and a seat record start
with, a transition's shape, the wire's dicts (events, results, legal actions), the problem and refusal codes
every game shares and the checks that give them (docs/architecture.md: the engine's base)."""

from __future__ import annotations

from collections.abc import Sequence, Sized
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Any, Generic, NamedTuple, TypeVar

from service.rules.actions import ActionBase
from service.rules.bounds import PACK_CARDS, GameId, Phase, Players, Seat
from service.rules.cards import HIDDEN, Card
from service.rules.errors import Problem

Event = dict[str, Any]
"""Something the service did or saw happen: ``{"type": ..., ...}`` (antes, deals, draws, pots won)."""
Result = dict[str, Any]
"""The outcome of a finished deal: ``winners``, ``points``/``payouts``, ``reason`` and more (docs/api.md 7)."""
LegalAction = dict[str, Any]
"""An action exactly as it would be submitted, or with ``min``/``max`` for a free amount."""

RULES_VERSION = "2026.11-3"
"""Changes whenever any verdict for the same request could change."""


@dataclass(frozen=True)
class StateBase:
    """The fields every game's state starts with."""

    game: GameId
    players: Players
    dealer: Seat
    phase: Phase
    to_act: Seat | None


Check = StrEnum(
    "Check",
    (
        "invalid_players invalid_dealer wrong_game seat_count seat_order hand_size card_not_in_pack duplicate_card "
        "missing_card"
    ),
)
"""The problem codes every game's ``validate`` shares (each game's own are an enum in its ``validate.py``)."""

Refusal = StrEnum("Refusal", "deal_over unknown_action not_your_turn")
"""The codes every game's refusals (:class:`IllegalAction`) share (each game's own are its class's
``refusal_codes``)."""

TableRefusal = StrEnum("TableRefusal", "card_seen")
"""The code of a table deal's refusal every game shares (docs/api.md 18, :mod:`service.rules.seen`): a card an action
names was seen elsewhere (played, in another seat's hand, the turn-up under the stock)."""


def seat_count_problems(seats: Sized, players: int) -> list[Problem]:
    """A problem unless a state lists one seat per player."""
    if len(seats) != players:
        return [Problem(Check.seat_count, f"{players} players need {players} seats", "/seats")]
    return []


def seat_order_problems(seat: int, index: int) -> list[Problem]:
    """A problem unless the record listed at ``index`` of a state's seats is seat ``index``'s."""
    if seat != index:
        return [
            Problem(Check.seat_order, f"seats must be listed in order: expected seat {index}", f"/seats/{index}/seat")
        ]
    return []


@dataclass(frozen=True)
class SeatBase:
    """The fields every game's per-seat record starts with: the seat and the cards in its hand."""

    seat: Seat
    hand: Annotated[tuple[Card, ...], PACK_CARDS]


S = TypeVar("S", bound=StateBase)
Opts = TypeVar("Opts")
A = TypeVar("A", bound=ActionBase)


class Transition(NamedTuple, Generic[S]):
    """A new state and the events that led to it (a named pair: made once per action, cheaply)."""

    state: S
    events: tuple[Event, ...] = ()


class Dealt(NamedTuple):
    """The cards of a deal: each seat's hand, the rest of the deck (top first) and the dealing order."""

    hands: tuple[tuple[Card, ...], ...]
    rest: tuple[Card, ...]
    order: list[int]


def hide(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The same number of cards, every one hidden."""
    return (HIDDEN,) * len(cards)


def cards_problem(state_cards: Sequence[Card], pack: Sequence[Card], pointer: str) -> list[Problem]:
    """Card conservation: ``state_cards`` (every card the state holds) must be ``pack`` exactly."""
    problems = []
    seen: dict[Card, int] = {}
    for card in state_cards:
        seen[card] = seen.get(card, 0) + 1
    known = set(pack)
    extra = sorted(c for c in seen if c not in known)
    twice = sorted(c for c, n in seen.items() if n > 1 and c in known)
    missing = sorted(known - seen.keys())
    if extra:
        problems.append(Problem(Check.card_not_in_pack, f"cards not in this deal's pack: {extra}", pointer))
    if twice:
        problems.append(Problem(Check.duplicate_card, f"cards held more than once: {twice}", pointer))
    if missing:
        problems.append(Problem(Check.missing_card, f"cards of the pack that the state lacks: {missing}", pointer))
    return problems
