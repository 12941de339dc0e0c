"""Trick games: determinized sampling (``pimc/1``), an exact search once nothing is hidden (``exact/1``), and
rules for Briscola chiamata's auction and call (``rules/1``).

Every candidate is played, in each of the same sampled worlds (:mod:`service.rules.bots.worlds`), to the end
of the deal by the greedy rollout policy (:mod:`service.rules.bots.cheap`), through the game's own ``apply``; its
value is the mean outcome for the seat's side (:func:`outcome`). Once no card is hidden, the rest of the deal is
searched exactly (minimax, the seat's side maximising), within a fixed number of nodes; past it, the one world is
played out as above. Ties keep the legal actions' order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.rules.bots.cheap import partners, rollout_action, worth
from service.rules.bots.common import Candidate, Suggestion, ranked, rounded, typed
from service.rules.bots.worlds import hidden, worlds
from service.rules.cards import Card, suit
from service.rules.game import LegalAction, TrickGame
from service.rules.tricks import side_of

PIMC = "pimc/1"
EXACT = "exact/1"
RULES = "rules/1"


@dataclass(frozen=True)
class TrickBudget:
    """A level's work: sampled worlds, and the nodes of an exact search."""

    worlds: int
    nodes: int


NODES = {"easy": 500, "normal": 4_000, "hard": 30_000}
WORLDS = {
    "briscola": {"easy": 4, "normal": 200, "hard": 500},
    "briscola-chiamata": {"easy": 4, "normal": 128, "hard": 400},
    "briscan": {"easy": 3, "normal": 36, "hard": 200},
    "brisque": {"easy": 3, "normal": 64, "hard": 200},
}
"""Worlds sampled per suggestion, by game and level: each game's ``normal`` answers within a quarter second and
its ``hard`` within two (median, one core; README, Suggestions), Briscan's rollouts being the dearest."""


def budget(game_id: str, level: str) -> TrickBudget:
    """The work of ``level`` in the game ``game_id``."""
    return TrickBudget(WORLDS.get(game_id, WORLDS["briscola"])[level], NODES[level])


WIN_BONUS = 20.0
"""What winning adds to a two-sided deal's value (card points, or Briscan's margin), losing takes off: the bench
scores the share of deals won, so a line that wins more often is worth some points of margin."""
PAYOUT_WEIGHT = 20.0
"""Card points a unit of Briscola chiamata's payout is worth beside the side's card points."""


def outcome(game: TrickGame[Any, Any, Any], state: Any, seat: int) -> float:
    """What a finished deal is worth to ``seat``'s side: Briscola chiamata, the side's card points and
    :data:`PAYOUT_WEIGHT` per unit of the seat's payout; Briscan and Brisque, the deal score's margin over the
    opponent; Briscola, the side's card points; each (but chiamata's) :data:`WIN_BONUS` more when the deal's
    winners include the seat, less when they are others (nothing for a drawn deal)."""
    result: dict[str, Any] = game.result(state) or {}
    points = result.get("points", [0] * state.players)
    teams = result.get("teams") or [[s] for s in range(state.players)]
    side = side_of(seat, teams)
    if "payouts" in result:
        taken = result["team_points"][side] if "team_points" in result else points[seat]
        return float(taken + PAYOUT_WEIGHT * result["payouts"][seat])
    winners = result.get("winners") or []
    bonus = WIN_BONUS if seat in winners else -WIN_BONUS if winners else 0.0
    if game.announces_melds:
        return float(points[seat] - points[1 - seat] + bonus)
    return float(result.get("team_points", points)[side] + bonus)


def play_out(game: TrickGame[Any, Any, Any], state: Any, seat: int) -> float:
    """``state`` played to the end by the rollout policy: its :func:`outcome` for ``seat``."""
    apply = game.apply
    while state.to_act is not None:
        state = apply(state, typed(game, rollout_action(game, state))).state
    return outcome(game, state, seat)


