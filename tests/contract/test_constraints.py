"""Every rule JSON Schema can state is stated in openapi.yaml, and loading enforces it with a 422 at the field
(issue 8): player counts, seats, hand sizes, distinct cards, one of seed and deck, the state's game, phases
and meld words."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from service.rules.briscan.melds import meld_points
from service.rules.broggin.cards import TRUMPS, is_trump
from service.rules.registry import GAMES
from service.rules.trick_game import TrickGame
from tests.contract.committed import committed_document

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"


@cache
def schemas():
    return committed_document()["components"]["schemas"]


def prefix(game_id):
    return "".join(part.capitalize() for part in game_id.split("-"))


def pointers(response):
    assert response.status_code == 422 and response.mimetype == "application/problem+json"
    return [e["pointer"] for e in response.get_json()["errors"]]


def deal(client, game_id, **body):
    return client.post(f"/v1/{game_id}/deals", json={"players": GAMES[game_id].min_players, "dealer": 0, **body})


def test_five_players_for_briscola_is_refused_by_the_schema(client):
    assert schemas()["BriscolaDealRequestFromSeed"]["properties"]["players"]["enum"] == [2, 3, 4, 6]
    assert schemas()["BriscolaChiamataDealRequestFromSeed"]["properties"]["players"]["enum"] == [5]
    assert pointers(deal(client, "briscola", players=5, seed="x")) == ["/players"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_players_and_seats_are_bounded_per_game(client, game_id):
    game = GAMES[game_id]
    request = schemas()[prefix(game_id) + "DealRequestFromSeed"]["properties"]
    players = request["players"]
    assert players.get("enum") == list(game.player_counts()) or (
        (players["minimum"], players["maximum"]) == (game.min_players, game.max_players)
    )
    assert (request["dealer"]["minimum"], request["dealer"]["maximum"]) == (0, game.max_players - 1)
    assert pointers(deal(client, game_id, players=game.max_players + 1, seed="x")) == ["/players"]
    assert pointers(deal(client, game_id, dealer=game.max_players, seed="x")) == ["/dealer"]
    state = deal(client, game_id, seed="x").get_json()["state"]
    for name in ("dealer", "to_act"):
        bad = {**state, name: -1}
        assert pointers(client.post(f"/v1/{game_id}/legal-actions", json={"state": bad})) == [f"/state/{name}"]
    view = client.post(f"/v1/{game_id}/states/view", json={"state": state, "seat": game.max_players})
    assert pointers(view) == ["/seat"]
    action = {"seat": -1, "type": game.action_types()[0]}
    assert "/action/seat" in pointers(client.post(f"/v1/{game_id}/actions", json={"state": state, "action": action}))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_state_names_its_game_and_phase(client, game_id):
    game = GAMES[game_id]
    state_schema = next(
        s
        for name, s in schemas().items()
        if name.startswith(prefix(game_id)) and name.endswith("State") and "game" in s.get("properties", {})
    )
    assert state_schema["properties"]["game"]["const"] == game_id
    assert state_schema["properties"]["game"]["enum"] == [game_id]
    assert state_schema["properties"]["phase"]["enum"] == list(game.phases)
    state = deal(client, game_id, seed="x").get_json()["state"]
    other = next(g for g in sorted(GAMES) if g != game_id)
    assert pointers(client.post(f"/v1/{game_id}/states/validate", json={"state": {**state, "game": other}})) == [
        "/state/game"
    ]
    assert pointers(client.post(f"/v1/{game_id}/states/validate", json={"state": {**state, "phase": "bogus"}})) == [
        "/state/phase"
    ]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_exactly_one_of_seed_and_deck_once(client, game_id):
    request, name = schemas()[prefix(game_id) + "DealRequest"], prefix(game_id) + "DealRequest"
    # two whole objects, so that a generated client types each (the wire is the same)
    ways = ("FromSeed", "FromDeck", "AtTable")
    assert request["oneOf"] == [{"$ref": f"#/components/schemas/{name}{how}"} for how in ways]
    seeded, dealt, seen = (schemas()[name + how] for how in ways)
    assert "seed" in seeded["required"] and "deck" not in seeded["properties"]
    assert "deck" in dealt["required"] and "seed" not in dealt["properties"]
    assert "seen" in seen["required"] and not {"seed", "deck"} & set(seen["properties"])
    pack = list(GAMES[game_id].full_pack())
    for body in ({}, {"seed": "x", "deck": pack}, {"seed": "x", "seen": {}}):
        response = deal(client, game_id, **body)
        assert pointers(response) == [""]  # one problem, not one per game registered before this one
    twice = deal(client, game_id, deck=[pack[0], *pack[:-1]])
    assert pointers(twice) == ["/deck/1"]  # the repeated card
    assert schemas()[prefix(game_id) + "DealRequestFromDeck"]["properties"]["deck"]["uniqueItems"] is True


def test_a_hand_of_two_cards_for_three_card_brag_is_refused_by_the_schema(client):
    hands = schemas()["ThreeCardBragHandsRequest"]["properties"]["hands"]["items"]
    assert (hands["minItems"], hands["maxItems"], hands["uniqueItems"]) == (3, 3, True)
    for path in ("/v1/three-card-brag/hands/evaluate", "/v1/three-card-brag/hands/compare"):
        response = client.post(path, json={"hands": [["AS", "KS", "QS"], ["AS", "KS"]]})
        assert pointers(response) == ["/hands/1"]
        assert pointers(client.post(path, json={"hands": [["AS", "AS", "QS"]]})) == ["/hands/0/1"]


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if hasattr(GAMES[g], "hand_size")))
def test_hand_sizes_per_game(client, game_id):
    game = GAMES[game_id]
    if game_id == "three-card-brag" or not hasattr(game, "categories"):
        return
    hands = schemas()[prefix(game_id) + "HandsRequest"]["properties"]["hands"]["items"]
    assert (hands["minItems"], hands["maxItems"]) == (game.hand_size, game.hand_size)
    short = list(game.full_pack()[: game.hand_size - 1])
    assert pointers(client.post(f"/v1/{game_id}/hands/evaluate", json={"hands": [short]})) == ["/hands/0"]


def test_trick_phase_and_meld_words_are_closed_vocabularies(client):
    trick = schemas()["BriscanTrickRequest"]["properties"]
    assert trick["phase"]["enum"][:2] == ["talon", "final"]
    assert trick["cards"]["maxItems"] == 2 and trick["cards"]["uniqueItems"] is True
    response = client.post("/v1/briscan/tricks/winner", json={"trump": "H", "cards": ["AS", "KS"], "phase": "bogus"})
    assert pointers(response) == ["/phase"]
    for game_id in ("briscan", "brisque"):
        kinds = list(GAMES[game_id].meld_kinds)
        assert "marriage" in kinds
        assert schemas()[prefix(game_id) + "Meld"]["properties"]["kind"]["enum"] == kinds
        assert schemas()[prefix(game_id) + "MeldScore"]["properties"]["kind"]["enum"] == kinds


def test_a_chiamata_bid_names_a_rank_of_the_auction(client):
    """A closed vocabulary is an enum: the ranks of the auction (any case), nothing else (issue 8)."""
    rank = schemas()["BriscolaChiamataBid"]["properties"]["rank"]
    assert rank["enum"][:10] == list("A3KQJ76542")
    state = deal(client, "briscola-chiamata", seed="x").get_json()["state"]
    bid = {"seat": state["to_act"], "type": "bid", "rank": "8"}
    assert pointers(client.post("/v1/briscola-chiamata/actions", json={"state": state, "action": bid})) == [
        "/action/rank"
    ]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_legal_actions_name_a_phase_and_a_seat_of_the_game(game_id):
    answer = schemas()[prefix(game_id) + "LegalActionsResponse"]["properties"]
    assert answer["phase"]["enum"] == list(GAMES[game_id].phases)
    assert answer["to_act"]["maximum"] == GAMES[game_id].max_players - 1


def over_the_bound(client, game_id, action, pointer, most):
    """A 422 from the contract's maxItems, naming the array and its bound, not a 409 from the rules."""
    state = deal(client, game_id, seed="x").get_json()["state"]
    action = {"seat": state["to_act"], **action}
    response = client.post(f"/v1/{game_id}/actions", json={"state": state, "action": action})
    assert pointers(response) == [pointer]
    assert response.get_json()["errors"][0]["detail"].startswith(f"at most {most} items")


