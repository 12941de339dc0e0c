"""Betting games (``equity/2``): the service's own equity (docs/api.md section 10) against each action's pot odds.

- A wager's value is its expected chips from now on: with the seat's equity share ``e`` against the opponents
  still in (their face-up cards known, folded ones' seen cards dead), calling ``c`` chips into a pot ``P`` is
  worth ``e (P + c) - c``; a bet or raise of a chosen amount costing ``c`` wins the pot when the others fold
  (:data:`FOLDS` of the time) and is else called by hands :data:`CALLED_BY` stronger:
  ``f P + (1 - f) ((e - d) (P + 2c) - c)``; with two left where the seat could see once its raise is called (Three
  Card Brag), the raise is valued as called and then seen, by the game's own ``apply``: ``f P + (1 - f) ((w - d)
  P' - (c + s))`` with :data:`SEEN_FOLDS` and :data:`SEEN_CALLED_BY`, ``w`` the win chance, ``s`` the see's cost
  then and ``P'`` the pot shown down for (so it raises for value, not on fold equity); folding is worth 0.
  Raises stop once the seat has put in :data:`RAISE_CAP` stakes. A seeded coin bluffs (raises instead of folding)
  at the level's rate. A blind Three Card Brag seat looks first.
- Broggin's exchange keeps the discard whose drawn hands (each discard applied by the game's own ``apply`` in
  sampled worlds) have the highest mean equity against the opponents, each hand's equity taken as its percentile
  to the power of the opponents (the share of hands of the full pack it beats, once for each opponent); its
  declaration is the hand's best reading.
- Old Brag's 31 phase hits while the chance of going over 31 with the next card (over the cards the seat cannot
  see) is below the level's limit.

``equity/1`` until 3 December 2026: every game had :data:`BUDGETS`, so Old Brag's ``normal`` and ``hard`` bluffed
and stood at a bust chance of 0.4, and lost chips to ``easy``; now Old Brag has its own (:data:`GAME_BUDGETS`), and
Broggin's exchange drew by a copy of the draw that missed BRG-A12's restock (the same answers while the stock lasts).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.rules.base import LegalAction
from service.rules.bots.common import Candidate, Suggestion, ranked, rounded, typed
from service.rules.bots.worlds import hidden, worlds
from service.rules.cards import HIDDEN, Card
from service.rules.hand_game import HandGame
from service.rules.old_brag.pot3 import LIMIT_31, total_31
from service.rules.shuffle import byte_stream

EQUITY = "equity/2"
FOLDS = 0.3
CALLED_BY = 0.15
RAISE_CAP = 8
SEEN_FOLDS = 0.15
SEEN_CALLED_BY = 0.05
WAGERS = ("bet", "raise")


@dataclass(frozen=True)
class BetBudget:
    """A level's work and style: equity samples (where not counted exactly), worlds for an exchange, the
    bluff rate, and the bust chance below which the 31 phase hits."""

    samples: int
    worlds: int
    bluff: float
    bust: float


BUDGETS = {
    "easy": BetBudget(1_000, 6, 0.0, 0.5),
    "normal": BetBudget(2_000, 24, 0.05, 0.4),
    "hard": BetBudget(10_000, 96, 0.05, 0.4),
}
GAME_BUDGETS: dict[str, dict[str, BetBudget]] = {
    "old-brag": {
        "easy": BUDGETS["easy"],
        "normal": BetBudget(2_000, 24, 0.0, 0.5),
        "hard": BetBudget(10_000, 96, 0.0, 0.5),
    },
}
"""A game's own budgets where :data:`BUDGETS` would order its levels wrongly. Old Brag (``equity/2``): no bluff
and a bust limit of 0.5 at every level; ``equity/1``'s 0.05 bluff and 0.4 limit each cost ``normal`` chips there
(``normal`` lost to ``easy``: docs/suggestions.md, Levels)."""


def budget_of(game: HandGame[Any, Any, Any], level: str) -> BetBudget:
    """The level's budget in ``game``."""
    return GAME_BUDGETS.get(game.id, BUDGETS)[level]


