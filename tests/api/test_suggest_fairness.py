"""Suggestions, the gaps the first tests left (issue 32): ``hard`` answers legally too; over HTTP, two states that
differ only in cards the seat cannot see get the same bytes; and in every table a card the seat sees may change
the answer (so the hidden-card checks could fail)."""

from __future__ import annotations

from typing import Any

import pytest

from schemas.game import game_schemas
from service.rules.bots import suggest
from service.rules.bots.common import typed
from service.rules.cards import HIDDEN
from service.rules.registry import GAMES
from tests.rules.test_suggest import TABLES, exchange, states, swapped_hidden


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_hard_answers_a_legal_action_from_every_table(game_id, players):
    game = GAMES[game_id]
    for state in states(game_id, players)[::3]:
        found = suggest(game, state, None, "hard")
        game.apply(state, typed(game, found.action))  # raises IllegalAction if it is not legal
        assert found.action in [c.action for c in found.considered]


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_hidden_cards_swapped_give_the_same_bytes_over_http(client, game_id, players):
    """Every pair of hidden places a state has (the first with each other), not one: the request's bytes differ,
    the answer's do not."""
    game = GAMES[game_id]
    dump = game_schemas(game).state().dump
    tried = 0
    for state in states(game_id, players):
        seat = state.to_act
        for other in _hidden_swaps(game, state, seat):
            body = {"state": dump(state), "level": "easy", "seed": "fair"}
            swapped = {**body, "state": dump(other)}
            assert swapped != body
            first = client.post(f"/v1/{game_id}/actions/suggest", json=body)
            second = client.post(f"/v1/{game_id}/actions/suggest", json=swapped)
            assert first.status_code == 200, first.get_json()
            assert second.data == first.data
            tried += 1
    assert tried >= 2


def _hidden_swaps(game: Any, state: Any, seat: int, most: int = 3) -> list[Any]:
    """Up to ``most`` valid states that differ from ``state`` in two hidden cards exchanged, ``seat``'s view the
    same (tests.rules.test_suggest's swapped_hidden, then the first hidden place with later ones)."""
    view = game.view(state, seat)
    places = [("seat", r.seat, i) for r in view.seats for i, c in enumerate(r.hand) if c == HIDDEN]
    for name in ("stock", "talon"):
        places += [(name, None, i) for i, c in enumerate(getattr(view, name, None) or ()) if c == HIDDEN]
    found = [swapped_hidden(game, state, seat)] + [exchange(state, places[0], p) for p in places[1:]]
    kept = [o for o in found if o is not None and o != state and not game.validate(o)]
    assert all(game.view(o, seat) == view for o in kept)
    return kept[:most]


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_card_the_seat_sees_may_change_the_answer_in_every_table(game_id, players):
    """A swap of one of the seat's own cards with a hidden one changes its view, and somewhere among these states
    its answer (its action or what it considered)."""
    game = GAMES[game_id]
    changed = 0
    for state in states(game_id, players, count=6):
        seat = state.to_act
        view = game.view(state, seat)
        mine = [("seat", seat, i) for i, c in enumerate(view.seats[seat].hand) if c != HIDDEN]
        theirs = [("seat", r.seat, i) for r in view.seats for i, c in enumerate(r.hand) if c == HIDDEN]
        for place in theirs[:2]:
            other = exchange(state, mine[0], place) if mine else None
            if other is None or game.validate(other):
                continue
            assert game.view(other, seat) != view
            changed += suggest(game, other, seat, "easy") != suggest(game, state, seat, "easy")
    assert changed
