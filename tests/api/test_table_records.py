"""Table records over HTTP (docs/api.md 18): a deal from ``seen`` in place of a seed or deck."""

from __future__ import annotations

import pytest

from service.conformance.cases.records import briscola_table_record
from tests.contract.test_results_events import prefix, validator
from tests.rules.test_seen import TRUMP_DECIDES, WHATEVER_TRUMP, briscola_deck, briscola_plays


@pytest.fixture
def briscola_record(client):
    """A Briscola deal played to its end from a seed, its first legal action each time: (record, dealt answer)."""
    state = client.post("/v1/briscola/deals", json={"players": 2, "dealer": 0, "seed": "table"}).get_json()["state"]
    record = {"players": 2, "dealer": 0, "seed": "table", "actions": []}
    turn_up = state["turn_up"]
    while True:
        listed = client.post("/v1/briscola/legal-actions", json={"state": state}).get_json()["actions"]
        if not listed:
            break
        record["actions"].append(listed[-1])
        state = client.post("/v1/briscola/actions", json={"state": state, "action": listed[-1]}).get_json()["state"]
    dealt = client.post("/v1/briscola/records/adjudicate", json={"record": record}).get_json()
    del record["seed"]
    return {**record, "seen": {"turn_up": turn_up}}, dealt


def test_a_briscola_table_record_is_complete_with_the_dealt_score(client, briscola_record):
    record, dealt = briscola_record
    answer = client.post("/v1/briscola/records/adjudicate", json={"record": record, "trace": True, "views": [0]})
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["verdict"] == dealt["verdict"] == "complete"
    assert body["result"] == dealt["result"] and body["deck_commitment"] is None
    assert "missing" not in body and len(body["steps"]) == len(record["actions"])


def test_a_table_state_is_played_on_with_unseen_cards(client):
    dealt = client.post("/v1/briscola/deals", json={"players": 2, "dealer": 0, "seen": {"turn_up": "5D"}})
    state = dealt.get_json()["state"]
    assert dealt.status_code == 200 and state["seats"][1]["hand"] == ["??"] * 3
    listed = client.post("/v1/briscola/legal-actions", json={"state": state}).get_json()["actions"]
    assert len(listed) == 39 and {"seat": 1, "type": "play", "card": "5D"} not in listed
    after = client.post("/v1/briscola/actions", json={"state": state, "action": listed[0]}).get_json()
    assert after["state"]["trick"] == [listed[0]["card"]] and after["state"]["seats"][1]["hand"] == ["??"] * 2
    assert client.post("/v1/briscola/states/validate", json={"state": after["state"]}).get_json()["valid"]


CARD_SEEN = {
    "players": 2,
    "dealer": 0,
    "seen": {"hands": [None, ["AS", "??", "??"]], "turn_up": "5D"},
    "actions": [{"seat": 1, "type": "play", "card": "KC"}, {"seat": 0, "type": "play", "card": "AS"}],
}
"""A Briscola table record whose second action plays AS, a card the table saw in seat 1's hand (also through the
CLI: tests/test_cli_table.py)."""


def test_a_table_record_names_what_proves_an_action_illegal(client):
    body = client.post("/v1/briscola/records/adjudicate", json={"record": CARD_SEEN}).get_json()
    assert body["verdict"] == "illegal" and body["applied"] == 1
    assert body["error"]["code"] == "card_seen" and body["error"]["proof"]["actions"] == [1]


@pytest.mark.parametrize(
    ("seen", "pointer"),
    [
        ({"hands": [["AS", "AS"]], "turn_up": "5D"}, "/record/seen/hands/0/1"),
        ({"hands": [["AS"]], "turn_up": "AS"}, "/record/seen/turn_up"),
        ({"hands": [["AS", "2S", "3S", "4S"]], "turn_up": "5D"}, "/record/seen/hands/0"),
    ],
)
def test_what_a_table_saw_is_checked(client, seen, pointer):
    record = {"players": 2, "dealer": 0, "seen": seen, "actions": []}
    answer = client.post("/v1/briscola/records/adjudicate", json={"record": record})
    assert answer.status_code == 422 and pointer in [e["pointer"] for e in answer.get_json()["errors"]]


