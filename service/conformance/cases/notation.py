"""``records/parse`` and ``records/format`` (docs/api.md section 16): for every action word of the game a record that
holds it, written as text and read back; a match of two deals both ways; a lenient text (CRLF, comments, move
numbers, lower case); a record adjudicated from its text; and a text refused with each error code of the
notation, at its line and column."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import post
from service.conformance.cases.corpus import corpus
from service.conformance.vector import Case
from service.notation import write
from service.notation.grammar import Shape, signatures
from service.rules.game import Game

RULES = ("Components and notation",)
HEAD = '[Notation "card-arbiter/1"]\n[Game "{game}"]\n[Players "{players}"]\n'
ERRORS: dict[str, str] = {
    "unexpected_character": '{head}[Dealer "0"]\n[Seed "s"]\n1. s1 fold }}\n',
    "unterminated_comment": '{head}[Dealer "0"]\n[Seed "s"]\n{{ a comment\n',
    "unterminated_string": '{head}[Seed "s\n',
    "malformed_tag": "[Players 2]\n",
    "duplicate_tag": '{head}[Players "2"]\n',
    "misplaced_tag": '{head}[Dealer "0"]\n[Seed "s"]\n[Options "x=1"]\n',
    "missing_tag": '[Game "{game}"]\n[Dealer "0"]\n',
    "unsupported_notation": '[Notation "pgn"]\n',
    "wrong_game": '[Game "another-game"]\n',
    "invalid_number": '[Players "two"]\n',
    "invalid_option": '{head}[Options "no-value"]\n',
    "deal_out_of_order": '{head}[Deal "3"]\n',
    "expected_action": '{head}[Dealer "0"]\n[Seed "s"]\n1. fold\n',
    "unknown_action": '{head}[Dealer "0"]\n[Seed "s"]\n1. s1 shuffle\n',
    "invalid_value": '{head}[Dealer "0"]\n[Deck "ZZ"]\n',
}
"""A text refused with each code that every game's grammar can give (the shapes of a game's own actions add
``missing_field``, ``invalid_assignment`` and ``invalid_meld``)."""
LIMITS: dict[str, tuple[str, str]] = {
    "digits": ("a whole number past `int()`'s 4,300 digits", '{head}[Carry "x=' + "9" * 5000 + '"]\n'),
    "tags": ("a 33rd other tag", "{head}" + "".join(f'[T{i} "v"]\n' for i in range(33))),
    "tag-value": ("an other tag's value of 1,001 characters", '{head}[Event "' + "v" * 1001 + '"]\n'),
}
"""A text refused at a limit (docs/notation.md N-L3, N-T5, N-T8): at the word past it, never a 500."""


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    played = corpus(game)
    records = [p.record for p in played]
    for word, record in _records_by_word(game, records).items():
        text = write(game, "record", record)
        yield post(
            game,
            "records/format",
            {"record": record},
            RULES,
            f"A record with `{word}`, written.",
            "notation",
            f"format-{word}",
            [f"action:{word}"],
        )
        yield post(
            game,
            "records/parse",
            {"notation": text},
            RULES,
            f"A record with `{word}`, read.",
            "notation",
            f"parse-{word}",
            [f"action:{word}"],
        )
    first = records[0]
    match = {
        "players": first["players"],
        "deals": [
            {k: r[k] for k in ("dealer", "seed", "actions")}
            for r in (first, {**records[1], "dealer": (first["dealer"] + 1) % first["players"]})
        ],
    }
    text = write(game, "match", match)
    yield post(
        game, "records/format", {"match": match}, RULES, "A match of two deals, written.", "notation", "format-match"
    )
    yield post(
        game, "records/parse", {"notation": text}, RULES, "A match of two deals, read.", "notation", "parse-match"
    )
    canonical = write(game, "record", first)
    lenient = "\ufeff" + "{Typed by hand}\r\n".join(canonical.splitlines(keepends=True)).replace("\n", "\r\n")
    yield post(
        game,
        "records/parse",
        {"notation": lenient},
        RULES,
        "A lenient text: a byte-order mark, CRLF, comments.",
        "notation",
        "parse-lenient",
        ["lenient"],
    )
    yield post(
        game,
        "records/adjudicate",
        {"notation": canonical},
        ("flow",),
        "A record adjudicated from its text.",
        "notation",
        "adjudicate-text",
    )
    for code, text in {**ERRORS, **_own_errors(game)}.items():
        body = {"notation": text.format(head=HEAD.format(game=game.id, players=game.min_players), game=game.id)}
        yield post(
            game,
            "records/parse",
            body,
            RULES,
            f"A text refused: `{code}` at its line and column.",
            "notation",
            f"error-{code}",
            [f"code:{code}"],
        )

    for name, (what, text) in LIMITS.items():
        body = {"notation": text.format(head=HEAD.format(game=game.id, players=game.min_players), game=game.id)}
        yield post(
            game, "records/parse", body, RULES, f"A text refused at a limit: {what}.", "notation", f"limit-{name}"
        )


def _records_by_word(game: Game[Any, Any, Any], records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """For every action word of the game, the first record that holds it; a word no seeded deal plays gets the
    first record with one such action put at its end (the text reads it; its legality is adjudicate's to say)."""
    found: dict[str, dict[str, Any]] = {}
    for word, signature in signatures(game).items():
        holder = next((r for r in records if any(a["type"] == word for a in r["actions"])), None)
        if holder is None:
            action = {"seat": 0, "type": word, **_fields(game, signature)}
            holder = {**records[0], "actions": [*records[0]["actions"], action]}
        found[word] = holder
    return found


def _fields(game: Game[Any, Any, Any], signature: Any) -> dict[str, Any]:
    """Fields of a made-up action: the pack's first card, its first suit, the field's first word, 1."""
    card = game.full_pack()[0]
    made: dict[str, Any] = {}
    for field in signature.fields:
        if not field.required and (field.name in signature.one_of[1:] or field.keyword):
            continue
        made[field.name] = {
            Shape.NUMBER: 1,
            Shape.WORD: field.words[0] if field.words else (game.meld_kinds[0] if game.meld_kinds else "x"),
            Shape.CARD: card,
            Shape.SUIT: "H",
            Shape.CARDS: [card],
            Shape.PAIRS: {"Witch": card},
            Shape.MELDS: [{"kind": game.meld_kinds[0] if game.meld_kinds else "x", "cards": [card]}],
        }[field.shape]
    return made


def _own_errors(game: Game[Any, Any, Any]) -> dict[str, str]:
    """The errors of the game's own action shapes: a missing field, a malformed declaration or meld."""
    shapes = {f.shape for s in signatures(game).values() for f in s.fields}
    deal = '{head}[Dealer "0"]\n[Seed "s"]\n'
    errors = {}
    needs = next(
        (s.type for s in signatures(game).values() if any(f.required and f.shape is not Shape.CARDS for f in s.fields)),
        None,
    )
    if needs is not None:
        errors["missing_field"] = deal + f"1. s1 {needs}\n"
    if Shape.PAIRS in shapes:
        errors["invalid_assignment"] = deal + "1. s1 declare Witch\n"
    if Shape.MELDS in shapes:
        errors["invalid_meld"] = deal + "1. s1 announce marriage KH QH\n"
    return errors
