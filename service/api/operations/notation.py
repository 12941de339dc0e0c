"""The notation room: ``records/parse`` and ``records/format`` (docs/api.md section 16), and the reading of a text
that ``records/adjudicate`` takes as ``notation``. A text is read by :mod:`service.notation` into the plain JSON
a record or match request holds, then loaded by the same schemas as JSON (their errors pointed back at the
text's line and column); an answer's record is written in canonical codes, so that ``records/format`` of it
gives the canonical text."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Response, request
from marshmallow import Schema, ValidationError

from schemas.game import GameSchemas
from schemas.operations.matches import match_schema
from schemas.operations.notation import serves
from schemas.operations.records import record_schema
from service.api.answers import answer
from service.api.guard import NOT_CHECKED, bound_problems, bounds_of, checked_document
from service.api.plain import RecordReader
from service.api.problems import pointer_items
from service.api.routes import GameRoutes
from service.notation import Code, NotationError, Reading, read, write
from service.rules.actions import ActionBase, wire
from service.rules.errors import InvalidInput
from service.rules.game import Game


def register(routes: GameRoutes) -> None:
    """Read a text; write a record or a match."""
    game, s = routes.game, routes.schemas
    example = routes.examples.record["record"]

    @routes.post(
        "/records/parse",
        "parseRecord",
        s.parse_request,
        s.parse_response,
        example={"notation": write(game, "record", example)},
        invalid=s.invalid_notation,
    )
    def parse(data: dict[str, Any]) -> Response:
        """Read a record or a match written as text: `{record}` for one deal, `{match}` for several (a
        `[Deal "1"]` or later), in canonical codes, with the text's other tags under `tags`.

        A text that does not parse is a 422 whose `type` ends in `/invalid-notation`, with one error giving the
        1-based `line` and `column` of the offending word, a stable `code` and what was `expected` (the reader
        stops at the first error and never repairs); a value the record's schema refuses (a card not of the
        pack, an unknown option) is one of them, at that value's word (`invalid_value`)."""
        reading = read(data["notation"], game)
        body: dict[str, Any] = {reading.kind: canonical(game, s, reading)}
        if reading.tags:
            body["tags"] = reading.tags
        return answer(body)  # the options as given: the schema would write every option

    @routes.post(
        "/records/format",
        "formatRecord",
        s.format_request,
        s.format_response,
        example={"record": example},
    )
    def format_(data: dict[str, Any]) -> dict[str, Any]:
        """Write a record or a match as canonical text: the tags in a fixed order, canonical card codes, one
        trick or betting round per line after its move number, LF line ends (docs/notation.md, "Writing").
        `records/parse` of the text gives the record (or match) back, in canonical codes."""
        document = checked_document(request)
        raw = document if document is not NOT_CHECKED else {}
        kind = "record" if "record" in data else "match"
        plain = _canonical(game, kind, data[kind], raw.get(kind, {}))
        return {"notation": write(game, kind, plain, data.get("tags"))}


def canonical(game: Game[Any, Any, Any], s: GameSchemas, reading: Reading) -> dict[str, Any]:
    """The record or match of ``reading``, loaded by the schemas (errors pointed at the text), as canonical JSON."""
    return _canonical(game, reading.kind, loaded(game, s, reading), reading.data)


def loaded(game: Game[Any, Any, Any], s: GameSchemas, reading: Reading) -> dict[str, Any]:
    """The record or match of ``reading`` as the schemas load it (a record: the plain reader of ``records/
    adjudicate`` first, the record schema for anything it leaves); a value they refuse is a NotationError at its
    word, the earliest in the text when there are several."""
    record_schema_, match_schema_ = _schemas(game, s)
    bounded(record_schema_ if reading.kind == "record" else match_schema_, reading)
    if reading.kind == "record":
        fast = _plain(game, s)({"record": reading.data})
        if fast is not None:
            record: dict[str, Any] = fast["record"]
            return record
        return _load(record_schema_, reading, reading.data)
    return _load(match_schema_, reading, reading.data)


def record_of_text(game: Game[Any, Any, Any], s: GameSchemas, text: str) -> tuple[dict[str, Any], Reading]:
    """The record (as the record schema loads it) that ``text`` writes, for ``records/adjudicate``."""
    reading = read(text, game)
    if reading.kind != "record":
        expected = "one deal (records/adjudicate; a match goes to matches/adjudicate)"
        raise _refused(reading, "/deals/1", expected, code=Code.not_a_record)
    return loaded(game, s, reading), reading


def match_of_text(game: Game[Any, Any, Any], s: GameSchemas, text: str) -> tuple[dict[str, Any], Reading]:
    """The match (as the match schema loads it) that ``text`` writes, for ``matches/adjudicate`` (a text of one
    deal: a match of that deal)."""
    reading = read(text, game, match=True)
    return loaded(game, s, reading), reading


def record_in(game: Game[Any, Any, Any], s: GameSchemas, data: dict[str, Any]) -> tuple[dict[str, Any], Reading | None]:
    """A body's record, as JSON (``record``) or read from its ``notation`` (:func:`record_of_text`), with the
    reading (None for JSON)."""
    if data.get("record") is not None:
        return data["record"], None
    return record_of_text(game, s, data["notation"])


def match_in(game: Game[Any, Any, Any], s: GameSchemas, data: dict[str, Any]) -> tuple[dict[str, Any], Reading | None]:
    """A body's match, as JSON (``match``) or read from its ``notation`` (:func:`match_of_text`), with the reading
    (None for JSON)."""
    if data.get("match") is not None:
        return data["match"], None
    return match_of_text(game, s, data["notation"])