@pytest.mark.parametrize(("game_id", "players"), [("briscola", 2), ("briscan", 2), ("briscola-chiamata", 5)])
def test_a_suggestion_at_a_table_needs_the_seats_own_cards(client, game_id, players):
    """A bot at a real table sees what was seen: with its own hand seen it suggests a legal move; with its own cards
    unseen it cannot weigh them, a 422 at its hand (never a 500)."""
    dealt = client.post(f"/v1/{game_id}/deals", json={"players": players, "dealer": 0, "seed": "q"}).get_json()
    seat = dealt["state"]["to_act"]
    hands = [None] * players
    hands[seat] = dealt["state"]["seats"][seat]["hand"]
    turn_up = {"turn_up": dealt["state"]["turn_up"]} if "turn_up" in dealt["state"] else {}
    for seen, status in (({"hands": hands, **turn_up}, 200), (turn_up, 422)):
        state = client.post(f"/v1/{game_id}/deals", json={"players": players, "dealer": 0, "seen": seen}).get_json()[
            "state"
        ]
        answer = client.post(f"/v1/{game_id}/actions/suggest", json={"state": state})
        assert answer.status_code == status, answer.get_json()
        if status == 200:
            listed = client.post(f"/v1/{game_id}/legal-actions", json={"state": state}).get_json()["actions"]
            assert answer.get_json()["action"] in listed
        else:
            assert [e["pointer"] for e in answer.get_json()["errors"]] == [f"/state/seats/{seat}/hand"]


def test_a_table_record_round_trips_through_its_text(client):
    """records/format writes what a table saw as Hands and TurnUp (docs/notation.md N-T9); records/parse reads it
    back, and a card seen twice in the text is refused at its line and column."""
    record = {
        "players": 2,
        "dealer": 0,
        "seen": {"hands": [None, ["AS", "??", "3C"]], "turn_up": "5D"},
        "actions": [{"seat": 1, "type": "play", "card": "AS"}],
    }
    text = client.post("/v1/briscola/records/format", json={"record": record}).get_json()["notation"]
    assert '[Hands "- / AS ?? 3C"]\n[TurnUp "5D"]\n' in text
    assert client.post("/v1/briscola/records/parse", json={"notation": text}).get_json()["record"] == record
    twice = text.replace("3C", "AS")
    errors = client.post("/v1/briscola/records/adjudicate", json={"notation": twice}).get_json()["errors"]
    line = text.splitlines().index('[Hands "- / AS ?? 3C"]') + 1
    assert [(e["code"], e["line"], e["column"]) for e in errors] == [("invalid_value", line, 19)]  # the second AS


BRAG_SEE = [
    {"seat": 1, "type": "look"},
    {"seat": 1, "type": "bet", "amount": 2},
    {"seat": 0, "type": "look"},
    {"seat": 0, "type": "see"},
]
"""A two-seat Three Card Brag deal (dealer 0) to a showdown: seat 0 pays to see seat 1's hand."""


