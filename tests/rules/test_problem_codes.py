"""Each game's problem codes (:meth:`Game.checks`, the ``code`` enum of a ``states/validate`` problem): the shared
:class:`Check` codes, the game's own tables, and the codes of the refused calls its ``validate`` replays, which
are those :meth:`BriscolaChiamata._call_problem` gives and codes of the game's refusals."""

from __future__ import annotations

import inspect
import textwrap

import pytest

from service.rules.base import Check
from service.rules.briscola.chiamata import BriscolaChiamata
from service.rules.registry import GAMES
from tests.docs.rule_ids import codes_in


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_problem_codes_are_the_shared_then_the_games_own_each_once(game_id: str) -> None:
    game = GAMES[game_id]
    codes = game.checks()
    assert len(codes) == len(set(codes))
    assert codes[: len(Check)] == [code.value for code in Check]
    assert {code.value for enum in game.problem_codes for code in enum} - set(game.absent_codes) <= set(codes)
    assert set(game.replayed_refusals) <= set(game.refusals()) & set(codes)


def test_the_replayed_refusals_are_the_codes_of_a_refused_auction_call() -> None:
    source = textwrap.dedent(inspect.getsource(BriscolaChiamata._call_problem))
    assert codes_in(source) == set(BriscolaChiamata.replayed_refusals)
    assert [g.id for g in GAMES.values() if g.replayed_refusals] == ["briscola-chiamata"]