@pytest.mark.parametrize("game_id", ["briscan", "brisque"])
def test_an_announcement_holds_at_most_the_melds_a_hand_makes(client, game_id):
    """``melds`` and a meld's ``cards`` state the engine's bounds (issue 8 follow-up), not the guard's 10,000."""
    game = GAMES[game_id]
    meld = schemas()[prefix(game_id) + "Meld"]["properties"]["cards"]
    melds = schemas()[prefix(game_id) + "Announce"]["properties"]["melds"]
    assert (meld["maxItems"], melds["maxItems"]) == (game.hand_size, game.most_melds)
    marriage = {"kind": "marriage", "cards": ["KS", "QS"]}
    too_many = {"type": "announce", "melds": [marriage] * (game.most_melds + 1)}
    over_the_bound(client, game_id, too_many, "/action/melds", game.most_melds)
    pack = list(game.full_pack())
    too_long = {"type": "announce", "melds": [{"kind": "carte_blanche_courts", "cards": pack[: game.hand_size + 1]}]}
    over_the_bound(client, game_id, too_long, "/action/melds/0/cards", game.hand_size)


@pytest.mark.parametrize("game_id", ["briscan", "brisque"])
def test_an_announcement_holds_a_meld_and_a_meld_a_card(client, game_id):
    """No meld of any kind is empty, so an empty ``melds`` or meld ``cards`` is a 422 at it (``minItems``), not a
    409 from the rules."""
    game = GAMES[game_id]
    options = game.options(None)
    assert [kind for kind in game.meld_kinds if meld_points(kind, (), "H", options, game.variant) is not None] == []
    meld = schemas()[prefix(game_id) + "Meld"]["properties"]["cards"]
    melds = schemas()[prefix(game_id) + "Announce"]["properties"]["melds"]
    assert meld["minItems"] == melds["minItems"] == 1
    state = deal(client, game_id, seed="x").get_json()["state"]
    empty = {"kind": "marriage", "cards": []}
    for melds_sent, pointer in (([], "/action/melds"), ([empty], "/action/melds/0/cards")):
        action = {"seat": state["to_act"], "type": "announce", "melds": melds_sent}
        response = client.post(f"/v1/{game_id}/actions", json={"state": state, "action": action})
        assert pointers(response) == [pointer]