def test_a_three_card_brag_showdown_of_an_unseen_hand_is_undecided(client):
    """A showdown is judged between shown hands: seat 1's unseen, the pot waits for its three cards (and no
    ``pot_won`` is told); with them seen, the pot goes by the hands, as a dealt record's."""
    record = {"players": 2, "dealer": 0, "seen": {"hands": [["3S", "3H", "3D"]]}, "actions": BRAG_SEE}
    body = client.post("/v1/three-card-brag/records/adjudicate", json={"record": record, "trace": True}).get_json()
    assert (body["verdict"], body["result"], body["missing"]) == ("undecided", None, [{"seat": 1, "cards": 3}])
    assert "pot_won" not in [e["type"] for e in body["events"]] and body["deck_commitment"] is None
    record["seen"]["hands"].append(["AS", "KS", "QS"])
    body = client.post("/v1/three-card-brag/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "complete" and "missing" not in body
    assert body["result"]["winners"] == [0] and body["result"]["reason"] == "seen"


def test_a_three_card_brag_pot_won_by_folds_needs_no_card(client):
    record = {
        "players": 3,
        "dealer": 0,
        "seen": {},
        "actions": [{"seat": 1, "type": "fold"}, {"seat": 2, "type": "fold"}],
    }
    body = client.post("/v1/three-card-brag/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "complete" and body["result"]["winners"] == [0]


def test_a_three_card_brag_table_deal_is_played_and_validated_with_unseen_hands(client):
    answer = client.post(
        "/v1/three-card-brag/deals", json={"players": 3, "dealer": 0, "seen": {"hands": [None, ["AS", "??", "KD"]]}}
    )
    state = answer.get_json()["state"]
    assert answer.status_code == 200 and state["seats"][1]["hand"] == ["AS", "??", "KD"]
    assert client.post("/v1/three-card-brag/states/validate", json={"state": state}).get_json()["valid"]
    state["seats"][0]["hand"][0] = "AS"
    problems = client.post("/v1/three-card-brag/states/validate", json={"state": state}).get_json()["problems"]
    assert [p["code"] for p in problems] == ["duplicate_card"]


def old_brag_table(hands, actions, options=None):
    """A three-seat Old Brag table record, dealer 0: the seen ``hands`` (face-up third cards named)."""
    record = {"players": 3, "dealer": 0, "seen": {"hands": hands}, "actions": actions}
    return {"record": {**record, "options": options} if options else record}


OLD_BRAG_FACE_UP = [["??", "??", "2C"], ["??", "??", "KD"], ["??", "??", "9S"]]


def test_an_old_brag_table_record_names_the_face_up_cards(client):
    """With the consolation pots, the face-up third cards are seen by the table: a record that lacks one is a
    422 at that card; Pot I goes by them at the deal."""
    hands = [OLD_BRAG_FACE_UP[0], None, ["??", "??", "??"]]
    answer = client.post("/v1/old-brag/records/adjudicate", json=old_brag_table(hands, []))
    pointers = [e["pointer"] for e in answer.get_json()["errors"]]
    assert answer.status_code == 422 and pointers == ["/record/seen/hands/1/2", "/record/seen/hands/2/2"]
    body = client.post("/v1/old-brag/records/adjudicate", json=old_brag_table(OLD_BRAG_FACE_UP, [])).get_json()
    assert body["verdict"] == "in_progress"
    pot1 = [e for e in body["events"] if e["type"] == "pot_won"]
    assert [(e["pot"], e["seat"], e["card"]) for e in pot1] == [("pot1", 1, "KD")]
    no_pots = old_brag_table([], [{"seat": 0, "type": "bet", "amount": 1}], {"consolation_pots": False})
    assert client.post("/v1/old-brag/records/adjudicate", json=no_pots).get_json()["verdict"] == "in_progress"


OLD_BRAG_BETTING = [
    {"seat": 0, "type": "bet", "amount": 1},
    {"seat": 1, "type": "fold"},
    {"seat": 2, "type": "call"},
]
"""Seat 0 opens, seat 1 folds, seat 2 calls: a showdown between seats 0 and 2, then the 31 phase."""


def test_an_old_brag_showdown_and_pot_iii_wait_for_the_cards_they_need(client):
    """Unseen hands at the showdown and in the 31 phase: undecided, missing each hand the main pot and Pot III
    need; every hand seen and each hit naming its card: complete."""
    drawing = [{"seat": 0, "type": "stand"}, {"seat": 1, "type": "stand"}, {"seat": 2, "type": "stand"}]
    body = client.post(
        "/v1/old-brag/records/adjudicate", json=old_brag_table(OLD_BRAG_FACE_UP, OLD_BRAG_BETTING + drawing)
    ).get_json()
    assert body["verdict"] == "undecided" and body["result"] is None
    assert body["missing"] == [{"seat": 0, "cards": 2}, {"seat": 1, "cards": 2}, {"seat": 2, "cards": 2}]
    assert not [e for e in body["events"] if e["type"] == "pot_won" and e["pot"] != "pot1"]
    hands = [["AS", "AH", "2C"], ["5D", "6D", "KD"], ["7C", "8C", "9S"]]
    drawing[1:2] = [{"seat": 1, "type": "hit", "card": "TH"}, {"seat": 1, "type": "stand"}]
    body = client.post(
        "/v1/old-brag/records/adjudicate", json=old_brag_table(hands, OLD_BRAG_BETTING + drawing)
    ).get_json()
    assert body["verdict"] == "complete" and "missing" not in body
    assert body["result"]["pots"]["main"]["winner"] == 0 and body["result"]["pots"]["pot3"]["total"] == 31
    assert body["result"]["pots"]["pot3"]["winner"] == 1


def test_an_old_brag_hit_naming_a_seen_card_is_card_seen_with_its_proof(client):
    """A hit that names a face-up card of another seat: card_seen, proved by the seen hand that holds it."""
    actions = [*OLD_BRAG_BETTING, {"seat": 0, "type": "hit", "card": "KD"}]
    body = client.post("/v1/old-brag/records/adjudicate", json=old_brag_table(OLD_BRAG_FACE_UP, actions)).get_json()
    assert body["verdict"] == "illegal" and body["applied"] == 3 and body["error"]["code"] == "card_seen"
    assert body["error"]["proof"] == {
        "actions": [3],
        "hands": [{"seat": 0, "cards": ["2C"]}, {"seat": 1, "cards": ["KD"]}],
    }


def test_a_broggin_exchange_shows_its_discards_and_the_cards_it_states_it_drew(client):
    """A table deal of Broggin: an exchange's discards and stated ``drawn`` are seen from then on; the showdown of
    hands nobody saw whole is undecided, missing each hand's unseen cards."""
    actions = [
        {"seat": 1, "type": "bet"},
        {"seat": 0, "type": "bet"},
        {"seat": 1, "type": "exchange", "discard": ["1Co"], "drawn": ["3St"]},
        {"seat": 0, "type": "exchange", "discard": []},
        {"seat": 1, "type": "call"},
        {"seat": 0, "type": "call"},
    ]
    record = {"players": 2, "dealer": 0, "seen": {}, "actions": actions}
    body = client.post("/v1/broggin/records/adjudicate", json={"record": record}).get_json()
    assert body["verdict"] == "undecided", body
    assert body["missing"] == [{"seat": 0, "cards": 4}, {"seat": 1, "cards": 3}]
    assert "3St" in body["state"]["seats"][1]["hand"] and body["state"]["discards"] == ["1Co"]
    again = [*actions[:2], {**actions[2], "drawn": ["1Co"]}]
    body = client.post("/v1/broggin/records/adjudicate", json={"record": {**record, "actions": again}}).get_json()
    assert body["verdict"] == "illegal" and body["error"]["code"] == "card_seen" and body["applied"] == 2


def test_a_match_of_table_deals_ends_undecided_at_a_deal_only_unseen_cards_decide(client):
    """A match mixes a table deal decided by shown hands, an undecided one (the replay ends there: `missing` with
    its deal) and a seeded one after it, which is not played."""
    shown = {"hands": [["3S", "3H", "3D"], ["AS", "KS", "QS"]]}
    second = [{**a, "seat": 1 - a["seat"]} for a in BRAG_SEE]
    match = {
        "players": 2,
        "deals": [
            {"dealer": 0, "seen": shown, "actions": BRAG_SEE},
            {"dealer": 1, "seen": {"hands": [["3S", "3H", "3D"]]}, "actions": second},
            {"dealer": 0, "seed": "after", "actions": []},
        ],
    }
    body = client.post("/v1/three-card-brag/matches/adjudicate", json={"match": match}).get_json()
    assert body["verdict"] == "undecided" and body["error"] is None
    assert body["missing"] == [{"deal": 1, "seat": 1, "cards": 3}]
    assert [(d["verdict"], d.get("missing")) for d in body["deals"]] == [
        ("complete", None),
        ("undecided", [{"seat": 1, "cards": 3}]),
    ]
    match["deals"][1]["seen"] = {"hands": [["3S", "3H", "3D"], ["3S", "KS", "QS"]]}
    answer = client.post("/v1/three-card-brag/matches/adjudicate", json={"match": match})
    assert answer.status_code == 422
    assert [e["pointer"] for e in answer.get_json()["errors"]] == ["/match/deals/1/seen/hands/1/0"]


@pytest.mark.parametrize("game_id", ["briscola", "three-card-brag"])
def test_a_match_refused_at_a_table_deal_gives_the_proof_its_schema_declares(client, game_id):
    """A match's error at a table deal's illegal action carries the deal's `proof` (docs/api.md 15 and 18), and
    the answer validates against the match's response schema (a schemathesis run found it undeclared)."""
    if game_id == "briscola":
        seen = {"hands": [None, ["AS", "??", "??"]], "turn_up": "5D"}
        actions = [{"seat": 1, "type": "play", "card": "KC"}, {"seat": 0, "type": "play", "card": "AS"}]
    else:
        seen = {}
        actions = [{"seat": 0, "type": "fold"}]
    match = {"players": 2, "deals": [{"dealer": 0, "seen": seen, "actions": actions}]}
    body = client.post(f"/v1/{game_id}/matches/adjudicate", json={"match": match}).get_json()
    assert body["verdict"] == "illegal" and body["error"]["proof"]["actions"]
    assert [e.message for e in validator(prefix(game_id) + "MatchResponse").iter_errors(body)] == []
    assert not validator(prefix(game_id) + "MatchError").is_valid({**body["error"], "proof": {"actions": [0]}})


def test_a_table_record_without_the_turn_up_is_judged_by_every_turn_up_it_admits(client):
    """docs/api.md 18: no turn-up, no trick the trump decides: complete with the dealt result, and the turn-ups
    the record admits; the last trick the trump decides: undecided, the turn-up missing; given: the dealt answer."""
    plays = briscola_plays(WHATEVER_TRUMP, "D")
    record = briscola_table_record(WHATEVER_TRUMP)
    dealt = {"players": 2, "dealer": 0, "deck": list(briscola_deck(plays, "2H")), "actions": record["actions"]}
    dealt_body = client.post("/v1/briscola/records/adjudicate", json={"record": dealt}).get_json()
    body = client.post("/v1/briscola/records/adjudicate", json={"record": record, "trace": True, "views": [0]})
    answer = body.get_json()
    assert body.status_code == 200 and answer["verdict"] == dealt_body["verdict"] == "complete"
    assert answer["result"] == dealt_body["result"] and answer["turn_ups"] == ["2H", "2D", "6C"]
    assert "missing_turn_up" not in answer and answer["state"]["turn_up"] == "2H"
    assert [e.message for e in validator("BriscolaAdjudicateResponse").iter_errors(answer)] == []

    undecided = client.post("/v1/briscola/records/adjudicate", json={"record": briscola_table_record(TRUMP_DECIDES)})
    answer = undecided.get_json()
    assert (answer["verdict"], answer["result"], answer["missing_turn_up"]) == ("undecided", None, True)
    assert answer["turn_ups"] == ["2D", "6C"] and "missing" not in answer
    plays = briscola_plays(TRUMP_DECIDES, "D")
    actions = briscola_table_record(TRUMP_DECIDES)["actions"]
    dealt = {"players": 2, "dealer": 0, "deck": list(briscola_deck(plays, "2D")), "actions": actions}
    dealt_body = client.post("/v1/briscola/records/adjudicate", json={"record": dealt}).get_json()
    given = client.post("/v1/briscola/records/adjudicate", json={"record": briscola_table_record(TRUMP_DECIDES, "2D")})
    assert given.get_json()["result"] == dealt_body["result"] and dealt_body["verdict"] == "complete"
    assert "turn_ups" not in given.get_json()


def test_a_match_whose_table_deal_needs_the_turn_up_is_undecided(client):
    record = briscola_table_record(TRUMP_DECIDES)
    match = {"players": 2, "deals": [{"dealer": 0, "seen": {}, "actions": record["actions"]}]}
    body = client.post("/v1/briscola/matches/adjudicate", json={"match": match}).get_json()
    assert (body["verdict"], body["missing_turn_up"], "missing" in body) == ("undecided", True, False)
    assert body["deals"][0]["turn_ups"] == ["2D", "6C"] and body["deals"][0]["missing_turn_up"]
    assert [e.message for e in validator("BriscolaMatchResponse").iter_errors(body)] == []


def test_a_state_whose_turn_up_nobody_saw(client):
    """`deals` takes seen without the turn-up; a trick the trump decides, a suggestion and an analysis are 422
    `turn_up_unseen` at /state/turn_up; view, validate and legal-actions answer."""
    dealt = client.post("/v1/briscola/deals", json={"players": 2, "dealer": 0, "seen": {}, "views": [0]})
    state = dealt.get_json()["state"]
    assert dealt.status_code == 200 and (state["turn_up"], state["trump"]) == ("??", "?")
    assert {"type": "turn_up", "card": "??", "trump": None} in dealt.get_json()["events"]
    assert [e.message for e in validator("BriscolaDealResponse").iter_errors(dealt.get_json())] == []
    led = client.post(
        "/v1/briscola/actions", json={"state": state, "action": {"seat": 1, "type": "play", "card": "AS"}}
    )
    state = led.get_json()["state"]
    taken = client.post(
        "/v1/briscola/actions", json={"state": state, "action": {"seat": 0, "type": "play", "card": "2S"}}
    )
    assert taken.status_code == 200 and taken.get_json()["state"]["leader"] == 1
    for path, body in (
        ("actions", {"state": state, "action": {"seat": 0, "type": "play", "card": "2H"}}),
        ("actions/suggest", {"state": state}),
    ):
        refused = client.post(f"/v1/briscola/{path}", json=body)
        assert refused.status_code == 422, path
        assert [e["pointer"] for e in refused.get_json()["errors"]] == ["/state/turn_up"], path
    record = {"players": 2, "dealer": 0, "seen": {}, "actions": [{"seat": 1, "type": "play", "card": "AS"}]}
    analysed = client.post("/v1/briscola/records/analyze", json={"record": record})
    assert analysed.status_code == 422
    assert [e["pointer"] for e in analysed.get_json()["errors"]] == ["/record/seen/turn_up"]
    assert client.post("/v1/briscola/states/validate", json={"state": state}).get_json()["valid"]
    assert client.post("/v1/briscola/states/view", json={"state": state, "seat": 0}).status_code == 200
    assert len(client.post("/v1/briscola/legal-actions", json={"state": state}).get_json()["actions"]) == 39


@pytest.mark.parametrize("game_id", ["briscan", "brisque"])
def test_a_deal_whose_turn_up_nobody_saw_answers_as_its_schema_says(client, game_id):
    dealt = client.post(f"/v1/{game_id}/deals", json={"players": 2, "dealer": 0, "seen": {}, "views": [0, 1]})
    body = dealt.get_json()
    assert dealt.status_code == 200 and {"type": "turn_up", "card": "??", "trump": None} in body["events"]
    assert [e.message for e in validator(prefix(game_id) + "DealResponse").iter_errors(body)] == []
