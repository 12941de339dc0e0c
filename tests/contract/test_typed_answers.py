"""The free-form fields of the answers have a schema in the committed openapi.yaml, from the engine's vocabularies
(issue 8 follow-up): an illegal action's 409 and a record's ``illegal`` verdict list the game's legal actions
under a stable code and a rule id; an evaluation's ``interpretation`` names the game's wild cards and what they
stood for; a comparison's ``deciding`` is one of the words the game's ranking gives. Real answers validate
against those schemas, and what the engine never writes does not."""

from __future__ import annotations

import random

import pytest

from service.api.examples import submittable
from service.rules.broggin.cards import TRUMPS
from service.rules.old_brag.evaluation import BRAGGERS
from service.rules.registry import GAMES
from tests.contract.test_results_events import prefix, registry, validator

HAND_GAMES = ["three-card-brag", "old-brag", "broggin"]


def dealt(client, game_id):
    game = GAMES[game_id]
    answer = client.post(f"/v1/{game_id}/deals", json={"players": game.min_players, "dealer": 0, "seed": "typed"})
    assert answer.status_code == 200
    return answer.get_json()["state"]


def out_of_turn(client, game_id, state):
    """A listed legal action of the seat to act, taken by the next seat instead."""
    legal = client.post(f"/v1/{game_id}/legal-actions", json={"state": state}).get_json()["actions"]
    action = submittable(next(a for a in legal if a["seat"] == state["to_act"]))
    return {**action, "seat": (state["to_act"] + 1) % state["players"]}, legal


