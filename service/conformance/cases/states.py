"""``states/validate``: valid states along the seeded deals, and for every problem code of every game
(:meth:`Game.checks`) a state with that problem.

Found by making one value of a state's JSON wrong at a time (a number one more, negative or far off, an unknown
word, a list short of an item or with one twice) in states at the start, middle and end of the seeded deals,
keeping the first tampered state that gives each code. :mod:`service.conformance.generate` fails when a code of
a game's list has no vector.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from marshmallow import ValidationError

from service.conformance.cases import crafted
from service.conformance.cases.common import SECTIONS, invalid, post
from service.conformance.cases.corpus import corpus
from service.conformance.simulate import dump_state, load_state
from service.conformance.vector import Case
from service.rules.game import Game


def wrong_values(value: Any) -> list[Any]:
    """A few wrong values for a JSON ``value``."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, -1, 10**6]
    if isinstance(value, str):
        return ["x"]
    if isinstance(value, list):
        return [value[:-1], [*value, *value[:1]], value[::-1], value[1:]]
    return [0, [], "x"] if value is None else []


def json_paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths to every value of a JSON document (of a list, its first item and its last)."""
    paths = [here]
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        if not isinstance(node, list) or key in (0, len(node) - 1):
            paths.extend(json_paths(value, (*here, key)))
    return paths


def replaced(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copied = list(node) if isinstance(node, list) else dict(node)
    copied[path[0]] = replaced(node[path[0]], path[1:], value)
    return copied


def value_at(node: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


WIRE_REFUSED = {
    "wrong_game": "the state schema admits only the game's own id: another is a 422 at /state/game",
    "invalid_players": "the state schema admits only the counts the game is played by (Broggin's max_players "
    "aside): another is a 422 at /state/players",
    "invalid_dealer": "the state schema admits only the seats of the game's largest table: in a game of one table "
    "size (Briscan, Brisque, Briscola chiamata) a dealer that is no seat is a 422 at /state/dealer",
    "card_not_in_pack": "the state schema admits only cards of the game's full pack: another is a 422 at the card "
    "(a card that only the player count or the options remove is a problem, Briscola's for three)",
}
"""Problem codes the engine's ``validate`` gives but the wire may refuse first (a 422 naming the field), with
why: where random tampering finds no state with the code, :func:`attempts` gives the vector that shows the 422."""


def card_lists(game: Game[Any, Any, Any], doc: Any) -> list[tuple[Any, ...]]:
    """The paths of every non-empty list of cards in a state's JSON."""
    pack = set(game.full_pack())
    return [
        path
        for path in json_paths_all(doc)
        if isinstance(value := value_at(doc, path), list)
        and value
        and all(isinstance(c, str) and c in pack for c in value)
    ]


