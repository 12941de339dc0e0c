"""Consistency checks of Briscola and Briscola chiamata states (``states/validate``, and every request that carries
a state)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from service.rules.base import Check, seat_count_problems, seat_order_problems
from service.rules.briscola.cards import PACK, winner_and_points
from service.rules.briscola.common import face_up_reachable
from service.rules.briscola.state import (
    AUCTION,
    CALL,
    CHIAMATA_PHASES,
    COMPLETE,
    PHASES,
    PLAY,
    BriscolaSeat,
    BriscolaState,
    ChiamataState,
)
from service.rules.cards import SUITS, Card, rank, suit
from service.rules.errors import Problem
from service.rules.seats import next_seat
from service.rules.trick_history import TrickCodes, table_cards_problems, trick_history_problems, turn_up_problems
from service.rules.tricks import Trick

if TYPE_CHECKING:
    from service.rules.briscola.chiamata import AuctionStatus, BriscolaChiamata
    from service.rules.briscola.game import Briscola


BriscolaProblem = StrEnum(
    "BriscolaProblem",
    ("points trick_size trick_leader trick_winner trick_points tricks trump leader phase turn"),
)
"""The problem codes of a Briscola or Briscola chiamata state, besides those every game shares (:class:`Check`)."""

StockProblem = StrEnum("StockProblem", "turn_up stock_size")
"""The problem codes of a Briscola state's turn-up and stock (Briscola chiamata deals all 40 cards: it has
neither)."""

TRICK_CODES = TrickCodes(
    BriscolaProblem.trick_size, BriscolaProblem.trick_leader, BriscolaProblem.trick_winner, BriscolaProblem.trick_points
)
"""How a Briscola or Briscola chiamata state's finished tricks are judged wrong."""


def check_seats(seats: Sequence[BriscolaSeat], players: int) -> list[Problem]:
    """Seat count and order."""
    if len(seats) != players:
        return seat_count_problems(seats, players)
    return [problem for i, seat in enumerate(seats) for problem in seat_order_problems(seat.seat, i)]


def check_points(seats: Sequence[BriscolaSeat], tricks: Sequence[Trick]) -> list[Problem]:
    """Each seat's points are the points of the tricks it won."""
    problems = []
    for seat in seats:
        won = sum(t.points for t in tricks if t.winner == seat.seat)
        if seat.points != won:
            problems.append(
                Problem(
                    BriscolaProblem.points,
                    f"seat {seat.seat} took {won} points in tricks",
                    f"/seats/{seat.seat}/points",
                )
            )
    return problems


def current_trick_problems(
    hands: Sequence[Sequence[Card]], leader: int, trick: Sequence[Card], held: int, players: int
) -> list[Problem]:
    """Hand sizes: ``held`` each at the start of the trick, one fewer for those who have played to it."""
    problems = []
    played = {(leader + k) % players for k in range(len(trick))}
    for seat, hand in enumerate(hands):
        expected = held - (1 if seat in played else 0)
        if len(hand) != expected:
            problems.append(
                Problem(Check.hand_size, f"seat {seat} should hold {expected} cards", f"/seats/{seat}/hand")
            )
    return problems


