"""Briscola chiamata's auction read backwards (service/rules/bots/auction.py): the worlds kept for a seat in play
are those where the bots' auction rule, given the caller's hand as dealt, makes the caller's calls."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.bots.auction import ORDER, auction_suggestion, reading
from service.rules.bots.cheap import greedy
from service.rules.bots.common import typed
from service.rules.bots.worlds import worlds
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle

GAME = GAMES["briscola-chiamata"]


def by_the_rules(seed: str, plays: int) -> Any:
    """A deal whose auction the rule made, then ``plays`` cards by greedy play (None if it was thrown in)."""
    options = GAME.options(None)
    state = GAME.deal(5, 0, options, shuffle(GAME.pack(5, options), seed)).state
    while state.trump is None and state.to_act is not None:
        seat = state.to_act
        legal = GAME.view_legal_actions(state, seat)
        state = GAME.apply(
            state, typed(GAME, auction_suggestion(GAME, GAME.view(state, seat), seat, legal).action)
        ).state
    if state.trump is None:
        return None
    for _ in range(plays):
        state = GAME.apply(state, typed(GAME, greedy(GAME, state, GAME.view_legal_actions(state, state.to_act)))).state
    return state


def dealt(state: Any, seat: int) -> set[str]:
    cards = set(state.seats[seat].hand)
    for trick in state.tricks:
        cards.update(c for k, c in enumerate(trick.cards) if (trick.leader + k) % 5 == seat)
    cards.update(c for k, c in enumerate(state.trick) if (state.leader + k) % 5 == seat)
    return cards


STATES = [s for s in (by_the_rules(f"reading-{i}", 7) for i in range(12)) if s is not None]


def test_the_deals_have_callers():
    assert len(STATES) >= 6


@pytest.mark.parametrize("state", STATES, ids=lambda s: f"caller-{s.caller}")
def test_the_true_deal_is_kept_and_some_worlds_are_not(state):
    for seat in range(5):
        view = GAME.view(state, seat)
        consistent = reading(GAME, view, seat)
        if seat == state.caller:
            assert consistent is None  # the caller's own hand says nothing new to it
            continue
        assert consistent is not None and consistent(state)
        drawn = list(worlds(GAME, view, seat, 200, "test"))
        assert not all(map(consistent, drawn))


@pytest.mark.parametrize("state", STATES, ids=lambda s: f"caller-{s.caller}")
def test_a_kept_world_gives_the_caller_every_trump_above_its_first_bid(state):
    """The rule bids the highest card of its suit the hand lacks below the bid before it: the caller holds every
    one between them."""
    at = next(i for i, call in enumerate(state.auction) if call.seat == state.caller and call.type == "bid")
    first, before = state.auction[at], [c.rank for c in state.auction[:at] if c.type == "bid"]
    top = ORDER.index(before[-1]) + 1 if before else 0
    above = {rank + state.trump for rank in ORDER[top : ORDER.index(first.rank)]}
    seat = (state.caller + 1) % 5
    view = GAME.view(state, seat)
    consistent = reading(GAME, view, seat)
    assert consistent is not None
    kept = [w for w in worlds(GAME, view, seat, 400, "test") if consistent(w)]
    assert kept
    for world in kept:
        assert above <= dealt(world, state.caller)
        assert first.rank + state.trump not in dealt(world, state.caller)
