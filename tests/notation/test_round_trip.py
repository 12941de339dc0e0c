"""The round trip (docs/api.md section 16): every record of the conformance pack and random seeded playthroughs of
every game, written, read back and equal; adjudicating the text gives the JSON's answer (the illegal action's
``error`` adds its line and column, at the action's seat word)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
import pytest

from service.rules.registry import GAMES
from tests.notation.texts import formatted, normal, parsed
from tests.simulation import carries, play, tables, variants

PACK = Path(__file__).resolve().parents[2] / "conformance"


def _pack(operation: str, kind: str) -> list[tuple[str, dict[str, Any]]]:
    """Every vector of the pack that adjudicates a ``kind`` (record or match) and answers 200."""
    found = []
    for game_id in GAMES:
        for line in (PACK / f"{game_id}.jsonl").read_text().splitlines():
            vector = json.loads(line)
            body = vector["request"].get("body")
            adjudicated = vector["operation"].endswith(operation) and vector["expect"]["status"] == 200
            if adjudicated and isinstance(body, dict) and isinstance(body.get(kind), dict):
                found.append((game_id, vector))
    return found


PACK_RECORDS = _pack("/records/adjudicate", "record")
PACK_MATCHES = _pack("/matches/adjudicate", "match")


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON (``1`` is not ``true``)."""
    return orjson.dumps(a, option=orjson.OPT_SORT_KEYS) == orjson.dumps(b, option=orjson.OPT_SORT_KEYS)


def round_trip(client: Any, game_id: str, body: dict[str, Any], expected: dict[str, Any] | None = None) -> str:
    """Format the body's record over HTTP, read it back (equal), format again (the same text) and adjudicate the
    text: the JSON record's answer (``expected``, else asked now)."""
    base = f"/v1/{game_id}/records"
    record = body["record"]
    text = client.post(f"{base}/format", json={"record": record}).get_json()["notation"]
    kind, back = parsed(game_id, text)
    assert kind == "record"
    reference = client.post(f"{base}/parse", json={"notation": text}).get_json()["record"]
    assert _same(back, reference)
    assert formatted(game_id, kind, back) == text
    plain = {k: v for k, v in normal(record).items() if k != "actions"}
    assert _same({k: v for k, v in back.items() if k != "actions"}, plain)
    assert len(back["actions"]) == len(record["actions"])
    rest = {k: v for k, v in body.items() if k != "record"}
    answer = client.post(f"{base}/adjudicate", json={"notation": text, **rest}).get_json()
    if expected is None:
        expected = client.post(f"{base}/adjudicate", json=body).get_json()
    error = answer.get("error")
    if error is not None:
        line, column = error.pop("line"), error.pop("column")
        assert text.splitlines()[line - 1][column - 1 :].startswith(f"s{record['actions'][error['index']]['seat']} ")
    assert _same(answer, expected)
    return text


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_record_of_the_pack(client: Any, game_id: str) -> None:
    vectors = [v for g, v in PACK_RECORDS if g == game_id]
    assert vectors, f"the pack holds no record of {game_id}"
    for vector in vectors:
        round_trip(client, game_id, vector["request"]["body"], vector["expect"]["body"])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_random_playthroughs(client: Any, game_id: str) -> None:
    game = GAMES[game_id]
    played = 0
    for number, options in enumerate(variants(game)):
        carry = carries(game)[number % len(carries(game))]
        for players in tables(game, options):
            for seed in ("a",):
                deal = play(game, players, f"notation/{seed}", options, carry=carry)
                record = deal.record()
                action_json = json.loads(json.dumps(record))  # as a client sends it
                text = round_trip(client, game_id, {"record": action_json})
                assert text.endswith("\n") and "\r" not in text
                played += 1
    assert played >= 1


def _positioned(error: dict[str, Any] | None) -> bool:
    """Whether an error read from text names its line and column (taken out, to compare with the JSON's)."""
    if error is None:
        return True
    return isinstance(error.pop("line"), int) and isinstance(error.pop("column"), int)


def _played_match(game_id: str) -> dict[str, Any]:
    """Two seeded deals of one table in a row (the dealer passing on), as a match."""
    game = GAMES[game_id]
    players = game.min_players
    deals = [play(game, players, f"match/{k}", dealer=k % players).record() for k in range(2)]
    return {"players": players, "deals": [{k: d[k] for k in ("dealer", "seed", "actions")} for d in deals]}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_match_of_the_pack_and_a_played_one(client: Any, game_id: str) -> None:
    bodies = [(v["request"]["body"], v["expect"]["body"]) for g, v in PACK_MATCHES if g == game_id]
    played = {"match": json.loads(json.dumps(_played_match(game_id))), "trace": True}
    bodies.append((played, client.post(f"/v1/{game_id}/matches/adjudicate", json=played).get_json()))
    for body, expected in bodies:
        text = client.post(f"/v1/{game_id}/records/format", json={"match": body["match"]}).get_json()["notation"]
        kind, back = parsed(game_id, text)
        assert kind == ("match" if len(body["match"]["deals"]) > 1 else "record")
        assert formatted(game_id, kind, back) == text
        rest = {k: v for k, v in body.items() if k != "match"}
        answer = client.post(f"/v1/{game_id}/matches/adjudicate", json={"notation": text, **rest}).get_json()
        assert _positioned(answer.get("error"))
        assert all(_positioned(deal.get("error")) for deal in answer.get("deals", []))
        assert _same(answer, expected)