def briscola_problems(game: Briscola, state: BriscolaState) -> list[Problem]:
    """Every inconsistency of a Briscola state whose table holds: seats, cards, the turn-up, tricks, the turn."""
    n = state.players
    problems = check_seats(state.seats, n)
    if problems:
        return problems
    pack = game.pack(n, state.options)
    problems.extend(table_cards_problems(state.stock, state.trick, state.seats, state.tricks, pack))
    # a wrong trump is reported and the checks go on: the sizes and the turn do not depend on it
    problems.extend(turn_up_problems(state.trump, state.turn_up, pack, BriscolaProblem.trump, StockProblem.turn_up))
    if state.stock and state.stock[-1] in pack and state.turn_up in pack:
        face_up = state.stock[-1]
        if not face_up_reachable(state.turn_up, face_up, state.options.turnup_exchange):
            problems.append(
                Problem(
                    StockProblem.turn_up,
                    "the stock's last card is the turn-up"
                    if state.options.turnup_exchange == "none"
                    else "the stock's last card is the turn-up or a trump exchanged for it (BRI-A5)",
                    "/stock",
                )
            )
    first = next_seat(state.dealer, n)
    problems.extend(trick_history_problems(state.tricks, state.trump, n, first, pack, winner_and_points, TRICK_CODES))
    problems.extend(check_points(state.seats, state.tricks))
    total_tricks = len(pack) // n
    played = len(state.tricks)
    if played > total_tricks:
        problems.append(Problem(BriscolaProblem.tricks, f"a deal has {total_tricks} tricks", "/tricks"))
        return problems
    stock_size = max(0, len(pack) - game.hand_size * n - played * n)
    if len(state.stock) != stock_size:
        problems.append(
            Problem(StockProblem.stock_size, f"after {played} tricks the stock holds {stock_size} cards", "/stock")
        )
    expected_leader = state.tricks[-1].winner if state.tricks else first
    if state.leader != expected_leader:
        problems.append(Problem(BriscolaProblem.leader, f"seat {expected_leader} leads this trick", "/leader"))
    if not 0 <= state.leader < n or len(state.trick) >= n:
        problems.append(
            Problem(BriscolaProblem.trick_size, f"a trick in progress holds fewer than {n} cards", "/trick")
        )
        return problems
    held = min(game.hand_size, (len(pack) - played * n) // n)
    problems.extend(current_trick_problems([s.hand for s in state.seats], state.leader, state.trick, held, n))
    if state.phase not in PHASES:
        problems.append(Problem(BriscolaProblem.phase, f"phase must be one of {list(PHASES)}", "/phase"))
    elif played == total_tricks:
        if state.phase != COMPLETE:
            problems.append(
                Problem(BriscolaProblem.phase, "every trick has been played: the deal is complete", "/phase")
            )
        if state.to_act is not None:
            problems.append(Problem(BriscolaProblem.turn, "nobody acts once the deal is complete", "/to_act"))
    else:
        if state.phase != PLAY:
            problems.append(Problem(BriscolaProblem.phase, "tricks remain to be played", "/phase"))
        turn = (state.leader + len(state.trick)) % n
        if state.to_act != turn:
            problems.append(Problem(BriscolaProblem.turn, f"it is seat {turn}'s turn", "/to_act"))
    return problems


def chiamata_problems(game: BriscolaChiamata, state: ChiamataState) -> list[Problem]:
    """Every inconsistency of a Briscola chiamata state whose table holds: seats, cards, the auction, the call,
    tricks, the partner, the turn."""
    n = state.players
    problems = check_seats(state.seats, n)
    if problems:
        return problems
    problems.extend(table_cards_problems((), state.trick, state.seats, state.tricks, PACK))
    if state.phase not in CHIAMATA_PHASES:
        problems.append(Problem(BriscolaProblem.phase, f"phase must be one of {list(CHIAMATA_PHASES)}", "/phase"))
        return problems
    status, auction_problems = game._replay(state.auction, n, state.dealer, state.options)
    problems.extend(auction_problems)
    if auction_problems:
        return problems
    if not status.over or status.high_bidder is None:
        problems.extend(_before_play_problems(game, state, status))
        return problems
    if state.caller != status.high_bidder:
        problems.append(Problem(ChiamataProblem.caller, f"seat {status.high_bidder} won the auction", "/caller"))
    if state.called_card is None:
        problems.extend(_before_play_problems(game, state, status))
        return problems
    problems.extend(_play_problems(game, state, status))
    return problems


def _before_play_problems(game: BriscolaChiamata, state: ChiamataState, status: AuctionStatus) -> list[Problem]:
    """Auction, call phase or a thrown-in deal: nothing played, 8 cards each, no trump yet."""
    problems = []
    if not status.over:
        phase, to_act = AUCTION, status.next_to_speak
    elif status.high_bidder is None:
        phase, to_act = COMPLETE, None
    else:
        phase, to_act = CALL, status.high_bidder
    if state.phase != phase:
        problems.append(Problem(BriscolaProblem.phase, f"after this auction the phase is {phase}", "/phase"))
    if state.to_act != to_act:
        problems.append(Problem(BriscolaProblem.turn, f"to_act must be {to_act}", "/to_act"))
    if phase != CALL and state.caller is not None:
        problems.append(Problem(ChiamataProblem.caller, "nobody has won the auction", "/caller"))
    for name in ("called_card", "trump", "partner", "leader"):
        if getattr(state, name) is not None:
            problems.append(Problem(name, f"{name} is set only once a card is called", f"/{name}"))
    if state.trick or state.tricks:
        problems.append(Problem(BriscolaProblem.tricks, "no card is played before the call", "/tricks"))
    problems.extend(current_trick_problems([s.hand for s in state.seats], 0, (), game.hand_size, state.players))
    if any(s.points for s in state.seats):
        problems.append(Problem(BriscolaProblem.points, "no points are taken before play", "/seats"))
    return problems


def _play_problems(game: BriscolaChiamata, state: ChiamataState, status: AuctionStatus) -> list[Problem]:
    problems: list[Problem] = []
    n = state.players
    called, trump = state.called_card, state.trump
    if called is None or trump is None or called not in PACK or trump not in SUITS or suit(called) != trump:
        problems.append(
            Problem(ChiamataProblem.called_card, "the called card is a card of the trump suit", "/called_card")
        )
        return problems
    if state.options.auction == "rank_then_points" and rank(called) != (status.high_rank or "2"):
        problems.append(
            Problem(ChiamataProblem.called_card, "the called card has the winning bid's rank", "/called_card")
        )
    caller = status.high_bidder if status.high_bidder is not None else 0
    first = caller if state.options.chiamata_first_lead == "caller" else next_seat(state.dealer, n)
    problems.extend(trick_history_problems(state.tricks, trump, n, first, PACK, winner_and_points, TRICK_CODES))
    problems.extend(check_points(state.seats, state.tricks))
    played = len(state.tricks)
    if played > game.hand_size:
        problems.append(Problem(BriscolaProblem.tricks, f"a deal has {game.hand_size} tricks", "/tricks"))
        return problems
    expected_leader = state.tricks[-1].winner if state.tricks else first
    if state.leader != expected_leader:
        problems.append(Problem(BriscolaProblem.leader, f"seat {expected_leader} leads this trick", "/leader"))
        return problems
    if len(state.trick) >= n:
        problems.append(
            Problem(BriscolaProblem.trick_size, f"a trick in progress holds fewer than {n} cards", "/trick")
        )
        return problems
    problems.extend(
        current_trick_problems([s.hand for s in state.seats], expected_leader, state.trick, game.hand_size - played, n)
    )
    holder = game._played_called_by(state)
    if state.partner != holder:
        problems.append(
            Problem(
                ChiamataProblem.partner, "the partner is known exactly when the called card has been played", "/partner"
            )
        )
    if played == game.hand_size:
        if state.phase != COMPLETE or state.to_act is not None:
            problems.append(
                Problem(BriscolaProblem.phase, "every trick has been played: the deal is complete", "/phase")
            )
    else:
        if state.phase != PLAY:
            problems.append(Problem(BriscolaProblem.phase, "tricks remain to be played", "/phase"))
        turn = (expected_leader + len(state.trick)) % n
        if state.to_act != turn:
            problems.append(Problem(BriscolaProblem.turn, f"it is seat {turn}'s turn", "/to_act"))
    return problems


ChiamataProblem = StrEnum("ChiamataProblem", "auction_over auction_turn caller called_card partner")
"""The problem codes of a Briscola chiamata state besides :class:`BriscolaProblem` and :class:`Check` (and
    the codes of an auction call that was not legal, such as ``bid_not_lower``)."""