def json_paths_all(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths to every value of a JSON document."""
    paths = [here]
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        paths.extend(json_paths_all(value, (*here, key)))
    return paths


def strings_by_key(doc: Any) -> dict[str, set[str]]:
    """Every string value in the document under each member name."""
    found: dict[str, set[str]] = {}
    for path in json_paths_all(doc):
        if path and isinstance(path[-1], str) and isinstance(value := value_at(doc, path), str):
            found.setdefault(path[-1], set()).add(value)
    return found


def more_changes(game: Game[Any, Any, Any], doc: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Changes that keep the cards conserved or use the deal's own words: a card moved or swapped between two
    lists of cards, a string replaced by another the state holds under the same name, a null given a value,
    a card of the full pack that this deal's pack lacks, the seats reversed."""
    lists = card_lists(game, doc)
    for a in lists:
        for b in lists:
            if a == b or a[: len(b)] == b or b[: len(a)] == a:
                continue
            source, target = value_at(doc, a), value_at(doc, b)
            moved = replaced(replaced(doc, a, source[1:]), b, [*target, source[0]])
            yield f"a card moved from /{'/'.join(map(str, a))} to /{'/'.join(map(str, b))}", moved
            swapped = replaced(replaced(doc, a, [target[0], *source[1:]]), b, [source[0], *target[1:]])
            yield f"cards swapped between /{'/'.join(map(str, a))} and /{'/'.join(map(str, b))}", swapped
    words = strings_by_key(doc)
    pack = game.pack(doc["players"], game.options(doc.get("options")))
    missing = sorted(set(game.full_pack()) - set(pack))[:1]
    for path in json_paths_all(doc):
        if not path or path[0] in ("game", "options"):
            continue
        value = value_at(doc, path)
        others: list[Any] = []
        if isinstance(value, str) and isinstance(path[-1], str):
            others = sorted(words.get(path[-1], set()) - {value})[:6]
            if value in game.full_pack():
                others += missing
        elif value is None:
            others = [0, 1, game.full_pack()[0], "S", []]
        for other in others:
            yield "/" + "/".join(map(str, path)), replaced(doc, path, other)
    if isinstance(doc.get("seats"), list):
        yield "/seats", {**doc, "seats": doc["seats"][::-1]}


def tampered(
    game: Game[Any, Any, Any], doc: dict[str, Any], extended: bool = False
) -> Iterator[tuple[str, dict[str, Any], list[Any]]]:
    """(what was changed, the tampered state, its problems) for each change the wire loads: one wrong value at
    a time, or with ``extended`` the changes of :func:`more_changes`."""
    if extended:
        changes: Iterator[tuple[str, Any]] = more_changes(game, doc)
    else:
        changes = (
            ("/" + "/".join(map(str, path)), replaced(doc, path, wrong))
            for path in json_paths(doc)
            if path and path[0] != "game"
            for wrong in wrong_values(value_at(doc, path)) + ([doc["players"]] if path == ("dealer",) else [])
        )
    for where, changed in changes:
        try:
            loaded = load_state(game, changed)
        except ValidationError:
            continue
        problems = game.validate(loaded)
        if problems:
            yield where, changed, problems


SEARCHED = 12
"""Seeded deals whose states get one wrong value at a time (five states of each, from the start to the end)."""
EXTENDED = 2
"""Seeded deals whose states get the changes of :func:`more_changes`, for the codes one wrong value misses."""


@cache
def found(game: Game[Any, Any, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    """The first tampered state giving each problem code, with the pointer of what was changed."""
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    refused_first = set(WIRE_REFUSED) - ({"invalid_dealer"} if len(game.player_counts()) > 1 else set())
    made = {code for code, *_ in (*crafted.problem_states(game), *crafted.wire_attempts(game))}  # shown there
    wanted = set(game.checks()) - refused_first - made
    for extended in (False, True):
        for played in corpus(game)[: EXTENDED if extended else SEARCHED]:
            states = played.states
            n = len(states) - 1
            for state in (states[0], states[n // 4], states[n // 2], states[3 * n // 4], states[-1]):
                for where, changed, problems in tampered(game, dump_state(game, state), extended):
                    for problem in problems:
                        out.setdefault(problem.code, (where, changed))
                if wanted <= set(out):
                    return out
    return out


def attempts(game: Game[Any, Any, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(code, what was changed, state) for each of :data:`WIRE_REFUSED`: the state the code would need."""
    doc = dump_state(game, corpus(game)[0].states[0])
    other = next(g for g in ("briscola", "three-card-brag") if g != game.id)
    yield "wrong_game", "/game", {**doc, "game": other}
    yield "invalid_players", "/players", {**doc, "players": game.max_players + 1}
    yield "invalid_dealer", "/dealer", {**doc, "dealer": game.max_players}
    foreign = "Witch" if "AS" in game.full_pack() else "AS"
    seats = [dict(seat) for seat in doc["seats"]]
    seats[0]["hand"] = [foreign, *seats[0]["hand"][1:]]
    yield "card_not_in_pack", "/seats/0/hand/0", {**doc, "seats": seats}


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    problems = SECTIONS["problems"]
    for code, (where, changed) in sorted(found(game).items()):
        what = f"A state made wrong at {where}: not valid, with problem {code} among every problem listed."
        yield invalid(game, changed, (problems,), what, code, wire=False)
    for code, where, changed in attempts(game):
        what = f"A state wrong at {where} that would have problem {code}: the wire refuses it first"
        yield invalid(game, changed, (problems,), f"{what} ({WIRE_REFUSED[code]}).", code, wire=True)
    for played in corpus(game)[:2]:
        for state in (played.states[0], played.states[-1]):
            yield post(
                game,
                "states/validate",
                {"state": dump_state(game, state)},
                (problems,),
                "A state of a seeded deal is valid: no problem.",
                "valid-state",
            )
