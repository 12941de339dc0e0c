"""Consistency checks of a Briscan or Brisque state (``states/validate``, and every request that carries a state)."""

from __future__ import annotations

import dataclasses
import functools
from enum import StrEnum
from typing import TYPE_CHECKING

from service.rules.base import Check, seat_count_problems, seat_order_problems
from service.rules.briscan.cards import PACK, winner_and_points
from service.rules.briscan.melds import Announcement, meld_points, reuse_problem
from service.rules.briscan.state import COMPLETE, ENDINGS, FINAL, PHASES, TALON, TRICKS, BriscanSeat, BriscanState
from service.rules.briscan.variants import CB_COURTS, CB_PIPS, QUARTET, TRUMP_ACE
from service.rules.cards import Card, rank
from service.rules.errors import Problem
from service.rules.seats import next_seat, replace_seat
from service.rules.trick_history import TrickCodes, table_cards_problems, trick_history_problems, turn_up_problems

if TYPE_CHECKING:
    from service.rules.briscan.game import Briscan


BriscanProblem = StrEnum(
    "BriscanProblem",
    (
        "trump turn_up exchanged_by trick_size trick_leader trick_winner trick_points tricks talon_size "
        "leader must_follow points invalid_meld meld_points meld_trick card_reuse meld_cards "
        "too_many_melds trump_ace_exchanged bonuses score ended phase turn invalid_carry game_over"
    ),
)
"""The problem codes of a Briscan or Brisque state, besides those every game shares (:class:`Check`)."""

TRICK_CODES = TrickCodes(
    BriscanProblem.trick_size,
    BriscanProblem.trick_leader,
    BriscanProblem.trick_winner,
    BriscanProblem.trick_points,
    size_text="a trick holds two cards",
    size_at="",
    leader_text="seat {seat} leads trick {k}",
    winner_text="trick {k} is won by the other seat",
)
"""How a Briscan or Brisque state's finished tricks are judged wrong."""


def state_problems(game: Briscan, state: BriscanState) -> list[Problem]:
    """Every inconsistency of a Briscan or Brisque state whose table holds: seats, cards, the turn-up and the
    talon, tricks, melds, bonuses, scores and how the deal ended."""
    problems: list[Problem] = []
    if len(state.seats) != 2:
        return seat_count_problems(state.seats, 2)
    order = [problem for i, s in enumerate(state.seats) for problem in seat_order_problems(s.seat, i)]
    if order:
        return order
    problems.extend(table_cards_problems(state.talon, state.trick, state.seats, state.tricks, PACK))
    problems.extend(turn_up_problems(state.trump, state.turn_up, PACK, BriscanProblem.trump, BriscanProblem.turn_up))
    if state.exchanged_by is not None and (state.exchanged_by not in (0, 1) or state.turn_up == "7" + state.trump):
        problems.append(
            Problem(BriscanProblem.exchanged_by, "a seat 0 or 1 that exchanged the trump seven", "/exchanged_by")
        )
    if problems:
        return problems
    face_up = state.turn_up if state.exchanged_by is None else "7" + state.trump
    if state.talon and state.talon[-1] != face_up:
        problems.append(Problem(BriscanProblem.turn_up, f"the talon's last card is {face_up}", "/talon"))
    first = next_seat(state.dealer, 2)
    score = functools.partial(winner_and_points, card_points_option=state.options.card_points)
    problems.extend(trick_history_problems(state.tricks, state.trump, 2, first, PACK, score, TRICK_CODES))
    if problems:
        return problems
    expected_leader = state.tricks[-1].winner if state.tricks else first
    played = len(state.tricks)
    if played > TRICKS:
        return [Problem(BriscanProblem.tricks, f"a deal has {TRICKS} tricks", "/tricks")]
    talon_size = max(0, len(PACK) - 2 * game.hand_size - 2 * played)
    if len(state.talon) != talon_size:
        problems.append(
            Problem(BriscanProblem.talon_size, f"after {played} tricks the talon holds {talon_size}", "/talon")
        )
    if state.leader != expected_leader:
        problems.append(Problem(BriscanProblem.leader, f"seat {expected_leader} leads this trick", "/leader"))
    if len(state.trick) >= 2 or (played == TRICKS and state.trick):
        problems.append(Problem(BriscanProblem.trick_size, "a trick in progress holds at most one card", "/trick"))
        return problems
    held = min(game.hand_size, TRICKS - played)
    for s in state.seats:
        expected = held - (1 if state.trick and s.seat == state.leader else 0)
        if len(s.hand) != expected:
            problems.append(
                Problem(Check.hand_size, f"seat {s.seat} should hold {expected} cards", f"/seats/{s.seat}/hand")
            )
    if problems:
        return problems
    problems.extend(final_play_problems(game, state))
    due = game.expected_bonuses(state)
    for s in state.seats:
        where = f"/seats/{s.seat}"
        won = sum(t.points for t in state.tricks if t.winner == s.seat)
        if s.card_points != won:
            problems.append(
                Problem(BriscanProblem.points, f"seat {s.seat} took {won} card points", where + "/card_points")
            )
        problems.extend(meld_problems(game, state, s))
        if s.bonuses != due[s.seat]:
            problems.append(
                Problem(BriscanProblem.bonuses, f"seat {s.seat}'s bonuses are {due[s.seat]}", where + "/bonuses")
            )
        total = s.card_points + sum(m.points for m in s.melds) + sum(b.points for b in s.bonuses)
        if s.score != total:
            problems.append(Problem(BriscanProblem.score, f"seat {s.seat}'s deal score is {total}", where + "/score"))
    if problems:
        return problems
    problems.extend(_flow_problems(game, state))
    return problems


