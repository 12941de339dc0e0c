"""Random legal playthroughs (hypothesis): chips conserved, 40 cards accounted for, every listed action accepted."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.broggin.options import BrogginOptions
from service.rules.broggin.state import COMPLETE, Assignment
from service.rules.errors import IllegalAction
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle
from tests.actions import act

GAME = GAMES["broggin"]
TYPES = ("bet", "fold", "exchange", "call", "raise", "declare")


def concrete(state, listed, pick):
    """A submittable action from a listed one: a discard of ``pick`` cards, a raise, a declaration."""
    seat, kind = listed["seat"], listed["type"]
    if kind == "exchange":
        hand = state.seats[seat].hand
        count = pick % (listed["max_cards"] + 1)
        return act(GAME, seat, kind, discard=tuple(hand[(pick + i) % 4] for i in range(count)))
    if kind == "raise":
        low, high = listed["min"], listed["max"]
        return act(GAME, seat, kind, amount=low + pick % (high - low + 1))
    if kind == "declare":
        chosen, used = [], set()
        for trump, cards in listed["domains"].items():
            free = [c for c in cards if state.options.allow_duplicate_identity or c not in used]
            card = free[pick % len(free)]
            used.add(card)
            chosen.append((trump, card))
        return act(GAME, seat, kind, assignments=dict(chosen))
    return act(GAME, seat, kind)


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
    choices=st.lists(st.integers(0, 1000), min_size=1, max_size=80),
)
def test_random_legal_playthrough(
    seed,
    players,
    dealer,
    stake,
    raise_rule,
    max_raises,
    exchange_limit,
    assignment,
    allow_duplicates,
    odd_chip,
    choices,
):
    options = BrogginOptions(
        stake=stake,
        raise_rule=raise_rule,
        max_raises=max_raises,
        exchange_limit=exchange_limit,
        assignment=assignment,
        allow_duplicate_identity=allow_duplicates,
        odd_chip=odd_chip,
        max_players=10,
    )
    dealer %= players
    state = GAME.deal(players, dealer, options, shuffle(GAME.pack(players, options), seed)).state
    assert state.pot == stake * players
    pack = sorted(GAME.full_pack())
    for pick in choices:
        assert GAME.validate(state) == []
        assert sorted(every_card(state)) == pack  # the 40 cards are all accounted for
        assert state.pot == sum(s.put_in for s in state.seats)
        for seat in range(players):  # a view validates as to shape and hides what it must
            view = GAME.view(state, seat)
            assert view.seats[seat].hand == state.seats[seat].hand
            assert set(view.stock) <= {"??"}
        legal = GAME.legal_actions(state)
        if not legal:
            break
        assert all(a["seat"] == state.to_act for a in legal)
        for listed in legal:  # every listed action is accepted
            GAME.apply(state, concrete(state, listed, pick))
            GAME.apply(state, concrete(state, listed, pick + 1))
        listed_types = {a["type"] for a in legal}
        for kind in set(TYPES) - listed_types - {"exchange", "raise", "declare"}:  # what is not listed is refused
            try:
                GAME.apply(state, act(GAME, state.to_act, kind))
            except IllegalAction as refused:
                assert refused.legal_actions == legal
            else:
                raise AssertionError(f"{kind} was accepted but not listed")
        other = (state.to_act + 1) % players
        try:
            GAME.apply(state, dataclasses.replace(concrete(state, legal[0], pick), seat=other))
        except IllegalAction as refused:
            assert refused.code == "not_your_turn"
        else:
            raise AssertionError("a seat acted out of turn")
        before = state.pot
        state = GAME.apply(state, concrete(state, legal[pick % len(legal)], pick // 7)).state
        assert state.pot >= before
    if state.phase == COMPLETE:
        assert GAME.validate(state) == []
        result = GAME.result(state)
        assert result is not None and sum(result["payouts"]) == 0
        assert result["winners"]
        assert all(-p <= s.put_in for p, s in zip(result["payouts"], state.seats, strict=True))
    else:
        assert GAME.result(state) is None


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
    options = BrogginOptions(assignment=assignment)
    state = GAME.deal(3, 0, options, shuffle(GAME.full_pack(), seed)).state
    for pick in range(steps):
        legal = GAME.legal_actions(state)
        if not legal:
            break
        state = GAME.apply(state, concrete(state, legal[pick % len(legal)], pick)).state
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
        GAME.apply(state, concrete(state, listed, 0))
    GAME.result(state)
    GAME.view(state, 0)
