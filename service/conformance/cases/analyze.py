"""``records/analyze`` (docs/api.md section 19): the analysis of a seeded deal at each level (every seat, the default
seed), one seat's with an explicit seed, the same record written as text, the same deal as a table record (one
hand unseen), and the 422s of a seat not at the table and an unknown level.

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
from service.conformance.cases.records import named_actions, seen_at_deal, table_record
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
    yield table_case(game, played, tags)
    body = {"record": record, "level": "hard"}
    what = "`hard` is no level of an analysis (a whole deal at hard costs too much): a 422 at /level."
    yield post(game, "records/analyze", body, (flow,), what, "refusal", "level-hard", [*tags, "level"])


def table_case(game: Game[Any, Any, Any], played: Any, tags: list[str]) -> Case:
    """The same deal's first :data:`MOST` actions as a table record (docs/api.md 18): every hand seen as dealt but
    the last seat's, the turn-up, each card drawn named where the game names it; the last seat's decisions whose
    cards the record never shows are ``unseen``."""
    players = played.record["players"]
    seen = seen_at_deal(game, played, tuple(range(players - 1)))
    turn_up = getattr(played.states[0], "turn_up", None)
    if turn_up is not None:
        seen["turn_up"] = turn_up
    table = table_record(played, seen, named_actions(played)[:MOST])
    what = (
        f"The same {MOST} actions as a table record, every hand seen but seat {players - 1}'s, at easy: a seat's own "
        "cards filled in from what it shows later, the decisions the record cannot tell them for counted as unseen."
    )
    body = {"record": table, "level": "easy"}
    return post(game, "records/analyze", body, (SECTIONS["flow"],), what, "analyze", "table", [*tags, "easy", "seen"])
