"""Random legal playthroughs (hypothesis): chips conserved, payouts balance, every listed action accepted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.errors import IllegalAction
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle
from service.rules.three_card_brag.options import BragOptions
from tests.actions import act

GAME = GAMES["three-card-brag"]


def concrete(legal, extra):
    """A submittable action from a listed one (a free amount: its min, or a little above)."""
    if "min" in legal:
        step = 2 if legal["min"] % 2 == 0 else 1
        amount = legal["min"] + step * extra
        if legal["max"] is not None:
            amount = min(amount, legal["max"])
            if amount % 2 != legal["min"] % 2 and step == 2:
                amount -= 1
        return act(GAME, legal["seat"], legal["type"], amount=amount)
    return act(GAME, legal["seat"], legal["type"])


@settings(max_examples=150, deadline=None)
@given(
    seed=st.text(min_size=1, max_size=12),
    players=st.integers(2, 7),
    dealer=st.integers(0, 6),
    blind_allowed=st.booleans(),
    even=st.booleans(),
    max_bet=st.one_of(st.none(), st.integers(4, 12)),
    survivor=st.sampled_from(["wins", "wins_and_keeps_hand", "carry_forward"]),
    choices=st.lists(st.tuples(st.integers(0, 20), st.integers(0, 3)), min_size=1, max_size=60),
)
def test_random_legal_playthrough(seed, players, dealer, blind_allowed, even, max_bet, survivor, choices):
    options = BragOptions(
        blind_allowed=blind_allowed, require_even_stakes=even, max_bet=max_bet, blind_survivor=survivor
    )
    dealer %= players
    deck = shuffle(GAME.pack(players, options), seed)
    state = GAME.deal(players, dealer, options, deck).state
    assert state.pot == options.ante * players
    for pick, extra in choices:
        assert GAME.validate(state) == []
        legal = GAME.legal_actions(state)
        if not legal:
            break
        for listed in legal:  # every listed action is accepted
            GAME.apply(state, concrete(listed, 0))
        if max_bet is not None and state.stake is not None and state.stake >= max_bet:
            assert not any(a["type"] == "raise" for a in legal)
        listed_types = {a["type"] for a in legal}
        for kind in {"see", "call", "look"} - listed_types:  # and what is not listed is refused
            try:
                GAME.apply(state, act(GAME, state.to_act, kind))
            except IllegalAction:
                pass
            else:  # pragma: no cover - would be a bug
                raise AssertionError(f"{kind} was accepted but not listed")
        before = state.pot
        transition = GAME.apply(state, concrete(legal[pick % len(legal)], extra))
        state = transition.state
        assert state.pot >= before
        assert state.pot == options.carried_pot + sum(s.put_in for s in state.seats)
    assert GAME.validate(state) == []
    result = GAME.result(state)
    if result is not None:
        carried = result.get("carried_pot", 0)
        assert sum(result["payouts"]) == options.carried_pot - carried
        assert all(len(set(s.hand)) == 3 for s in state.seats)
        every = [c for s in state.seats for c in s.hand] + list(state.stock)
        assert sorted(every) == sorted(GAME.full_pack())
