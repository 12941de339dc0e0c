"""``POST /v1/{game}/hands/equity`` and the ``percentile`` of every evaluation, through HTTP (docs/api.md
section 10)."""

from __future__ import annotations

import pytest

from service.rules.registry import GAMES
from tests.rules.equity_reference import outcomes

HAND_GAMES = ["three-card-brag", "old-brag", "broggin"]


def post(client, game_id, path, body, status=200):
    response = client.post(f"/v1/{game_id}/{path}", json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


@pytest.mark.parametrize("game_id", HAND_GAMES)
def test_heads_up_equity_answers_the_brute_force_counts(client, game_id):
    game = GAMES[game_id]
    hand = list(game.full_pack()[5 : 5 + game.hand_size])
    dead = list(game.full_pack()[-3:])
    answer = post(client, game_id, "hands/equity", {"hand": hand, "opponents": 1, "dead": dead})
    expected, share = outcomes(game, hand, [[]], dead)
    counts = answer["counts"]
    assert answer["method"] == "exact" and answer["standard_error"] == 0
    assert (counts["win"], counts["tie"], counts["lose"]) == (expected["win"], expected["tie"], expected["lose"])
    assert counts["total"] == sum(expected.values())
    assert answer["equity"]["share"] == float(share / counts["total"])
    assert (answer["samples"], answer["seed"], answer["rng"]) == (None, None, None)
    (evaluated,) = post(client, game_id, "hands/evaluate", {"hands": [hand]})["results"]
    assert {k: answer[k] for k in evaluated} == evaluated  # the hand's evaluation and percentile
    assert answer["rules"] == post(client, game_id, "hands/evaluate", {"hands": [hand]})["rules"]


def test_options_apply_and_are_echoed(client):
    hand = ["A♠", "2♥", "3♦"]
    low = post(
        client, "three-card-brag", "hands/equity", {"hand": hand, "opponents": 1, "options": {"a23_rank": "lowest"}}
    )
    high = post(client, "three-card-brag", "hands/equity", {"hand": hand, "opponents": 1})
    assert low["rules"]["a23_rank"] == "lowest" and high["rules"]["a23_rank"] == "highest"
    assert low["equity"]["share"] < high["equity"]["share"] and low["hand"] == ["AS", "2H", "3D"]
    assert low["percentile"]["below"] < high["percentile"]["below"]


def test_a_known_face_up_card_and_monte_carlo_are_replayed_as_the_engine_gives_them(client):
    game = GAMES["old-brag"]
    body = {"hand": ["QS", "QH", "5C"], "opponents": [{"cards": ["AD"]}, {"cards": []}], "seed": "t", "samples": 1000}
    answer = post(client, "old-brag", "hands/equity", body)
    found = game.equity(["QS", "QH", "5C"], [["AD"], []], game.options(None), samples=1000, seed="t")
    assert answer["method"] == "monte_carlo" == found.method  # 1,128 x 17,296 outcomes: auto samples
    assert answer["counts"] == {"win": found.counts.win, "tie": found.counts.tie, "lose": found.counts.lose,
                                "total": 1000}  # fmt: skip
    assert (answer["samples"], answer["seed"], answer["rng"]) == (1000, "t", "sha256-sample/1")
    assert answer["standard_error"] == found.standard_error > 0


def test_two_unknown_opponents_are_exact_when_asked(client):
    answer = post(
        client, "three-card-brag", "hands/equity", {"hand": ["KS", "KH", "7D"], "opponents": 2, "method": "exact"}
    )
    assert answer["method"] == "exact" and answer["counts"]["total"] == 279_676_320


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"hand": ["AS", "KS", "QS"], "opponents": [{"cards": ["AS"]}]}, "/opponents/0/cards/0"),
        ({"hand": ["AS", "KS", "QS"], "opponents": 1, "dead": ["2C", "KS"]}, "/dead/1"),
        ({"hand": ["AS", "KS", "QS"], "opponents": [{"cards": ["2C"]}], "dead": ["2C"]}, "/dead/0"),
        ({"hand": ["AS", "KS", "QS"], "opponents": 17}, "/opponents"),
        ({"hand": ["AS", "KS", "QS"], "opponents": 16, "dead": ["2C", "3C"]}, "/opponents"),
        ({"hand": ["AS", "KS", "QS"], "opponents": 2, "method": "monte_carlo", "samples": 999}, "/samples"),
        ({"hand": ["AS", "KS", "QS"], "opponents": 2, "samples": 100_001}, "/samples"),
        ({"hand": ["AS", "KS", "QS"], "opponents": 3, "method": "exact"}, "/method"),
        ({"hand": ["AS", "KS", "QS"], "opponents": True}, "/opponents"),
        ({"hand": ["AS", "KS", "QS"], "opponents": [{"cards": ["2C"], "x": 1}]}, "/opponents/0"),
        ({"hand": ["AS", "KS"], "opponents": 1}, "/hand"),
        ({"hand": ["AS", "KS", "QS"], "opponents": 1, "seed": ""}, "/seed"),
    ],
)
def test_refusals_point_at_what_is_wrong(client, body, pointer):
    problem = post(client, "three-card-brag", "hands/equity", body, status=422)
    assert pointer in [e["pointer"] for e in problem["errors"]], problem


def test_exact_beyond_what_can_be_counted_names_the_outcomes(client):
    problem = post(client, "three-card-brag", "hands/equity", {"hand": ["AS", "KS", "QS"], "opponents": 3,
                                                               "method": "exact"}, status=422)  # fmt: skip
    assert "3,451,485,465,120 outcomes" in problem["errors"][0]["detail"]


def test_a_trick_game_has_no_equity(client):
    response = client.post("/v1/briscola/hands/equity", json={"hand": ["AS"], "opponents": 1})
    assert response.status_code == 404


@pytest.mark.parametrize("game_id", HAND_GAMES)
def test_every_evaluation_carries_its_percentile_both_ways(client, game_id):
    """The plain path (canonical codes) and the schema's (another notation) give the same percentile, and compare's
    results carry it too."""
    game = GAMES[game_id]
    options = game.options(None)
    hands = [list(game.full_pack()[i : i + game.hand_size]) for i in (0, 7, 20)]
    expected = game.percentiles(hands, options)
    plain = post(client, game_id, "hands/evaluate", {"hands": hands})["results"]
    lowered = post(client, game_id, "hands/evaluate", {"hands": [[c.lower() for c in h] for h in hands]})
    compared = post(client, game_id, "hands/compare", {"hands": hands})["results"]
    for results in (plain, compared):
        assert [r["percentile"] for r in results] == expected
    if game_id != "broggin":  # Broggin's trump names are not lower-case card codes
        assert [r["percentile"] for r in lowered["results"]] == expected


def test_a_declared_broggin_hand_carries_the_percentile_of_its_declared_strength(client):
    game = GAMES["broggin"]
    body = {"hands": [["Death", "QSw", "QSt", "2Cu"]], "declarations": [{"Death": "KCo"}]}  # a pair, not a triss
    (result,) = post(client, "broggin", "hands/evaluate", body)["results"]
    table = game.hand_table(game.options(None))
    assert result["percentile"] == table.percentile(result["strength"])
    assert result["percentile"]["below"] < game.percentiles(body["hands"], game.options(None))[0]["below"]
