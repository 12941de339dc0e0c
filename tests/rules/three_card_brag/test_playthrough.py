"""Random deals of Three Card Brag under random options, played by the shared driver (``tests.simulation``;
the generic checks are in ``tests/rules/test_simulation.py``): the antes open the pot, the pot only grows,
no raise is listed at the cap, a carried-forward pot goes out in the result."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.registry import GAMES
from tests.simulation import play

GAME = GAMES["three-card-brag"]


@settings(max_examples=150, deadline=None)
@given(
    seed=st.text(min_size=1, max_size=12),
    players=st.integers(2, 7),
    dealer=st.integers(0, 6),
    blind_allowed=st.booleans(),
    even=st.booleans(),
    max_bet=st.one_of(st.none(), st.integers(4, 12)),
    survivor=st.sampled_from(["wins", "wins_and_keeps_hand", "carry_forward"]),
)
def test_random_deal(seed, players, dealer, blind_allowed, even, max_bet, survivor):
    raw = {"blind_allowed": blind_allowed, "require_even_stakes": even, "max_bet": max_bet, "blind_survivor": survivor}
    options = GAME.options(raw)
    deal = play(GAME, players, seed, raw, dealer % players)
    assert deal.start.state.pot == options.ante * players
    for step in deal.steps:
        assert step.after.pot >= step.before.pot
        stake = step.before.stake
        if max_bet is not None and stake is not None and stake >= max_bet:
            assert not any(a["type"] == "raise" for a in step.legal)
    result = GAME.result(deal.state)
    assert result["pot"] == deal.state.pot
    if result["reason"] == "carried_forward":
        assert survivor == "carry_forward" and result["carried_pot"] == deal.state.pot and result["winners"] == []
    else:
        assert "carried_pot" not in result and len(result["winners"]) == 1
