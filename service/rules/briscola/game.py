"""Plain Briscola (2, 3, 4 or 6 players) as a :class:`~service.rules.trick_game.TrickGame` (rules/briscola.md)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from service.rules.actions import ActionBase, Play
from service.rules.base import Event, LegalAction, Result, Transition, hide
from service.rules.briscola.cards import PACK
from service.rules.briscola.common import (
    HIGH_TURN_UPS,
    BriscolaCards,
    face_up_reachable,
)
from service.rules.briscola.events import BRISCOLA_EVENTS, BriscolaResult
from service.rules.briscola.options import BriscolaOptions
from service.rules.briscola.state import COMPLETE, PHASES, PLAY, BriscolaCarry, BriscolaSeat, BriscolaState
from service.rules.briscola.validate import BriscolaProblem, StockProblem, briscola_problems
from service.rules.cards import Card, rank, suit
from service.rules.errors import CardError, Problem
from service.rules.frozen import build, evolve
from service.rules.seats import replace_seat
from service.rules.seen import trump_unseen, turn_up_event, turn_up_unseen
from service.rules.trick_game import TrickGame
from service.rules.tricks import side_of, side_points

HAND_SIZE = 3
""""Tre kort var" (three cards each)."""


@dataclass(frozen=True)
class ExchangeTurnup(ActionBase, type="exchange_turnup"):
    """Take the face-up trump for the card that may exchange it (BRI-A5 ``turnup_exchange``)."""


BriscolaAction = Play | ExchangeTurnup


def sides(players: int, options: BriscolaOptions) -> tuple[tuple[int, ...], ...]:
    """The sides of a deal: 4 players 0+2 v 1+3; 6 players 2x3 alternating (BRI-A3); else each alone."""
    if players == 4:
        return ((0, 2), (1, 3))
    if players == 6:
        if options.six_player_teams == "3x2":
            return ((0, 3), (1, 4), (2, 5))
        return ((0, 2, 4), (1, 3, 5))
    return _alone(players)


@cache
def _alone(players: int) -> tuple[tuple[int, ...], ...]:
    """Each seat a side of its own."""
    return tuple((seat,) for seat in range(players))


def _wanted(state: BriscolaState) -> Card | None:
    """The trump that may take the face-up turn-up now (BRI-A5), whoever holds it, or None."""
    mode = state.options.turnup_exchange
    if mode == "none" or not state.stock:
        return None
    face_up = state.stock[-1]
    if mode == "two":
        wanted = "2" + state.trump
    elif rank(face_up) in HIGH_TURN_UPS:
        wanted = "7" + state.trump
    elif rank(face_up) == "7":
        wanted = "2" + state.trump
    else:
        return None
    return wanted if wanted != face_up else None


@cache
def _fresh_carry(count: int) -> BriscolaCarry:
    """A first deal's carry: no deal won yet by any of ``count`` sides (immutable: one for every deal)."""
    return BriscolaCarry((0,) * count)


MatchProblem = StrEnum("MatchProblem", "invalid_carry match_over")
"""The problem codes of the match score a Briscola deal carries in (BRI-A12)."""


def match_problems(players: int, options: BriscolaOptions, carry: BriscolaCarry) -> list[Problem]:
    """Problems with the match score a deal carries in (BRI-A12)."""
    score, pointer = carry.match_score, "/carry/match_score"
    count = len(sides(players, options))
    if score and len(score) != count:
        message = f"match_score holds one number per side ({count}), or none"
        return [Problem(MatchProblem.invalid_carry, message, pointer)]
    if any(s >= options.deals_to_win for s in score):
        return [Problem(MatchProblem.match_over, f"a side has already won {options.deals_to_win} deals", pointer)]
    return []


