"""The checks every trick-taking game makes of its table: every card of the pack exactly once, the trump and
the turn-up, and the deal's finished tricks (each holds one card per player, is led by the winner of the trick
before, the first by the deal's first leader, and records the seat whose card wins it and its card points)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from service.rules.cards import HIDDEN, SUITS, Card, suit
from service.rules.errors import Problem
from service.rules.seen import UNSEEN_TRUMP, table_cards_problem
from service.rules.trick_replay import HoldsCards
from service.rules.tricks import Trick

Scorer = Callable[[str, Sequence[Card]], tuple[int, int]]
"""A game's trick scorer: from the trump suit and the cards in play order, the index of the winning card and
the trick's card points."""


@dataclass(frozen=True)
class TrickCodes:
    """A game's problem codes for its finished tricks and its messages for them, format strings over ``k``
    (the trick's index), ``seat`` (the seat that should lead or win it), ``points`` and ``players``;
    ``size_at`` is the pointer of a trick of the wrong size below the trick's own."""

    size: str
    leader: str
    winner: str
    points: str
    size_text: str = "a trick holds one card per player ({players})"
    size_at: str = "/cards"
    leader_text: str = "trick {k} is led by the last trick's winner, seat {seat}"
    winner_text: str = "trick {k} is won by seat {seat}"
    points_text: str = "trick {k} is worth {points} points"


def trick_history_problems(
    tricks: Sequence[Trick],
    trump: str,
    players: int,
    first_leader: int,
    pack: Collection[Card],
    score: Scorer,
    codes: TrickCodes,
) -> list[Problem]:
    """Every problem of the finished ``tricks``: a trick of the wrong size, one not led by the winner it
    names for the trick before, a wrong winner or wrong points. A trick with a card not of ``pack`` or a
    leader not at the table is not scored, and with a ``trump`` that is not a suit only its points are."""
    problems: list[Problem] = []
    expected_leader = first_leader
    for k, trick in enumerate(tricks):
        where = f"/tricks/{k}"
        if len(trick.cards) != players:
            problems.append(Problem(codes.size, codes.size_text.format(players=players), where + codes.size_at))
        elif trick.leader != expected_leader:
            problems.append(
                Problem(codes.leader, codes.leader_text.format(k=k, seat=expected_leader), where + "/leader")
            )
        if len(trick.cards) == players and 0 <= trick.leader < players and all(c in pack for c in trick.cards):
            index, points = score(trump, trick.cards)
            winner = (trick.leader + index) % players
            if trump in SUITS and trick.winner != winner:
                problems.append(Problem(codes.winner, codes.winner_text.format(k=k, seat=winner), where + "/winner"))
            if trick.points != points:
                problems.append(Problem(codes.points, codes.points_text.format(k=k, points=points), where + "/points"))
        expected_leader = trick.winner
    return problems


def table_cards_problems(
    stock: Sequence[Card],
    trick: Sequence[Card],
    seats: Sequence[HoldsCards],
    tricks: Sequence[Trick],
    pack: Sequence[Card],
) -> list[Problem]:
    """Card conservation: the cards in no hand (the ``stock`` or talon, the ``trick`` in progress), every hand and
    every finished trick hold ``pack`` exactly, a card nobody saw (``"??"``, a table deal's: docs/api.md 18) standing
    for any card not seen; a card played was seen."""
    every: list[Card] = [*stock, *trick]
    for s in seats:
        every.extend(s.hand)
    for t in tricks:
        every.extend(t.cards)
    problems = table_cards_problem(every, pack, "/seats")
    if HIDDEN in trick or any(HIDDEN in t.cards for t in tricks):
        problems.append(Problem("card_not_in_pack", "a card played was seen: a trick holds no '??'", "/tricks"))
    return problems


def turn_up_problems(
    trump: str, turn_up: Card, pack: Collection[Card], trump_code: str, turn_up_code: str
) -> list[Problem]:
    """The trump is a suit, and the turn-up a card of the pack in that suit; or both unknown, a turn-up nobody saw
    (``"??"``, its trump ``"?"``: docs/api.md 18)."""
    if turn_up == HIDDEN and trump == UNSEEN_TRUMP:
        return []
    if trump not in SUITS:
        return [Problem(trump_code, "trump is a suit: S, H, D or C", "/trump")]
    if turn_up not in pack or suit(turn_up) != trump:
        return [Problem(turn_up_code, "the turn-up is a card of the pack in the trump suit", "/turn_up")]
    return []
