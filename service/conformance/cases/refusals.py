"""Every refusal code of every game (:meth:`Game.refusals`): a state and an action the rules refuse with that
code, sent to ``actions`` (a 409 with ``code``, ``rule`` and ``legal_actions``).

Found by probing the seeded deals of :mod:`.corpus` at every step with actions the rules should refuse (another
seat's turn, other phases' actions, bad amounts and cards); :mod:`.crafted` has the hand-made situations for
the codes random play does not reach. :mod:`service.conformance.generate` fails when a code of
a game's list has no vector.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from service.conformance.cases.common import post, refused
from service.conformance.cases.corpus import corpus
from service.conformance.simulate import dump_state, hand_of, refusal, submitted
from service.conformance.vector import Case
from service.rules.game import Game
from service.rules.registry import GAMES

PER_CODE = 2
"""Vectors per refusal code: the first state and action found for each (code, rule) pair, this many at most."""


def probes(
    game: Game[Any, Any, Any],
    state: Any,
    listed: Sequence[Mapping[str, Any]],
    seen: dict[str, Mapping[str, Any]],
    rng: random.Random,
) -> Iterator[dict[str, Any]]:
    """Actions the rules should refuse in ``state``: another seat's turn, bad amounts, cards and discards, the
    actions of other phases (``seen``: one listed action of each type met so far)."""
    pack = list(game.full_pack())
    players = state.players
    for template in listed:
        raw = submitted(template, hand_of(game, state, template["seat"]), rng)
        yield {**raw, "seat": (raw["seat"] + 1) % players}
        if "amount" in raw:
            for amount in (template["min"] - 1, (template["max"] or 10**6) + 1, 0, template["min"] + 1):
                yield {**raw, "amount": amount}
        if "card" in raw:
            yield {**raw, "card": rng.choice(pack)}
        if "discard" in raw:
            yield {**raw, "discard": rng.sample(pack, 2)}
            yield {**raw, "discard": raw["discard"][:1] * 2}
            yield {**raw, "discard": hand_of(game, state, raw["seat"]) + rng.sample(pack, 1)}
        if "assignments" in raw:
            yield {**raw, "assignments": {trump: rng.choice(pack) for trump in raw["assignments"]}}
            yield {**raw, "assignments": {}}
            yield {**raw, "assignments": {rng.choice(pack[-8:]): rng.choice(pack)}}
        if "melds" in raw:
            for meld in raw["melds"]:
                yield {**raw, "melds": [meld, meld]}
                yield {**raw, "melds": [{**meld, "cards": meld["cards"][:-1]}]}
            every = [m for t in listed if t["type"] == raw["type"] for m in t.get("melds", [])]
            yield {**raw, "melds": every}
            hand = hand_of(game, state, raw["seat"])
            for kind in getattr(game, "meld_kinds", ()):
                for size in (2, 3, 4):
                    yield {**raw, "melds": [{"kind": kind, "cards": hand[:size]}]}
        if raw["type"] == "bid":
            bare = {"seat": raw["seat"], "type": "bid"}
            yield bare
            for rank in ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2", "T", "X"):
                yield {**bare, "rank": rank}
            for points in (0, 40, 60, 61, 62, 70, 119, 120, 121):
                yield {**bare, "points": points}
        if "suit" in raw:
            for suit in ("S", "H", "D", "C", "X", "spade"):
                yield {**raw, "suit": suit}
            yield {k: v for k, v in raw.items() if k != "rank"}
            for rank in ("A", "2", "X"):
                yield {**raw, "rank": rank}
        if raw["type"] == "bet":
            yield {**raw, "amount": 2}
        if "discard" in raw:
            hand = hand_of(game, state, raw["seat"])
            yield {**raw, "discard": hand}
            yield {**raw, "discard": hand[:1], "drawn": hand[:1]}
            yield {**raw, "discard": hand, "drawn": hand[:1]}
        if "assignments" in raw:
            trumps = list(raw["assignments"])
            realm = [c for c in pack if c[0].isdigit() or (len(c) == 3 and c[0] in "QK")]
            yield {**raw, "assignments": {realm[0]: realm[1]}}
            yield {**raw, "assignments": {trumps[0]: trumps[0]}}
            yield {**raw, "assignments": {trumps[0]: "ZZ"}}
            yield {**raw, "assignments": {trumps[0]: realm[0], trumps[0].lower(): realm[1]}}
    seat = state.to_act if state.to_act is not None else 0
    listed_types = {a["type"] for a in listed}
    for kind, template in seen.items():
        if kind not in listed_types:
            yield {**submitted(template, hand_of(game, state, seat), rng), "seat": seat}


@cache
def found(game: Game[Any, Any, Any]) -> dict[tuple[str, str], tuple[Any, dict[str, Any]]]:
    """The first (state, action) of the corpus refused with each (code, rule)."""
    rng = random.Random(f"refusals/{game.id}")
    out: dict[tuple[str, str], tuple[Any, dict[str, Any]]] = {}
    seen: dict[str, Mapping[str, Any]] = {}
    for played in corpus(game):
        for state in played.states:
            listed = game.legal_actions(state)
            for template in listed:
                seen.setdefault(template["type"], template)
            for probe in probes(game, state, listed, seen, rng):
                refused = refusal(game, state, probe)
                if refused is not None:
                    out.setdefault((refused.code, refused.rule), (state, probe))
    return out


WIRE_REFUSED = {
    "unknown_action": "the action schema admits only the game's own action types: another is a 422 at "
    "/action/type before the engine sees it",
}
"""Refusal codes the engine gives but the wire refuses first, with why (:func:`cases` adds the vector of the
422)."""


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    played = corpus(game)[0]
    types = {cls.type for g in GAMES.values() for cls in g.actions} - set(game.action_types())
    action = {"seat": played.actions[0]["seat"], "type": sorted(types)[0]}
    yield post(
        game,
        "actions",
        {"state": dump_state(game, played.states[0]), "action": action},
        ("flow",),
        f"An action type that is not {game.name}'s would be refused with unknown_action: "
        f"{WIRE_REFUSED['unknown_action']}.",
        "refusal",
        "wire-unknown_action",
        ["code:unknown_action", "wire-refused"],
    )
    count: dict[str, int] = {}
    for (code, rule), (state, action) in sorted(found(game).items()):
        count[code] = count.get(code, 0) + 1
        if count[code] > PER_CODE:
            continue
        what = f"A {action.get('type')} the rules refuse"
        yield refused(game, dump_state(game, state), action, rule, what, code)
