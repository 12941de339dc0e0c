"""The round trip (API.md section 16): every record of the conformance pack and random seeded playthroughs of
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


def _pack_records() -> list[tuple[str, str, dict[str, Any]]]:
    found = []
    for game_id in GAMES:
        for line in (PACK / f"{game_id}.jsonl").read_text().splitlines():
            vector = json.loads(line)
            body = vector["request"].get("body")
            adjudicated = vector["operation"].endswith("/records/adjudicate") and vector["expect"]["status"] == 200
            if adjudicated and isinstance(body, dict) and isinstance(body.get("record"), dict):
                found.append((game_id, vector["id"], vector))
    return found


PACK_RECORDS = _pack_records()


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
    vectors = [v for g, _, v in PACK_RECORDS if g == game_id]
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