def response_schema(game_id, path, status):
    operation = registry().contents("urn:openapi")["paths"][f"/v1/{game_id}/{path}"]["post"]
    return operation["responses"][str(status)]["content"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_illegal_action_lists_the_games_legal_actions(client, game_id):
    name = prefix(game_id) + "IllegalAction"
    content = response_schema(game_id, "actions", 409)
    assert content["application/problem+json"]["schema"] == {"$ref": f"#/components/schemas/{name}"}
    schema = registry().contents("urn:openapi")["components"]["schemas"][name]
    assert schema["properties"]["legal_actions"]["items"] == {
        "$ref": f"#/components/schemas/{prefix(game_id)}LegalAction"
    }
    state = dealt(client, game_id)
    action, legal = out_of_turn(client, game_id, state)
    answer = client.post(f"/v1/{game_id}/actions", json={"state": state, "action": action})
    assert answer.status_code == 409, answer.get_json()
    body = answer.get_json()
    assert [e.message for e in validator(name).iter_errors(body)] == []
    assert body["legal_actions"] == legal
    assert not validator(name).is_valid({**body, "legal_actions": [{"seat": 0, "type": "bogus"}]})
    assert not validator(name).is_valid({**body, "code": "Not your turn"})
    assert schema["properties"]["code"]["enum"] == GAMES[game_id].refusals()  # the game's table, in its order
    elsewhere = next(code for g in GAMES.values() for code in g.refusals() if code not in GAMES[game_id].refusals())
    assert not validator(name).is_valid({**body, "code": elsewhere})  # another game's code is not this game's


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_illegal_verdict_names_a_code_a_rule_and_the_legal_actions(client, game_id):
    game = GAMES[game_id]
    state = dealt(client, game_id)
    action, legal = out_of_turn(client, game_id, state)
    record = {"players": game.min_players, "dealer": 0, "seed": "typed", "actions": [action]}
    answer = client.post(f"/v1/{game_id}/records/adjudicate", json={"record": record}).get_json()
    assert answer["verdict"] == "illegal" and answer["error"]["legal_actions"] == legal
    response = validator(prefix(game_id) + "AdjudicateResponse")
    assert [e.message for e in response.iter_errors(answer)] == []
    error = validator(prefix(game_id) + "AdjudicationError")
    assert not error.is_valid({**answer["error"], "legal_actions": [{"type": "bogus"}]})
    assert not error.is_valid({**answer["error"], "code": "snake_case_but_no_code"})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_problem_of_a_state_has_a_code_of_the_games(client, game_id):
    """A ``states/validate`` problem's ``code`` is an enum: the game's codes (:meth:`Game.checks`), in order."""
    game, name = GAMES[game_id], prefix(game_id) + "StateProblem"
    content = response_schema(game_id, "states/validate", 200)
    answer_name = prefix(game_id) + "ValidateResponse"
    assert content["application/json"]["schema"] == {"$ref": f"#/components/schemas/{answer_name}"}
    schemas = registry().contents("urn:openapi")["components"]["schemas"]
    assert schemas[answer_name]["properties"]["problems"]["items"] == {"$ref": f"#/components/schemas/{name}"}
    assert schemas[name]["properties"]["code"]["enum"] == game.checks()
    state = dealt(client, game_id)
    seats = [dict(seat) for seat in state["seats"]]
    seats[0]["hand"] = [seats[1]["hand"][0], *seats[0]["hand"][1:]]  # a card held twice
    wrong = {**state, "seats": seats, "to_act": (state["to_act"] + 1) % state["players"]}
    if "auction" in state:  # a point bid before anyone bid the Two: the code of that refused call
        wrong["auction"] = [{"seat": state["to_act"], "type": "bid", "rank": None, "points": 70}]
    answer = client.post(f"/v1/{game_id}/states/validate", json={"state": wrong})
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    codes = [problem["code"] for problem in body["problems"]]
    assert "duplicate_card" in codes and ("auction" not in state or "points_before_two" in codes)
    assert [e.message for e in validator(answer_name).iter_errors(body)] == []
    problem = body["problems"][0]
    assert validator(name).is_valid(problem)
    elsewhere = next(code for g in GAMES.values() for code in g.checks() if code not in game.checks())
    assert not validator(name).is_valid({**problem, "code": elsewhere})  # another game's code is not this game's
    assert not validator(name).is_valid({**problem, "code": "not_your_turn"})  # a refusal's code is no problem's


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_inconsistent_states_problems_have_codes_of_the_games(client, game_id):
    """A game's 422 (``/invalid-state``: the state sent is inconsistent) lists problems of the game's
    ``StateProblem``: their ``code`` is one of the game's codes, as in ``states/validate``."""
    game, name = GAMES[game_id], prefix(game_id) + "InvalidRequest"
    content = response_schema(game_id, "states/view", 422)
    assert content["application/problem+json"]["schema"] == {"$ref": f"#/components/schemas/{name}"}
    schemas = registry().contents("urn:openapi")["components"]["schemas"]
    problem_name = prefix(game_id) + "StateProblem"
    assert schemas[name]["properties"]["problems"]["items"] == {"$ref": f"#/components/schemas/{problem_name}"}
    state = dealt(client, game_id)
    seats = [dict(seat) for seat in state["seats"]]
    seats[0]["hand"] = [seats[1]["hand"][0], *seats[0]["hand"][1:]]  # a card held twice
    answer = client.post(f"/v1/{game_id}/states/view", json={"state": {**state, "seats": seats}, "seat": 0})
    assert answer.status_code == 422, answer.get_json()
    body = answer.get_json()
    assert "duplicate_card" in [problem["code"] for problem in body["problems"]]
    assert [e.message for e in validator(name).iter_errors(body)] == []
    elsewhere = next(code for g in GAMES.values() for code in g.checks() if code not in game.checks())
    wrong = {**body, "problems": [{**body["problems"][0], "code": elsewhere}]}
    assert not validator(name).is_valid(wrong)  # another game's code is not this game's


def random_hands(game, rng, count):
    pack = list(game.full_pack())
    return [rng.sample(pack, game.hand_size) for _ in range(count)]


@pytest.mark.parametrize("game_id", HAND_GAMES)
def test_evaluations_and_comparisons_use_the_games_words(client, game_id):
    """Random hands of each hand game, compared in pairs: every answer validates; ``deciding`` is one of the
    ranking's words, most of them reached."""
    game, rng = GAMES[game_id], random.Random(game_id)
    compare = validator(prefix(game_id) + "CompareResponse")
    properties = registry().contents("urn:openapi")["components"]["schemas"][prefix(game_id) + "CompareResponse"]
    assert properties["properties"]["deciding"]["enum"] == list(game.ranking.decides)
    decided = set()
    for _ in range(60):
        hands = random_hands(game, rng, 2)
        answer = client.post(f"/v1/{game_id}/hands/compare", json={"hands": hands}).get_json()
        assert [e.message for e in compare.iter_errors(answer)] == []
        decided.add(answer["deciding"])
    assert len(decided) >= 2
    assert not compare.is_valid({**answer, "deciding": "luck"})


@pytest.mark.parametrize(("game_id", "wild"), [("old-brag", BRAGGERS), ("broggin", TRUMPS)])
def test_an_interpretation_names_the_wild_cards(client, game_id, wild):
    game, rng = GAMES[game_id], random.Random(game_id)
    evaluation = registry().contents("urn:openapi")["components"]["schemas"][prefix(game_id) + "Evaluation"]
    assert evaluation["properties"]["interpretation"]["propertyNames"]["enum"] == list(wild)
    hands = [[*wild[:1], *hand[1:]] if wild[0] not in hand else hand for hand in random_hands(game, rng, 50)]
    answer = client.post(f"/v1/{game_id}/hands/evaluate", json={"hands": hands}).get_json()
    response = validator(prefix(game_id) + "EvaluateResponse")
    assert [e.message for e in response.iter_errors(answer)] == []
    interpreted = [r for r in answer["results"] if "interpretation" in r]
    assert interpreted, "a hand holding a wild card says what it stood for"
    one = interpreted[0]
    assert not validator(prefix(game_id) + "Evaluation").is_valid({**one, "interpretation": {"2S": "A"}})


def test_three_card_brag_has_no_wild_cards_to_interpret():
    evaluation = registry().contents("urn:openapi")["components"]["schemas"]["ThreeCardBragEvaluation"]
    assert "interpretation" not in evaluation["properties"]
