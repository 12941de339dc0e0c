"""``records/adjudicate``: the seeded deals of :mod:`.corpus` as records played to the end (``complete``), cut
halfway (``in_progress``) and with an action the rules refuse put in at a known index (``illegal``); every
seat's view of one complete record per game; the traces (``trace: true``) of two."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import SECTIONS, post
from service.conformance.cases.corpus import corpus
from service.conformance.cases.play import tags_of
from service.conformance.cases.refusals import probes
from service.conformance.simulate import refusal
from service.conformance.vector import Case
from service.rules.game import Game


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    flow, scoring = SECTIONS["flow"], SECTIONS["scoring"]
    rng = random.Random(f"records/{game.id}")
    for number, played in enumerate(corpus(game)):
        record, actions = played.record, played.actions
        tags = tags_of(played)
        views = {"views": list(range(record["players"]))} if number == 0 else {}
        yield post(
            game,
            "records/adjudicate",
            {"record": record, **views},
            (flow, scoring),
            f"A seeded deal of {record['players']} played to the end: complete, with its result"
            + (" and every seat's view of every event." if views else "."),
            "record-complete",
            None,
            [*tags, *(["views"] if views else [])],
        )
        if number < 2:  # docs/api.md section 11: the first deal's trace with every seat's, the second's alone
            what = "with its trace: the deal's events and one step per action" + (", per seat" if views else "")
            body = {"record": record, **views, "trace": True}
            yield post(game, "records/adjudicate", body, (flow,), f"A seeded deal {what}.", "record-trace", None, tags)
        half = len(actions) // 2
        yield post(
            game,
            "records/adjudicate",
            {"record": {**record, "actions": actions[:half]}},
            (flow,),
            f"The first {half} actions of a seeded deal: in progress.",
            "record-in-progress",
            None,
            tags,
        )
        index = len(actions) // 3
        state = played.states[index]
        for probe in probes(game, state, game.legal_actions(state), {}, rng):
            refused = refusal(game, state, probe)
            if refused is not None:
                yield post(
                    game,
                    "records/adjudicate",
                    {"record": {**record, "actions": [*actions[:index], probe, *actions[index:]]}},
                    (refused.rule,),
                    f"A seeded deal with an action the rules refuse at index {index} ({refused.code}): illegal, "
                    "the state after the last legal action.",
                    "record-illegal",
                    None,
                    [*tags, f"code:{refused.code}"],
                )
                break
