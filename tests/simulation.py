"""Random deals of any registered game, played through the engine: the one driver of every random playthrough.

:func:`submitted` (the conformance pack's, :mod:`service.conformance.simulate`) turns a listed legal action into
one to submit (a free amount chosen within ``min``..``max``, a discard of at most ``max_cards``, a card from each
of ``domains``), and :func:`carry_of` reads a carry as the wire gives it; :func:`play` deals with a seed and plays
random listed actions to the end, keeping every step, so a test can look at each state, what was listed
there, what was submitted and what it caused, and replay the whole as a record.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from service.conformance.cases.corpus import VARIANTS as PACK_VARIANTS
from service.conformance.simulate import carry_of, match_of, submitted
from service.rules.base import Transition
from service.rules.game import Game
from service.rules.shuffle import shuffle
from tests.actions import load

MAX_STEPS = 800
"""No deal of any game takes more actions (a test fails rather than loop)."""

VARIANTS: dict[str, list[dict[str, Any]]] = {
    **PACK_VARIANTS,
    "old-brag": [
        *PACK_VARIANTS["old-brag"],
        {"pot1_ace_diamonds_supreme": True, "only_ace_diamond_natural": True, "pair_natural_priority": False},
    ],
    "broggin": [
        {"max_players": 10},
        {"max_players": 10, "assignment": "declared_only", "allow_duplicate_identity": True},
        {"max_players": 10, "exchange_limit": "stock_only", "raise_rule": "double_previous", "max_raises": 2},
        {"max_players": 10, "stake": 3, "odd_chip": "last_clockwise", "assignment": "best_only"},
    ],
}
"""Option sets the random deals go through, per game (a game not named here plays its defaults)."""

CARRIES: dict[str, list[dict[str, Any] | None]] = {
    "three-card-brag": [None, {"pot": 5}],
    "old-brag": [None, {"pot3": 4}, {"pot3": 0}],
    "briscola": [None, {"match_score": []}],
    "briscan": [None, {"game_score": [20, 10]}],
    "brisque": [None, {"game_score": [590, 0]}],
}
"""What the random deals carry in (``carry``; None: a first deal), per game, taken in turn with the option
sets."""

PREFERRED: dict[str, tuple[str, ...]] = {"briscola-chiamata": ("pass",), "old-brag": ("call", "hit")}
"""Action types picked more often than a uniform pick would: short Briscola chiamata auctions, Old Brag deals
that reach the showdown and the 31 phase."""


def variants(game: Game[Any, Any, Any]) -> list[dict[str, Any]]:
    """The option sets of :data:`VARIANTS` for ``game`` (its defaults when it has none)."""
    return VARIANTS.get(game.id, [{}])


def tables(game: Game[Any, Any, Any], options: Mapping[str, Any]) -> list[int]:
    """Every player count the game is played by under ``options``."""
    built = game.options(options)
    return [n for n in game.player_counts() if not game.check_table(n, 0, built)]


def carries(game: Game[Any, Any, Any]) -> list[dict[str, Any] | None]:
    """The carries of :data:`CARRIES` for ``game`` (none when it has none)."""
    return CARRIES.get(game.id, [None])


@dataclass(frozen=True)
class Step:
    """One action of a deal: the state it was taken in, what was listed there, what was submitted and its
    transition."""

    before: Any
    legal: list[dict[str, Any]]
    action: dict[str, Any]
    transition: Transition[Any]

    @property
    def after(self) -> Any:
        return self.transition.state


@dataclass
class Deal:
    """A random deal played to its end."""

    game: Game[Any, Any, Any]
    players: int
    dealer: int
    options: dict[str, Any]
    carry: dict[str, Any] | None
    seed: str
    start: Transition[Any]
    steps: list[Step] = field(default_factory=list)
    deck: list[str] | None = None
    """The cards dealt, when the deal was not from the seed's shuffle."""

    @property
    def state(self) -> Any:
        """The state at the end."""
        return self.steps[-1].after if self.steps else self.start.state

    def states(self) -> Iterator[Any]:
        """Every state from the deal to the end."""
        yield self.start.state
        for step in self.steps:
            yield step.after

    def record(self) -> dict[str, Any]:
        """The deal as a record for ``records/adjudicate`` (docs/api.md 8)."""
        dealt = {"seed": self.seed} if self.deck is None else {"deck": self.deck}
        record = {"players": self.players, "dealer": self.dealer, "options": self.options, **dealt}
        if self.carry is not None:
            record["carry"] = self.carry
        return {**record, "actions": [step.action for step in self.steps]}


