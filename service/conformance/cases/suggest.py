"""``actions/suggest`` (docs/api.md section 17): the move each level suggests for the seat to act at the start of
a seeded deal and near its end (the default seat and seed), the same with an explicit seed and with the seat
named, and the 422s at ``/seat`` for a seat that may not act and for a deal that is over.

A suggestion is the same bytes for the same request on any machine (the levels fix their work, never a clock),
so a client can check its own against these. The states are the first deal of :mod:`.corpus` long enough to
have an early and a late state (:data:`LONG_ENOUGH`), its smallest such table: at ``hard`` a trick game's first
move costs a second or two, and nothing here costs more.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import SECTIONS, post
from service.conformance.cases.corpus import corpus
from service.conformance.cases.play import tags_of
from service.conformance.simulate import Played, dump_state
from service.conformance.vector import Case
from service.rules.bots.common import DEFAULT_LEVEL, LEVELS
from service.rules.game import Game

SEED = "conformance"
"""The explicit seed of the seeded vectors (the default is ``suggest``)."""
LONG_ENOUGH = 8
"""Actions a deal needs for its early and late states to be far apart."""


def chosen(game: Game[Any, Any, Any]) -> Played:
    """The deal the vectors ask about: the first of :mod:`.corpus` with :data:`LONG_ENOUGH` actions, else the
    longest."""
    deals = corpus(game)
    return next((p for p in deals if len(p.actions) >= LONG_ENOUGH), max(deals, key=lambda p: len(p.actions)))


def moments(played: Played) -> dict[str, int]:
    """The states asked about, by name: the deal's first action, and one an eighth of the deal before its last."""
    count = len(played.actions)
    return {"early": 0, "late": max(0, count - 1 - count // 8)}


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    flow = SECTIONS["flow"]
    played = chosen(game)
    tags = tags_of(played)
    states = {name: dump_state(game, played.states[index]) for name, index in moments(played).items()}
    for name, state in states.items():
        phase = state["phase"]
        for level in LEVELS:
            what = f"The {level} suggestion for the seat to act {name} in a seeded deal ({phase})"
            body = {"state": state, "level": level}
            yield post(game, "actions/suggest", body, (flow,), f"{what}.", "suggest", f"{name}-{level}", [*tags, level])
        seeded = {"state": state, "level": "easy", "seed": SEED}
        what = f"The easy suggestion {name} in a seeded deal ({phase}) with an explicit seed: another byte stream."
        yield post(game, "actions/suggest", seeded, (flow,), what, "suggest", f"{name}-seed", [*tags, "easy", "seed"])
    early = states["early"]
    seat = early["to_act"]
    named = {"state": early, "seat": seat}
    what = f"The seat to act (seat {seat}) named: the same move as the default seat's, at the default level."
    yield post(game, "actions/suggest", named, (flow,), what, "suggest", "seat", [*tags, DEFAULT_LEVEL, "seat"])
    idle = (seat + 1) % played.record["players"]
    what = f"Seat {idle} may not act now (seat {seat} is to act): a 422 at /seat."
    body = {"state": early, "seat": idle, "level": "easy"}
    yield post(game, "actions/suggest", body, (flow,), what, "refusal", "seat-may-not-act", [*tags, "seat-may-not-act"])
    over = {"state": dump_state(game, played.states[-1]), "level": "easy"}
    what = "A deal that is over: no seat may act, a 422 at /seat."
    yield post(game, "actions/suggest", over, (flow,), what, "refusal", "deal-over", [*tags, "deal-over"])
