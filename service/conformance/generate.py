"""Building the pack: every case of :mod:`.cases`, answered by the service's own app, written as
``<game>.jsonl`` and ``manifest.json`` (docs/api.md section 14).

The same bytes every time: cases come from seeded play, vectors are sorted by id and written as compact JSON,
and nothing records a time. Generation fails, naming what is missing, when a game's refusal code or problem code
(:meth:`Game.refusals`, :meth:`Game.checks`) has no vector, when an option shows no effect, or when a POST
operation lacks a vector answering 200 or one answering 4xx.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from service.conformance import MANIFEST
from service.conformance.cases import MODULES, crafted, option_effects, refusals, states
from service.conformance.cases.catalog import SERVICE
from service.conformance.cases.common import operations
from service.conformance.client import InProcess
from service.conformance.vector import Case, canonical, retagged, vector
from service.rules.base import RULES_VERSION
from service.rules.game import Game
from service.rules.registry import GAMES

FORMAT = 1
"""The pack's format (the fields of a vector and of the manifest); a reader checks it."""


UNREACHABLE: dict[str, dict[str, str]] = {
    "three-card-brag": {
        "refusal code card_seen": "a card seen elsewhere (docs/api.md 18): no Three Card Brag action names a card "
        "(a bet, a call, a raise, a fold, a look or a see), so a table record shows cards only in its seen hands, "
        "where a card seen twice is a 422 at the deal, never an action's refusal."
    },
    "old-brag": {
        "refusal code stock_empty": "a hit when the stock is empty: legal-actions never lists it, and no valid "
        "state has an empty stock while a seat may still hit. Every card is then in a hand or drawn, and the 52 "
        "cards count at least 340 for Pot III (aces 1); at most 8 seats hold at most 41 each (31 before a bust "
        "seat's last card, a card counts at most 10 at the least) and the seat to act at most 31: 7 * 41 + 31 = "
        "318. The guard keeps a state tampered past validation from reaching for a card that is not there.",
    },
}
"""Codes of a game's tables that no request can make the service give, per game, with the proof (a test checks
each): the pack cannot show them, and every other code has a vector."""


class IncompletePack(Exception):
    """A code, an option or an operation of a game has no vector."""


class Answers:
    """The in-process app's answers, each request asked once."""

    def __init__(self, transport: InProcess | None = None) -> None:
        self.transport = transport or InProcess()
        self.known: dict[str, tuple[int, str, Any]] = {}

    def full(self, request: dict[str, Any]) -> tuple[int, str, Any]:
        key = canonical(request)
        if key not in self.known:
            self.known[key] = self.transport.send(request)
        return self.known[key]

    def __call__(self, request: dict[str, Any]) -> tuple[int, Any]:
        status, _, body = self.full(request)
        return status, body


def all_cases(ask: Answers, games: Iterable[str]) -> Iterator[Case]:
    for module in MODULES:
        if hasattr(module, "service_cases"):
            yield from module.service_cases(ask)
    for game_id in games:
        for module in MODULES:
            yield from module.cases(GAMES[game_id], ask)