def play(
    game: Game[Any, Any, Any],
    players: int,
    seed: str,
    options: Mapping[str, Any] | None = None,
    dealer: int | None = None,
    rng: random.Random | None = None,
    carry: Mapping[str, Any] | None = None,
    picks: Sequence[int] | None = None,
    deck: Sequence[str] | None = None,
) -> Deal:
    """Deal with ``seed`` (carrying ``carry`` in, as the wire gives it) and play random listed actions (see
    :func:`submitted`) until nobody is to act.

    ``picks`` scripts the deal instead: the i-th action is the listed one at ``picks[i]`` (modulo how many are
    listed), its free choices drawn from ``random.Random(picks[i])``, and the deal stops when the picks run out
    (or nobody is to act). ``deck`` deals those cards in that order instead of the seed's shuffle (the record
    then carries the deck)."""
    rng = rng or random.Random(f"{game.id}/{players}/{seed}")
    raw = dict(options or {})
    built = game.options(raw)
    dealer = rng.randrange(players) if dealer is None else dealer
    carried = None if carry is None else carry_of(game, carry)
    cards = list(deck) if deck is not None else shuffle(game.pack(players, built), seed)
    start = game.deal(players, dealer, built, cards, carried)
    deal = Deal(
        game,
        players,
        dealer,
        raw,
        None if carry is None else dict(carry),
        seed,
        start,
        deck=None if deck is None else cards,
    )
    preferred = PREFERRED.get(game.id, ())
    state = deal.start.state
    for index in itertools.count() if picks is None else range(len(picks)):
        if state.to_act is None:
            break
        assert index < MAX_STEPS, f"{game.id}: no end after {MAX_STEPS} actions"
        legal = game.legal_actions(state)
        if picks is None:
            favoured = [a for a in legal if a["type"] in preferred]
            listed, free = rng.choice(favoured if favoured and rng.random() < 0.5 else legal), rng
        else:
            listed, free = legal[picks[index] % len(legal)], random.Random(picks[index])
        action = submitted(listed, state.seats[listed["seat"]].hand, free)
        deal.steps.append(Step(state, legal, action, game.apply(state, load(game, action))))
        state = deal.steps[-1].after
    return deal


@dataclass
class PlayedMatch:
    """Random deals played in a row as a match: each dealt by the seat after the last one's dealer, with the carry
    of the result before it (the match's own ``carry`` first)."""

    game: Game[Any, Any, Any]
    players: int
    options: dict[str, Any]
    carry: dict[str, Any] | None
    deals: list[Deal]

    def match(self) -> dict[str, Any]:
        """The match for ``matches/adjudicate`` (docs/api.md 15)."""
        return match_of(self.records(), self.carry)

    def records(self) -> list[dict[str, Any]]:
        """Each deal as a record, with the carry it was dealt with (the chained carry, as the wire gives it)."""
        return [deal.record() for deal in self.deals]


def play_match(
    game: Game[Any, Any, Any],
    players: int,
    seed: str,
    deals: int,
    options: Mapping[str, Any] | None = None,
    carry: Mapping[str, Any] | None = None,
    dealer: int = 0,
    until_decided: bool = True,
) -> PlayedMatch:
    """Up to ``deals`` random deals in a row from seeds ``<seed>/<k>``, the first dealt by ``dealer``; with
    ``until_decided``, none after the deal whose result decides the match (the game's own rule)."""
    played: list[Deal] = []
    carried = None if carry is None else dict(carry)
    for k in range(deals):
        deal = play(game, players, f"{seed}/{k}", options, (dealer + k) % players, carry=carried)
        played.append(deal)
        result = game.result(deal.state)
        assert result is not None, f"{game.id}: a random deal ends"
        carried = result.get("carry")
        if until_decided and game.match_winners(result) is not None:
            break
    return PlayedMatch(game, players, dict(options or {}), None if carry is None else dict(carry), played)


def submittables(listed: Mapping[str, Any], hand: Sequence[str], pick: int) -> list[dict[str, Any]]:
    """Every way :func:`submitted` submits ``listed``: a free amount at its least, its most and a random one
    (one action when it has no amount), the rest drawn from ``random.Random(pick)``."""
    amounts = ("min", "max", "random") if "min" in listed else ("random",)
    return [submitted(listed, hand, random.Random(pick), amount) for amount in amounts]


__all__ = [
    "Deal",
    "PlayedMatch",
    "Step",
    "VARIANTS",
    "carries",
    "carry_of",
    "play",
    "play_match",
    "submittables",
    "submitted",
    "tables",
    "variants",
]