def final_play_problems(game: Briscan, state: BriscanState) -> list[Problem]:
    """Strict play in every finished final-phase trick (BSC-A3), from the follower's hand at the time."""
    problems: list[Problem] = []
    for k in range(game.talon_tricks, len(state.tricks)):
        trick = state.tricks[k]
        follower = 1 - trick.leader
        hand = [*state.seats[follower].hand]
        for later in state.tricks[k:]:
            hand.extend(c for i, c in enumerate(later.cards) if (later.leader + i) % 2 == follower)
        hand.extend(c for i, c in enumerate(state.trick) if (state.leader + i) % 2 == follower)
        before = dataclasses.replace(
            state,
            phase=FINAL,
            trick=trick.cards[:1],
            seats=replace_seat(state.seats, follower, hand=tuple(hand)),
        )
        if trick.cards[1] not in game.legal_plays(before, follower):
            problems.append(
                Problem(BriscanProblem.must_follow, f"trick {k}: the follower broke strict play", f"/tricks/{k}")
            )
    return problems


def meld_problems(game: Briscan, state: BriscanState, seat: BriscanSeat) -> list[Problem]:
    problems: list[Problem] = []
    prior: list[Announcement] = []
    kinds = game.variant.meld_kinds
    per_turn: dict[int, int] = {}
    for i, meld in enumerate(seat.melds):
        where = f"/seats/{seat.seat}/melds/{i}"
        points = meld_points(meld.kind, meld.cards, state.trump, state.options, game.variant)
        if meld.kind not in kinds or points is None or not all(c in PACK for c in meld.cards):
            problems.append(Problem(BriscanProblem.invalid_meld, f"not a {meld.kind}", where))
            continue
        if points != meld.points:
            problems.append(Problem(BriscanProblem.meld_points, f"this meld is worth {points}", where + "/points"))
        if not 0 <= meld.trick <= len(state.tricks) or (prior and meld.trick < prior[-1].trick):
            problems.append(
                Problem(BriscanProblem.meld_trick, "melds are announced in order, after a trick", where + "/trick")
            )
            continue
        if meld.trick > 0 and state.tricks[meld.trick - 1].winner != seat.seat:
            problems.append(Problem(BriscanProblem.meld_trick, "only the winner of the last trick announces", where))
        problems.extend(_meld_timing_problems(game, state, seat.seat, meld, where))
        why = reuse_problem(meld.kind, meld.cards, prior, state.options)
        if why is not None:
            problems.append(Problem(BriscanProblem.card_reuse, why, where))
        gone = {c for t in state.tricks[: meld.trick] for c in t.cards}
        kept = _held_since(game, state, seat.seat, meld.trick)
        if gone & set(meld.cards) or not set(meld.cards) <= kept:
            problems.append(Problem(BriscanProblem.meld_cards, "a meld shows cards the seat held", where + "/cards"))
        per_turn[meld.trick] = per_turn.get(meld.trick, 0) + 1
        limit = state.options.melds_per_turn
        if limit is not None and per_turn[meld.trick] > limit:
            problems.append(Problem(BriscanProblem.too_many_melds, f"at most {limit} melds per turn", where))
        prior.append(meld)
    return problems


