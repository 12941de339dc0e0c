"""Whole matches (docs/api.md section 15): random seeded matches built by playing deals agree deal for deal with
``records/adjudicate`` called with the chained carry, their standings are the sums of the deals' results, and
every fault (an illegal action, a deal after an unfinished one, a dealer out of turn, a deal after the deciding
one) is named at its deal, first, middle or last."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from schemas.game import game_schemas
from service.rules.match import MAX_DEALS, MAX_MATCH_ACTIONS
from service.rules.registry import GAMES
from tests.simulation import PlayedMatch, play_match

DECIDED = ("briscola", "briscan", "brisque")
"""The games whose own rule ends a match (BRI-A12, BSC-A8); the others play sessions."""

OPTIONS: dict[str, dict[str, Any]] = {
    "briscola": {"deals_to_win": 2},
    "briscan": {"target_score": 250},
    "brisque": {"target_score": 250},
}
"""Matches short enough to play to their end in a test."""


def adjudicated(client: Any, game_id: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    response = client.post(f"/v1/{game_id}/matches/adjudicate", json=body)
    assert response.status_code == status, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def record_answer(client: Any, game_id: str, record: dict[str, Any], **extra: Any) -> dict[str, Any]:
    response = client.post(f"/v1/{game_id}/records/adjudicate", json={"record": record, **extra})
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def played(game_id: str, seed: str, deals: int = 4, **kwargs: Any) -> PlayedMatch:
    game = GAMES[game_id]
    return play_match(game, game.min_players, seed, deals, OPTIONS.get(game_id), **kwargs)


def sums(results: list[dict[str, Any]], players: int, name: str) -> list[int]:
    return [sum(r[name][seat] for r in results) for seat in range(players)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", ["m1", "m2", "m3"])
def test_a_match_agrees_deal_for_deal_with_its_records(client, game_id, seed):
    match = played(game_id, seed, deals=12 if game_id in DECIDED else 4)
    answer = adjudicated(client, game_id, {"match": match.match()})
    records = match.records()
    assert len(answer["deals"]) == len(records)
    results = []
    for k, (entry, record) in enumerate(zip(answer["deals"], records, strict=True)):
        alone = record_answer(client, game_id, record)
        assert entry["index"] == k
        for key in ("verdict", "applied", "error", "result"):
            assert entry[key] == alone[key], (k, key)
        assert entry["carry"] == alone["state"].get("carry")
        results.append(alone["result"])
    players = match.players
    standings = answer["standings"]
    assert [s["seat"] for s in standings] == list(range(players))
    assert [s["deals_won"] for s in standings] == [
        sum(seat in r["winners"] for r in results) for seat in range(players)
    ]
    for name in ("points", "payouts"):
        if name in results[0]:
            assert [s[name] for s in standings] == sums(results, players, name)
        else:
            assert all(name not in s for s in standings)
    assert answer["carry"] == results[-1].get("carry")
    game = GAMES[game_id]
    deciding = next((k for k, r in enumerate(results) if game.match_winners(r) is not None), None)
    if game_id in DECIDED:
        assert answer["decided_by"] == deciding
        assert answer["verdict"] == ("complete" if deciding is not None else "in_progress")
        assert answer["winners"] == ([] if deciding is None else game.match_winners(results[deciding]))
    else:
        assert (answer["verdict"], answer["decided_by"]) == ("complete", None)
        payouts = [s["payouts"] for s in standings]
        best = [seat for seat in range(players) if payouts[seat] == max(payouts)]
        assert answer["winners"] == ([] if len(set(payouts)) == 1 else best)
    assert answer["error"] is None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_trace_and_views_of_each_deal_are_the_records(client, game_id):
    match = played(game_id, "traced", deals=2, until_decided=False)
    extra = {"trace": True, "views": [1, 0]}
    answer = adjudicated(client, game_id, {"match": match.match(), **extra})
    for entry, record in zip(answer["deals"], match.records(), strict=True):
        alone = record_answer(client, game_id, record, **extra)
        assert entry["deal_events"] == alone["deal_events"]
        assert entry["steps"] == alone["steps"]
        assert entry["views"] == alone["views"]


@pytest.fixture(params=sorted(GAMES))
def four(request: pytest.FixtureRequest) -> PlayedMatch:
    """Four complete deals of each game, none of which decides the match (a target far away): played once a
    game, as a test only changes the match it builds from them (:meth:`PlayedMatch.match`, a new one each time)."""
    return _four(request.param)


@functools.cache
def _four(game_id: str) -> PlayedMatch:
    options = {"briscola": {"deals_to_win": 5}, "briscan": {"target_score": 5000}, "brisque": {"target_score": 5000}}
    game = GAMES[game_id]
    return play_match(game, game.min_players, "faults", 4, options.get(game_id))


POSITIONS = {"first": 0, "middle": 2, "last": 3}
"""Where an illegal action lies: deal 0 to the last."""
FOLLOWING = {"first": 1, "middle": 2, "last": 3}
"""Where a deal that should not have been played lies: the first deal that follows another, to the last."""


@pytest.mark.parametrize("where", sorted(POSITIONS))
def test_an_illegal_action_is_named_with_its_deal_and_index(client, four, where):
    match, game_id = four, four.game.id
    body = match.match()
    k = POSITIONS[where]
    actions = body["deals"][k]["actions"]
    index = len(actions) // 2
    wrong = dict(actions[index], seat=(actions[index]["seat"] + 1) % match.players)
    actions[index] = wrong
    answer = adjudicated(client, game_id, {"match": body})
    record = match.records()[k]
    alone = record_answer(client, game_id, {**record, "actions": actions})
    assert alone["verdict"] == "illegal"
    assert answer["verdict"] == "illegal"
    assert answer["error"] == {"deal": k, **alone["error"]}
    assert answer["error"]["index"] == index and answer["error"]["code"] == "not_your_turn"
    assert len(answer["deals"]) == k + 1 and answer["deals"][k]["error"] == alone["error"]
    assert answer["winners"] == [] and answer["decided_by"] is None


@pytest.mark.parametrize("where", sorted(FOLLOWING))
def test_a_deal_after_an_unfinished_one_is_not_played(client, four, where):
    match, game_id = four, four.game.id
    body = match.match()
    k = FOLLOWING[where]
    before = body["deals"][k - 1]
    before["actions"] = before["actions"][: len(before["actions"]) - 1]
    answer = adjudicated(client, game_id, {"match": body})
    error = answer["error"]
    assert (error["deal"], error["index"], error["code"], error["rule"]) == (k, None, "deal_unfinished", "match")
    assert [d["verdict"] for d in answer["deals"]] == ["complete"] * (k - 1) + ["in_progress"]
    assert answer["verdict"] == "illegal"


@pytest.mark.parametrize("where", sorted(FOLLOWING))
def test_a_dealer_out_of_turn_is_wrong_dealer(client, four, where):
    k = FOLLOWING[where]
    match, game_id = four, four.game.id
    body = match.match()
    players = match.players
    body["deals"][k]["dealer"] = (body["deals"][k - 1]["dealer"] + 2) % players
    if players == 2:
        body["deals"][k]["dealer"] = body["deals"][k - 1]["dealer"]
    answer = adjudicated(client, game_id, {"match": body})
    error = answer["error"]
    assert (error["deal"], error["index"], error["code"], error["rule"]) == (k, None, "wrong_dealer", "match")
    assert len(answer["deals"]) == k and all(d["verdict"] == "complete" for d in answer["deals"])
    assert answer["carry"] == answer["deals"][-1]["result"].get("carry")


@pytest.mark.parametrize(("game_id", "code", "rule"), [("briscola", "match_over", "BRI-A12"),
                                                       ("briscan", "game_over", "BSC-A8"),
                                                       ("brisque", "game_over", "BSC-A8")])  # fmt: skip
@pytest.mark.parametrize("seed", ["over-1", "over-2"])
@pytest.mark.parametrize("following", [1, 3])
def test_a_deal_after_the_deciding_one_is_the_games_own_code(client, game_id, code, rule, seed, following):
    """The first deal after the deciding one is the fault, however many follow it (the deciding deal then sits
    in the middle of the deals sent)."""
    match = played(game_id, seed, deals=20)
    game = GAMES[game_id]
    decided = len(match.deals) - 1
    assert game.match_winners(game.result(match.deals[-1].state)) is not None, "the match is decided"
    body = match.match()
    for k in range(following):
        dealer = (body["deals"][-1]["dealer"] + 1) % match.players
        body["deals"].append({"dealer": dealer, "seed": f"after/{k}", "actions": []})
    answer = adjudicated(client, game_id, {"match": body})
    error = answer["error"]
    assert (error["deal"], error["index"], error["code"], error["rule"]) == (decided + 1, None, code, rule)
    assert answer["verdict"] == "illegal" and answer["decided_by"] == decided
    assert answer["winners"] == game.match_winners(game.result(match.deals[-1].state))
    assert len(answer["deals"]) == decided + 1


def test_a_first_deal_that_decides_is_followed_by_nothing(client):
    match = play_match(GAMES["briscola"], 2, "one", 1, {"deals_to_win": 1})
    body = match.match()
    answer = adjudicated(client, "briscola", {"match": body})
    result = answer["deals"][0]["result"]
    assert result["winners"], "this seed's deal is not a 60-60 draw"
    assert (answer["verdict"], answer["decided_by"], answer["winners"]) == ("complete", 0, result["winners"])
    assert answer["carry"] == {"match_score": [0, 0]}  # a new match
    body["deals"] += [{"dealer": (1 + k) % 2, "seed": f"x/{k}", "actions": []} for k in range(3)]
    answer = adjudicated(client, "briscola", {"match": body})
    error = answer["error"]
    assert (error["deal"], error["index"], error["code"], error["rule"]) == (1, None, "match_over", "BRI-A12")
    assert (answer["verdict"], answer["decided_by"], len(answer["deals"])) == ("illegal", 0, 1)


@pytest.mark.parametrize("game_id", ["briscola", "briscan", "three-card-brag", "old-brag"])
def test_a_starting_carry_is_the_first_deals(client, game_id):
    carry = {"briscola": {"match_score": [1, 0]}, "briscan": {"game_score": [200, 30]},
             "three-card-brag": {"pot": 6}, "old-brag": {"pot3": 4}}[game_id]  # fmt: skip
    match = played(game_id, "carried", deals=3, carry=carry)
    answer = adjudicated(client, game_id, {"match": match.match()})
    assert answer["deals"][0]["carry"] == carry
    first = record_answer(client, game_id, match.records()[0])
    assert first["result"] == answer["deals"][0]["result"]
    if len(match.deals) > 1:  # else the first deal decided the match
        assert answer["deals"][1]["carry"] == first["result"]["carry"]
    else:
        assert answer["decided_by"] == 0


def test_briscan_reaches_a_small_target_in_the_middle_of_a_deal(client):
    options = {"target_score": 60, "win_check": "immediate"}
    match = play_match(GAMES["briscan"], 2, "immediate", 5, options)
    last = match.deals[-1]
    result = GAMES["briscan"].result(last.state)
    assert result["reason"] == "target" and len(last.state.tricks) < 16, "reached before the last trick"
    answer = adjudicated(client, "briscan", {"match": match.match()})
    assert answer["verdict"] == "complete" and answer["decided_by"] == len(match.deals) - 1
    score = result["game"]["score"]
    assert max(score) >= 60 and answer["winners"] == [score.index(max(score))]


def _both_over(client: Any, seed: str, lead: int) -> tuple[dict[str, Any], list[int]]:
    """A Briscan deal after which both seats are over the target of 600: its points p, and a carry of 600 - p
    plus ``lead`` for seat 0."""
    deal = play_match(GAMES["briscan"], 2, seed, 1).deals[0]
    points = GAMES["briscan"].result(deal.state)["points"]
    assert min(points) > abs(lead), "both seats scored"
    carry = [600 - points[0] + lead, 600 - points[1]]
    match = {"players": 2, "carry": {"game_score": carry}, "deals": [{"dealer": deal.dealer, "seed": deal.seed,
             "actions": [s.action for s in deal.steps]}]}  # fmt: skip
    return match, points


@pytest.mark.parametrize("lead", [1, -3])
def test_briscan_both_over_the_target_the_higher_total_wins(client, lead):
    match, _ = _both_over(client, "both", lead)
    answer = adjudicated(client, "briscan", {"match": match})
    assert answer["verdict"] == "complete" and answer["decided_by"] == 0
    assert answer["winners"] == [0 if lead > 0 else 1]
    assert answer["carry"] == {"game_score": [0, 0]}


def test_briscan_an_exact_tie_over_the_target_needs_another_deal(client):
    match, _ = _both_over(client, "both", 0)
    answer = adjudicated(client, "briscan", {"match": match})
    assert (answer["verdict"], answer["decided_by"], answer["winners"]) == ("in_progress", None, [])
    assert answer["carry"] == {"game_score": [600, 600]}
    next_deal = {"dealer": 1 - match["deals"][0]["dealer"], "seed": "tie-break", "actions": []}
    followed = adjudicated(client, "briscan", {"match": {**match, "deals": [*match["deals"], next_deal]}})
    assert followed["error"] is None and followed["deals"][1]["carry"] == {"game_score": [600, 600]}


def test_more_than_the_limits_is_a_422_before_any_replay(client):
    deal = {"dealer": 0, "seed": "s", "actions": []}
    body = {"match": {"players": 2, "deals": [deal] * (MAX_DEALS + 1)}}
    problem = adjudicated(client, "briscola", body, 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/match/deals"]
    wrong = {"seat": 0, "type": "play", "card": "AS"}  # seat 1 leads: illegal at once: a 200 if any deal were replayed
    many = [{"dealer": 0, "seed": "s", "actions": [wrong] * 1000}] * (MAX_MATCH_ACTIONS // 1000) + [
        {"dealer": 1, "seed": "t", "actions": [wrong]}
    ]
    problem = adjudicated(client, "briscola", {"match": {"players": 2, "deals": many}}, 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/match/deals"]
    assert "10,000" in problem["errors"][0]["detail"]
    exactly = {"match": {"players": 2, "deals": many[:-1]}}
    assert adjudicated(client, "briscola", exactly)["error"]["code"] == "not_your_turn"


def test_a_bad_deck_or_dealer_of_any_deal_is_a_422_at_its_place(client):
    short = list(GAMES["briscola"].full_pack()[1:])  # a card of the pack missing
    deals = [{"dealer": 0, "seed": "a", "actions": []}, {"dealer": 1, "deck": short, "actions": []},
             {"dealer": 2, "seed": "c", "actions": []}]  # fmt: skip
    problem = adjudicated(client, "briscola", {"match": {"players": 2, "deals": deals}}, 422)
    pointers = {e["pointer"] for e in problem["errors"]}
    assert pointers == {"/match/deals/2/dealer"}
    deals[2]["dealer"] = 0
    problem = adjudicated(client, "briscola", {"match": {"players": 2, "deals": deals}}, 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/match/deals/1/deck"]
    carry = {"match": {"players": 2, "carry": {"match_score": [2, 0]}, "deals": deals[:1]}}
    problem = adjudicated(client, "briscola", carry, 422)
    assert [e["pointer"] for e in problem["errors"]] == ["/match/carry/match_score"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_plain_reader_and_the_schema_give_the_same_answer(client, game_id):
    from service.api import plain

    body = {"match": played(game_id, "plain", deals=3).match()}
    read = plain.MatchReader(GAMES[game_id], game_schemas(GAMES[game_id]))
    assert read(body) is not None and read({**body, "trace": False}) is None  # one path each
    fast = client.post(f"/v1/{game_id}/matches/adjudicate", json=body)
    slow = client.post(f"/v1/{game_id}/matches/adjudicate", json={**body, "trace": False})
    assert fast.status_code == slow.status_code == 200
    assert fast.data == slow.data
