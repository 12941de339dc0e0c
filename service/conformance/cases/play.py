"""``legal-actions``, ``actions`` and ``states/view`` along the seeded deals of :mod:`.corpus`: what is legal
at the start, in the middle and near the end of each deal, the action taken there (with every seat's view in
the first deal of each option set), and each seat's view of a state in mid-deal."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import SECTIONS, post
from service.conformance.cases.corpus import corpus
from service.conformance.simulate import dump_state
from service.conformance.vector import Case
from service.rules.game import Game


def moments(count: int) -> list[int]:
    """Indices of a deal's actions worth a vector: the first, one in the middle and the last."""
    return sorted({0, count // 2, count - 1}) if count else []


def options_of(played: Any) -> dict[str, Any]:
    return played.record.get("options", {})


def tags_of(played: Any) -> list[str]:
    return [f"players:{played.record['players']}", *(f"option:{k}" for k in options_of(played))]


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    flow = SECTIONS["flow"]
    seen_options: set[str] = set()
    for played in corpus(game):
        first_of_options = repr(options_of(played)) not in seen_options
        seen_options.add(repr(options_of(played)))
        tags = tags_of(played)
        for index in moments(len(played.actions)):
            state = dump_state(game, played.states[index])
            action = played.actions[index]
            phase = state["phase"]
            yield post(
                game,
                "legal-actions",
                {"state": state},
                (flow,),
                f"Every legal action at action {index} of a seeded deal ({phase}).",
                "legal-actions",
                None,
                [*tags, f"phase:{phase}"],
            )
            views = {"views": list(range(played.record["players"]))} if first_of_options and index == 0 else {}
            yield post(
                game,
                "actions",
                {"state": state, "action": action, **views},
                (flow,),
                f"A legal {action['type']} at action {index} of a seeded deal ({phase}): the next state, its events"
                + (" and every seat's view." if views else "."),
                "action",
                None,
                [*tags, f"phase:{phase}", f"action:{action['type']}", *(["views"] if views else [])],
            )
        if first_of_options and played.actions:
            middle = dump_state(game, played.states[len(played.actions) // 2])
            for seat in range(played.record["players"]):
                seen = f'A state in mid-deal as seat {seat} may see it: hidden cards are "??".'
                body = {"state": middle, "seat": seat}
                yield post(game, "states/view", body, (flow,), seen, "view", None, [*tags, "views"])
