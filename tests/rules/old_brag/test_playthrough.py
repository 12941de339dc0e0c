"""Random Old Brag deals (hypothesis): cards and chips conserved, the 31 phase; tampered states never crash."""

from __future__ import annotations

import contextlib
import dataclasses
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.rules.cards import french_pack
from service.rules.errors import IllegalAction
from service.rules.old_brag import OldBrag
from service.rules.old_brag.game import total_31
from service.rules.old_brag.state import OldBragState
from service.rules.shuffle import shuffle
from tests.actions import load
from tests.simulation import carries, play, submittables, variants

GAME = OldBrag()
PACK = french_pack()


def every_card(state: OldBragState) -> list[str]:
    cards = list(state.stock)
    for s in state.seats:
        cards.extend(s.hand)
        cards.extend(s.drawn)
    return cards


def put_in(state: OldBragState, seat: int) -> int:
    o = state.options
    return o.ante + (2 * o.pot_ante if o.consolation_pots else 0) + state.seats[seat].staked


def check_invariants(state: OldBragState) -> None:
    assert GAME.validate(state) == []
    cards = every_card(state)
    assert Counter(cards) == Counter(PACK)  # every card once: none dealt twice, none lost
    chips_in = sum(put_in(state, s.seat) for s in state.seats) + state.carry.pot3
    assert state.main_pot + state.pot1 + state.pot3 == chips_in  # chips conserved across the three pots
    for s in state.seats:
        if s.drawn:
            assert total_31(s.hand + s.drawn[:-1], state.options) <= 31
    for seat in range(state.players):
        view = GAME.view(state, seat)
        assert view.seats[seat] == state.seats[seat]
        assert len(every_card(view)) == len(cards)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(3, 8),
    dealer_pick=st.integers(0, 7),
    options=st.sampled_from(variants(GAME)),
    seed=st.text(min_size=1, max_size=10),
    carry=st.sampled_from(carries(GAME)),
)
def test_random_deal(
    players: int, dealer_pick: int, options: dict[str, Any], seed: str, carry: dict[str, int] | None
) -> None:
    """Played by the shared driver (the generic checks are in tests/rules/test_simulation.py): chips
    conserved across the pots, the 31 phase, and how the three pots end."""
    dealer = dealer_pick % players
    opts = GAME.options(options)
    deal = play(GAME, players, seed, options, dealer, carry=carry)
    carried = (carry or {}).get("pot3", 0)
    check_invariants(deal.start.state)
    deck = shuffle(GAME.pack(players, opts), seed)
    assert deal.start.state.stock == deck[players * 3 :]
    for step in deal.steps:
        if step.action["type"] == "hit":
            assert step.after.stock == step.before.stock[1:]  # draws come off the top of the rest
        check_invariants(step.after)
    state = deal.state
    result = GAME.result(state)
    # chips come in from an earlier deal (carry.pot3) and go out to a later one (result carried_pot3)
    if opts.consolation_pots:
        pot3 = result["pots"]["pot3"]
        assert ("carried_pot3" in result) == (
            pot3["reason"] == "carried" or (pot3["reason"] == "returned" and carried > 0)
        )
        if pot3["reason"] == "carried":
            assert result["carried_pot3"] == state.pot3
    else:
        assert result.get("carried_pot3", 0) == carried
    assert result["winners"] == [result["pots"]["main"]["winner"]]


ENDINGS = {"showdown", "all_folded", "highest_total"}
"""How a deal ends: the main pot shown down or won by folds; Pot III to the highest total."""


def test_seeded_deals_reach_every_ending() -> None:
    """Seeded deals of the shared driver reach each way a deal ends (all folding is rare: about 1 in 50)."""
    seen: set[str] = set()
    for i in range(600):
        result = GAME.result(play(GAME, 3 + i % 6, f"ending/{i}").state)
        seen.add(result["reason"])
        seen.add(result["pots"]["pot3"]["reason"])
        if seen >= ENDINGS:
            break
    assert seen >= ENDINGS, seen


SEAT_FIELDS = ("folded", "staked", "stood", "drawn")


@settings(max_examples=300, deadline=None)
@given(
    deck=st.permutations(PACK),
    steps=st.lists(st.integers(0, 20), max_size=12),
    mutations=st.lists(
        st.tuples(
            st.sampled_from(["to_act", "dealer", "level", "aggressor", "main_pot", "pot1", "pot3", "phase", "seat"]),
            st.integers(-2, 9),
            st.sampled_from(SEAT_FIELDS),
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_validate_and_apply_never_crash_on_tampered_states(
    deck: list[str], steps: list[int], mutations: list[tuple[str, int, str]]
) -> None:
    state = play(GAME, 4, "tampered", dealer=1, picks=steps, deck=deck).state
    for name, value, seat_field in mutations:
        if name == "phase":
            state = dataclasses.replace(state, phase=("betting", "drawing", "complete", "x")[value % 4])
        elif name == "seat":
            seat = state.seats[value % 4]
            change: Any = {
                "folded": not seat.folded,
                "staked": value,
                "stood": not seat.stood,
                "drawn": seat.drawn + (state.stock[0],) if state.stock and value % 2 else (),
            }[seat_field]
            seats = list(state.seats)
            seats[value % 4] = dataclasses.replace(seat, **{seat_field: change})
            state = dataclasses.replace(state, seats=tuple(seats))
        else:
            state = dataclasses.replace(state, **{name: None if name == "aggressor" and value < 0 else value})
    problems = GAME.validate(state)
    if problems:
        return
    # a state that passes validation must be playable: legal actions apply, others raise IllegalAction
    GAME.result(state)
    for seat in range(state.players):
        GAME.view(state, seat)
    for listed in GAME.legal_actions(state):
        for action in submittables(listed, state.seats[listed["seat"]].hand, 3):
            GAME.apply(state, load(GAME, action))
    for kind in ("bet", "call", "raise", "fold", "hit", "stand"):
        for seat in range(-1, 5):
            with contextlib.suppress(IllegalAction):
                kind_class = {c.type: c for c in GAME.actions}[kind]  # built by hand: seat -1 never loads
                GAME.apply(state, kind_class(seat, 2) if kind in ("bet", "raise") else kind_class(seat))
