"""``records/analyze`` (docs/api.md section 19): the analysis of a seeded deal at each level (every seat, the default
seed), one seat's with an explicit seed, the same record written as text, and the 422s of a seat not at the table
and an unknown level.

An analysis is the same bytes for the same request on any machine (each decision weighed by the suggestions'
policy, whose levels fix their work), so a client can check its own against these. The record is the deal of
:func:`.suggest.chosen` (the corpus's first deal long enough), cut to its first :data:`MOST` actions so that
``normal`` stays cheap to generate and to check.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import SECTIONS, post
from service.conformance.cases.play import tags_of
from service.conformance.cases.suggest import chosen
from service.conformance.vector import Case
from service.notation import write
from service.rules.analysis import LEVELS
from service.rules.game import Game

SEED = "conformance"
"""The explicit seed of the seeded vector (the default is ``suggest``)."""
MOST = 8
"""Actions of the record analysed."""


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    flow = SECTIONS["flow"]
    played = chosen(game)
    tags = tags_of(played)
    record = {**played.record, "actions": played.record["actions"][:MOST]}
    for level in LEVELS:
        what = f"The {level} analysis of a seeded deal's first {len(record['actions'])} actions, every seat."
        body = {"record": record, "level": level}
        yield post(game, "records/analyze", body, (flow,), what, "analyze", level, [*tags, level])
    first = record["actions"][0]["seat"] if record["actions"] else 0
    body = {"record": record, "seats": [first], "level": "easy", "seed": SEED}
    what = f"Seat {first} only, at easy, with an explicit seed: another byte stream."
    yield post(game, "records/analyze", body, (flow,), what, "analyze", "seat-seed", [*tags, "easy", "seed"])
    text = {"notation": write(game, "record", record), "level": "easy"}
    what = "The same record written as text (docs/api.md 16): the same analysis as its JSON at easy."
    yield post(game, "records/analyze", text, (flow,), what, "analyze", "notation", [*tags, "easy", "notation"])
    players = record["players"]
    if players < game.max_players:
        body = {"record": record, "seats": [players], "level": "easy"}
        what = f"Seat {players} is not at a table of {players}: a 422 at /seats/0."
        yield post(game, "records/analyze", body, (flow,), what, "refusal", "seat-not-at-table", [*tags, "seats"])
    body = {"record": record, "level": "hard"}
    what = "`hard` is no level of an analysis (a whole deal at hard costs too much): a 422 at /level."
    yield post(game, "records/analyze", body, (flow,), what, "refusal", "level-hard", [*tags, "level"])