def test_a_broggin_exchange_discards_at_most_a_hand(client):
    game = GAMES["broggin"]
    exchange = schemas()["BrogginExchange"]["properties"]
    assert exchange["discard"]["maxItems"] == exchange["drawn"]["maxItems"] == game.hand_size
    cards = list(game.full_pack())[: game.hand_size + 1]
    over_the_bound(client, "broggin", {"type": "exchange", "discard": cards}, "/action/discard", game.hand_size)


def state_arrays(name, at=""):
    """Every array under the component ``name`` of the committed document (through its references, each
    component once): its path (``*`` for an item) and its ``maxItems``."""
    found, todo, seen = {}, [(schemas()[name], at)], {name}
    while todo:
        node, path = todo.pop()
        if "$ref" in node:
            ref = node["$ref"].rsplit("/", 1)[1]
            if ref not in seen:
                seen.add(ref)
                todo.append((schemas()[ref], path))
            continue
        types = node.get("type")
        if types == "array" or (isinstance(types, list) and "array" in types):
            found[path] = node.get("maxItems")
            todo.append((node["items"], path + "/*"))
        for key, value in node.get("properties", {}).items():
            todo.append((value, f"{path}/{key}"))
        for value in node.get("anyOf", []) + node.get("oneOf", []):
            todo.append((value, path))
    return found


