"""The exact search in every world (service/rules/bots/briscola_endgame.py, worlds.every_world,
pimc.every_world_search): the search on lists values every card as the engine's own exact search does, the
worlds are every state the seat cannot tell from its view and no other, and ``hard``'s heads-up answer is their
mean."""

from __future__ import annotations

import math

import pytest

from service.rules.bots import briscola_endgame, pimc, suggest
from service.rules.bots.common import rounded
from service.rules.bots.worlds import every_world, hidden
from service.rules.registry import GAMES
from tests.rules.test_suggest import swapped_hidden
from tests.simulation import play

GAME = GAMES["briscola"]


def _plays(state):
    return [a for a in GAME.legal_actions(state) if a["seat"] == state.to_act and a["type"] == "play"]


@pytest.mark.parametrize("players", [2, 4])
def test_the_search_on_lists_values_every_card_as_the_engines_search(players):
    """From every state of random deals with at most four cards in the stock (draws still to come at two seats),
    both tie rules: each card's value is the engine's exact search's (minimax through ``apply``)."""
    compared = 0
    for k in range(4):
        options = {"tie_rule": ("draw", "last_trick")[k % 2]}
        for state in play(GAME, players, f"endgame-{k}", options=options).states():
            if state.to_act is None or len(state.stock) > 4 or (players == 4 and len(state.stock) > 0):
                continue
            legal = _plays(state)
            engine = pimc.exact_search(GAME, state, state.to_act, legal, 10**6)
            assert engine is not None
            by_card = {c.action["card"]: c.value for c in engine.considered}
            cards = [a["card"] for a in legal]
            found = briscola_endgame.card_values(GAME, state, state.to_act, cards, [10**6])
            assert [rounded(v) for v in found] == [by_card[c] for c in cards]
            compared += 1
    assert compared > 4 * 6


def test_the_search_stops_past_its_nodes():
    state = next(s for s in play(GAME, 2, "endgame-nodes").states() if s.to_act is not None and len(s.stock) == 4)
    with pytest.raises(briscola_endgame.OutOfNodes):
        briscola_endgame.card_values(GAME, state, state.to_act, [a["card"] for a in _plays(state)], [50])


def _key(state):
    return (tuple(frozenset(s.hand) for s in state.seats), state.stock)


def test_every_world_is_every_state_the_view_leaves_once():
    """Heads-up, at every state with eight or fewer cards left hidden: the worlds are distinct, each shows the seat
    its own view, the true state is among them, and their count is the hands times the stock's orders."""
    counted = 0
    for k in range(3):
        for state in play(GAME, 2, f"every-world-{k}").states():
            if state.to_act is None or len(state.stock) > 6:
                continue
            seat = state.to_act
            view = GAME.view(state, seat)
            found = every_world(GAME, view, seat, 10_000)
            spots = hidden(GAME, view, seat)
            opponent, stocked = spots.seat_slots[(1 - seat, "hand")], spots.table_slots["stock"]
            assert len(found) == (math.comb(len(spots.free), opponent) * math.factorial(stocked) if stocked else 1)
            assert len({_key(world) for world in found}) == len(found)
            assert all(GAME.view(world, seat) == view for world in found)
            assert _key(state) in {_key(world) for world in found}
            counted += 1
    assert counted > 3 * 10


def test_every_world_declines_past_its_most():
    state = next(s for s in play(GAME, 2, "every-world-most").states() if s.to_act is not None and len(s.stock) == 4)
    view = GAME.view(state, state.to_act)
    assert len(every_world(GAME, view, state.to_act, 120) or ()) in (60, 120)
    assert every_world(GAME, view, state.to_act, 59) is None


def test_hard_weighs_each_card_by_its_mean_over_every_world():
    """Two cards in the stock: ``hard`` (and ``normal``, not ``easy``) answers ``exact-worlds/1``, each card the
    mean of the engine's exact values over the worlds; with more worlds than its most, it samples."""
    states = [s for s in play(GAME, 2, "every-world-hard").states() if s.to_act is not None]
    late = next(s for s in states if len(s.stock) == 2)
    seat = late.to_act
    view = GAME.view(late, seat)
    answer = suggest(GAME, late, seat, "hard", "seed")
    legal = _plays(late)
    worlds = every_world(GAME, view, seat, 10)
    assert answer.policy == pimc.EXACT_WORLDS and {c.samples for c in answer.considered} == {len(worlds)}
    for candidate in answer.considered:
        exact = [pimc.exact_search(GAME, world, seat, [candidate.action], 10**6) for world in worlds]
        mean = sum(found.considered[0].value for found in exact) / len(worlds)
        assert candidate.value == pytest.approx(mean, abs=0.01)
    assert {c.action["card"] for c in answer.considered} == {a["card"] for a in legal}
    other = swapped_hidden(GAME, late, seat)
    assert other != late and suggest(GAME, other, seat, "hard", "seed") == answer  # it plays fair
    early = next(s for s in states if len(s.stock) == 8)
    assert suggest(GAME, early, early.to_act, "hard", "seed").policy == pimc.PIMC
    assert suggest(GAME, late, seat, "normal", "seed") == answer  # the same search at both levels
    assert suggest(GAME, late, seat, "easy", "seed").policy == pimc.PIMC
