"""Analysis in the engine (docs/api.md 19): each decision weighed as ``actions/suggest`` weighs it, losses never
negative, labels by the game's thresholds, blunders called blunders, and a seat's analysis from its view alone."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules import analysis
from service.rules.actions import Play
from service.rules.bots import suggest
from service.rules.bots.common import typed
from service.rules.briscola.state import Trick
from service.rules.errors import InvalidInput
from service.rules.frozen import evolve
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle
from tests.rules.test_suggest import TABLES, exchange
from tests.simulation import play


def suggested_record(game: Any, players: int, seed: str, level: str, most: int = 60) -> tuple[Any, list[Any]]:
    """A deal's first transition and up to ``most`` actions, each the suggestion (at ``level``, ``seed``) for the
    seat to act."""
    options = game.options(None)
    first = game.deal(players, 0, options, shuffle(game.pack(players, options), seed))
    state, actions = first.state, []
    while state.to_act is not None and len(actions) < most:
        action = typed(game, suggest(game, state, None, level, seed).action)
        actions.append(action)
        state = game.apply(state, action).state
    return first, actions


def analysed(game: Any, first: Any, actions: list[Any], seats: Any, level: str, seed: str) -> list[Any]:
    steps, _, _ = analysis.replayed(game, first, actions)
    return analysis.analyse(game, analysis.decisions_of(game, steps, list(seats)), level, seed)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_record_the_suggestions_played_is_best_at_every_decision(game_id, players):
    game = GAMES[game_id]
    first, actions = suggested_record(game, players, "played", "easy")
    decisions = analysed(game, first, actions, range(players), "easy", "played")
    assert decisions
    assert all(d.label == "best" and d.loss == 0 and d.best.action == d.action for d in decisions)
    summary = analysis.summary(decisions, range(players), analysis.scale_of(game))
    assert sum(s.decisions for s in summary) == len(decisions)
    assert all(s.accuracy == 100 for s in summary if s.decisions)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_random_record_loses_nothing_negative_and_its_labels_follow_the_thresholds(game_id, players):
    game = GAMES[game_id]
    deal = play(game, players, "analysis")
    actions = [typed(game, step.action) for step in deal.steps][:40]
    decisions = analysed(game, deal.start, actions, range(players), "easy", "r")
    scale = analysis.scale_of(game)
    assert decisions
    for d in decisions:
        assert d.loss >= 0
        assert d.label == analysis.label(d.loss, scale)
        assert (
            d.best
            == suggest(game, analysis_state(game, deal.start, actions, d.index), d.seat, "easy", "r").considered[0]
            or d.policy == "equity/2"
        )
        assert d.action in [c.action for c in d.considered]
        assert d.value == next(c.value for c in d.considered if c.action == d.action)


def analysis_state(game: Any, first: Any, actions: list[Any], index: int) -> Any:
    state = first.state
    for action in actions[:index]:
        state = game.apply(state, action).state
    return state


def test_a_choice_the_policy_did_not_list_is_weighed_beside_the_candidates():
    """A raise above the least is not a candidate of the betting policy: it is valued by the same equity and added
    to considered, ranked with the others."""
    game, deal = fold_deal()
    raised = [
        typed(game, {"seat": 1, "type": "bet", "amount": 1}),
        typed(game, {"seat": 0, "type": "raise", "amount": 6}),
    ]
    (decision,) = analysed(game, deal, raised, [0], "easy", "s")
    assert decision.action == {"seat": 0, "type": "raise", "amount": 6}
    assert decision.action in [c.action for c in decision.considered]
    assert [c.value for c in decision.considered] == sorted((c.value for c in decision.considered), reverse=True)
    assert decision.loss == max(0.0, round(decision.best.value - decision.value, 6))


def fold_deal() -> tuple[Any, Any]:
    """Three Card Brag, everyone open: seat 1 deals itself 2C 4D 7S, seat 0 a prial of aces."""
    game = GAMES["three-card-brag"]
    options = game.options({"blind_allowed": False})
    top = ["2C", "AS", "4D", "AH", "7S", "AD"]
    deck = top + [c for c in game.pack(2, options) if c not in top]
    return game, game.deal(2, 0, options, deck)


def test_folding_a_prial_of_aces_to_a_bet_of_one_is_a_mistake_or_worse():
    game, deal = fold_deal()
    folded = [typed(game, {"seat": 1, "type": "bet", "amount": 1}), typed(game, {"seat": 0, "type": "fold"})]
    for level in analysis.LEVELS:
        (decision,) = analysed(game, deal, folded, [0], level, "s")
        assert decision.label in ("mistake", "blunder")
        assert decision.value == 0


def briscola_endgame(mine: tuple[str, ...], theirs: tuple[str, ...], turn_up: str) -> Any:
    """Two-player Briscola with the stock spent: the seat on lead holds ``mine``, the other ``theirs``; the other
    34 cards lie in finished tricks (turn-up last), each taken by the game's own trick winner."""
    game = GAMES["briscola"]
    options = game.options(None)
    start = game.deal(2, 0, options, shuffle(game.pack(2, options), "endgame")).state
    held = {*mine, *theirs, turn_up}
    rest = [c for c in game.pack(2, options) if c not in held] + [turn_up]
    tricks, points, leader = [], [0, 0], 1  # the dealer's left leads the first trick
    for k in range(0, len(rest), 2):
        cards = (rest[k], rest[k + 1])
        index, won = game.trick_winner(turn_up[1], cards, options)
        winner = (leader + index) % 2
        tricks.append(Trick(leader=leader, cards=cards, winner=winner, points=won))
        points[winner] += won
        leader = winner
    hands = {leader: mine, 1 - leader: theirs}
    seats = tuple(evolve(s, {"hand": hands[s.seat], "points": points[s.seat]}) for s in start.seats)
    changes = {"trump": turn_up[1], "turn_up": turn_up, "stock": (), "tricks": tuple(tricks)}
    state = evolve(start, {**changes, "seats": seats, "leader": leader, "to_act": leader, "trick": ()})
    assert game.validate(state) == []
    return state


