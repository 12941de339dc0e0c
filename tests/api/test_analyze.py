"""``records/analyze`` over HTTP (docs/api.md 19): a record the suggestions played is best at every decision, each
decision's best is ``actions/suggest``'s answer, the same request gives the same bytes, a seat's analysis depends
only on its view, blunders are called so, and every refusal is a 422 with a pointer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from service.rules import analysis
from service.rules.actions import wire
from service.rules.bots import suggest
from service.rules.bots.common import typed
from service.rules.registry import GAMES
from service.rules.seats import deal_order
from service.rules.shuffle import shuffle
from tests.api.test_suggest import TABLES
from tests.simulation import play

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
STEPS = (("inaccuracy", "an"), ("mistake", "a"), ("blunder", "a"))


def suggested(game_id: str, players: int, seed: str, level: str, most: int = 60) -> dict[str, Any]:
    """A record of up to ``most`` actions, each ``actions/suggest``'s answer (``level``, ``seed``) for the seat to
    act, dealt from ``seed``."""
    game = GAMES[game_id]
    options = game.options(None)
    state = game.deal(players, 0, options, shuffle(game.pack(players, options), seed)).state
    actions: list[dict[str, Any]] = []
    while state.to_act is not None and len(actions) < most:
        action = typed(game, suggest(game, state, None, level, seed).action)
        actions.append(wire(action))
        state = game.apply(state, action).state
    return {"players": players, "dealer": 0, "seed": seed, "actions": actions}


def analyze(client: Any, game_id: str, body: dict[str, Any]) -> Any:
    return client.post(f"/v1/{game_id}/records/analyze", json=body)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_record_the_suggestions_played_is_best_at_every_decision(client, game_id, players):
    record = suggested(game_id, players, "played", "easy")
    answer = analyze(client, game_id, {"record": record, "level": "easy", "seed": "played"})
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["decisions"] and body["level"] == "easy" and body["policy"] == analysis.POLICY
    for decision in body["decisions"]:
        assert (decision["label"], decision["loss"]) == ("best", 0)
        assert decision["action"] == decision["best"]["action"] == record["actions"][decision["index"]]
    assert [s["seat"] for s in body["summary"]] == list(range(players))
    assert sum(s["decisions"] for s in body["summary"]) == len(body["decisions"])
    assert all(
        s["accuracy"] == 100 and s["labels"]["best"] == s["decisions"] for s in body["summary"] if s["decisions"]
    )


@pytest.mark.parametrize(("game_id", "players"), [("briscola", 2), ("three-card-brag", 3), ("briscola-chiamata", 5)])
def test_each_decisions_best_is_what_actions_suggest_answers(client, game_id, players):
    """A record played at random, analysed; for each decision, actions/suggest on the state before it (as
    records/adjudicate gives it) answers the best action, and weighs every candidate as the analysis lists it."""
    game = GAMES[game_id]
    record = play(game, players, "analyze-http").record()
    record["actions"] = record["actions"][:24]
    body = analyze(client, game_id, {"record": record, "level": "easy", "seed": "s"}).get_json()
    assert body["verdict"] in ("in_progress", "complete") and body["decisions"]
    thresholds = client.get(f"/v1/{game_id}").get_json()["analysis"]["thresholds"]
    for decision in body["decisions"]:
        before = {**record, "actions": record["actions"][: decision["index"]]}
        state = client.post(f"/v1/{game_id}/records/adjudicate", json={"record": before}).get_json()["state"]
        asked = {"state": state, "seat": decision["seat"], "level": "easy", "seed": "s"}
        suggestion = client.post(f"/v1/{game_id}/actions/suggest", json=asked).get_json()
        assert decision["best"]["action"] == suggestion["action"]
        assert [c for c in decision["considered"] if c in suggestion["considered"]] == suggestion["considered"]
        assert decision["loss"] == max(0, round(decision["best"]["value"] - decision["value"], 6))
        reached = [name for name, least in thresholds.items() if decision["loss"] >= least and decision["loss"] > 0]
        assert decision["label"] == (reached[-1] if reached else "best")


def test_the_same_request_gives_the_same_bytes_and_the_text_the_same_analysis(client):
    record = play(GAMES["briscola"], 2, "bytes").record()
    body = {"record": record, "level": "easy", "seed": "b"}
    first = analyze(client, "briscola", body)
    assert first.status_code == 200
    assert analyze(client, "briscola", body).data == first.data
    text = client.post("/v1/briscola/records/format", json={"record": record}).get_json()["notation"]
    from_text = analyze(client, "briscola", {"notation": text, "level": "easy", "seed": "b"})
    assert from_text.data == first.data


@pytest.mark.parametrize(("game_id", "players", "swap"), [("three-card-brag", 3, (1, 2)), ("briscola", 4, (1, 3))])
def test_a_seats_analysis_depends_only_on_its_view(client, game_id, players, swap):
    """Two cards swapped between the hands of two other seats, neither played in the record: seat 0's analysis is
    the same bytes, though the deck differs."""
    game = GAMES[game_id]
    record = suggested(game_id, players, "fair", "easy", most=6 if game_id == "briscola" else 60)
    options = game.options(None)
    deck = list(shuffle(game.pack(players, options), "fair"))
    dealt = game.deal(players, 0, options, deck).state
    played = {a.get("card") for a in record["actions"]}
    one, other = ([c for c in dealt.seats[s].hand if c not in played][0] for s in swap)
    i, j = deck.index(one), deck.index(other)
    deck[i], deck[j] = deck[j], deck[i]
    swapped = game.deal(players, 0, options, deck).state
    assert game.view(swapped, 0) == game.view(dealt, 0) and swapped != dealt
    first = {"players": players, "dealer": 0, "actions": record["actions"]}
    answers = [
        analyze(client, game_id, {"record": {**first, "deck": d}, "seats": [0], "level": "easy"})
        for d in (list(shuffle(game.pack(players, options), "fair")), deck)
    ]
    assert answers[0].status_code == 200, answers[0].get_json()
    assert answers[0].get_json()["decisions"]
    assert answers[0].data == answers[1].data


def test_an_ace_thrown_on_an_empty_trick_into_a_trump_is_a_blunder(client):
    """Two-player Briscola, the stock spent: seat 1 leads with AH 2C 3C, seat 0 holds 5S 3H JD, diamonds trumps.
    The ace led is taken by JD (13 points and the lead to the other side); a club led keeps the ace."""
    record = play(GAMES["briscola"], 2, "blunder-109", dealer=0).record()
    before = {**record, "actions": record["actions"][:34]}
    state = client.post("/v1/briscola/records/adjudicate", json={"record": before}).get_json()["state"]
    assert (state["stock"], state["trick"], state["to_act"], state["trump"]) == ([], [], 1, "D")
    assert (state["seats"][1]["hand"], state["seats"][0]["hand"]) == (["AH", "2C", "3C"], ["5S", "3H", "JD"])
    ace = {**before, "actions": [*before["actions"], {"seat": 1, "type": "play", "card": "AH"}]}
    body = analyze(client, "briscola", {"record": ace, "seats": [1], "level": "easy"}).get_json()
    decision = body["decisions"][-1]  # at normal too: tests/rules/test_analysis.py
    assert decision["index"] == 34 and decision["action"]["card"] == "AH"
    assert decision["loss"] >= 11 and decision["label"] == "blunder"
    assert decision["best"]["action"]["card"] != "AH"
    assert body["summary"][0]["labels"]["blunder"] >= 1


def test_folding_a_prial_of_aces_to_a_bet_of_one_is_a_mistake_or_worse(client):
    """Three Card Brag, two seats: seat 0 holds a prial of aces and folds to a bet of one chip."""
    game = GAMES["three-card-brag"]
    options = {"blind_allowed": False}
    top = ["2C", "AS", "4D", "AH", "7S", "AD"]
    deck = top + [c for c in game.pack(2, game.options(options)) if c not in top]
    actions = [{"seat": 1, "type": "bet", "amount": 1}, {"seat": 0, "type": "fold"}]
    record = {"players": 2, "dealer": 0, "options": options, "deck": deck, "actions": actions}
    for level in analysis.LEVELS:
        body = analyze(client, "three-card-brag", {"record": record, "seats": [0], "level": level}).get_json()
        (decision,) = body["decisions"]
        assert decision["action"]["type"] == "fold" and decision["value"] == 0
        assert decision["label"] in ("mistake", "blunder")
        assert body["summary"][0]["accuracy"] < 100


def test_an_illegal_record_is_analysed_up_to_its_illegal_action(client):
    deal = play(GAMES["briscola"], 2, "illegal")
    before = deal.steps[6].before
    other = before.seats[1 - before.to_act].hand[0]  # a card of the other seat's hand
    record = deal.record()
    record["actions"] = [*record["actions"][:6], {"seat": before.to_act, "type": "play", "card": other}]
    body = analyze(client, "briscola", {"record": record, "level": "easy"}).get_json()
    assert body["verdict"] == "illegal" and body["error"]["index"] == 6
    assert body["decisions"] and all(d["index"] < 6 for d in body["decisions"])


def test_seats_are_seats_of_the_table_asked_once(client):
    record = play(GAMES["briscola"], 2, "seats").record()
    for seats, pointer in (([2], "/seats/0"), ([0, 0], "/seats/1"), ([], "/seats")):
        answer = analyze(client, "briscola", {"record": record, "seats": seats, "level": "easy"})
        assert answer.status_code == 422, answer.get_json()
        assert [e["pointer"] for e in answer.get_json()["errors"]] == [pointer]
    answer = analyze(client, "briscola", {"record": record, "level": "hard"})
    assert [e["pointer"] for e in answer.get_json()["errors"]] == ["/level"]


def test_work_past_the_budget_is_a_422_saying_what_fits(client):
    """A long Three Card Brag betting round: at normal an easier level fits it (422 at /level); longer still,
    no level does (422 at /seats)."""
    game = GAMES["three-card-brag"]
    fits = {level: analysis.budget(game) // analysis.samples(game, level) for level in analysis.LEVELS}
    options = {"blind_allowed": False}
    for decisions, pointer in ((fits["normal"] + 2, "/level"), (fits["easy"] + 2, "/seats")):
        raises = [{"seat": k % 2, "type": "raise", "amount": k} for k in range(2, decisions + 1)]
        actions = [{"seat": 1, "type": "bet", "amount": 1}, *raises]
        record = {"players": 2, "dealer": 0, "seed": "long", "options": options, "actions": actions}
        answer = analyze(client, "three-card-brag", {"record": record})
        assert answer.status_code == 422, answer.get_json()
        (error,) = answer.get_json()["errors"]
        assert error["pointer"] == pointer
        assert f"{fits['easy']} at easy" in error["detail"] and f"{fits['normal']} at normal" in error["detail"]


def table_of(deal: Any, hands: bool) -> dict[str, Any]:
    """A dealt Briscola deal as a table record (docs/api.md 18): the turn-up seen, and the hands as dealt or none;
    every other card named by its play."""
    start = deal.start.state
    seen: dict[str, Any] = {"turn_up": start.turn_up}
    if hands:
        seen["hands"] = [list(s.hand) for s in start.seats]
    record = {k: v for k, v in deal.record().items() if k not in ("seed", "deck")}
    return {**record, "seen": seen}


def test_a_briscola_table_record_is_analysed_where_it_shows_each_seats_hand(client):
    """A two-player Briscola deal and the same deal as a table record, only the turn-up seen. A decision whose seat's
    hand the record shows (its cards played from then on before it draws one nobody saw: the last tricks, and a
    trick before the last draw for the seat that draws the turn-up) is analysed; the others are counted as
    ``unseen``. The hand is filled in the order its cards were played, not as dealt, and the order seeds the
    samples: with the stock spent no card is hidden, so the values are exact and the same as the dealt record's,
    though a best of equal value may be another card; before the last draw the worlds differ."""
    deal = play(GAMES["briscola"], 2, "table-analysis")
    dealt = analyze(client, "briscola", {"record": deal.record(), "level": "easy"}).get_json()
    answer = analyze(client, "briscola", {"record": table_of(deal, hands=False), "level": "easy"})
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["verdict"] == dealt["verdict"] == "complete"
    assert body["decisions"] and len(body["decisions"]) < len(dealt["decisions"])
    for seat, mine in zip(dealt["summary"], body["summary"], strict=True):
        assert mine["decisions"] + mine["unseen"] == seat["decisions"] and mine["unseen"] > 0
    by_index = {d["index"]: d for d in dealt["decisions"]}
    for decision in body["decisions"]:
        other = by_index[decision["index"]]
        assert (decision["seat"], decision["action"]) == (other["seat"], other["action"])
        if deal.steps[decision["index"]].before.stock:  # the trick before the last draw: samples differ
            continue
        for key in ("value", "loss", "label"):
            assert decision[key] == other[key], key
        assert decision["best"]["value"] == other["best"]["value"]
        assert sorted(map(str, decision["considered"])) == sorted(map(str, other["considered"]))


def test_a_briscola_chiamata_table_record_that_saw_nothing_is_analysed_at_every_decision(client):
    """No stock: every card a seat held is played, so each decision's own hand is told by its later plays (the
    auction's included); the same decisions as the dealt record's, none left out."""
    record = play(GAMES["briscola-chiamata"], 5, "table-analysis").record()
    table = {**{k: v for k, v in record.items() if k not in ("seed", "deck")}, "seen": {}}
    dealt, body = (
        analyze(client, "briscola-chiamata", {"record": r, "level": "easy"}).get_json() for r in (record, table)
    )
    assert body["verdict"] == dealt["verdict"] == "complete"
    assert [(d["index"], d["action"]) for d in body["decisions"]] == [
        (d["index"], d["action"]) for d in dealt["decisions"]
    ]
    assert len(body["decisions"]) > 30 and [s["unseen"] for s in body["summary"]] == [0] * 5


def test_a_table_record_that_saw_the_hands_dealt_is_the_dealt_analysis_while_no_card_is_drawn(client):
    """The hands seen as dealt: the first trick's decisions see exactly the dealt record's views, the same bytes."""
    deal = play(GAMES["briscola"], 2, "table-analysis")
    record = deal.record()
    record["actions"] = record["actions"][:2]
    table = {**table_of(deal, hands=True), "actions": record["actions"]}
    dealt = analyze(client, "briscola", {"record": record, "level": "easy"}).get_json()
    body = analyze(client, "briscola", {"record": table, "level": "easy"}).get_json()
    assert len(body["decisions"]) == 2 and body["decisions"] == dealt["decisions"]
    assert [s["unseen"] for s in body["summary"]] == [0, 0]


def test_a_three_card_brag_table_record_leaves_out_the_decisions_of_a_hand_never_shown(client):
    """Seat 0's hand seen, seat 1's never: seat 1's blind look needs no card and is analysed, its bet after looking
    is left out (``unseen``); seat 0's decisions are the dealt record's, byte for byte; the verdict undecided."""
    hands = [["3S", "3H", "3D"], ["AS", "KS", "QS"]]
    actions = [
        {"seat": 1, "type": "look"},
        {"seat": 1, "type": "bet", "amount": 2},
        {"seat": 0, "type": "look"},
        {"seat": 0, "type": "see"},
    ]
    game = GAMES["three-card-brag"]
    top = [hands[seat][k] for k in range(3) for seat in deal_order(0, 2)]
    deck = top + [c for c in game.pack(2, game.options(None)) if c not in top]
    dealt = {"players": 2, "dealer": 0, "deck": deck, "actions": actions}
    table = {"players": 2, "dealer": 0, "seen": {"hands": hands[:1]}, "actions": actions}
    mine, theirs = (
        analyze(client, "three-card-brag", {"record": r, "level": "easy"}).get_json() for r in (table, dealt)
    )
    assert (mine["verdict"], theirs["verdict"]) == ("undecided", "complete")
    assert [d["index"] for d in theirs["decisions"]] == [0, 1, 2, 3]
    assert mine["decisions"] == [d for d in theirs["decisions"] if d["index"] != 1]
    assert [(s["decisions"], s["unseen"]) for s in mine["summary"]] == [(2, 0), (1, 1)]
    assert [s["unseen"] for s in theirs["summary"]] == [0, 0]


def test_an_illegal_table_record_is_analysed_up_to_its_illegal_action(client):
    """The hands seen as dealt; the card played first is played again at action 6: illegal there (card_seen, as
    records/adjudicate says), and only decisions before it are analysed."""
    deal = play(GAMES["briscola"], 2, "table-analysis")
    table = table_of(deal, hands=True)
    again = {"seat": deal.steps[6].before.to_act, "type": "play", "card": table["actions"][0]["card"]}
    table["actions"] = [*table["actions"][:6], again]
    adjudicated = client.post("/v1/briscola/records/adjudicate", json={"record": table}).get_json()
    body = analyze(client, "briscola", {"record": table, "level": "easy"}).get_json()
    assert body["verdict"] == adjudicated["verdict"] == "illegal"
    assert body["error"] == adjudicated["error"] and body["error"]["code"] == "card_seen"
    assert body["decisions"] and all(d["index"] < 6 for d in body["decisions"])


def test_a_text_that_does_not_parse_is_a_422_at_its_line(client):
    answer = analyze(client, "briscola", {"notation": '[Game "briscola"]\n1. ZZ'})
    assert answer.status_code == 422
    assert answer.get_json()["type"].endswith("/invalid-notation")


def test_the_catalog_states_each_games_unit_and_thresholds(client):
    for game_id in GAMES:
        entry = client.get(f"/v1/{game_id}").get_json()["analysis"]
        thresholds = entry["thresholds"]
        assert entry["unit"] and list(thresholds) == list(analysis.LABELS[1:])
        assert list(thresholds.values()) == sorted(thresholds.values())
        assert thresholds == analysis.scale_of(GAMES[game_id]).thresholds
        text = " ".join((RULES / f"{game_id}.md").read_text(encoding="utf-8").split())  # its rules text says them
        steps = [f"from {thresholds[name]:g} {article} `{name}`" for name, article in STEPS]
        assert ", ".join(steps) in text, game_id