def suggest_betting(
    game: HandGame[Any, Any, Any], view: Any, seat: int, legal: Sequence[LegalAction], level: str, seed: str
) -> Suggestion:
    """The move for ``seat`` from its ``view`` (``legal``: its legal actions; ``seed``: the stream's)."""
    budget = budget_of(game, level)
    kinds = {a["type"] for a in legal}
    if "look" in kinds:
        return _by_rule(seat, legal, next(a for a in legal if a["type"] == "look"))
    if "declare" in kinds:
        return _declare(game, view, seat, legal[0])
    if "exchange" in kinds:
        return _exchange(game, view, seat, legal[0], budget, seed)
    if "hit" in kinds or "stand" in kinds:
        return _thirty_one(game, view, seat, legal, budget)
    return _wager(game, view, seat, legal, budget, seed)


def _by_rule(seat: int, legal: Sequence[LegalAction], choice: LegalAction) -> Suggestion:
    considered = tuple(Candidate(a, 1.0 if a is choice else 0.0, 0) for a in legal)
    return Suggestion(seat, choice, EQUITY, ranked(considered))


def _opponents(view: Any, seat: int) -> tuple[list[list[Card]], list[Card]]:
    """The seen cards of each opponent still in, and the seen cards of those who folded (dead)."""
    known, dead = [], []
    for record in view.seats:
        if record.seat == seat:
            continue
        seen = [c for c in record.hand if c != HIDDEN]
        if record.folded:
            dead.extend(seen)
        else:
            known.append(seen)
    return known, dead


def _chips_in(record: Any) -> int:
    """What a seat has put in so far (Old Brag: staked in the main pot beyond its ante)."""
    return int(getattr(record, "put_in", getattr(record, "staked", 0)))


def _pot(state: Any) -> int:
    return int(getattr(state, "main_pot", getattr(state, "pot", 0)))


def _wager(
    game: HandGame[Any, Any, Any], view: Any, seat: int, legal: Sequence[LegalAction], budget: BetBudget, seed: str
) -> Suggestion:
    """Each action valued by pot odds against the seat's equity; the best, or a seeded bluff."""
    known, dead = _opponents(view, seat)
    options = game.options_of(view)
    found = game.equity(view.seats[seat].hand, known, options, dead, "auto", budget.samples, seed)
    share, samples = found.share, found.counts.total
    world = next(worlds(game, view, seat, 1, seed))
    pot, before = _pot(view), _chips_in(view.seats[seat])
    stake = max(1, int(getattr(options, "stake", 0) or getattr(options, "ante", 0) or 1))
    candidates = []
    for action in legal:
        after = game.apply(world, typed(game, action)).state
        cost = _chips_in(after.seats[seat]) - before
        if action["type"] == "fold":
            value = 0.0
        elif "amount" in action and before + cost > RAISE_CAP * stake and len(legal) > 1:
            value = -float(cost)  # past the cap: no more raising
        elif "amount" in action and len(legal) > 1:  # a bet or raise of a chosen amount (not Broggin's one stake)
            shown = _raise_then_see(game, after, seat, before + cost)
            if shown is not None:  # two left: the raise called, then seen
                more, pot_then = shown
                value = SEEN_FOLDS * pot + (1 - SEEN_FOLDS) * ((found.win - SEEN_CALLED_BY) * pot_then - (cost + more))
            else:
                value = FOLDS * pot + (1 - FOLDS) * ((share - CALLED_BY) * (pot + 2 * cost) - cost)
        else:
            win = found.win if action["type"] == "see" else share  # the seer loses equal hands
            value = win * (pot + cost) - cost
        candidates.append(Candidate(action, rounded(value), samples))
    considered = ranked(_seeing_ends(candidates))
    choice = considered[0].action
    if choice["type"] == "fold" and _bluffs(seed, budget.bluff):
        choice = next((c.action for c in considered if c.action["type"] in WAGERS and c.value > -stake * 2), choice)
    return Suggestion(seat, choice, EQUITY, considered)


