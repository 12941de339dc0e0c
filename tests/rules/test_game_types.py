"""A game's types come from its generic arguments (``Game.__init_subclass__``): the state, options, actions and
carry it plays with are the ones it names."""

from __future__ import annotations

import pytest

from service.rules.actions import Play
from service.rules.briscola.chiamata import Pass
from service.rules.briscola.game import ExchangeTurnup
from service.rules.briscola.options import BriscolaOptions
from service.rules.briscola.state import BriscolaCarry, BriscolaState
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle
from service.rules.trick_game import TrickGame


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_a_dealt_state_is_of_the_types_the_game_names(game) -> None:
    options = game.options(None)
    players = game.min_players
    state = game.deal(players, 0, options, shuffle(game.pack(players, options), "types")).state
    assert type(state) is game.state_type and type(state.options) is game.options_type
    assert type(getattr(state, "carry", None)) is (game.carry_type or type(None))
    legal = game.legal_actions(state)
    assert legal and {action["type"] for action in legal} <= set(game.action_types())


def test_the_action_union_in_order_and_what_a_class_body_says_stands() -> None:
    class Named(TrickGame[BriscolaState, BriscolaOptions, ExchangeTurnup | Pass | Play]):
        pass

    class Said(TrickGame[BriscolaState, BriscolaOptions, ExchangeTurnup | Pass | Play]):
        actions = (Play,)
        carry_type = None

    assert Named.actions == (ExchangeTurnup, Pass, Play) and Named.carry_type is BriscolaCarry
    assert Named.state_type is BriscolaState and Named.options_type is BriscolaOptions
    assert Said.actions == (Play,) and Said.carry_type is None and Said.state_type is BriscolaState