UNBOUNDED = {"/seats/*/melds", "/seats/*/bonuses"}
"""A Briscan or Brisque seat's announced melds and bonuses: no bound of the game's reaches them."""


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_array_of_a_state_is_bounded_by_the_game(client, game_id):
    """A state's arrays state the game's bounds, not the guard's 10,000 (contract follow-up): cards at most the
    pack's, seats and a trick's cards one per seat, finished tricks the tricks of a deal; a longer one is a
    422 at the array before anything loads."""
    game = GAMES[game_id]
    pack, seats = len(game.full_pack()), game.max_players
    request = schemas()[prefix(game_id) + "StateRequest"]["properties"]["state"]["$ref"].rsplit("/", 1)[1]
    arrays = state_arrays(request)
    assert {path for path, most in arrays.items() if most is None} == (UNBOUNDED & arrays.keys())
    expected = {
        "/seats": seats,
        "/seats/*/hand": pack,
        "/stock": pack,
        "/talon": pack,
        "/discards": pack,
        "/seats/*/drawn": pack,
        "/trick": seats,
        "/tricks": pack // game.min_players,
        "/tricks/*/cards": seats,
        "/seats/*/declared": game.hand_size,
        "/seats/*/melds/*/cards": game.hand_size,
        "/auction": getattr(game, "most_calls", None),
        "/carry/match_score": seats,
        "/carry/game_score": seats,
    }
    assert {path: arrays[path] for path in expected if path in arrays} == {
        path: most for path, most in expected.items() if path in arrays
    }
    assert {"/seats", "/seats/*/hand"} <= arrays.keys()
    state = deal(client, game_id, seed="x").get_json()["state"]
    too_many_seats = {**state, "seats": state["seats"] * (seats // len(state["seats"]) + 1)}
    answer = client.post(f"/v1/{game_id}/states/validate", json={"state": too_many_seats})
    assert pointers(answer) == ["/state/seats"]
    assert answer.get_json()["errors"][0]["detail"].startswith(f"at most {seats} items")
    first = {**state["seats"][0], "hand": [*game.full_pack(), game.full_pack()[0]]}
    long_hand = {**state, "seats": [first, *state["seats"][1:]]}
    answer = client.post(f"/v1/{game_id}/states/validate", json={"state": long_hand})
    assert pointers(answer) == ["/state/seats/0/hand"]
    assert client.post(f"/v1/{game_id}/states/validate", json={"state": state}).get_json()["valid"] is True


def test_a_broggin_declaration_names_at_most_a_hands_trumps(client):
    """``assignments`` (a declare action's, a hand's declaration) has at most one member per card of a hand."""
    game = GAMES["broggin"]
    assert schemas()["BrogginDeclare"]["properties"]["assignments"]["maxProperties"] == game.hand_size
    declarations = schemas()["BrogginHandsRequest"]["properties"]["declarations"]["items"]
    assert declarations["maxProperties"] == game.hand_size
    realm = next(card for card in game.full_pack() if not is_trump(card))
    assignments = dict.fromkeys(TRUMPS[: game.hand_size + 1], realm)
    state = deal(client, "broggin", seed="x").get_json()["state"]
    action = {"seat": state["to_act"], "type": "declare", "assignments": assignments}
    assert pointers(client.post("/v1/broggin/actions", json={"state": state, "action": action})) == [
        "/action/assignments"
    ]
    hand = list(game.full_pack())[: game.hand_size]
    answer = client.post("/v1/broggin/hands/evaluate", json={"hands": [hand], "declarations": [assignments]})
    assert pointers(answer) == ["/declarations/0"]


def pack_sizes_by_deal(game):
    """The size of every pack a deal may use: each player count with the defaults, and with each allowed value
    of each option (one at a time), as the engine deals them."""
    sizes = set()
    for players in game.player_counts():
        sizes.add(len(game.pack(players, game.options(None))))
        for spec in game.option_specs():
            for value in spec.allowed or ():
                sizes.add(len(game.pack(players, game.options({spec.name: value}))))
    return sizes


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_deck_is_bounded_by_the_games_packs(client, game_id):
    """`deck` holds between the fewest and the most cards any deal's pack holds (`deck: []` is refused by the
    schema); which length a deal takes depends on its player count and options, a rule across fields."""
    game = GAMES[game_id]
    sizes = pack_sizes_by_deal(game)
    for name in ("DealRequestFromDeck", "RecordFromDeck"):
        deck = schemas()[prefix(game_id) + name]["properties"]["deck"]
        assert (deck["minItems"], deck["maxItems"]) == (min(sizes), max(sizes))
    assert pointers(deal(client, game_id, deck=[])) == ["/deck"]
    too_many = [*game.full_pack(), game.full_pack()[0]]
    assert "/deck" in pointers(deal(client, game_id, deck=too_many))


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if isinstance(GAMES[g], TrickGame)))
def test_a_hidden_card_too_many_in_a_state_sent_is_refused(client, game_id):
    """A state sent may hold cards nobody saw ("??", a table deal's: docs/api.md 18), but as many as the cards it does
    not show: a "??" more is a card too many, a 422 /invalid-state."""
    state = deal(client, game_id, seed="x").get_json()["state"]
    seat = next(i for i, s in enumerate(state["seats"]) if s["hand"])
    state["seats"][seat]["hand"][0] = "??"
    assert client.post(f"/v1/{game_id}/states/validate", json={"state": state}).get_json()["valid"] is True
    state["seats"][seat]["hand"].append("??")
    answer = client.post(f"/v1/{game_id}/legal-actions", json={"state": state})
    assert answer.status_code == 422 and answer.get_json()["type"].endswith("/invalid-state")
