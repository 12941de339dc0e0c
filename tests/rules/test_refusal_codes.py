"""Each game's table of refusal codes (:class:`Refusal` and its ``refusal_codes`` enums, :meth:`Game.refusals`,
the 409's ``code`` enum) holds every code its raise sites give: the codes read from the source are the table's,
and every refusal met probing random deals with actions the rules refuse has a code of the table."""

from __future__ import annotations

import pytest

from service.rules.base import Refusal
from service.rules.registry import GAMES
from tests.docs.rule_ids import codes_in, seen_refusals, source_codes


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_refusal_table_is_the_codes_of_the_raise_sites(game_id: str) -> None:
    game = GAMES[game_id]
    assert {code.value for code in Refusal} <= source_codes(game)  # the reader finds service/rules/game.py's
    assert sorted(source_codes(game) - set(game.absent_codes)) == sorted(game.refusals())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_refusal_of_random_deals_has_a_code_of_the_table(game_id: str) -> None:
    seen = {refused.code for refused in seen_refusals(game_id)}
    assert seen - {code.value for code in Refusal}  # the probes reach the game's own refusals
    assert sorted(seen - set(GAMES[game_id].refusals())) == []


def test_the_source_reader_finds_every_form_of_raise_site() -> None:
    source = """
def apply(self, state, action):
    raise self.illegal(state, "plain", "1(a)", "message")
    raise self.illegal(state, "either" if action.seat else "or", "flow", f"seat {action.seat}")
    raise IllegalAction("direct", "turn", "message")
    raise self.illegal(state, *self._why(state))
def _why(self, state):
    if state.trick:
        return "unpacked", "BSC-A2", why
    return "ruled_by_a_helper", self._rule(state), f"message {state.trick}"
def problems(pairs):
    for pair in pairs:
        problems.append(("paired", str(pair)))
"""
    assert codes_in(source) == {"plain", "either", "or", "direct", "unpacked", "ruled_by_a_helper", "paired"}


def test_the_source_reader_leaves_other_tuples_alone() -> None:
    source = """
expected = {"auction": ("bid", "pass")}
def category(values):
    return "prial", (6, values[0]), f"Prial of {values[0]}"
moved = {"match_score": ("match_score", "[1, 0]")}
"""
    assert codes_in(source) == set()
