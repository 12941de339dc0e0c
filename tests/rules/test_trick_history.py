"""validate judges every finished trick of the trick-taking games the same way: each is led by the winner of
the trick before (the first by the deal's first leader), holds one card per player, and records the seat whose
card wins it and its card points (rules/briscola.md 3(c), rules/briscan-brisque.md 2(b)4). The codes, pointers
and messages are the wire's (docs/rules/*.md "Problem codes")."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from service.rules.registry import GAMES
from service.rules.tricks import Trick
from tests.simulation import play

TRICK_CODES = ("trick_size", "trick_leader", "trick_winner", "trick_points")

BRISCOLA_TEXTS = {
    "trick_size": ("/cards", "a trick holds one card per player ({players})"),
    "trick_leader": ("/leader", "trick {k} is led by the last trick's winner, seat {seat}"),
    "trick_winner": ("/winner", "trick {k} is won by seat {seat}"),
    "trick_points": ("/points", "trick {k} is worth {points} points"),
}
BRISCAN_TEXTS = {
    "trick_size": ("", "a trick holds two cards"),
    "trick_leader": ("/leader", "seat {seat} leads trick {k}"),
    "trick_winner": ("/winner", "trick {k} is won by the other seat"),
    "trick_points": ("/points", "trick {k} is worth {points} points"),
}
TABLES = [
    ("briscola", 2, {}, BRISCOLA_TEXTS),
    ("briscola", 4, {}, BRISCOLA_TEXTS),
    ("briscola-chiamata", 5, {}, BRISCOLA_TEXTS),
    ("briscan", 2, {"card_points": "ace_ten_120"}, BRISCAN_TEXTS),
    ("brisque", 2, {}, BRISCAN_TEXTS),
]


def mid_deal(game_id: str, players: int, options: dict[str, Any]) -> Any:
    """A valid state of a random deal with three finished tricks and a card led to the fourth."""
    game = GAMES[game_id]
    for seed in range(50):
        for state in play(game, players, f"history-{seed}", options).states():
            if len(state.tricks) == 3 and len(state.trick) == 1:
                assert game.validate(state) == []
                return state
    raise AssertionError(f"no {game_id} deal reached its fourth trick")


def expected(texts: dict[str, tuple[str, str]], code: str, k: int, **values: Any) -> tuple[str, str, str]:
    at, message = texts[code]
    return code, f"/tricks/{k}{at}", message.format(k=k, **values)


def trick_problems(game_id: str, state: Any) -> list[tuple[str, str, str]]:
    return [(p.code, p.pointer, p.message) for p in GAMES[game_id].validate(state) if p.code in TRICK_CODES]


def with_trick(state: Any, k: int, **changes: Any) -> Any:
    tricks = list(state.tricks)
    tricks[k] = dataclasses.replace(tricks[k], **changes)
    return dataclasses.replace(state, tricks=tuple(tricks))


@pytest.mark.parametrize(("game_id", "players", "options", "texts"), TABLES, ids=[f"{t[0]}-{t[1]}" for t in TABLES])
def test_every_finished_trick_is_judged(game_id, players, options, texts):
    game = GAMES[game_id]
    state = mid_deal(game_id, players, options)
    trick: Trick = state.tricks[1]
    other = (trick.winner + 1) % players
    index, points = game.trick_winner(state.trump, trick.cards, state.options)
    assert trick.winner == (trick.leader + index) % players and trick.points == points

    assert trick_problems(game_id, with_trick(state, 1, points=points + 1)) == [
        expected(texts, "trick_points", 1, points=points)
    ]
    # another winner: the next trick is then led by the wrong seat
    assert trick_problems(game_id, with_trick(state, 1, winner=other)) == [
        expected(texts, "trick_winner", 1, seat=trick.winner),
        expected(texts, "trick_leader", 2, seat=other),
    ]
    # another leader (and so another seat's card wins): the leader and the winner are wrong
    moved = (trick.leader + 1) % players
    winner = (moved + index) % players
    assert trick_problems(game_id, with_trick(state, 1, leader=moved)) == [
        expected(texts, "trick_leader", 1, seat=trick.leader),
        expected(texts, "trick_winner", 1, seat=winner),
    ]


@pytest.mark.parametrize(("game_id", "players", "options", "texts"), TABLES, ids=[f"{t[0]}-{t[1]}" for t in TABLES])
def test_a_trick_of_the_wrong_size(game_id, players, options, texts):
    """A card taken back from a trick into its player's hand: the cards are all there, the trick is short; the
    tricks after it are still judged, the next one led by the seat it names as its winner."""
    state = mid_deal(game_id, players, options)
    trick = state.tricks[0]
    seat = (trick.leader + players - 1) % players
    seats = list(state.seats)
    seats[seat] = dataclasses.replace(seats[seat], hand=(*seats[seat].hand, trick.cards[-1]))
    short = dataclasses.replace(with_trick(state, 0, cards=trick.cards[:-1]), seats=tuple(seats))
    assert trick_problems(game_id, short) == [expected(texts, "trick_size", 0, players=players)]
    points = state.tricks[2].points
    assert trick_problems(game_id, with_trick(short, 2, points=points + 1)) == [
        expected(texts, "trick_size", 0, players=players),
        expected(texts, "trick_points", 2, points=points),
    ]


def test_what_cannot_be_scored_is_not_judged():
    """With a trump that is not a suit only the points are judged; a trick with a leader not at the table or a
    card not of the pack is not scored (validate reports those elsewhere)."""
    game = GAMES["briscola"]
    state = mid_deal("briscola", 2, {})
    wrong = with_trick(state, 1, winner=(state.tricks[1].winner + 1) % 2, points=state.tricks[1].points + 1)
    no_trump = trick_problems("briscola", dataclasses.replace(wrong, trump="X"))
    assert [code for code, _, _ in no_trump] == ["trick_points", "trick_leader"]
    codes = [p.code for p in game.validate(with_trick(wrong, 1, leader=5))]
    assert "trick_leader" in codes and "trick_winner" not in codes and "trick_points" not in codes
    unknown = with_trick(wrong, 1, cards=("1S", state.tricks[1].cards[1]))
    assert not {"trick_winner", "trick_points"} & {p.code for p in game.validate(unknown)}
