"""A bet's or raise's amounts stop at what an action may say (``CHIP_LIMIT``): a state whose stake or level is
at the limit lists no wager, one below it lists amounts up to the limit, and a suggestion never names more
(issue 32: Schemathesis found a suggested raise of 2**53 for a state with the stake near it)."""

from __future__ import annotations

import dataclasses

import pytest

from service.rules.bots import suggest
from service.rules.options import CHIP_LIMIT
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle

BRAG, OLD = GAMES["three-card-brag"], GAMES["old-brag"]


def brag_state(stake: int, **options):
    opts = BRAG.options_type(**options)
    state = BRAG.deal(2, 0, opts, shuffle(BRAG.full_pack(), "limit")).state
    return dataclasses.replace(state, stake=stake)


def old_brag_state(level: int):
    state = OLD.deal(3, 2, OLD.options_type(), shuffle(OLD.full_pack(), "limit")).state
    return dataclasses.replace(state, level=level)


def wagers(game, state):
    return {a["type"]: a for a in game.legal_actions(state) if "min" in a}


@pytest.mark.parametrize("stake", [CHIP_LIMIT, CHIP_LIMIT + 5, 2**53 - 2])
def test_a_brag_stake_at_the_limit_lists_no_raise(stake):
    state = brag_state(stake)
    assert wagers(BRAG, state) == {}
    assert {a["type"] for a in BRAG.legal_actions(state)} >= {"fold", "call"}


def test_a_brag_stake_below_the_limit_raises_to_it():
    assert wagers(BRAG, brag_state(CHIP_LIMIT - 3))["raise"] == {
        "seat": 1, "type": "raise", "min": CHIP_LIMIT - 2, "max": None}  # fmt: skip
    capped = wagers(BRAG, brag_state(CHIP_LIMIT - 10, max_raise_increment=100))["raise"]
    assert capped["max"] == CHIP_LIMIT and capped["min"] <= CHIP_LIMIT


def test_an_old_brag_level_at_the_limit_lists_no_raise():
    state = old_brag_state(CHIP_LIMIT)
    assert state.to_act is not None
    assert [a["type"] for a in OLD.legal_actions(state)] == ["fold", "call"]
    assert wagers(OLD, old_brag_state(CHIP_LIMIT - 1))["raise"]["min"] == CHIP_LIMIT


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_suggestion_names_no_amount_past_the_limit(level):
    state = brag_state(2**53 - 2)
    answer = suggest(BRAG, state, state.to_act, level, "limit")
    assert answer.action.get("amount", 0) <= CHIP_LIMIT
    assert answer.action["type"] in {a["type"] for a in BRAG.legal_actions(state)}
