"""The plain path of the hot operations (service/api/plain.py) reads a body exactly as the schema loads it, and
leaves every body the schema would refuse (or read differently) to the schema: the answers and the 422s stay."""

from __future__ import annotations

import array
import random
import resource
import sys
from typing import Any

import orjson
import pytest

from schemas.game import game_schemas
from service.api.examples import submittable
from service.api.plain import ActionReader, HandsReader, PackHands, RecordReader, results_text
from service.rules.hand_game import HandGame
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle
from service.rules.tables import HandTable, TableData
from tests.actions import from_legal

HAND_GAMES = sorted(g.id for g in GAMES.values() if isinstance(g, HandGame))


def _hands(game: Any, count: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    pack = list(game.full_pack())
    return [rng.sample(pack, game.hand_size) for _ in range(count)]


def _loaded(game: Any, schema: Any, document: Any) -> dict[str, Any]:
    """What the operation's schema loads, with absent options as the view takes them (the defaults)."""
    data = schema().load(document)
    data["options"] = data.get("options") or game.options(None)
    return dict(data)


@pytest.mark.parametrize("game_id", HAND_GAMES)
@pytest.mark.parametrize("options", [None, {}, "default"])
def test_a_plain_hands_body_reads_as_the_schema_loads_it(game_id, options):
    game = GAMES[game_id]
    document: dict[str, Any] = {"hands": _hands(game, 200, 1)}
    if options == "default":
        document["options"] = {spec.name: spec.default for spec in game.option_specs()}
    elif options is not None:
        document["options"] = options
    read = HandsReader(game)(document)
    assert read is not None and isinstance(read["hands"], PackHands)
    assert read == _loaded(game, game_schemas(game).hands_request, document)


@pytest.mark.parametrize("game_id", HAND_GAMES)
def test_the_answer_is_the_same_whichever_way_the_body_is_read(client, game_id):
    """Lower case codes are no plain body (the schema reads them): both answers are equal."""
    game = GAMES[game_id]
    hands = _hands(game, 50, 2)
    plain = {"hands": hands}
    other = {"hands": [[card.lower() for card in hand] for hand in hands]}
    assert HandsReader(game)(plain) is not None and HandsReader(game)(other) is None
    for verb in ("evaluate", "compare"):
        first = client.post(f"/v1/{game_id}/hands/{verb}", json=plain)
        second = client.post(f"/v1/{game_id}/hands/{verb}", json=other)
        assert first.status_code == second.status_code == 200
        assert first.data == second.data


@pytest.mark.parametrize("game_id", HAND_GAMES)
def test_the_results_written_as_text_are_the_bytes_of_the_answers(game_id):
    """hands/evaluate's plain path writes ``results`` as JSON text in the lookup's pass: the same bytes as the
    answers' dicts written by orjson, wild-card readings (``interpretation``) included."""
    game = GAMES[game_id]
    hands = _hands(game, 2000, 3)
    for options in (game.options(None), *_other_ranking_options(game)):
        table = game.hand_table(options)
        written = results_text(table, hands)
        assert written is not None
        expected = [{"hand": hand, **rank} for hand, rank in zip(hands, game.ranks(hands, options), strict=True)]
        assert orjson.dumps(written) == orjson.dumps(expected)
    read = HandsReader(game, text=True)({"hands": hands})
    assert read is not None and read["hands"].results is not None and read["hands"].ranks is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="page faults as Linux counts them")