def build(games: Iterable[str] = tuple(GAMES), ask: Answers | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every game's vectors (and the service's), sorted by id, one vector per distinct request."""
    ask = ask or Answers()
    files: dict[str, dict[str, dict[str, Any]]] = {}
    seen: dict[tuple[str, str], str] = {}
    for case in all_cases(ask, games):
        same = files.setdefault(case.game, {})
        if (case.game, case.digest()) in seen:  # the same request, already a vector: the first case names it,
            first = seen[case.game, case.digest()]  # the others' tags find it too
            same[first] = retagged(same[first], case.tags)
            continue
        seen[case.game, case.digest()] = case.id()
        status, media_type, body = ask.full(case.request())
        if status >= 500:
            raise IncompletePack(f"{case.id()}: the service answered {status}: {body}")
        same[case.id()] = vector(case, status, media_type, body)
    return {game: [found[i] for i in sorted(found)] for game, found in files.items()}


def missing(game: Game[Any, Any, Any], vectors: list[dict[str, Any]], ask: Answers) -> list[str]:
    """What ``game``'s vectors lack: refusal codes, problem codes, options shown, 200 and 4xx per operation."""
    refused = set()
    problems = set()
    shown = set()
    statuses: dict[str, set[int]] = {}
    for v in vectors:
        body, status = v["expect"]["body"], v["expect"]["status"]
        operation = v["request"]["path"].removeprefix(f"/v1/{game.id}/")
        statuses.setdefault(operation, set()).add(status // 100)
        if status == 409:
            refused.add(body.get("code"))
        if status == 200 and isinstance(body, dict) and isinstance(body.get("error"), dict):
            refused.add(body["error"].get("code"))
        if "wire-refused" in v.get("tags", ()) and status == 422:
            shown |= {t.removeprefix("code:") for t in v["tags"] if t.startswith("code:")}
        if isinstance(body, dict) and isinstance(body.get("problems"), list):
            problems |= {p.get("code") for p in body["problems"]}
    wire = (set(refusals.WIRE_REFUSED) | set(states.WIRE_REFUSED) | set(crafted.WIRE_REFUSED)) & shown
    lacking = [f"refusal code {code}" for code in game.refusals() if code not in refused | wire]
    lacking += [f"problem code {code}" for code in game.checks() if code not in problems | wire]
    unreachable = UNREACHABLE.get(game.id, {})
    lacking = [what for what in lacking if what not in unreachable]
    reached = set(unreachable) - {f"refusal code {c}" for c in game.refusals() if c not in refused}
    reached -= {f"problem code {c}" for c in game.checks() if c not in problems}
    lacking += [f"{what} has a vector: take it out of UNREACHABLE" for what in sorted(reached)]
    lacking += [f"the effect of option {name}" for name in option_effects.missing(game, ask)]
    for operation in operations(game):
        for status, word in ((2, "200"), (4, "4xx")):
            if status not in statuses.get(operation, set()):
                lacking.append(f"a POST {operation} vector answering {word}")
    return lacking


def manifest(files: dict[str, bytes], vectors: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules_version": RULES_VERSION,
        "generator": "card-arbiter conformance generate",
    }
    out["total"] = sum(len(v) for v in vectors.values())
    out["files"] = {
        game: {
            "path": f"{game}.jsonl",
            "sha256": hashlib.sha256(data).hexdigest(),
            "vectors": len(vectors[game]),
            "operations": dict(sorted(Counter(v["operation"] for v in vectors[game]).items())),
        }
        for game, data in sorted(files.items())
    }
    return out


def jsonl(vectors: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(v, ensure_ascii=False, separators=(",", ":")) + "\n" for v in vectors).encode()


def pack(games: Iterable[str] = tuple(GAMES), check: bool = True, ask: Answers | None = None) -> dict[str, bytes]:
    """The pack's files (name -> bytes): ``<game>.jsonl`` per game, ``service.jsonl`` and the manifest, answered
    by ``ask`` (the in-process app's answers unless given). With ``check``, raises :class:`IncompletePack` listing
    what any game lacks."""
    ask = ask or Answers()
    vectors = build(games, ask)
    if check:
        lacking = [f"{g}: {what}" for g in games for what in missing(GAMES[g], vectors.get(g, []), ask)]
        if lacking:
            raise IncompletePack("the pack lacks:\n  " + "\n  ".join(lacking))
    files = {game: jsonl(found) for game, found in vectors.items()}
    out = {f"{game}.jsonl": data for game, data in files.items()}
    out[MANIFEST] = (json.dumps(manifest(files, vectors), indent=2, ensure_ascii=False) + "\n").encode()
    return out


def write(folder: Path, files: dict[str, bytes]) -> None:
    """Write the pack's files into ``folder``, removing vector files of games it no longer has."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.jsonl"):
        if stale.name not in files:
            stale.unlink()
    for name, data in files.items():
        (folder / name).write_bytes(data)


__all__ = ["SERVICE", "UNREACHABLE", "Answers", "IncompletePack", "build", "pack", "write"]