def _held_since(game: Briscan, state: BriscanState, seat: int, played: int) -> set[Card]:
    """Where the cards ``seat`` held after ``played`` tricks can be now: its hand or its later plays
    (the trump seven it exchanged away may be anywhere)."""
    cards = set(state.seats[seat].hand)
    for trick in state.tricks[played:]:
        cards.update(c for i, c in enumerate(trick.cards) if (trick.leader + i) % 2 == seat)
    cards.update(c for i, c in enumerate(state.trick) if (state.leader + i) % 2 == seat)
    if state.exchanged_by == seat:
        cards.add("7" + state.trump)
    return cards


def _meld_timing_problems(
    game: Briscan, state: BriscanState, seat: int, meld: Announcement, where: str
) -> list[Problem]:
    """Whether ``meld`` could be announced after ``meld.trick`` tricks (2(b)4, BSC-A6, BSC-A9, BSC-A10)."""
    opts = state.options
    initial = game.variant.initial_carte_blanche(opts)
    blanche = meld.kind in (CB_COURTS, CB_PIPS)
    problems: list[Problem] = []
    if meld.trick == 0 and not (blanche and initial):
        problems.append(Problem(BriscanProblem.meld_trick, "announcements come after a trick", where))
    if meld.trick > 0 and blanche and initial:
        problems.append(
            Problem(BriscanProblem.meld_trick, "carte blanche is declared on the dealt hand (BSC-A9)", where)
        )
    if meld.trick >= game.talon_tricks and not opts.announce_after_talon:
        problems.append(Problem(BriscanProblem.meld_trick, "no announcements once the talon is empty (BSC-A6)", where))
    if meld.kind == TRUMP_ACE:
        if opts.trump_ace_bonus != "announce":
            problems.append(
                Problem(BriscanProblem.invalid_meld, "the trump-ace bonus is scored automatically (BSC-A10)", where)
            )
        elif state.exchanged_by == seat and state.turn_up == "A" + state.trump:
            problems.append(
                Problem(
                    BriscanProblem.trump_ace_exchanged,
                    "the trump ace taken by the seven exchange scores nothing",
                    where,
                )
            )
    return problems


def _flow_problems(game: Briscan, state: BriscanState) -> list[Problem]:
    problems: list[Problem] = []
    played = len(state.tricks)
    if state.ended not in ENDINGS:
        return [Problem(BriscanProblem.ended, f"ended is one of {list(ENDINGS)}", "/ended")]
    if played == TRICKS:
        slam = len({t.winner for t in state.tricks}) == 1
        if state.ended != ("slam" if slam else "points"):
            problems.append(
                Problem(BriscanProblem.ended, "every trick is played: the deal ended on points or slam", "/ended")
            )
    elif state.ended in ("points", "slam"):
        problems.append(Problem(BriscanProblem.ended, "tricks remain to be played", "/ended"))
    if state.ended in ("four_kings", "four_queens"):
        which = "K" if state.ended == "four_kings" else "Q"
        if not any(m.kind == QUARTET and rank(m.cards[0]) == which for s in state.seats for m in s.melds):
            problems.append(Problem(BriscanProblem.ended, f"nobody announced four {which}", "/ended"))
    elif game.variant.quartet_ends_game and any(m.kind == QUARTET for s in state.seats for m in s.melds):
        problems.append(Problem(BriscanProblem.ended, "four kings or queens end the game at once", "/ended"))
    if state.ended == "target":
        before = list(state.carry.game_score)
        totals = [before[s.seat] + s.score for s in state.seats]
        if state.options.win_check != "immediate" or max(totals) < state.options.target_score:
            problems.append(Problem(BriscanProblem.ended, "nobody reached the target score", "/ended"))
    if state.phase not in PHASES:
        problems.append(Problem(BriscanProblem.phase, f"phase is one of {list(PHASES)}", "/phase"))
    elif state.ended:
        if state.phase != COMPLETE or state.to_act is not None:
            problems.append(Problem(BriscanProblem.phase, "the deal is over: complete, nobody to act", "/phase"))
    else:
        phase = TALON if state.talon else FINAL
        if state.phase != phase:
            problems.append(Problem(BriscanProblem.phase, f"the phase is {phase}", "/phase"))
        turn = (state.leader + len(state.trick)) % 2
        if state.to_act != turn:
            problems.append(Problem(BriscanProblem.turn, f"it is seat {turn}'s turn", "/to_act"))
    return problems