def test_leading_the_ace_into_a_trump_is_a_blunder():
    """Hearts trumps, the stock spent: the seat holds AS JC 6D, the other 3S 7H 3H. The ace led is trumped (11 points
    and more to the other side); JC or 6D led keeps it."""
    game = GAMES["briscola"]
    state = briscola_endgame(("AS", "JC", "6D"), ("3S", "7H", "3H"), "KH")
    for level in analysis.LEVELS:
        decision = analysis.decide(game, analysis.Step(0, Play(state.to_act, "AS"), state), level, "s")
        assert decision.loss >= 11
        assert decision.label == "blunder"
        assert decision.best.action["card"] != "AS"


def test_a_seats_analysis_depends_only_on_its_view():
    """Two cards seat 0 never sees swapped in the deck (deep in the stock, drawn late): its decisions are the same."""
    game = GAMES["briscola"]
    first, actions = suggested_record(game, 2, "fair", "easy", most=10)
    deck = list(shuffle(game.pack(2, game.options(None)), "fair"))
    deck[30], deck[31] = deck[31], deck[30]
    other = game.deal(2, 0, game.options(None), deck)
    assert game.view(other.state, 0) == game.view(first.state, 0)
    assert analysed(game, other, actions, [0], "easy", "f") == analysed(game, first, actions, [0], "easy", "f")
    assert exchange  # the suggest tests' swap of hidden cards, for states; here the deck's


def test_labels_and_accuracy_follow_the_loss():
    scale = analysis.Scale("points", 4.0)
    assert [analysis.label(x, scale) for x in (0, 0.5, 4, 7.9, 8, 12, 40)] == [
        "best",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert analysis.accuracy(0, scale) == 100
    accuracies = [analysis.accuracy(x, scale) for x in (0.1, 4, 8, 12, 100)]
    assert accuracies == sorted(accuracies, reverse=True)
    assert 0 <= accuracies[-1] < accuracies[0] < 100


def test_work_past_the_budget_is_refused_saying_what_fits():
    game = GAMES["briscola"]
    most = analysis.budget(game) // analysis.samples(game, "normal")
    analysis.check_work(game, most, "normal")
    with pytest.raises(InvalidInput) as refused:
        analysis.check_work(game, most + 1, "normal")
    (problem,) = refused.value.problems
    assert problem.pointer == "/level"
    assert f"{most} at normal" in problem.message
    with pytest.raises(InvalidInput) as too_many:
        analysis.check_work(game, 10 * analysis.budget(game), "easy")
    assert too_many.value.problems[0].pointer == "/seats"