class Briscola(BriscolaCards, TrickGame[BriscolaState, BriscolaOptions, BriscolaAction]):
    """Briscola: no obligation to follow, the turn-up's suit is trump, the winner draws first; 61 wins."""

    id = "briscola"
    name = "Briscola"
    min_players = 2
    max_players = 6
    phases = PHASES
    problem_codes = (BriscolaProblem, StockProblem, MatchProblem)
    refusal_codes = "card_not_in_hand exchange_not_allowed"
    unseen_events = {"turn_up": ("card", "trump")}  # a turn-up nobody saw (docs/api.md 18)
    hand_size = HAND_SIZE
    event_types = BRISCOLA_EVENTS
    result_type = BriscolaResult

    match_end = (MatchProblem.match_over, "BRI-A12")

    def match_winners(self, result: Result) -> list[int] | None:
        """The winning side, once it has won ``deals_to_win`` deals (BRI-A12)."""
        match = result["match"]
        return list(match["winners"]) if match["over"] else None

    # -- cards and options -------------------------------------------------------------------------
    pack_options = ("three_player_removed",)

    def pack(self, players: int, options: BriscolaOptions) -> tuple[Card, ...]:
        """40 cards; 3 players without 2C (BRI-A1: or the chosen card, or every two); 6 without the twos."""
        if players == 3:
            if options.three_player_removed == "all_twos":
                return tuple(c for c in PACK if rank(c) != "2")
            return tuple(c for c in PACK if c != options.three_player_removed)
        if players == 6:
            return tuple(c for c in PACK if rank(c) != "2")
        return PACK

    def options(self, raw: Mapping[str, Any] | None, pointer: str = "/options") -> BriscolaOptions:
        """As :meth:`Game.options`, also taking ``three_player_removed`` in any card notation ("2♣")."""
        if isinstance(raw, Mapping) and isinstance(raw.get("three_player_removed"), str):
            value = raw["three_player_removed"]
            if value != "all_twos":
                with contextlib.suppress(CardError):  # else build_options rejects it, listing the allowed
                    raw = {**raw, "three_player_removed": self.parse_card(value)}
        return super().options(raw, pointer)

    players_note = "five play Briscola chiamata (briscola-chiamata)"

    def player_counts(self) -> tuple[int, ...]:
        return (2, 3, 4, 6)

    def check_table(self, players: int, dealer: int, options: BriscolaOptions) -> list[Problem]:
        problems = super().check_table(players, dealer, options)
        if players == 5:
            problems.append(
                Problem("invalid_players", "five players play Briscola chiamata (briscola-chiamata)", "/players")
            )
        return problems

    def check_carry(self, players: int, options: BriscolaOptions, carry: BriscolaCarry | None) -> list[Problem]:
        return match_problems(players, options, carry or BriscolaCarry())

    # -- deal --------------------------------------------------------------------------------------
    def deal_checked(
        self,
        players: int,
        dealer: int,
        options: BriscolaOptions,
        deck: Sequence[Card],
        carry: BriscolaCarry | None = None,
    ) -> Transition[BriscolaState]:
        """Three each from the dealer's right; the next card is turned up and becomes the stock's last."""
        if carry is None or not carry.match_score:  # a first deal: no deal won yet by any side
            carry = _fresh_carry(len(sides(players, options)))
        hands, rest, order = self.deal_cards(players, dealer, deck, HAND_SIZE)
        turn_up = rest[0]
        stock = (*rest[1:], turn_up)
        state = build(
            BriscolaState,
            self.opening(players, dealer, PLAY, order[0], options, carry)
            | {
                "seats": tuple(
                    [build(BriscolaSeat, {"seat": s, "hand": hands[s], "points": 0}) for s in range(players)]
                ),
                "trump": suit(turn_up),
                "turn_up": turn_up,
                "stock": stock,
                "leader": order[0],
                "trick": (),
                "tricks": (),
            },
        )
        events: tuple[Event, ...] = (
            {"type": "deal", "cards_each": HAND_SIZE, "first": order[0]},
            turn_up_event(turn_up),
        )
        return Transition(state, events)

    # -- legal actions -----------------------------------------------------------------------------
    def _exchange_card(self, state: BriscolaState, seat: int) -> Card | None:
        """The card ``seat`` may swap for the face-up turn-up now (BRI-A5), or None."""
        wanted = _wanted(state)
        return wanted if wanted is not None and wanted in state.seats[seat].hand else None

    def shown_cards(self, state: BriscolaState, action: BriscolaAction) -> list[tuple[int, Card]]:
        """The card a play shows, or the trump an exchange of the turn-up gives (docs/api.md 18)."""
        if isinstance(action, ExchangeTurnup):
            wanted = _wanted(state)
            return [] if wanted is None else [(action.seat, wanted)]
        return [(action.seat, action.card)]

    def legal_actions(self, state: BriscolaState) -> list[LegalAction]:
        seat = state.to_act
        if seat is None or state.phase != PLAY:
            return []
        actions: list[LegalAction] = [
            {"seat": seat, "type": "play", "card": card} for card in state.seats[seat].hand
        ]  # "Du får lägga absolut vilket kort som helst"
        if self._exchange_card(state, seat) is not None:
            actions.append({"seat": seat, "type": "exchange_turnup"})
        return actions

    # -- apply -------------------------------------------------------------------------------------
    def plays_freely(self, state: BriscolaState) -> bool:
        """In the play, always: "Du får lägga absolut vilket kort som helst" (any card at all may be played)."""
        return state.phase == PLAY

    def apply(self, state: BriscolaState, action: BriscolaAction) -> Transition[BriscolaState]:
        self.check_turn(state, action)
        seat = action.seat
        if state.phase != PLAY:
            raise self.illegal(state, "deal_over", "flow", "the deal is over: no action is legal")
        if isinstance(action, ExchangeTurnup):
            if trump_unseen(state) and state.options.turnup_exchange != "none":  # docs/api.md 18
                raise turn_up_unseen("the trump decides which card may take the turn-up")
            return self._exchange(state, seat)
        if action.card not in state.seats[seat].hand:
            raise self.illegal(state, "card_not_in_hand", "3(b)4", f"seat {seat} does not hold {action.card}")
        return self.play_to_trick(state, seat, action.card)

    def _exchange(self, state: BriscolaState, seat: int) -> Transition[BriscolaState]:
        mine = self._exchange_card(state, seat)
        if mine is None:
            raise self.illegal(
                state,
                "exchange_not_allowed",
                "BRI-A5",
                "no exchange of the turn-up is possible for this seat now"
                if state.options.turnup_exchange != "none"
                else "the turn-up may not be exchanged (BRI-A5 default)",
            )
        face_up = state.stock[-1]
        hand = tuple(face_up if c == mine else c for c in state.seats[seat].hand)
        after = evolve(state, {"seats": replace_seat(state.seats, seat, hand=hand), "stock": (*state.stock[:-1], mine)})
        return Transition(after, ({"type": "exchange_turnup", "seat": seat, "gave": mine, "took": face_up},))

    # -- result ------------------------------------------------------------------------------------
    def result(self, state: BriscolaState) -> Result | None:
        """Card points per seat and side; the highest side wins (61 of 120); 60-60 per BRI-A2."""
        if state.phase != COMPLETE:
            return None
        groups = sides(state.players, state.options)
        points = [s.points for s in state.seats]
        totals = side_points(points, groups)
        best = max(totals)
        top = [i for i, total in enumerate(totals) if total == best]
        decided_by = "points"
        winning: int | None = top[0] if len(top) == 1 else None
        if winning is None and len(groups) == 2 and state.options.tie_rule == "last_trick" and state.tricks:
            winning = side_of(state.tricks[-1].winner, groups)  # BRI-A2
            decided_by = "last_trick"
        result: Result = {
            "winners": list(groups[winning]) if winning is not None else [],
            "reason": "points",
            "decided_by": decided_by if winning is not None else "draw",
            "points": points,
            "teams": [list(g) for g in groups],
            "team_points": totals,
            "match": self._match(state, groups, winning),
        }
        result["carry"] = self._next_carry(result["match"])
        return result

    def _match(self, state: BriscolaState, groups: tuple[tuple[int, ...], ...], winning: int | None) -> dict[str, Any]:
        """The match after this deal (BRI-A12) of ``groups`` (its sides): drawn deals count for nobody."""
        before = list(state.carry.match_score)
        if len(before) != len(groups):
            before = [0] * len(groups)
        after = list(before)
        if winning is not None:
            after[winning] += 1
        champion = next((i for i, won in enumerate(after) if won >= state.options.deals_to_win), None)
        return {
            "deals_to_win": state.options.deals_to_win,
            "score_before": before,
            "score": after,
            "match_score": "-".join(map(str, after)),
            "over": champion is not None,
            "winners": list(groups[champion]) if champion is not None else [],
        }

    def _next_carry(self, match: dict[str, Any]) -> dict[str, Any]:
        """What the next deal carries in (its ``carry``): the match score, or a new match once it is won."""
        return {"match_score": [0] * len(match["score"]) if match["over"] else match["score"]}

    # -- validate and view -------------------------------------------------------------------------
    def face_up(self, state: BriscolaState) -> frozenset[Card]:
        """The turn-up (or the card exchanged for it) under the stock, drawn last."""
        return frozenset(state.stock[-1:])

    def check_state(self, state: BriscolaState) -> list[Problem]:
        return briscola_problems(self, state)

    def view(self, state: BriscolaState, seat: int) -> BriscolaState:
        """Others' hands and the stock are hidden; the face-up turn-up under the stock is public."""
        seats = tuple(s if s.seat == seat else evolve(s, {"hand": hide(s.hand)}) for s in state.seats)
        stock = (*hide(state.stock[:-1]), state.stock[-1]) if state.stock else ()
        return evolve(state, {"seats": seats, "stock": stock})


__all__ = ["Briscola", "face_up_reachable", "sides"]
