"""Trick games: determinized sampling (``pimc/2``), a tree search over the same worlds (``ismcts/2``, Briscola
chiamata's ``hard``: :mod:`service.rules.bots.ismcts`), an exact search once nothing is hidden (``exact/1``), an exact
search in every world the view allows once they are few (``exact-worlds/1``, heads-up Briscola), and
rules (``rules/1``) for Briscola chiamata's auction and call, and for announcements and the turn-up exchanges
(:mod:`service.rules.bots.declare`).

Every candidate is played, in each of the same sampled worlds (:mod:`service.rules.bots.worlds`), to the end
of the deal by the rollout policy (greedy, :mod:`service.rules.bots.cheap`; heads-up Briscola's ``normal`` and
``hard`` count cards, :mod:`service.rules.bots.counting`), through the game's own ``apply``; its value is the
mean outcome for the seat's side (:func:`outcome`). Once no card is hidden, the rest of the deal is searched
exactly (minimax, the seat's side maximising), within a fixed number of nodes; past it, the one world is played
out as above. Where a level enumerates worlds (:data:`EVERY_WORLD`) and the view leaves at most that many, each
candidate's value is its mean exact value over all of them (:mod:`service.rules.bots.briscola_endgame`); past
:data:`WORLD_NODES`, sampling as above. Ties keep the legal actions' order.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from service.rules import deadline
from service.rules.base import LegalAction
from service.rules.bots import briscan_rollout, briscola_endgame, briscola_rollout, chiamata_rollout
from service.rules.bots.auction import RULES, auction_suggestion, reading
from service.rules.bots.cheap import allied_rollout_action, partners, rollout_action
from service.rules.bots.common import Candidate, Suggestion, ranked, rounded, typed
from service.rules.bots.counting import counting_rollout_action
from service.rules.bots.declare import by_rule
from service.rules.bots.ismcts import tree_search
from service.rules.bots.worlds import every_world, hidden, worlds
from service.rules.briscan.game import Briscan, Brisque
from service.rules.briscola.chiamata import BriscolaChiamata
from service.rules.briscola.game import Briscola
from service.rules.trick_game import TrickGame
from service.rules.tricks import side_of

PIMC = "pimc/2"
EXACT = "exact/1"
EXACT_WORLDS = "exact-worlds/1"


Rollout = Callable[[TrickGame[Any, Any, Any], Any], LegalAction]
"""A rollout policy: the action of the seat to act in a full state."""


@dataclass(frozen=True)
class TrickBudget:
    """A level's work: sampled worlds, the nodes of an exact search, the policy its rollouts play by, and the
    most worlds it searches every one of exactly (0: none)."""

    worlds: int
    nodes: int
    rollout: Rollout = rollout_action
    every_world: int = 0
    iterations: int = 0
    """The iterations of a tree search over the worlds (:mod:`service.rules.bots.ismcts`; 0: sampling alone)."""


NODES = {"easy": 500, "normal": 4_000, "hard": 30_000}
WORLDS = {
    "briscola": {"easy": 4, "normal": 200, "hard": 500},
    "briscola-chiamata": {"easy": 4, "normal": 128, "hard": 400},
    "briscan": {"easy": 3, "normal": 36, "hard": 1000},
    "brisque": {"easy": 3, "normal": 64, "hard": 200},
}
"""Worlds sampled per suggestion, by game and level: each game's ``normal`` answers within a quarter second and
its ``hard`` within two (median, one core; docs/suggestions.md, Levels): far within since every game's rollouts play on
lists (a Briscan suggestion 0.03 s at ``normal``, 0.25 s at ``hard``). Briscan's ``hard`` samples 1,000: at 200 it
played as ``normal`` does (docs/suggestions.md, item 9)."""


CHECK_EVERY = 256
"""Nodes of an exact search between two looks at the request's deadline."""


COUNTING_ROLLOUTS = {("briscola", "normal", 2), ("briscola", "hard", 2)}
"""The games, levels and tables whose rollouts count cards
(:func:`~service.rules.bots.counting.counting_rollout_action`): heads-up Briscola's ``normal`` and ``hard``; the
others play them greedily (:func:`~service.rules.bots.cheap.rollout_action`). The counting rule plays for one seat:
at four players, where partners share a side, ``hard`` with it scored 0.418 ± 0.086 against ``normal`` over 58
deals (docs/suggestions.md). Heads-up ``normal`` with it scores about even with BriscolaBot v3, where its greedy
rollouts lost (docs/suggestions.md)."""


