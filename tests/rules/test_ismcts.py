"""Briscola chiamata's ``hard`` plays by a tree search over the sampled worlds (service/rules/bots/ismcts.py):
fair and replayable as every policy is, its answer the root's most visited card, and in a world with nothing
hidden and two cards a hand it finds a card as good as a full minimax of the world's two sides finds."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from service.rules import deadline
from service.rules.bots import chiamata_rollout, ismcts, pimc, suggest
from service.rules.bots.common import typed
from service.rules.deadline import DeadlineExceeded
from service.rules.registry import GAMES
from tests.rules.test_suggest import exchange, swapped_hidden
from tests.simulation import play

GAME = GAMES["briscola-chiamata"]


def play_states(prefix: str, deals: int) -> list[Any]:
    """The play phase's states with a seat to act, from random deals."""
    return [
        state
        for k in range(deals)
        for state in play(GAME, 5, f"{prefix}-{k}").states()
        if state.to_act is not None and state.phase == "play"
    ]


def test_hard_answers_by_the_tree_fairly_and_replayably():
    tried = 0
    for state in play_states("ismcts", 2)[::6]:
        seat = state.to_act
        found = suggest(GAME, state, seat, "hard", "tree")
        if len(state.seats[seat].hand) == 1 or found.policy == pimc.EXACT:
            continue
        assert found.policy == ismcts.ISMCTS
        GAME.apply(state, typed(GAME, found.action))  # raises IllegalAction if it is not legal
        visits = [c.samples for c in found.considered]
        assert sum(visits) == pimc.TREE_SEARCH[("briscola-chiamata", "hard", 5)]
        assert found.action == found.considered[0].action and visits[0] == max(visits)
        assert suggest(GAME, state, seat, "hard", "tree") == found
        other = swapped_hidden(GAME, state, seat)
        if other is not None and other != state:
            assert suggest(GAME, other, seat, "hard", "tree") == found
        tried += 1
    assert tried >= 3
    assert pimc.budget("briscola-chiamata", "normal", 5).iterations == 0  # normal samples


def minimax(state: Any, seat: int, team: tuple[int, int]) -> float:
    """The world's value for ``seat``: its side maximising, the other minimising, every card seen."""
    if state.to_act is None:
        return pimc.outcome(GAME, state, seat)
    mover = state.to_act
    values = [
        minimax(GAME.apply(state, typed(GAME, {"seat": mover, "type": "play", "card": card})).state, seat, team)
        for card in state.seats[mover].hand
    ]
    return max(values) if (mover in team) == (seat in team) else min(values)


def test_in_one_world_of_two_cards_a_hand_the_tree_finds_a_best_card():
    compared = 0
    for state in play_states("ismcts-endgame", 12):
        seat = state.to_act
        if len(state.seats[seat].hand) != 2 or state.trick:
            continue
        team = ismcts.sides(state)
        legal = [{"seat": seat, "type": "play", "card": card} for card in state.seats[seat].hand]
        rollout = partial(chiamata_rollout.play_out, GAME, seat=seat, allied=True)
        found = ismcts.tree_search(GAME, [state], seat, legal, 3_000, rollout)
        values = {
            card: minimax(GAME.apply(state, typed(GAME, action)).state, seat, team)
            for card, action in zip(state.seats[seat].hand, legal, strict=True)
        }
        assert values[found.action["card"]] == max(values.values())
        compared += 1
    assert compared >= 5


def test_the_search_looks_at_the_requests_deadline():
    state = next(s for s in play_states("ismcts-deadline", 1) if len(s.seats[s.to_act].hand) > 3)
    seat = state.to_act
    legal = [{"seat": seat, "type": "play", "card": card} for card in state.seats[seat].hand]
    rollout = partial(chiamata_rollout.play_out, GAME, seat=seat, allied=True)
    assert ismcts.tree_search(GAME, [state], seat, legal, 10, rollout).policy == ismcts.ISMCTS
    deadline.start(1e-9)
    try:
        with pytest.raises(DeadlineExceeded):
            ismcts.tree_search(GAME, [state], seat, legal, 10, rollout)
    finally:
        deadline.stop()


def test_a_seat_s_choices_are_weighed_only_by_the_worlds_where_it_is_on_that_side():
    """Before the called card is down, a seat is the partner in some worlds and a defender in others, and knows
    which: the tree keeps its cards' counts apart by its side, so a partner's play is not judged by a defender's
    outcomes. Two worlds differ only in who holds the called card; the rollout's value says the chooser's side."""
    checked = 0
    for state in play_states("ismcts-sides", 8):
        seat, caller = state.to_act, state.caller
        holder = ismcts.sides(state)[1]
        if state.partner is not None or seat in (caller, holder) or state.trick:
            continue
        chooser = (seat + 1) % 5  # the next to play: the root's children are the seat's cards, theirs the chooser's
        if chooser in (caller, holder):
            continue
        hands = state.seats
        other = exchange(
            state,
            ("seat", holder, list(hands[holder].hand).index(state.called_card)),
            ("seat", chooser, 0),
        )

        def rollout(final: Any, chooser: int = chooser) -> float:
            return 0.0 if chooser in ismcts.sides(final) else 100.0  # 100 where the chooser is the seat's ally

        root = ismcts.grow(GAME, [state, other], seat, state.seats[seat].hand, 1_000, rollout)
        both = 0
        for node in (child for mine in root.children.values() for child in mine.children.values()):
            if node.visits[0]:
                assert node.total[0] == 100.0 * node.visits[0]
            if node.visits[1]:
                assert node.total[1] == 0.0
            both += bool(node.visits[0] and node.visits[1])
        assert both
        checked += 1
    assert checked >= 3
