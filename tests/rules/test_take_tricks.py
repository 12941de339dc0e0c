"""A replay that keeps no steps takes a trick game's plays a whole trick at a time where the game plays freely
(``TrickGame.take_tricks``): the same last state, count and refusal as applying each action in turn, for every
trick game, clean deals and deals with a fault put in anywhere."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.rules.records import replay
from service.rules.registry import GAMES
from service.rules.trick_game import TrickGame
from tests.actions import load
from tests.simulation import play, tables, variants

TRICK_GAMES = [g for g in GAMES.values() if isinstance(g, TrickGame)]


def _cases() -> list[tuple[str, int, dict[str, Any]]]:
    return [(g.id, n, o) for g in TRICK_GAMES for o in variants(g) for n in tables(g, o)]


def _both(game: Any, deal: Any, actions: list[Any]) -> tuple[Any, Any]:
    """The replay keeping no steps (take_tricks where it can) and the one applying each action in turn."""
    quiet = replay(game, deal.start, actions, keep_events=False)
    loud = replay(game, deal.start, actions, keep_events=True)
    return (quiet[0], quiet[2], quiet[3]), (loud[0], loud[2], loud[3])


def _faulted(game: Any, deal: Any, rng: random.Random) -> list[Any]:
    """The deal's actions with one fault put in at a random place: a card out of turn, a card not held, an
    action dropped, two swapped, or the record cut short."""
    raw = [dict(s.action) for s in deal.steps]
    at = rng.randrange(len(raw))
    kind = rng.choice(["seat", "card", "drop", "swap", "cut", "extra"])
    if kind == "seat":
        raw[at]["seat"] = (raw[at]["seat"] + 1) % deal.players
    elif kind == "card" and "card" in raw[at]:
        held = set(deal.steps[at].before.seats[raw[at]["seat"]].hand)
        raw[at]["card"] = rng.choice(sorted(set(game.full_pack()) - held))
    elif kind == "drop":
        del raw[at]
    elif kind == "swap" and at + 1 < len(raw):
        raw[at], raw[at + 1] = raw[at + 1], raw[at]
    elif kind == "cut":
        raw = raw[:at]
    else:
        raw.append(dict(raw[rng.randrange(len(raw))]))
    return [load(game, a) for a in raw]


@pytest.mark.parametrize(("game_id", "players", "options"), _cases())
def test_take_tricks_replays_as_apply_does(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = GAMES[game_id]
    rng = random.Random(f"take-tricks/{game_id}/{players}/{sorted(options.items())}")
    for k in range(12):
        deal = play(game, players, f"take/{k}", options)
        actions = [load(game, s.action) for s in deal.steps]
        quiet, loud = _both(game, deal, actions)
        assert quiet == loud
        assert quiet[1] == len(actions) and quiet[2] is None
        for _ in range(4):
            quiet, loud = _both(game, deal, _faulted(game, deal, rng))
            assert quiet == loud


def test_briscola_takes_a_whole_deal_at_once() -> None:
    """The fast path is the one taken (so the test above compares two different paths): a plain Briscola deal
    with no exchange is taken to its end by one call, to the state apply reaches."""
    game = GAMES["briscola"]
    for k in range(5):
        deal = play(game, 2, f"whole/{k}", {})
        actions = [load(game, s.action) for s in deal.steps]
        if any(a.type != "play" for a in actions):
            continue
        state, index = game.take_tricks(deal.start.state, actions, 0)
        assert index == len(actions)
        assert state == deal.state and state.phase == "complete"


def test_a_game_that_does_not_play_freely_takes_nothing() -> None:
    game = GAMES["briscan"]
    deal = play(game, 2, "none", {})
    actions = [load(game, s.action) for s in deal.steps]
    assert game.take_tricks(deal.start.state, actions, 0) == (deal.start.state, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_trick_cut_short_leaves_the_state_after_the_last_whole_one(players: int) -> None:
    """A play refused in the middle of a trick: take_tricks gives back the state before that trick, as apply
    reached it (the trick's earlier plays undone, each card back in its place), and the trick's first index."""
    game = GAMES["briscola"]
    rng = random.Random(f"cut/{players}")
    for k in range(6):
        deal = play(game, players, f"cut/{k}", {})
        raw = [dict(s.action) for s in deal.steps]
        plays = [i for i, a in enumerate(raw) if a["type"] == "play"]
        if len(plays) != len(raw):
            continue
        trick = rng.randrange(len(raw) // players)
        at = trick * players + rng.randrange(1, players)  # not the trick's lead
        held = set(deal.steps[at].before.seats[raw[at]["seat"]].hand)
        raw[at]["card"] = sorted(set(game.full_pack()) - held)[0]
        state, index = game.take_tricks(deal.start.state, [load(game, a) for a in raw], 0)
        assert index == trick * players
        assert state == (deal.steps[index].before if index else deal.start.state)