def test_writing_results_again_and_again_faults_no_fresh_memory_in():
    """The writer joins parts once, with no string per result: a request's memory is reused by the next rather
    than handed back to the system and faulted in again (a string a result made some 430 faults a request)."""
    game = GAMES["three-card-brag"]
    table = game.hand_table(game.options(None))
    hands = _hands(game, 10_000, 5)
    for _ in range(3):  # the first answers size the heap
        results_text(table, hands)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(10):
        results_text(table, hands)
    assert (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 10 < 50


def _other_ranking_options(game: Any) -> list[Any]:
    """Option sets other than the defaults, one option changed each (some make a table of their own; not for
    Broggin, whose tables take seconds to build)."""
    if game.id == "broggin":
        return []
    found = []
    for spec in game.option_specs():
        choices = [c for c in (spec.allowed or ()) if c != spec.default]
        if choices:
            found.append(game.options({spec.name: choices[0]}))
    return found[:2]


def test_a_pack_with_a_code_json_escapes_is_written_the_schema_way():
    """No text is written for a table whose codes JSON would escape (the dicts are then written as usual)."""
    data = TableData(
        "made-up", {}, ('A"', "B", "C"), 3, array.array("H", [0]), [{"category": "x", "strength": 1}], [()]
    )
    table = HandTable(data)
    assert results_text(table, [['A"', "B", "C"]]) is None


def _bad_hands(game: Any) -> list[Any]:
    a, b, c, *_ = game.full_pack()
    hand = list(game.full_pack()[: game.hand_size])
    short = hand[:-1]
    bits = game.hand_table(game.options(None)).bits
    last = max(bits, key=bits.__getitem__)  # the card of the largest value: its multiset has the largest key
    return [
        {"hands": [[a] * game.hand_size]},
        {"hands": [[last] * game.hand_size]},
        {"hands": [dict.fromkeys(hand, 1)]},
        [],
        {"hands": []},
        {"hands": [hand], "extra": 1},
        {"hands": [hand], "declarations": None},
        {"hands": [hand], "options": []},
        {"hands": [hand], "options": {"no_such_option": True}},
        {"hands": hand},
        {"hands": [short]},
        {"hands": [[*hand, "??"]]},
        {"hands": [[a, a, *hand[2:]]]},
        {"hands": [[1, *hand[1:]]]},
        {"hands": [[["AS"], *hand[1:]]]},
        {"hands": [[None, *hand[1:]]]},
        {"hands": [hand, None]},
        {"hands": [hand, "".join(hand)]},
    ]


@pytest.mark.parametrize("game_id", HAND_GAMES)
def test_a_body_with_a_problem_is_left_to_the_schema(client, game_id):
    game = GAMES[game_id]
    for document in _bad_hands(game):
        assert HandsReader(game)(document) is None, document
        assert HandsReader(game, text=True)(document) is None, document
        answer = client.post(f"/v1/{game_id}/hands/evaluate", json=document)
        assert answer.status_code == 422, (document, answer.get_json())


def _record(game: Any, seed: str, steps: int) -> dict[str, Any]:
    """A random legal playthrough of ``steps`` actions at most, as a record."""
    rng = random.Random(seed)
    players = game.min_players
    options = game.options(None)
    state = game.deal(players, 0, options, shuffle(game.pack(players, options), seed)).state
    actions = []
    for _ in range(steps):
        legal = game.legal_actions(state)
        if not legal:
            break
        chosen = rng.choice(legal)
        state = game.apply(state, from_legal(game, chosen)).state
        actions.append(submittable(chosen))
    return {"players": players, "dealer": 0, "seed": seed, "actions": actions}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_plain_record_reads_as_the_schema_loads_it_and_answers_alike(client, game_id):
    game = GAMES[game_id]
    schemas = game_schemas(game)
    reader = RecordReader(game, schemas)
    for seed in ("a", "b", "c"):
        record = _record(game, seed, 300)
        document = {"record": record}
        read = reader(document)
        assert read is not None
        loaded = _loaded(game, schemas.record_request, document)
        expected = dict(loaded["record"])
        expected["options"] = expected.get("options") or game.options(None)
        assert read["record"] == expected
        assert reader(document) == read  # the second time from the actions remembered
        # a float seat count is no plain body: the schema reads it, and the answer is the same
        other = {"record": {**record, "players": float(record["players"])}}
        assert reader(other) is None
        first = client.post(f"/v1/{game_id}/records/adjudicate", json=document)
        second = client.post(f"/v1/{game_id}/records/adjudicate", json=other)
        assert first.status_code == second.status_code == 200
        assert first.data == second.data
        body = first.get_json()
        assert body == schemas.adjudicate_response().dump(body)  # as the response schema writes it


def test_a_record_with_a_problem_is_left_to_the_schema(client):
    game = GAMES["briscola"]
    reader = RecordReader(game, game_schemas(game))
    record = _record(game, "x", 6)
    play = record["actions"][0]
    bad = [
        {"record": record, "views": [0]},
        {"record": {**record, "seed": ""}},
        {"record": {**record, "seed": "s" * 257}},
        {"record": {**record, "seed": 7}},
        {"record": {**record, "deck": list(game.full_pack())}},
        {"record": {**record, "players": True}},
        {"record": {**record, "players": 5}},
        {"record": {**record, "dealer": -1}},
        {"record": {**record, "dealer": 6}},
        {"record": {**record, "options": {"no_such_option": 1}}},
        {"record": {**record, "options": 3}},
        {"record": {**record, "extra": 1}},
        {"record": {**record, "actions": {}}},
        {"record": {**record, "actions": [{**play, "card": "??"}]}},
        {"record": {**record, "actions": [{**play, "extra": 1}]}},
        {"record": {**record, "actions": [{**play, "seat": "0"}]}},
        {"record": {**record, "actions": [[play]]}},
        {"record": {k: v for k, v in record.items() if k != "seed"}},
    ]
    for document in bad:
        assert reader(document) is None, document
        answer = client.post("/v1/briscola/records/adjudicate", json=document)
        assert answer.status_code in (200, 422), (document, answer.get_json())
        if "views" not in document:
            assert answer.status_code == 422, (document, answer.get_json())


def test_an_action_is_remembered_by_its_json_text_not_its_python_equality():
    """``1`` and ``true`` are equal in Python: the remembered action for seat 1 is not given for ``true``."""
    game = GAMES["briscola"]
    reader = ActionReader(game_schemas(game).deriver.action())
    play = {"seat": 1, "type": "play", "card": "AS"}
    first = reader(play)
    assert first is not None and first.seat == 1
    assert reader(dict(play)) is first  # the same text: remembered
    assert reader({**play, "seat": True}) is None  # a boolean is no seat number
    assert reader({**play, "seat": 2**70}) is None  # past 64 bits: no text to remember it by, refused
    assert len(reader.known) == 1
