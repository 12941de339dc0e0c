"""Melds on hand-made hands and the BSC-A2/A6/A7/A9/A10 options in play."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from service.rules.briscan import Briscan, Brisque
from service.rules.briscan.melds import Announcement, candidates, meld_points, reuse_problem, runs
from service.rules.briscan.variants import BRISCAN
from service.rules.cards import SUITS
from service.rules.errors import IllegalAction
from tests.actions import act
from tests.rules.briscan.test_examples import announce, c14_state, deal, melds, play

GAME = Briscan()
OPTS = GAME.options(None)


def test_runs_all_and_longest():
    hand = ["AH", "KH", "QH", "JH", "TH"]
    assert runs(hand, maximal=True) == [("AH", "KH", "QH", "JH", "TH")]
    assert len(runs(hand, maximal=False)) == 6  # 3 tierces, 2 quatriemes, 1 quinte
    assert runs(["AH", "KH", "JH", "TH", "9H"], maximal=True) == [("JH", "TH", "9H")]


@pytest.mark.parametrize(
    ("kind", "cards", "trump", "points"),
    [
        ("quinte", ["AS", "KS", "QS", "JS", "TS"], "H", 300),
        ("quinte", ["AS", "KS", "QS", "JS", "TS"], "S", 600),
        ("quatrieme", ["TD", "9D", "8D", "7D"], "H", 30),
        ("tierce", ["9C", "8C", "7C"], "H", 20),
        ("tierce", ["KC", "QC", "JC"], "C", 100),
        ("quartet", ["TS", "TH", "TD", "TC"], "H", 100),
        ("quartet", ["9S", "9H", "9D", "9C"], "H", None),
        ("marriage", ["KS", "QS"], "H", 20),
        ("marriage", ["KS", "QH"], "H", None),
        ("tierce", ["AS", "KS", "JS"], "H", None),
        ("trump_ace", ["AS"], "H", None),
    ],
)
def test_meld_points(kind, cards, trump, points):
    assert meld_points(kind, cards, trump, OPTS, BRISCAN) == points


def test_evaluate_melds_on_a_full_hand():
    found = melds(["KS", "QS", "KH", "QH", "KD"], "S")
    assert found == {
        ("marriage", ("KS", "QS")): 40,
        ("marriage", ("KH", "QH")): 20,
        ("carte_blanche_courts", ("KS", "QS", "KH", "QH", "KD")): 20,
    }


def test_sequence_cards_in_quartets_option():
    hands = {0: ["AS", "KS", "QS", "AH", "8C"], 1: ["7C", "7S", "8S", "9S", "TS"]}
    for allowed in (False, True):
        options = {"sequence_cards_in_quartets": allowed}
        state = deal(GAME, hands, "9H", then=("AD", "JD", "AC"), options=options).state
        state = play(GAME, state, "8C", "7C")  # seat 0 draws AD
        state = announce(GAME, state, 0, ("tierce", ["AS", "KS", "QS"])).state
        state = play(GAME, state, "QS", "7S")  # draws AC
        assert sorted(state.seats[0].hand) == ["AC", "AD", "AH", "AS", "KS"]
        quartet = ("quartet", ["AS", "AH", "AD", "AC"])
        if allowed:
            after = announce(GAME, state, 0, quartet).state
            assert after.seats[0].score - state.seats[0].score == 150 and GAME.validate(after) == []
        else:
            with pytest.raises(IllegalAction) as err:
                announce(GAME, state, 0, quartet)
            assert err.value.code == "card_reuse"


def test_melds_per_turn_and_after_talon():
    state = c14_state({"melds_per_turn": 1})
    with pytest.raises(IllegalAction) as err:
        announce(GAME, state, 0, ("quatrieme", ["AH", "KH", "QH", "JH"]), ("trump_ace", ["AH"]))
    assert err.value.code == "too_many_melds" and err.value.rule == "BSC-A7"
    state = announce(GAME, state, 0, ("quatrieme", ["AH", "KH", "QH", "JH"])).state
    assert not any(a["type"] == "announce" for a in GAME.legal_actions(state))
    final = dataclasses.replace(c14_state(), phase="final", talon=())
    assert GAME.announce_kinds(final, 0) == ()
    assert "marriage" in GAME.announce_kinds(
        dataclasses.replace(final, options=GAME.options({"announce_after_talon": True})), 0
    )


def test_only_the_leader_announces_between_tricks():
    state = c14_state()
    assert GAME.announce_kinds(state, 1) == ()
    with pytest.raises(IllegalAction):
        GAME.apply(state, act(GAME, 1, "announce", melds=[{"kind": "marriage", "cards": ["KH", "QH"]}]))
    led = play(GAME, state, "9C")
    with pytest.raises(IllegalAction) as err:
        announce(GAME, led, 0, ("marriage", ["KH", "QH"]))
    assert err.value.code in ("announce_not_allowed", "not_your_turn")


def test_trump_ace_automatic_on_holding():
    hands = {0: ["AH", "8C", "9C", "TC", "JC"]}
    state = deal(GAME, hands, "9H", options={"trump_ace_bonus": "automatic_on_holding"}).state
    assert {b.kind for b in state.seats[0].bonuses} == {"trump_ace"} and state.seats[0].score == 30
    assert all(m["kind"] != "trump_ace" for m in GAME.evaluate_melds(hands[0], "H", state.options))


def test_carte_blanche_on_the_initial_hand():
    hands = {0: ["AS", "TD", "9C", "8H", "7S"], 1: ["KS", "QD", "JC", "KD", "JH"]}
    state = deal(GAME, hands, "9D", options={"carte_blanche_timing": "initial_hand"}).state
    listed = [a for a in GAME.legal_actions(state) if a["type"] == "announce"]
    assert {a["seat"] for a in listed} == {0, 1}
    state = GAME.apply(
        state, act(GAME, 1, "announce", melds=[{"kind": "carte_blanche_courts", "cards": list(hands[1])}])
    ).state
    assert state.seats[1].score == 20 and GAME.validate(state) == []
    state = play(GAME, state, "8H", "KS")
    kinds = GAME.announce_kinds(state, 0)  # seat 0 won 8H v KS
    assert kinds and "carte_blanche_pips" not in kinds and GAME.announce_kinds(state, 1) == ()


def test_view_hides_the_other_hand_and_the_talon():
    state = c14_state()
    state = announce(GAME, state, 0, ("marriage", ["KH", "QH"])).state
    view = GAME.view(state, 1)
    assert set(view.seats[0].hand) == {"??"} and view.seats[1].hand == state.seats[1].hand
    assert view.talon[-1] == "TH" and set(view.talon[:-1]) == {"??"}
    assert view.seats[0].melds == state.seats[0].melds  # announced melds are public


def most_in_one_announcement(found, options):
    """The most of ``found`` (kind, cards, points) one announcement can hold, in any order (BSC-A2 reuse)."""
    best = 0

    def extend(left, prior):
        nonlocal best
        best = max(best, len(prior))
        if len(prior) + len(left) <= best:
            return
        for i in left:
            kind, cards, points = found[i]
            if reuse_problem(kind, cards, prior, options) is None:
                extend(left - {i}, [*prior, Announcement(kind, cards, points, 1)])

    extend(frozenset(range(len(found))), [])
    return best


@pytest.mark.parametrize("game", [Briscan(), Brisque()], ids=lambda g: g.id)
@pytest.mark.parametrize("reuse", [{}, {"sequence_cards_in_quartets": True}, {"strict_card_reuse": True}])
def test_most_melds_bounds_every_announcement(game, reuse):
    """The contract's ``maxItems`` of ``melds`` refuses no announcement the rules allow and, with the default
    reuse rules, falls at most one short of one. Every hand of aces and courts (where melds crowd: marriages,
    runs, quartets, carte blanche, the trump ace); spades are trumps (the suits are alike)."""
    options = game.options({"ace_is_court": True, **reuse})
    courts = [r + s for r in "AKQJ" for s in SUITS]
    reached = max(
        most_in_one_announcement(candidates(hand, "S", options, game.variant, maximal=False), options)
        for hand in itertools.combinations(courts, game.hand_size)
    )
    assert reached <= game.most_melds
    if not reuse:
        assert reached >= game.most_melds - 1
