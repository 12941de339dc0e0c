"""Briscola chiamata, the five-player game (rules/briscola.md 3(b')).

"Före spelet bjuder en spelare om att nämna ett kort; den som har det är deras hemliga partner, och ingen
vet något förrän det dyker upp." All 40 cards are dealt, 8 each; an auction of ranks strictly downward, then
points after the Two; the winner ("chiamante") names a suit, which makes the called card and the trump; the
holder of the called card ("socio") is revealed only when it is played.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar, Literal

from service.rules.actions import ActionBase, Play
from service.rules.base import Event, LegalAction, Result, Transition, hide
from service.rules.bounds import Chips
from service.rules.briscola.cards import ORDER, TOTAL
from service.rules.briscola.common import (
    BriscolaCards,
)
from service.rules.briscola.events import CHIAMATA_EVENTS, ChiamataResult
from service.rules.briscola.options import ChiamataOptions
from service.rules.briscola.state import (
    AUCTION,
    CALL,
    CHIAMATA_PHASES,
    COMPLETE,
    PLAY,
    AuctionCall,
    BriscolaSeat,
    ChiamataState,
)
from service.rules.briscola.validate import BriscolaProblem, ChiamataProblem, chiamata_problems
from service.rules.cards import SUITS, Card, Suit
from service.rules.errors import CardError, Problem, excerpt
from service.rules.frozen import evolve
from service.rules.seats import next_seat
from service.rules.trick_game import TrickGame

BidRank = Literal["A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"]
"""A rank named in the auction, highest first (3(b')2), as a card code writes it."""
PLAYERS = 5
HAND_SIZE = 8
BASE_TARGET = 61
""""61 vinner": what the caller's side needs without a point bid."""


@dataclass(frozen=True)
class Bid(ActionBase, type="bid"):
    """An auction bid: a ``rank`` (strictly downward) or, after the Two, ``points``; exactly one of them."""

    exactly_one_of: ClassVar[tuple[str, ...]] = ("rank", "points")
    rank: BidRank | None = None
    points: Chips | None = None


@dataclass(frozen=True)
class Pass(ActionBase, type="pass"):
    """Leave the auction (final)."""


@dataclass(frozen=True)
class ChooseSuit(ActionBase, type="choose_suit"):
    """The auction's winner names the called card's suit (which is trump); with the ``points_only`` auction it
    names the ``rank`` too (BRI-A10; otherwise a rank, if given, must be the winning bid's)."""

    suit: Suit
    rank: BidRank | None = None


ChiamataAction = Bid | Pass | ChooseSuit | Play


@dataclass
class AuctionStatus:
    """Where an auction stands after its calls (replayed from the state's ``auction``)."""

    passed: set[int] = field(default_factory=set)
    high_rank: str | None = None
    high_points: int | None = None
    high_bidder: int | None = None
    next_to_speak: int | None = None
    over: bool = False


def multiplier(points_bid: int | None, options: ChiamataOptions) -> int:
    """Stakes multiplier of a point bid (BRI-A10 ``subito_al_due``: x2 from 71 ... x5 from 101)."""
    if options.score_multipliers != "subito_al_due" or points_bid is None:
        return 1
    return 1 + sum(1 for step in (71, 81, 91, 101) if points_bid >= step)


def stakes(taken: int, points_bid: int | None, options: ChiamataOptions) -> tuple[bool, int]:
    """Whether the caller's side made it with ``taken`` card points (the point bid, else "61 vinner"), and the units
    at stake: the bid's multiplier (BRI-A10), doubled for a cappotto (all 120 to one side) where the option says."""
    success = taken >= (points_bid if points_bid is not None else BASE_TARGET)
    units = multiplier(points_bid, options)
    if taken in (0, TOTAL) and options.cappotto_double:
        units *= 2
    return success, units


def settlement(caller: int, partner: int, success: bool, units: int, players: int = PLAYERS) -> list[int]:
    """Zero-sum payouts: caller +2, partner +1, each opponent -1 (alone +4 / -1 x4), negated on failure."""
    sign = 1 if success else -1
    out = [-sign * units] * players
    if partner == caller:
        out[caller] = sign * 4 * units
    else:
        out[caller] = sign * 2 * units
        out[partner] = sign * units
    return out


class BriscolaChiamata(BriscolaCards, TrickGame[ChiamataState, ChiamataOptions, ChiamataAction]):
    """Briscola chiamata: auction, a called card makes a secret partner, 8 tricks, zero-sum settlement."""

    id = "briscola-chiamata"
    name = "Briscola chiamata"
    min_players = PLAYERS
    max_players = PLAYERS
    phases = CHIAMATA_PHASES
    problem_codes = (BriscolaProblem, ChiamataProblem)
    refusal_codes = (
        "wrong_phase invalid_bid dealer_must_bid bid_not_lower points_before_two bid_out_of_range "
        "invalid_suit missing_rank invalid_rank card_not_in_hand"
    )
    replayed_refusals = (
        "invalid_bid",
        "dealer_must_bid",
        "unknown_action",
        "bid_not_lower",
        "points_before_two",
        "bid_out_of_range",
    )
    """The codes of :meth:`_call_problem`: what ``validate`` says of an auction call that was not legal."""
    most_calls = PLAYERS + len(ORDER) + TOTAL - BASE_TARGET + 1
    """The calls of the longest auction: each seat's pass (final) and each rank and point bid once (bids only
    go down the ranks, then up the points)."""
    hand_size = HAND_SIZE
    event_types = CHIAMATA_EVENTS
    result_type = ChiamataResult
    """``bid`` takes exactly one of ``rank`` or ``points`` (checked in :meth:`apply` too, code ``invalid_bid``)."""
    stock_field = None  # all 40 cards are dealt: nothing is drawn

    # -- deal --------------------------------------------------------------------------------------
    def deal_checked(
        self, players: int, dealer: int, options: ChiamataOptions, deck: Sequence[Card], carry: None = None
    ) -> Transition[ChiamataState]:
        """All 40 cards, 8 each from the dealer's right; no turn-up. The dealer's right speaks first."""
        hands, _, order = self.deal_cards(players, dealer, deck, HAND_SIZE)
        state = ChiamataState(
            **self.opening(players, dealer, AUCTION, order[0], options),
            seats=tuple(BriscolaSeat(seat, hands[seat], 0) for seat in range(players)),
            auction=(),
            caller=None,
            called_card=None,
            trump=None,
            partner=None,
            leader=None,
            trick=(),
            tricks=(),
        )
        return Transition(state, ({"type": "deal", "cards_each": HAND_SIZE, "first": order[0]},))

    # -- the auction -------------------------------------------------------------------------------
    def _call_problem(
        self, status: AuctionStatus, call: AuctionCall, players: int, dealer: int, options: ChiamataOptions
    ) -> tuple[str, str, str] | None:
        """Why ``call`` is not legal now (code, rule, message), or None."""
        if call.type == "pass":
            if call.rank is not None or call.points is not None:
                return "invalid_bid", "6", "a pass takes no rank or points"
            if (
                options.all_pass == "dealer_must_bid"
                and call.seat == dealer
                and status.high_bidder is None
                and len(status.passed) == players - 1
            ):
                return "dealer_must_bid", "BRI-A8", "everyone else has passed: the dealer must bid"
            return None
        if call.type != "bid":
            return "unknown_action", "flow", f"'{call.type}' is not an auction call"
        if (call.rank is None) == (call.points is None):
            return "invalid_bid", "3(b')2", "a bid names exactly one of a rank or a number of points"
        if call.rank is not None:
            if options.auction == "points_only":
                return "invalid_bid", "BRI-A10", "the points_only auction takes point bids only"
            if len(call.rank) != 1 or call.rank not in ORDER:
                return "invalid_bid", "3(b')2", f"{excerpt(call.rank)} is not a rank: one of {' '.join(ORDER)}"
            if status.high_points is not None or status.high_rank == "2":
                return "bid_not_lower", "3(b')2", "after the Two only point bids remain"
            if status.high_rank is not None and ORDER.index(call.rank) <= ORDER.index(status.high_rank):
                return (
                    "bid_not_lower",
                    "3(b')2",
                    f"a rank bid must be strictly lower than {status.high_rank} (order {' '.join(ORDER)})",
                )
            return None
        points = call.points
        assert points is not None
        if options.auction == "rank_then_points" and status.high_rank != "2":
            return "points_before_two", "3(b')2", "point bids come only after someone has bid the Two"
        low = options.points_min if status.high_points is None else max(options.points_min, status.high_points + 1)
        if not low <= points <= TOTAL:
            below_min = status.high_points is None and BASE_TARGET <= points < options.points_min
            rule = "BRI-A10" if below_min else "3(b')2"  # the table's own lowest bid, points_min
            return "bid_out_of_range", rule, f"a point bid must be from {low} to {TOTAL}"
        return None

    def _replay(
        self, calls: Sequence[AuctionCall], players: int, dealer: int, options: ChiamataOptions
    ) -> tuple[AuctionStatus, list[Problem]]:
        """The auction's standing after ``calls``, and a problem for each call that was not legal."""
        status = AuctionStatus(next_to_speak=next_seat(dealer, players))
        problems: list[Problem] = []
        for i, call in enumerate(calls):
            where = f"/auction/{i}"
            if status.over:
                problems.append(Problem("auction_over", "the auction was over before this call", where))
                break
            if call.seat != status.next_to_speak:
                problems.append(Problem("auction_turn", f"seat {status.next_to_speak} speaks here", where + "/seat"))
                break
            why = self._call_problem(status, call, players, dealer, options)
            if why is not None:
                problems.append(Problem(why[0], why[2], where))
                break
            self._advance(status, call, players)
        return status, problems

    def _advance(self, status: AuctionStatus, call: AuctionCall, players: int) -> None:
        if call.type == "pass":
            status.passed.add(call.seat)  # "pass is final"
        else:
            status.high_bidder = call.seat
            if call.rank is not None:
                status.high_rank = call.rank
            else:
                status.high_points = call.points
        live = [s for s in range(players) if s not in status.passed]
        if not live or (status.high_bidder is not None and live == [status.high_bidder]) or status.high_points == TOTAL:
            status.over, status.next_to_speak = True, None
            return
        status.next_to_speak = next(
            (call.seat + k) % players for k in range(1, players + 1) if (call.seat + k) % players in live
        )

    def _status(self, state: ChiamataState) -> AuctionStatus:
        return self._replay(state.auction, state.players, state.dealer, state.options)[0]

    def point_bid(self, state: ChiamataState) -> int | None:
        """The auction's winning point bid, or None where a rank won it (or nobody bid): remembered by auction, as
        a suggestion's rollouts all end the same deal's auction (:func:`stakes` reads it)."""
        return _point_bid(self, state.auction, state.players, state.dealer, state.options)

    # -- legal actions -----------------------------------------------------------------------------
    def legal_actions(self, state: ChiamataState) -> list[LegalAction]:
        seat = state.to_act
        if seat is None:
            return []
        if state.phase == AUCTION:
            return self._auction_actions(state, seat)
        if state.phase == CALL:
            if state.options.auction == "points_only":
                return [{"seat": seat, "type": "choose_suit", "suit": s, "rank": r} for s in SUITS for r in ORDER]
            return [{"seat": seat, "type": "choose_suit", "suit": s} for s in SUITS]
        if state.phase == PLAY:
            return [{"seat": seat, "type": "play", "card": c} for c in state.seats[seat].hand]
        return []

    def _auction_actions(self, state: ChiamataState, seat: int) -> list[LegalAction]:
        status = self._status(state)
        opts = state.options
        candidates = [AuctionCall(seat, "pass", None, None)]
        candidates += [AuctionCall(seat, "bid", r, None) for r in ORDER]
        candidates += [AuctionCall(seat, "bid", None, n) for n in range(opts.points_min, TOTAL + 1)]
        out: list[LegalAction] = []
        for call in candidates:
            if self._call_problem(status, call, state.players, state.dealer, opts) is None:
                entry: LegalAction = {"seat": seat, "type": call.type}
                if call.rank is not None:
                    entry["rank"] = call.rank
                if call.points is not None:
                    entry["points"] = call.points
                out.append(entry)
        return out

    # -- apply -------------------------------------------------------------------------------------
    def apply(self, state: ChiamataState, action: ChiamataAction) -> Transition[ChiamataState]:
        self.check_turn(state, action)
        kind = action.type
        expected = {AUCTION: ("bid", "pass"), CALL: ("choose_suit",), PLAY: ("play",)}.get(state.phase, ())
        if kind not in expected:
            raise self.illegal(state, "wrong_phase", "3(b')", f"'{kind}' is not possible in the {state.phase} phase")
        if isinstance(action, Bid | Pass):
            return self._bid(state, action)
        if isinstance(action, ChooseSuit):
            return self._choose(state, action)
        return self._play(state, action)

    def _bid(self, state: ChiamataState, action: Bid | Pass) -> Transition[ChiamataState]:
        if isinstance(action, Pass):
            call = AuctionCall(action.seat, action.type, None, None)
        else:
            rank_bid = action.rank.strip().upper() if isinstance(action.rank, str) else None
            call = AuctionCall(action.seat, action.type, rank_bid, action.points)
        status = self._status(state)
        why = self._call_problem(status, call, state.players, state.dealer, state.options)
        if why is not None:
            raise self.illegal(state, *why)
        self._advance(status, call, state.players)
        event: Event = {"type": call.type, "seat": call.seat}
        if call.rank is not None:
            event["rank"] = call.rank
        if call.points is not None:
            event["points"] = call.points
        events: list[Event] = [event]
        after = dataclasses.replace(state, auction=(*state.auction, call), to_act=status.next_to_speak)
        if not status.over:
            return Transition(after, tuple(events))
        if status.high_bidder is None:  # BRI-A8: all five passed, the deal is thrown in
            events.append({"type": "thrown_in", "next_dealer": next_seat(state.dealer, state.players)})
            return Transition(dataclasses.replace(after, phase=COMPLETE, to_act=None), tuple(events))
        events.append(
            {
                "type": "auction_won",
                "seat": status.high_bidder,
                "rank": status.high_rank,
                "points": status.high_points,
            }
        )
        return Transition(
            dataclasses.replace(after, phase=CALL, to_act=status.high_bidder, caller=status.high_bidder),
            tuple(events),
        )

    def _choose(self, state: ChiamataState, action: ChooseSuit) -> Transition[ChiamataState]:
        try:
            trump = self.parse_suit(action.suit)
        except CardError as error:
            raise self.illegal(state, "invalid_suit", "3(b')3", str(error)) from error
        if state.options.auction == "points_only":  # BRI-A10: the winner names any card
            called_rank = action.rank.strip().upper() if isinstance(action.rank, str) else ""
            if len(called_rank) != 1 or called_rank not in ORDER:
                raise self.illegal(
                    state,
                    "missing_rank",
                    "BRI-A10",
                    "with the points_only auction, choose_suit names a rank too",
                )
        else:
            called_rank = self._status(state).high_rank or "2"
            if action.rank is not None and action.rank.strip().upper() != called_rank:
                raise self.illegal(
                    state,
                    "invalid_rank",
                    "3(b')3",
                    f"the called card's rank is the winning bid's, {called_rank}",
                )
        called = called_rank + trump
        first = (
            action.seat if state.options.chiamata_first_lead == "caller" else next_seat(state.dealer, state.players)
        )  # BRI-A9; the seat to act in the call phase is the caller
        after = dataclasses.replace(state, phase=PLAY, called_card=called, trump=trump, leader=first, to_act=first)
        return Transition(after, ({"type": "call", "seat": action.seat, "card": called, "trump": trump},))

    def _play(self, state: ChiamataState, action: Play) -> Transition[ChiamataState]:
        seat, card = action.seat, action.card
        hand = state.seats[seat].hand
        if card not in hand:
            raise self.illegal(state, "card_not_in_hand", "3(b')4", f"seat {seat} does not hold {card}")
        if card != state.called_card:
            return self.play_to_trick(state, seat, card)
        revealed: Event = {"type": "partner_revealed", "seat": seat, "alone": seat == state.caller}
        return self.play_to_trick(state, seat, card, [revealed], partner=seat)  # "ingen vet något förrän det dyker upp"

    # -- result ------------------------------------------------------------------------------------
    def result(self, state: ChiamataState) -> Result | None:
        """Zero-sum settlement (3(b')5): +2/+1/-1 each, alone +4/-1 each, reversed on failure; BRI-A10."""
        if state.phase != COMPLETE:
            return None
        points = [s.points for s in state.seats]
        if state.caller is None:
            return {  # BRI-A8: thrown in, "the deal passes to the next dealer" (the dealer's right)
                "winners": [],
                "payouts": [0] * state.players,
                "points": points,
                "reason": "thrown_in",
                "next_dealer": next_seat(state.dealer, state.players),
            }
        status = self._status(state)
        caller = state.caller
        partner = state.partner if state.partner is not None else caller
        side = sorted({caller, partner})
        others = [s for s in range(state.players) if s not in side]
        taken = sum(points[s] for s in side)
        target = status.high_points if status.high_points is not None else BASE_TARGET
        success, units = stakes(taken, status.high_points, state.options)
        cappotto = taken in (0, TOTAL)
        return {
            "winners": side if success else others,
            "payouts": settlement(caller, partner, success, units, state.players),
            "points": points,
            "teams": [side, others],
            "team_points": [taken, TOTAL - taken],
            "reason": "points",
            "caller": caller,
            "partner": partner,
            "alone": partner == caller,
            "called_card": state.called_card,
            "target": target,
            "made": success,
            "multiplier": units,
            "cappotto": cappotto,
        }

    # -- validate and view -------------------------------------------------------------------------
    def _played_called_by(self, state: ChiamataState) -> int | None:
        """The seat that played the called card, or None while it is unplayed."""
        for t in state.tricks:
            for k, card in enumerate(t.cards):
                if card == state.called_card:
                    return (t.leader + k) % state.players
        if state.leader is not None:
            for k, card in enumerate(state.trick):
                if card == state.called_card:
                    return (state.leader + k) % state.players
        return None

    def check_state(self, state: ChiamataState) -> list[Problem]:
        return chiamata_problems(self, state)

    def view(self, state: ChiamataState, seat: int) -> ChiamataState:
        """Others' hands are hidden. The partner is None in every view until the called card is played."""
        seats = tuple(s if s.seat == seat else evolve(s, {"hand": hide(s.hand)}) for s in state.seats)
        return dataclasses.replace(state, seats=seats)


@lru_cache(maxsize=256)
def _point_bid(
    game: BriscolaChiamata, auction: tuple[AuctionCall, ...], players: int, dealer: int, options: ChiamataOptions
) -> int | None:
    return game._replay(auction, players, dealer, options)[0].high_points