@contextmanager
def pointed(reading: Reading | None, prefix: str) -> Iterator[None]:
    """Inside, a problem the engine finds with the record read from text (a dealer not at the table, a deck that
    is not the pack) is a NotationError at the word it points to (``prefix``: the record's pointer)."""
    try:
        yield
    except InvalidInput as invalid:
        if reading is None or not invalid.problems:
            raise
        first = invalid.problems[0]
        pointer = first.pointer[len(prefix) :] if first.pointer.startswith(prefix) else first.pointer
        raise _refused(reading, pointer, "a record this game can deal", first.message) from None


def at_action(reading: Reading | None, error: dict[str, Any] | None, deal: int | None = None) -> None:
    """An illegal action's ``error`` with the ``line`` and ``column`` of the action's first word (from text; in a
    match, ``deal``'s or the error's own, or of the deal's ``Deal`` tag for a deal that should not have been
    played)."""
    if reading is None or error is None:
        return
    deal = error.get("deal", deal)
    where = f"/deals/{deal}" if deal is not None else ""
    action = f"/actions/{error['index']}" if error.get("index") is not None else ""
    error["line"], error["column"] = reading.position(where + action)


_PLAIN: dict[str, RecordReader] = {}
_SCHEMAS: dict[str, tuple[Schema, Schema]] = {}


def _plain(game: Game[Any, Any, Any], s: GameSchemas) -> RecordReader:
    """The plain reader of a game's records (kept: it remembers the actions it has loaded)."""
    if game.id not in _PLAIN:
        _PLAIN[game.id] = RecordReader(game, s)
    return _PLAIN[game.id]


def _schemas(game: Game[Any, Any, Any], s: GameSchemas) -> tuple[Schema, Schema]:
    """One instance of the record and match schemas, kept (building one copies every field)."""
    if game.id not in _SCHEMAS:
        _SCHEMAS[game.id] = record_schema(s.parts)(), match_schema(s.parts)()
    return _SCHEMAS[game.id]


def _load(schema: Schema, reading: Reading, data: dict[str, Any]) -> dict[str, Any]:
    try:
        result: dict[str, Any] = schema.load(data)
    except ValidationError as error:
        items = pointer_items(error.messages)
        first = min(items, key=lambda item: reading.position(item["pointer"]))
        raise _refused(reading, first["pointer"], "a value the record takes there", first["detail"]) from None
    return result


def bounded(schema: Schema, reading: Reading) -> None:
    """The text's lists and objects within the bounds of ``schema``, checked before it loads any item, as a JSON
    body's are (:func:`service.api.guard.bound_problems`): a list over its bound is a NotationError at its word."""
    for item in bound_problems(None, reading.data, bounds_of(schema)):
        raise _refused(reading, item["pointer"], "a record within the limits of docs/api.md", item["detail"])


def _refused(
    reading: Reading, pointer: str, expected: str, found: str = "", code: Code = Code.invalid_value
) -> NotationError:
    line, column = reading.position(pointer)
    where = pointer.lstrip("/") or "the record"
    return NotationError(line, column, code, expected, f"{where}: {found}" if found else where)


def _canonical(game: Game[Any, Any, Any], kind: str, data: dict[str, Any], raw: dict[str, Any]) -> dict[str, Any]:
    """A record or match in canonical JSON: ``data`` as the schema loaded it (canonical codes) with the options
    and carry as ``raw`` gave them (the names given, not every option)."""
    out: dict[str, Any] = {"players": data["players"]}
    if kind == "record":
        out.update(_deal(game, data))
    for name in ("options", "carry"):
        if raw.get(name) is not None:
            out[name] = raw[name]
    if kind == "record":
        out["actions"] = out.pop("actions")
    else:
        out["deals"] = [_deal(game, deal) for deal in data["deals"]]
    return out


def _deal(game: Game[Any, Any, Any], deal: dict[str, Any]) -> dict[str, Any]:
    if "seen" in deal:
        source: dict[str, Any] = {"seen": _seen(deal["seen"])}
    else:
        source = {"seed": deal["seed"]} if "seed" in deal else {"deck": list(deal["deck"])}
    return {"dealer": deal["dealer"], **source, "actions": [_action(game, a) for a in deal["actions"]]}


def _seen(seen: dict[str, Any]) -> dict[str, Any]:
    """What a table saw in canonical form (N-T9): no hand nobody saw after the last seen one, no empty ``hands``."""
    hands = [None if hand is None else list(hand) for hand in seen.get("hands") or ()]
    while hands and hands[-1] is None:
        hands.pop()
    out: dict[str, Any] = {"hands": hands} if hands else {}
    return {**out, "turn_up": seen["turn_up"]} if seen.get("turn_up") is not None else out


def _action(game: Game[Any, Any, Any], action: ActionBase) -> dict[str, Any]:
    """An action as the service lists it, a declaration's trumps by their canonical names."""
    plain = wire(action)
    if "assignments" in plain:
        plain["assignments"] = {game.parse_card(k): v for k, v in plain["assignments"].items()}
    return plain


__all__ = [
    "at_action",
    "canonical",
    "loaded",
    "match_in",
    "match_of_text",
    "pointed",
    "record_in",
    "record_of_text",
    "register",
    "serves",
]
