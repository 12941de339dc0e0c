"""The common malformed inputs of every POST operation: a 422 for a missing field, an unknown field, a wrong
type, an unknown or repeated card, a hand of the wrong size, an unknown option or option value, a table the
game does not play; a 400 for malformed JSON and a 415 for a body that is not JSON; and the other card
notations the API accepts (a 200, answered in canonical codes)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import SECTIONS, operations, post
from service.conformance.cases.corpus import corpus
from service.conformance.simulate import dump_state
from service.conformance.vector import Case
from service.rules.game import Game
from service.rules.hand_game import HandGame

WRONG_TYPE = {
    "hands/evaluate": ("hands", "AS"),
    "hands/compare": ("hands", 3),
    "hands/equity": ("opponents", "1"),
    "tricks/winner": ("trump", 1),
    "melds/evaluate": ("hand", "AS"),
    "deals": ("players", "2"),
    "legal-actions": ("state", 1),
    "actions": ("action", "fold"),
    "states/validate": ("state", []),
    "states/view": ("seat", "0"),
    "records/adjudicate": ("record", []),
    "matches/adjudicate": ("match", []),
    "actions/suggest": ("level", 1),
}
"""Per operation: a field and a value of the wrong JSON type for it (``"2"`` is not an integer)."""

OTHER_NOTATIONS: dict[str, list[list[str]]] = {
    "three-card-brag": [["10h", "J♥", "q♥"], ["A♠", "2s", "3S"]],
    "old-brag": [["a♦", "J♣", "9d"], ["10C", "tc", "T♠"]],
    "broggin": [["Häxan", "magikern", "Sv8", "1Sw"], ["Döden", "Narren", "St7", "KCo"]],
}
"""Hands in the other notations of docs/api.md section 3 (symbols, lower case, ``10``; Broggin's Swedish names)."""


def valid_bodies(game: Game[Any, Any, Any]) -> dict[str, dict[str, Any]]:
    """A body each operation of ``game`` answers 200."""
    played = corpus(game)[0]
    state = dump_state(game, played.states[0])
    pack = list(game.full_pack())
    bodies: dict[str, dict[str, Any]] = {
        "deals": {"players": played.record["players"], "dealer": 0, "seed": "malformed"},
        "legal-actions": {"state": state},
        "actions": {"state": state, "action": played.actions[0]},
        "states/validate": {"state": state},
        "states/view": {"state": state, "seat": 0},
        "actions/suggest": {"state": state, "level": "easy"},
        "records/adjudicate": {"record": {**played.record, "actions": played.actions[:2]}},
        "matches/adjudicate": {
            "match": {
                "players": played.record["players"],
                "deals": [{"dealer": played.record["dealer"], "seed": played.record["seed"], "actions": []}],
            }
        },
    }
    if isinstance(game, HandGame):
        size = game.hand_size
        bodies["hands/evaluate"] = {"hands": [pack[:size]]}
        bodies["hands/equity"] = {"hand": pack[:size], "opponents": 1}
        bodies["hands/compare"] = {"hands": [pack[:size], pack[size : 2 * size]]}
    bodies["tricks/winner"] = {"trump": "S", "cards": pack[:2]}
    bodies["melds/evaluate"] = {"hand": pack[:5], "trump": "S"}
    return bodies


def card_list(operation: str, body: dict[str, Any]) -> tuple[str, list[str]] | None:
    """Where a body holds a list of cards: (pointer path, the list), for the card cases."""
    if operation in ("hands/evaluate", "hands/compare"):
        return "hands/0", body["hands"][0]
    if operation == "tricks/winner":
        return "cards", body["cards"]
    if operation in ("melds/evaluate", "hands/equity"):
        return "hand", body["hand"]
    return None


def with_cards(operation: str, body: dict[str, Any], cards: list[str]) -> dict[str, Any]:
    if operation in ("hands/evaluate", "hands/compare"):
        return {**body, "hands": [cards, *body["hands"][1:]]}
    return {**body, ("cards" if operation == "tricks/winner" else "hand"): cards}


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    notation = SECTIONS["notation"]
    bodies = valid_bodies(game)
    option = game.option_specs()[0]
    for operation in operations(game):
        body = bodies[operation]
        field, wrong = WRONG_TYPE[operation]
        yield post(game, operation, {}, (), "An empty body: every required field missing.", "malformed", "empty")
        yield post(
            game, operation, {**body, "extra": 1}, (), "An unknown field is refused.", "malformed", "unknown-field"
        )
        yield post(
            game,
            operation,
            {**body, field: wrong},
            (),
            f"{field} of the wrong JSON type.",
            "malformed",
            f"wrong-type-{field}",
        )
        if operation in ("deals", "hands/evaluate", "tricks/winner", "melds/evaluate"):
            options = {**body, "options": {option.name: "no-such-value"}}
            yield post(
                game, operation, options, (option.rule,), "An option value not allowed.", "malformed", "option-value"
            )
            options = {**body, "options": {"no_such_option": 1}}
            yield post(game, operation, options, (), "An unknown option.", "malformed", "unknown-option")
        listed = card_list(operation, body)
        if listed is not None:
            _, cards = listed
            yield post(
                game,
                operation,
                with_cards(operation, body, ["ZZ", *cards[1:]]),
                (notation,),
                "A card that is not in the pack.",
                "malformed",
                "unknown-card",
            )
            yield post(
                game,
                operation,
                with_cards(operation, body, [cards[0], *cards[:-1]]),
                (notation,),
                "The same card twice.",
                "malformed",
                "card-twice",
            )
            if operation.startswith("hands/"):
                yield post(
                    game,
                    operation,
                    with_cards(operation, body, cards[:-1]),
                    (),
                    "A hand one card short.",
                    "malformed",
                    "short-hand",
                )
    deal = bodies["deals"]
    for players in (game.min_players - 1, game.max_players + 1):
        yield post(
            game,
            "deals",
            {**deal, "players": players},
            (),
            f"A table of {players}: a player count the game is not played by.",
            "malformed",
            f"players-{players}",
        )
    yield post(
        game, "deals", {**deal, "dealer": deal["players"]}, (), "A dealer that is no seat.", "malformed", "dealer"
    )
    yield Case(
        game.id,
        "POST",
        f"/v1/{game.id}/deals",
        (),
        "Malformed JSON: a 400 problem.",
        "malformed",
        "json",
        text='{"players": 2,',
    )
    yield Case(
        game.id,
        "POST",
        f"/v1/{game.id}/deals",
        (),
        "A body that is not application/json: a 415 problem.",
        "malformed",
        "content-type",
        text='{"players": 2, "dealer": 0, "seed": "x"}',
        headers={"Content-Type": "text/plain"},
    )
    for hands in [OTHER_NOTATIONS[game.id]] if game.id in OTHER_NOTATIONS else []:
        yield post(
            game,
            "hands/evaluate",
            {"hands": hands},
            (notation,),
            "Cards in the other notations the API accepts: answered in canonical codes.",
            "notation",
            "other-notations",
        )
    if game.id == "briscola":
        yield post(
            game,
            "tricks/winner",
            {"trump": "denari", "cards": ["A-denari", "3♦", "k-coppe"]},
            (notation,),
            "Briscola's Italian suit words and other notations: answered in canonical codes.",
            "notation",
            "other-notations",
        )
