"""Random Broggin deals (hypothesis): chips conserved, 40 cards accounted for; tampered states never crash."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.broggin.state import COMPLETE, Assignment
from service.rules.registry import GAMES
from tests.actions import load
from tests.simulation import play, submittables

GAME = GAMES["broggin"]


def every_card(state):
    cards = list(state.stock) + list(state.discards)
    for seat in state.seats:
        cards.extend(seat.hand)
    return cards


@settings(max_examples=120, deadline=None)
@given(
    seed=st.text(min_size=1, max_size=10),
    players=st.integers(2, 10),
    dealer=st.integers(0, 9),
    stake=st.integers(1, 3),
    raise_rule=st.sampled_from(["cap_double_insats", "double_previous"]),
    max_raises=st.one_of(st.none(), st.integers(0, 3)),
    exchange_limit=st.sampled_from(["reshuffle_discards", "stock_only"]),
    assignment=st.sampled_from(["declared_or_best", "best_only", "declared_only"]),
    allow_duplicates=st.booleans(),
    odd_chip=st.sampled_from(["first_clockwise", "last_clockwise"]),
)
def test_random_deal(
    seed, players, dealer, stake, raise_rule, max_raises, exchange_limit, assignment, allow_duplicates, odd_chip
):
    """Played by the shared driver (the generic checks are in tests/rules/test_simulation.py): the antes
    open the pot, the pot only grows and is what the seats put in, payouts never take more than a seat put in."""
    raw = {
        "stake": stake,
        "raise_rule": raise_rule,
        "max_raises": max_raises,
        "exchange_limit": exchange_limit,
        "assignment": assignment,
        "allow_duplicate_identity": allow_duplicates,
        "odd_chip": odd_chip,
        "max_players": 10,
    }
    deal = play(GAME, players, seed, raw, dealer % players)
    assert deal.start.state.pot == stake * players
    for step in deal.steps:
        assert step.after.pot >= step.before.pot
        assert step.after.pot == sum(s.put_in for s in step.after.seats)
        assert sorted(every_card(step.after)) == sorted(GAME.full_pack())  # the 40 cards are all accounted for
    state = deal.state
    assert state.phase == COMPLETE
    result = GAME.result(state)
    assert result["winners"]
    assert all(-p <= s.put_in for p, s in zip(result["payouts"], state.seats, strict=True))


SEAT_FIELDS = ("seat", "hand", "folded", "put_in", "bet2", "acted", "exchanged", "declared")
STATE_FIELDS = ("players", "dealer", "phase", "to_act", "stock", "discards", "pot", "level", "raises")
ODD_VALUES = {
    int: st.sampled_from([-1, 0, 1, 2, 3, 4, 7, 40, 10**6, 10**18, -(10**18)]),
    bool: st.booleans(),
    str: st.sampled_from(["bet1", "exchange", "bet2", "declare", "complete", "x"]),
}


@settings(max_examples=150, deadline=None)
@given(
    seed=st.text(min_size=1, max_size=6),
    steps=st.integers(0, 30),
    assignment=st.sampled_from(["declared_or_best", "declared_only"]),
    data=st.data(),
)
def test_tampered_states_never_crash(seed, steps, assignment, data):
    """validate lists problems and never raises; a state it accepts can be played on without a crash."""
    state = play(GAME, 3, seed, {"assignment": assignment}, 0, picks=range(steps)).state
    for _ in range(data.draw(st.integers(1, 3))):
        if data.draw(st.booleans()):
            name = data.draw(st.sampled_from(STATE_FIELDS))
            value = getattr(state, name)
            if isinstance(value, tuple):
                new = value[1:] if value and data.draw(st.booleans()) else (*value, "KSw")
            elif value is None or isinstance(value, int) and not isinstance(value, bool):
                new = data.draw(ODD_VALUES[int])
            else:
                new = data.draw(ODD_VALUES[type(value)])
            state = dataclasses.replace(state, **{name: new})
        else:
            index = data.draw(st.integers(0, len(state.seats) - 1))
            seat = state.seats[index]
            name = data.draw(st.sampled_from(SEAT_FIELDS))
            value = getattr(seat, name)
            if name == "hand":
                new = data.draw(
                    st.sampled_from(
                        [
                            seat.hand[::-1],
                            seat.hand[:3],
                            (*seat.hand[:3], "Witch"),
                            (*seat.hand[:3], state.seats[(index + 1) % 3].hand[0]),
                        ]
                    )
                )
            elif name == "declared":
                new = data.draw(
                    st.sampled_from(
                        [
                            None,
                            (),
                            (Assignment("Witch", "QSw"),),
                            (Assignment("KSw", "??"), Assignment("Knight", "Witch")),
                        ]
                    )
                )
            elif isinstance(value, bool):
                new = not value
            else:
                new = data.draw(ODD_VALUES[int])
            seats = list(state.seats)
            seats[index] = dataclasses.replace(seat, **{name: new})
            state = dataclasses.replace(state, seats=tuple(seats))
    problems = GAME.validate(state)
    if problems:
        return
    for listed in GAME.legal_actions(state):
        for action in submittables(listed, state.seats[listed["seat"]].hand, 0):
            GAME.apply(state, load(GAME, action))
    GAME.result(state)
    GAME.view(state, 0)