ALLIED_ROLLOUTS = {("briscola-chiamata", "hard", 5)}
"""The games, levels and tables whose rollouts let Briscola chiamata's defenders play together once the called
card is down (:func:`~service.rules.bots.cheap.allied_rollout_action`): ``hard``'s. The greedy rollouts of
``normal`` have each defender contest a fellow defender's trick; modelling the defenders as the side they know
they are gained a third of a point of share over 400 deals (docs/suggestions.md, item 12)."""


TREE_SEARCH = {("briscola-chiamata", "hard", 5): 4_000}
"""The games, levels and tables that choose a play by a tree search over the sampled worlds (``ismcts/2``,
:mod:`service.rules.bots.ismcts`), and its iterations: Briscola chiamata's ``hard``, where sampling with any
rollout tried played as ``normal`` does (docs/suggestions.md, items 7 to 13). 8,000 iterations played no
better than 4,000 (item 14)."""


EVERY_WORLD = {("briscola", "normal", 2): 120, ("briscola", "hard", 2): 120}
"""The games, levels and tables that search every world exactly once the view leaves at most this many: heads-up
Briscola's ``normal`` and ``hard`` from four cards in the stock (the opponent's three and the stock's three hidden
cards: 20 hands times 6 orders; two in the stock leave 4), where rollouts guess how the last tricks go. Against
BriscolaBot v3, paired deal by deal with the rollouts they replace: ``hard`` +0.052, ``normal`` +0.025
(docs/suggestions.md)."""
WORLD_NODES = 600_000
"""Nodes of the exact searches over every world together (about 4 microseconds each); past them, sampling."""


def budget(game_id: str, level: str, players: int = 2) -> TrickBudget:
    """The work of ``level`` in the game ``game_id`` at a table of ``players``."""
    table = (game_id, level, players)
    rollout = (
        counting_rollout_action
        if table in COUNTING_ROLLOUTS
        else allied_rollout_action
        if table in ALLIED_ROLLOUTS
        else rollout_action
    )
    worlds = WORLDS.get(game_id, WORLDS["briscola"])[level]
    return TrickBudget(worlds, NODES[level], rollout, EVERY_WORLD.get(table, 0), TREE_SEARCH.get(table, 0))


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


def play_out(game: TrickGame[Any, Any, Any], state: Any, seat: int, policy: Rollout = rollout_action) -> float:
    """``state`` played to the end by the rollout ``policy``: its :func:`outcome` for ``seat``."""
    deadline.check()
    apply = game.apply
    while state.to_act is not None:
        state = apply(state, typed(game, policy(game, state))).state
    return outcome(game, state, seat)


def suggest_tricks(
    game: TrickGame[Any, Any, Any], view: Any, seat: int, legal: Sequence[LegalAction], level: str, seed: str
) -> Suggestion:
    """The move for ``seat`` from its ``view`` (``legal``: its legal actions there; ``seed``: the stream's): the
    auction's rule, the exact search once nothing is hidden, an announcement or exchange by rule, else sampling."""
    work = budget(game.id, level, view.players)
    if getattr(view, "trump", None) is None:  # Briscola chiamata before the call: no trick yet to sample
        return auction_suggestion(game, view, seat, legal)
    if hidden(game, view, seat).determined:
        exact = exact_search(game, next(worlds(game, view, seat, 1, seed)), seat, legal, work.nodes)
        if exact is not None:
            return exact
    ruled = by_rule(game, view, seat, legal, seed)
    if ruled is not None:
        return ruled
    searched = every_world_search(game, view, seat, legal, work.every_world) if work.every_world else None
    if searched is not None:
        return searched
    sampled = _sampled(game, view, seat, work.worlds, seed)
    rollout = _rollout(game, seat, work.rollout)
    if work.iterations and all(action["type"] == "play" for action in legal):
        return tree_search(game, sampled, seat, legal, work.iterations, rollout)
    candidates = []
    for action in legal:
        move = typed(game, action)
        total = sum(rollout(game.apply(world, move).state) for world in sampled)
        candidates.append(Candidate(action, rounded(total / len(sampled)), len(sampled)))
    considered = ranked(candidates)
    return Suggestion(seat, considered[0].action, PIMC, considered)