def _raise_then_see(game: HandGame[Any, Any, Any], raised: Any, seat: int, put_in: int) -> tuple[int, int] | None:
    """Two left and the seat could see after the other calls its raise (Three Card Brag): what the see would then
    cost the seat, and the pot it would be shown down for; else None. By the game's own ``apply``."""
    other = raised.to_act
    if other is None or other == seat:
        return None
    calls = [a for a in game.legal_actions(raised) if a["type"] == "call"]
    if not calls:
        return None
    called = game.apply(raised, typed(game, calls[0])).state
    if called.to_act != seat or not any(a["type"] == "see" for a in game.legal_actions(called)):
        return None
    seen = game.apply(called, typed(game, {"seat": seat, "type": "see"})).state
    return _chips_in(seen.seats[seat]) - put_in, _pot(seen)


def _seeing_ends(candidates: list[Candidate]) -> list[Candidate]:
    """Two left in Three Card Brag: a call only puts the showdown off, so it is worth a little less than the see."""
    see = next((c for c in candidates if c.action["type"] == "see"), None)
    if see is None:
        return candidates
    return [
        Candidate(c.action, rounded(min(c.value, see.value) - 0.01), c.samples) if c.action["type"] == "call" else c
        for c in candidates
    ]


def _bluffs(seed: str, rate: float) -> bool:
    """The bluff coin: the first word of the stream ``seed + ":bluff"`` below ``rate`` of 2**64."""
    return next(byte_stream(seed + ":bluff")) < rate * 2**64


def _declare(game: HandGame[Any, Any, Any], view: Any, seat: int, listed: LegalAction) -> Suggestion:
    """Broggin's declaration: each trump as the hand's best reading has it (an allowed card, else the first)."""
    hand = view.seats[seat].hand
    best = game.evaluate([hand], game.options_of(view))[0].interpretation or {}
    chosen: dict[str, Card] = {}
    for trump, cards in listed["domains"].items():
        pick = best.get(trump)
        free = [c for c in cards if c not in chosen.values()]
        chosen[trump] = pick if pick is not None and pick in cards else (free or cards)[0]
    action = {"seat": seat, "type": "declare", "assignments": chosen}
    return _by_rule(seat, [action], action)


def _exchange(
    game: HandGame[Any, Any, Any], view: Any, seat: int, listed: LegalAction, budget: BetBudget, seed: str
) -> Suggestion:
    """Every discard of at most ``max_cards``, valued by the mean equity of the hands it draws to."""
    hand = list(view.seats[seat].hand)
    options = game.options_of(view)
    rivals = max(1, sum(1 for r in view.seats if r.seat != seat and not r.folded))
    sampled = list(worlds(game, view, seat, budget.worlds, seed))
    most = min(listed["max_cards"], len(hand))
    candidates = []
    for size in range(most + 1):
        for cards in itertools.combinations(hand, size):
            kept = [c for c in hand if c not in cards]
            action = {"seat": seat, "type": "exchange", "discard": list(cards)}
            drawn = [_drawn(game, world, seat, action) for world in sampled] if size else [kept]
            shares = [p["value"] ** rivals for p in game.percentiles(drawn, options)]
            candidates.append(Candidate(action, rounded(sum(shares) / len(shares)), len(shares)))
    considered = ranked(candidates)
    return Suggestion(seat, considered[0].action, EQUITY, considered)


def _drawn(game: HandGame[Any, Any, Any], world: Any, seat: int, action: LegalAction) -> list[Card]:
    """The seat's hand after ``action`` (an exchange) in ``world``, by the game's own ``apply`` (the stock's top;
    once it runs out, the discards as the game restocks them)."""
    return list(game.apply(world, typed(game, action)).state.seats[seat].hand)


def _thirty_one(
    game: HandGame[Any, Any, Any], view: Any, seat: int, legal: Sequence[LegalAction], budget: BetBudget
) -> Suggestion:
    """Old Brag's 31 phase: hit while the chance of busting on the next card is below the level's limit."""
    record = view.seats[seat]
    options = game.options_of(view)
    cards = (*record.hand, *record.drawn)
    spots = hidden(game, view, seat)
    unseen = (*spots.free, *(c for held in spots.forced.values() for c in held))
    busts = sum(1 for c in unseen if total_31((*cards, c), options) > LIMIT_31)
    chance = busts / len(unseen) if unseen else 1.0
    values = {"hit": budget.bust - chance, "stand": 0.0}
    considered = ranked([Candidate(a, rounded(values.get(a["type"], 0.0)), len(unseen)) for a in legal])
    return Suggestion(seat, considered[0].action, EQUITY, considered)
