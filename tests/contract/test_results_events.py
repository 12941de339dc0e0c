"""Every event and result the engine writes validates against its game's schema in the committed openapi.yaml
(issue 8): seeded random deals of every game, with random options and player counts, played to the end by
random legal actions; the events also as each seat saw them (a hidden card "??", a hidden total null). A key
the engine writes and the schema lacks (or a required key it omits, a word outside an enum) fails here."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.rules.broggin.evaluation import Rules
from service.rules.errors import IllegalAction, InvalidInput
from service.rules.hand_game import HandGame
from service.rules.old_brag.evaluation import flags_of
from service.rules.options import option_specs
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle
from service.rules.three_card_brag.evaluation import table_key
from tests.actions import load
from tests.simulation import submitted

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"
DEALS = 25
RANKING = {"three-card-brag": table_key, "old-brag": flags_of, "broggin": Rules.of}
"""How hands rank under a hand game's options: random options keep the default ranking (no table to build)."""


@cache
def registry() -> Registry:
    """The committed document, read once (YAML with the C loader where PyYAML has it)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    document = yaml.load(COMMITTED.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 - a safe loader
    return Registry().with_resource("urn:openapi", Resource.from_contents(document, DRAFT202012))


@cache
def validator(component: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"urn:openapi#/components/schemas/{component}"}, registry=registry())


def prefix(game_id: str) -> str:
    return "".join(part.capitalize() for part in game_id.split("-"))


def random_options(game: Any, rng: random.Random) -> Any:
    raw: dict[str, Any] = {}
    for spec in option_specs(game.options_type):
        if rng.random() < 0.5:
            continue
        if spec.allowed:
            raw[spec.name] = rng.choice(spec.allowed)
        elif spec.type == "boolean":
            raw[spec.name] = rng.random() < 0.5
        elif spec.type == "integer":
            low = spec.minimum if spec.minimum is not None else 0
            raw[spec.name] = rng.randint(low, low + 5)
    try:
        options = game.options(raw)
    except InvalidInput:
        return game.options(None)
    ranking = RANKING.get(game.id)
    if ranking is not None and ranking(options) != ranking(game.options(None)):
        return game.options(None)
    return options


def deals(game: Any, rng: random.Random) -> Any:
    """Each deal's transitions ``(state before or None, events, state after)``, then its result."""
    for k in range(DEALS):
        players = rng.choice(game.player_counts())
        options = random_options(game, rng)
        try:
            deck = shuffle(game.pack(players, options), str(k))
            transition = game.deal(players, rng.randrange(players), options, deck)
        except InvalidInput:  # a player count these options do not allow
            continue
        state = transition.state
        yield None, transition.events, state
        for _ in range(1000):
            legal = game.legal_actions(state)
            if not legal:
                break
            try:
                listed = rng.choice(legal)
                after = game.apply(state, load(game, submitted(listed, state.seats[listed["seat"]].hand, rng)))
            except IllegalAction:  # a random discard or declaration the rules refuse
                continue
            yield state, after.events, after.state
            state = after.state
        assert game.result(state) is not None, "a deal played to the end has a result"
        yield state, game.result(state), None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_event_and_result_validates_against_the_committed_schema(game_id):
    game = GAMES[game_id]
    events, results = validator(prefix(game_id) + "Event"), validator(prefix(game_id) + "Result")
    checked: set[str] = set()
    finished = 0
    for before, written, after in deals(game, random.Random(game_id)):
        if after is None:
            errors = [e.message for e in results.iter_errors(written)]
            assert not errors, (written, errors)
            finished += 1
            continue
        seen = [*written, *(e for seat in range(after.players) for e in game.view_events(written, seat, before))]
        for event in seen:
            text = json.dumps(event, sort_keys=True)
            if text not in checked:  # events repeat (views, deals): each distinct one is checked once
                errors = [e.message for e in events.iter_errors(event)]
                assert not errors, (event, errors)
                checked.add(text)
    types = {json.loads(text)["type"] for text in checked}
    assert finished >= DEALS // 2
    assert len(types) >= len(game.event_types) // 2, "the random deals reach most event types"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_schemas_refuse_what_the_engine_does_not_write(game_id):
    """The schemas are closed: an unknown key, an unknown event type or a missing ``winners`` fails."""
    game = GAMES[game_id]
    options = game.options(None)
    transition = game.deal(game.min_players, 0, options, shuffle(game.pack(game.min_players, options), "x"))
    event = dict(transition.events[0])
    events = validator(prefix(game_id) + "Event")
    assert events.is_valid(event)
    assert not events.is_valid({**event, "extra": 1})
    assert not events.is_valid({**event, "type": "bogus"})
    results = validator(prefix(game_id) + "Result")
    assert not results.is_valid({"reason": "points"})
    if isinstance(game, HandGame):
        assert not results.is_valid({"winners": [0], "reason": "points", "payouts": [0, 0], "pot": 0, "x": 1})
