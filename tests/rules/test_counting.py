"""The card-counting rule (service/rules/bots/counting.py, issue 40 item 6) in two-player Briscola positions built
by hand: each of its rules, and the cards it counts."""

from __future__ import annotations

from typing import Any

from service.rules.bots.counting import counting_card, counting_rollout_action, unseen_in_view, unseen_in_world
from service.rules.frozen import evolve
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle
from tests.simulation import play

GAME = GAMES["briscola"]


def position(mine: tuple[str, ...], theirs: tuple[str, ...], trick: tuple[str, ...] = (), played: int = 0) -> Any:
    """Seat 0 to play holding ``mine`` (hearts trump, the turn-up 2H under the stock), seat 1 holding ``theirs``,
    ``trick`` led by seat 1; the stock is the rest of the pack less the ``played`` first of it (as if taken)."""
    options = GAME.options(None)
    state = GAME.deal(2, 0, options, shuffle(GAME.pack(2, options), "counting")).state
    rest = [c for c in GAME.pack(2, options) if c not in {*mine, *theirs, *trick, "2H"}][played:]
    seats = (evolve(state.seats[0], {"hand": mine}), evolve(state.seats[1], {"hand": theirs}))
    return evolve(
        state,
        {
            "seats": seats,
            "trump": "H",
            "turn_up": "2H",
            "stock": (*rest, "2H"),
            "trick": trick,
            "leader": 1 if trick else 0,
            "to_act": 0,
        },
    )


def card(state: Any) -> str:
    hand = state.seats[0].hand
    return counting_card(GAME, state, 0, hand, unseen_in_world(GAME, state, 0))


def test_it_takes_a_led_card_with_the_richest_card_of_its_suit():
    assert card(position(("AS", "4S", "5C"), ("6D", "7D"), trick=("KS",))) == "AS"


def test_a_trump_takes_a_trick_that_carries_ten_points_and_the_cheapest_trump_does():
    assert card(position(("3H", "4H", "5C"), ("6D", "7D"), trick=("AS",))) == "4H"


def test_a_trump_is_kept_when_the_trick_carries_little():
    assert card(position(("3H", "4H", "5C"), ("6D", "7D"), trick=("JS",))) == "5C"


def test_a_trick_would_give_ten_points_with_the_card_thrown_on_it_so_a_trump_takes_it():
    assert card(position(("AC", "3D", "4H"), ("6D", "7D"), trick=("5S",))) == "4H"


def test_on_lead_a_card_nobody_left_can_beat_is_led_for_its_points():
    """The ace of spades: every heart (the trumps) is placed, so no unseen card takes it; with a trump unseen,
    the cheapest card is led instead."""
    hearts = tuple(c for c in GAME.pack(2, GAME.options(None)) if c.endswith("H") and c != "2H")
    counted = position(("AS", "4C", "5C"), ("6D",))
    counted = evolve(counted, {"stock": tuple(c for c in counted.stock if c not in hearts)})
    assert card(counted) == "AS"
    assert card(position(("AS", "4C", "5C"), ("6D",))) == "4C"


def test_the_cards_it_counts_from_a_view_are_those_the_world_hides():
    state = position(("AS", "4C", "5C"), ("6D", "7D", "KD"))
    view = GAME.view(state, 0)
    assert sorted(unseen_in_view(GAME, view, 0)) == sorted(unseen_in_world(GAME, state, 0))
    assert "2H" not in unseen_in_view(GAME, view, 0)  # the turn-up under the stock is seen


def test_the_rollout_policy_plays_a_legal_card_in_every_state_of_each_trick_game():
    """The counting rollout (Briscola's ``hard``) from every state of a few random deals of each trick game."""
    for game_id, players in (("briscola", 2), ("briscola", 4), ("briscola-chiamata", 5), ("briscan", 2)):
        game = GAMES[game_id]
        for seed in ("a", "b"):
            for state in play(game, players, f"counting-{seed}").states():
                if state.to_act is None or getattr(state, "trump", None) is None:
                    continue
                action = counting_rollout_action(game, state)
                assert action in game.legal_actions(state), (game_id, action)


def test_normal_and_hard_count_cards_in_their_rollouts_heads_up_only():
    """The counting rule plays for one seat: Briscola's ``normal`` and ``hard`` roll out with it heads-up, and
    greedily (on lists) where partners share a side; ``easy`` always greedily."""
    from service.rules.bots import pimc
    from service.rules.bots.cheap import rollout_action

    for level in ("normal", "hard"):
        assert pimc.budget("briscola", level, 2).rollout is counting_rollout_action
        assert [pimc.budget("briscola", level, n).rollout for n in (3, 4, 6)] == [rollout_action] * 3
    assert pimc.budget("briscola", "easy", 2).rollout is rollout_action