def suggest_tricks(
    game: TrickGame[Any, Any, Any], view: Any, seat: int, legal: Sequence[LegalAction], level: str, seed: str
) -> Suggestion:
    """The move for ``seat`` from its ``view`` (``legal``: its legal actions there; ``seed``: the stream's)."""
    work = budget(game.id, level)
    if getattr(view, "trump", None) is None:  # Briscola chiamata before the call: no trick yet to sample
        return _auction(game, view, seat, legal)
    if hidden(game, view, seat).determined:
        exact = _exact(game, next(worlds(game, view, seat, 1, seed)), seat, legal, work.nodes)
        if exact is not None:
            return exact
    sampled = list(worlds(game, view, seat, work.worlds, seed))
    candidates = []
    for action in legal:
        move = typed(game, action)
        total = sum(play_out(game, game.apply(world, move).state, seat) for world in sampled)
        candidates.append(Candidate(action, rounded(total / len(sampled)), len(sampled)))
    considered = ranked(candidates)
    return Suggestion(seat, considered[0].action, PIMC, considered)


class _OutOfNodes(Exception):
    """The exact search used up its nodes."""


def _exact(
    game: TrickGame[Any, Any, Any], world: Any, seat: int, legal: Sequence[LegalAction], nodes: int
) -> Suggestion | None:
    """Every candidate searched to the end (minimax, alpha-beta) in the one world left, or None past ``nodes``."""
    left = [nodes]
    side = set(partners(game, world, seat))
    candidates = []
    try:
        for action in legal:
            after = game.apply(world, typed(game, action)).state
            value = _search(game, after, seat, side, left, float("-inf"), float("inf"))
            candidates.append(Candidate(action, rounded(value), 1))
    except _OutOfNodes:
        return None
    considered = ranked(candidates)
    return Suggestion(seat, considered[0].action, EXACT, considered)


def _search(
    game: TrickGame[Any, Any, Any], state: Any, seat: int, side: set[int], left: list[int], alpha: float, beta: float
) -> float:
    """The minimax value of ``state`` for ``seat`` (its ``side`` maximising, every other seat minimising)."""
    mover = state.to_act
    if mover is None:
        return outcome(game, state, seat)
    left[0] -= 1
    if left[0] < 0:
        raise _OutOfNodes
    maximising = mover in side
    best = float("-inf") if maximising else float("inf")
    for action in game.legal_actions(state):
        if action["seat"] != mover:
            continue
        value = _search(game, game.apply(state, typed(game, action)).state, seat, side, left, alpha, beta)
        if maximising:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


def _auction(game: TrickGame[Any, Any, Any], view: Any, seat: int, legal: Sequence[LegalAction]) -> Suggestion:
    """Briscola chiamata's auction and call by rules: call in the suit the hand is longest and richest in, and
    bid for the highest card of it the hand lacks, as low as the hand's card points allow; else pass."""
    hand = view.seats[seat].hand
    best = max("SHDC", key=lambda s: _suit_score(game, hand, s, view.options))
    choice = _auction_choice(game, hand, best, legal, view.options)
    candidates = [Candidate(a, 1.0 if a is choice else 0.0, 0) for a in legal]
    considered = ranked(candidates)
    return Suggestion(seat, choice, RULES, considered)


def _suit_score(game: TrickGame[Any, Any, Any], hand: Sequence[Card], trump: str, options: Any) -> tuple[int, int]:
    values = worth(game, trump, options)
    mine = [c for c in hand if suit(c) == trump]
    return len(mine), sum(values[c][0] + values[c][1] for c in mine)


BID_DEPTH = ((40, 9), (30, 5), (22, 3))
"""(hand card points at least, the lowest rank index of the trick order the hand bids down to)."""


def _auction_choice(
    game: TrickGame[Any, Any, Any], hand: Sequence[Card], trump: str, legal: Sequence[LegalAction], options: Any
) -> LegalAction:
    order = "A3KQJ76542"
    calls = [a for a in legal if a["type"] == "choose_suit"]
    if calls:
        lacking = next((r for r in order if r + trump not in hand), "2")
        return next((a for a in calls if a["suit"] == trump and a.get("rank") in (None, lacking)), calls[0])
    points = sum(worth(game, trump, options)[c][0] for c in hand)
    depth = next((d for least, d in BID_DEPTH if points >= least), -1)
    bids = [a for a in legal if a["type"] == "bid" and "rank" in a]
    for r in order[: depth + 1]:
        if r + trump not in hand:
            found = next((a for a in bids if a["rank"] == r), None)
            if found is not None:
                return found
    passes = [a for a in legal if a["type"] == "pass"]
    return passes[0] if passes else (bids[-1] if bids else legal[0])


__all__ = ["NODES", "WORLDS", "budget", "EXACT", "PIMC", "RULES", "outcome", "play_out", "suggest_tricks"]