def _rollout(game: TrickGame[Any, Any, Any], seat: int, policy: Rollout) -> Callable[[Any], float]:
    """:func:`play_out` for ``seat`` by ``policy``; the greedy rollouts of Briscola, Briscola chiamata, Briscan and
    Brisque and heads-up Briscola's counting ones on lists, the same outcome without a state a play
    (:mod:`service.rules.bots.briscola_rollout`, :mod:`service.rules.bots.chiamata_rollout`,
    :mod:`service.rules.bots.briscan_rollout`)."""
    on_lists = _ON_LISTS.get((type(game), policy))
    if on_lists is not None:

        def fast(state: Any) -> float:
            deadline.check()
            return on_lists(game, state, seat)

        return fast
    return lambda state: play_out(game, state, seat, policy)


def _counting_on_lists(game: Any, state: Any, seat: int) -> float:
    return briscola_rollout.play_out(game, state, seat, counting=True)


def _allied_on_lists(game: Any, state: Any, seat: int) -> float:
    return chiamata_rollout.play_out(game, state, seat, allied=True)


_ON_LISTS: dict[tuple[type, Rollout], Callable[[Any, Any, int], float]] = {
    (Briscola, rollout_action): briscola_rollout.play_out,
    (Briscola, counting_rollout_action): _counting_on_lists,
    (BriscolaChiamata, rollout_action): chiamata_rollout.play_out,
    (BriscolaChiamata, allied_rollout_action): _allied_on_lists,
    (Briscan, rollout_action): briscan_rollout.play_out,
    (Brisque, rollout_action): briscan_rollout.play_out,
}
"""The games and rollout policies whose rollouts play on lists, and how."""


TRIES = 16
"""Worlds drawn for each one wanted where the auction is read (Briscola chiamata)."""
FEWEST_KEPT = 8
"""Fewer worlds than this (or than wanted) allowed by the reading, and the reading is dropped."""


def _sampled(game: TrickGame[Any, Any, Any], view: Any, seat: int, count: int, seed: str) -> list[Any]:
    """``count`` worlds of ``view``; in Briscola chiamata, the first (at most ``count``) of ``TRIES`` times as many
    that the auction's reading allows (:func:`~service.rules.bots.auction.reading`), or, should fewer than
    :data:`FEWEST_KEPT` be, the first ``count`` drawn."""
    consistent = reading(game, view, seat)
    if consistent is None:
        return list(worlds(game, view, seat, count, seed))
    kept = list(itertools.islice(filter(consistent, worlds(game, view, seat, count * TRIES, seed)), count))
    return kept if len(kept) >= min(count, FEWEST_KEPT) else list(worlds(game, view, seat, count, seed))


def every_world_search(
    game: TrickGame[Any, Any, Any], view: Any, seat: int, legal: Sequence[LegalAction], most: int
) -> Suggestion | None:
    """Each card of ``legal`` valued by its mean exact value over every world of ``view`` (Briscola's play phase),
    or None: more than ``most`` worlds, an action not a play, or past :data:`WORLD_NODES`."""
    if type(game) is not Briscola or any(action["type"] != "play" for action in legal):
        return None
    every = every_world(game, view, seat, most)
    if every is None:
        return None
    cards = [action["card"] for action in legal]
    totals, left = [0.0] * len(cards), [WORLD_NODES]
    try:
        for world in every:
            for i, found in enumerate(briscola_endgame.card_values(game, world, seat, cards, left)):
                totals[i] += found
    except briscola_endgame.OutOfNodes:
        return None
    worth = [rounded(total / len(every)) for total in totals]
    candidates = [Candidate(action, value, len(every)) for action, value in zip(legal, worth, strict=True)]
    considered = ranked(candidates)
    return Suggestion(seat, considered[0].action, EXACT_WORLDS, considered)


class _OutOfNodes(Exception):
    """The exact search used up its nodes."""


def exact_search(
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
    if not left[0] % CHECK_EVERY:
        deadline.check()
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


__all__ = [
    "NODES",
    "WORLDS",
    "budget",
    "EXACT",
    "EXACT_WORLDS",
    "PIMC",
    "RULES",
    "every_world_search",
    "exact_search",
    "outcome",
    "play_out",
    "suggest_tricks",
]
