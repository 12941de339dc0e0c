"""Seeded random play through the engine, every state and action in its wire form (what a client sends).

The engine finds what is worth a vector fast (a refusal, a finished deal); the vector's answer is then always
the service's own (:mod:`.generate` asks the app). Random choices come from ``random.Random`` seeded with a
string, so every generation plays the same deals.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from marshmallow import ValidationError

from schemas.game import game_schemas
from service.rules.errors import IllegalAction
from service.rules.game import Game
from service.rules.shuffle import shuffle

MAX_STEPS = 800
"""No deal of any game takes more actions."""


@cache
def _schemas(game: Game[Any, Any, Any]) -> Any:
    return game_schemas(game)


@cache
def _state_schema(game: Game[Any, Any, Any]) -> Any:
    return _schemas(game).state()


@cache
def _action_field(game: Game[Any, Any, Any]) -> Any:
    return _schemas(game).deriver.action()


def dump_state(game: Game[Any, Any, Any], state: Any) -> dict[str, Any]:
    """A state as the service sends it."""
    dumped: dict[str, Any] = _state_schema(game).dump(state)
    return dumped


def load_state(game: Game[Any, Any, Any], data: Mapping[str, Any]) -> Any:
    """A state from its wire form; raises ValidationError when the wire refuses it."""
    return _state_schema(game).load(data)


def load_action(game: Game[Any, Any, Any], data: Mapping[str, Any]) -> Any:
    """An action from its wire form; raises ValidationError when the wire refuses it."""
    return _action_field(game).deserialize(dict(data))


def carry_of(game: Game[Any, Any, Any], carry: Mapping[str, Any] | None) -> Any:
    """The game's carry (``carry_type``) from its JSON form, as the deal request's schema loads it (None: none)."""
    if carry is None:
        return None
    return _schemas(game).deriver.schema(game.carry_type)().load(dict(carry))


def submitted(
    listed: Mapping[str, Any], hand: Sequence[str], rng: random.Random, amount: str = "random"
) -> dict[str, Any]:
    """An action to submit from a listed one (docs/api.md 6): a free amount within ``min``..``max`` (even steps
    from ``min``: a blind Brag stake is even; ``amount``: ``min``, ``max``, the highest of those steps, or
    ``random``, either or one between, drawn from ``rng`` either way), a discard of at most ``max_cards`` of
    ``hand``, a card of each declared trump's domain (distinct where the first choice allows)."""
    action = {k: v for k, v in listed.items() if k not in ("min", "max", "max_cards", "domains")}
    if "min" in listed:
        low, high = listed["min"], listed["max"]
        top = low + 2 * ((high - low) // 2) if high is not None else low + 8
        action["amount"] = {"min": low, "max": top}.get(amount, rng.choice([low, top, *range(low, top + 1, 2)]))
    if "max_cards" in listed:
        action["discard"] = rng.sample(list(hand), rng.randint(0, min(listed["max_cards"], len(hand))))
    if "domains" in listed:
        chosen: dict[str, str] = {}
        for trump, cards in listed["domains"].items():
            free = [c for c in cards if c not in chosen.values()]
            chosen[trump] = rng.choice(free or list(cards))
        action["assignments"] = chosen
    return action


@dataclass
class Played:
    """A seeded deal played with random listed actions: the record, and each state along the way."""

    game: Game[Any, Any, Any]
    record: dict[str, Any]
    states: list[Any] = field(default_factory=list)
    """The engine state before each action, and the last one."""
    actions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.states[-1].to_act is None


def deal(
    game: Game[Any, Any, Any],
    players: int,
    dealer: int,
    seed: str,
    options: Mapping[str, Any] | None = None,
    carry: Mapping[str, Any] | None = None,
) -> Played:
    """The seeded deal as a record without actions, and its first state."""
    built = game.options(dict(options or {}))
    deck = shuffle(game.pack(players, built), seed)
    start = game.deal(players, dealer, built, deck, carry_of(game, carry))
    record: dict[str, Any] = {"players": players, "dealer": dealer, "seed": seed}
    if options:
        record["options"] = dict(options)
    if carry is not None:
        record["carry"] = dict(carry)
    return Played(game, record, [start.state])


def hand_of(game: Game[Any, Any, Any], state: Any, seat: int) -> list[str]:
    return list(state.seats[seat].hand)


def play(
    game: Game[Any, Any, Any],
    players: int,
    seed: str,
    options: Mapping[str, Any] | None = None,
    carry: Mapping[str, Any] | None = None,
    prefer: Sequence[str] = (),
    limit: int = MAX_STEPS,
    dealer: int | None = None,
) -> Played:
    """Deal with ``seed`` (by ``dealer``; None: a random one) and play random listed actions (``prefer``: types
    picked half the time when listed) until the deal is over or ``limit`` actions were played."""
    rng = random.Random(f"{game.id}/{players}/{seed}")
    played = deal(game, players, rng.randrange(players) if dealer is None else dealer, seed, options, carry)
    state = played.states[0]
    while state.to_act is not None and len(played.actions) < limit:
        legal = game.legal_actions(state)
        favoured = [a for a in legal if a["type"] in prefer]
        listed = rng.choice(favoured if favoured and rng.random() < 0.5 else legal)
        action = submitted(listed, hand_of(game, state, listed["seat"]), rng)
        state = game.apply(state, load_action(game, action)).state
        played.actions.append(action)
        played.states.append(state)
    played.record["actions"] = played.actions
    return played


def play_match(
    game: Game[Any, Any, Any],
    players: int,
    seed: str,
    deals: int,
    options: Mapping[str, Any] | None = None,
    carry: Mapping[str, Any] | None = None,
    prefer: Sequence[str] = (),
) -> list[Played]:
    """Up to ``deals`` seeded deals in a row (seeds ``<seed>/<k>``), deal k dealt by seat k with the carry of the
    result before it, none after the one that decides the match (the game's own rule)."""
    played: list[Played] = []
    for k in range(deals):
        one = play(game, players, f"{seed}/{k}", options, carry, prefer, dealer=k % players)
        played.append(one)
        result = game.result(one.states[-1])
        if result is None or game.match_winners(result) is not None:
            break
        carry = result.get("carry")
    return played


def match_of(records: Sequence[Mapping[str, Any]], carry: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The seeded deals of ``records`` (a record each, the first's table and options the match's) as a match
    (docs/api.md section 15) carrying ``carry`` in."""
    first = records[0]
    match: dict[str, Any] = {"players": first["players"]}
    if "options" in first:
        match["options"] = first["options"]
    if carry is not None:
        match["carry"] = dict(carry)
    deals = [{"dealer": r["dealer"], "seed": r["seed"], "actions": list(r["actions"])} for r in records]
    return {**match, "deals": deals}


def refusal(game: Game[Any, Any, Any], state: Any, action: Mapping[str, Any]) -> IllegalAction | None:
    """The refusal of ``action`` in ``state`` (None when it is legal or the wire refuses its shape)."""
    try:
        loaded = load_action(game, action)
    except ValidationError:
        return None
    try:
        game.apply(state, loaded)
    except IllegalAction as refused:
        return refused
    return None
