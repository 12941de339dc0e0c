"""Random simulation of every registered game (OpenSpiel's random simulation test).

Seeded random deals of every game in the registry, at every player count it is played by, through the
option sets of ``tests.simulation.VARIANTS``. At every step: ``validate`` finds nothing; the result is there
only once nobody is to act (and then nothing is listed); every listed legal action applies (a free amount at
its least, its most and a chosen one; a discard and a declaration chosen); an action of a type not listed, a
card not listed and an action by a seat with nothing listed are refused (IllegalAction naming what is legal);
every seat's view and events hide what that seat may not know (``tests.api.seat_knowledge``, derived from
the full trace). At the end the deal, as a record, replays through ``records/adjudicate`` to the same state
and result, payouts balance as docs/api.md 7 says, and the result's ``carry`` starts the next deal. Game-specific
checks on the same deals live in each game's ``test_playthrough.py``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import orjson
import pytest

from schemas.game import game_schemas
from service.api.jsonio import dump_bytes
from service.rules.errors import IllegalAction
from service.rules.game import Game
from service.rules.registry import GAMES
from tests.actions import load
from tests.api.seat_knowledge import SeatKnowledge
from tests.simulation import Deal, carries, play, submitted, tables, variants

SEEDS = 3
"""Deals per game in the default run: each player count once, and at least this many in all."""
EXHAUSTIVE_SEEDS = 6
"""Deals per game, player count and option set under the ``exhaustive`` marker."""


def _cases(exhaustive: bool) -> list[tuple[str, int, int, int]]:
    """(game, option set, players, seed) for every registered game."""
    cases = []
    for game_id, game in GAMES.items():
        sets = variants(game)
        if exhaustive:
            cases += [
                (game_id, v, n, seed)
                for v in range(len(sets))
                for n in tables(game, sets[v])
                for seed in range(1, EXHAUSTIVE_SEEDS + 1)
            ]
            continue
        counts = tables(game, sets[0])
        runs = max(SEEDS, len(counts), len(sets))
        for k in range(runs):
            allowed = tables(game, sets[k % len(sets)])
            players = counts[k % len(counts)]
            cases.append((game_id, k % len(sets), players if players in allowed else allowed[0], k))
    return cases


def carried(game: Game[Any, Any, Any], state: Any, result: dict[str, Any]) -> int:
    """What ``payouts`` sum to (docs/api.md 7): the pot carried into the deal less the pot carried out of it."""
    if game.id == "three-card-brag":
        assert result["carry"] == {"pot": result.get("carried_pot", 0)}  # the next deal's carry
        return int(state.carry.pot) - result.get("carried_pot", 0)
    if game.id == "old-brag":
        assert result["carry"] == {"pot3": result.get("carried_pot3", 0)}
        return int(state.carry.pot3) - result.get("carried_pot3", 0)
    return 0


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _probes(game: Game[Any, Any, Any], state: Any, legal: list[dict[str, Any]], seen: dict[str, Any]) -> list[Any]:
    """Actions that must be refused here: a type not listed (from a template seen earlier in the deal) and
    every card of the pack not listed for ``play``, by the seat to act."""
    listed_types = {a["type"] for a in legal}
    seat = state.to_act
    rng = random.Random(0)
    out = [
        {**submitted(template, state.seats[seat].hand, rng, "min"), "seat": seat}
        for kind, template in seen.items()
        if kind not in listed_types
    ]
    plays = {a["card"] for a in legal if a["type"] == "play"}
    if plays:
        out += [{"seat": seat, "type": "play", "card": c} for c in game.full_pack() if c not in plays]
    return out


def check_step(game: Game[Any, Any, Any], state: Any, legal: list[dict[str, Any]], seen: dict[str, Any]) -> None:
    """The checks at one state where somebody is to act."""
    assert game.validate(state) == []
    assert game.result(state) is None  # no result while the deal goes on
    assert legal and len({json.dumps(a, sort_keys=True) for a in legal}) == len(legal)
    assert state.to_act in {a["seat"] for a in legal}
    rng = random.Random(repr(legal))
    for listed in legal:  # every listed action applies, a free amount anywhere from min to max
        hand = state.seats[listed["seat"]].hand
        for amount in ("min", "max", "random") if "min" in listed else ("random",):
            after = game.apply(state, load(game, submitted(listed, hand, rng, amount))).state
            assert game.validate(after) == []
        seen.setdefault(listed["type"], listed)
    for probe in _probes(game, state, legal, seen):
        with pytest.raises(IllegalAction) as refused:
            game.apply(state, load(game, probe))
        assert refused.value.legal_actions == legal and refused.value.rule, probe
    idle = [s for s in range(state.players) if s not in {a["seat"] for a in legal}]
    if idle:  # the wrong seat: refused, naming what is legal
        wrong = {**submitted(legal[0], state.seats[legal[0]["seat"]].hand, rng), "seat": idle[0]}
        with pytest.raises(IllegalAction) as refused:
            game.apply(state, load(game, wrong))
        assert refused.value.rule and refused.value.legal_actions == legal


def check_views(deal: Deal) -> None:
    """Every seat's view of every state, and the events as it saw them, hide what it may not know. States are
    written as ``records/adjudicate`` writes its table's views (the dataclass by the app's JSON writer), which is
    what the state schema dumps (checked on the first and the last state, every seat's view)."""
    game = deal.game
    schema_dump = game_schemas(game).state().dump

    def dump(state: Any) -> Any:
        return orjson.loads(dump_bytes(state))

    pack = game.full_pack()
    full, events = dump(deal.start.state), _as_json(list(deal.start.events))
    knows = SeatKnowledge(pack, full, events)
    seen: list[list[dict[str, Any]]] = [
        _as_json(game.view_events(deal.start.events, seat, None)) for seat in range(deal.players)
    ]
    states = list(deal.states())
    for k, state in enumerate(states):
        if k:
            step = deal.steps[k - 1]
            before, full = full, dump(state)
            events = _as_json(list(step.transition.events))
            knows.learn(before, events, full)
            seen = [_as_json(game.view_events(step.transition.events, s, step.before)) for s in range(deal.players)]
        legal = game.legal_actions(state)
        for seat in range(deal.players):
            seen_state = dump(game.view(state, seat))
            if k in (0, len(states) - 1):
                assert seen_state == schema_dump(game.view(state, seat))
            view = {
                "state": seen_state,
                "events": seen[seat],
                "legal_actions": game.view_legal_actions(state, seat, legal),
            }
            assert view["legal_actions"] == [a for a in legal if a["seat"] == seat]
            knows.check_view(seat, view, full, events)


def check_end(deal: Deal) -> dict[str, Any]:
    """The checks once nobody is to act; the result."""
    game, state = deal.game, deal.state
    assert game.validate(state) == []
    assert game.legal_actions(state) == []
    result = game.result(state)
    assert result is not None and isinstance(result["winners"], list) and result["reason"]
    if "payouts" in result:
        assert len(result["payouts"]) == deal.players
        assert sum(result["payouts"]) == carried(game, state, result)
    if "points" in result:
        assert len(result["points"]) == deal.players
    with pytest.raises(IllegalAction) as refused:  # nothing applies once the deal is over
        game.apply(state, load(game, deal.steps[-1].action))
    assert refused.value.code == "deal_over" and refused.value.legal_actions == []
    return result


def check_replay(client: Any, deal: Deal, result: dict[str, Any]) -> None:
    """The deal as a record replays to the same state and result; one action by the wrong seat is a 409."""
    path = f"/v1/{deal.game.id}"
    replayed = client.post(f"{path}/records/adjudicate", json={"record": deal.record()})
    assert replayed.status_code == 200, replayed.get_data(as_text=True)
    body = replayed.get_json()
    assert body["verdict"] == "complete" and body["applied"] == len(deal.steps) and body["error"] is None
    assert body["state"] == game_schemas(deal.game).state().dump(deal.state)
    assert body["result"] == _as_json(result)
    if deal.game.carry_type is not None:  # the result's carry feeds the next deal as it is
        table = {"players": deal.players, "dealer": (deal.dealer + 1) % deal.players, "seed": "next"}
        following = client.post(f"{path}/deals", json={**table, "options": deal.options, "carry": result["carry"]})
        assert following.status_code == 200, following.get_data(as_text=True)
        assert following.get_json()["state"]["carry"] == result["carry"]
    else:
        assert "carry" not in result
    first = deal.steps[0]
    idle = [s for s in range(deal.players) if s not in {a["seat"] for a in first.legal}]
    if idle:
        state = game_schemas(deal.game).state().dump(first.before)
        wrong = client.post(f"{path}/actions", json={"state": state, "action": {**first.action, "seat": idle[0]}})
        assert wrong.status_code == 409 and wrong.mimetype == "application/problem+json"
        problem = wrong.get_json()
        assert problem["type"].endswith("/illegal-action") and problem["legal_actions"] == first.legal


def simulate(client: Any, game_id: str, variant: int, players: int, seed: int) -> None:
    game = GAMES[game_id]
    carry = carries(game)[seed % len(carries(game))]
    deal = play(game, players, f"sim-{seed}", variants(game)[variant], carry=carry)
    assert deal.steps, "a deal needs at least one action"
    seen: dict[str, Any] = {}
    for step in deal.steps:
        check_step(game, step.before, step.legal, seen)
    check_views(deal)
    check_replay(client, deal, check_end(deal))


@pytest.mark.parametrize(("game_id", "variant", "players", "seed"), _cases(exhaustive=False))
def test_random_simulation(client, game_id, variant, players, seed):
    simulate(client, game_id, variant, players, seed)


@pytest.mark.exhaustive
@pytest.mark.parametrize(("game_id", "variant", "players", "seed"), _cases(exhaustive=True))
def test_random_simulation_exhaustive(client, game_id, variant, players, seed):
    simulate(client, game_id, variant, players, seed)


def test_every_registered_game_is_simulated():
    cases = _cases(exhaustive=False)
    assert {case[0] for case in cases} == set(GAMES)
    for game_id, game in GAMES.items():  # every player count and every option set in some deal
        assert {n for g, _, n, _ in cases if g == game_id} >= set(tables(game, variants(game)[0]))
        assert {v for g, v, _, _ in cases if g == game_id} == set(range(len(variants(game))))
