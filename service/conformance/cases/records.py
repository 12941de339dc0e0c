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
from service.rules.trick_game import TrickGame


def table_cases(game: Game[Any, Any, Any]) -> Iterator[Case]:
    """A trick game's first seeded deal as a table record (docs/api.md 18: only the turn-up seen): complete with the
    dealt result; and its first card played again by the next seat: ``card_seen``, with its proof."""
    flow = SECTIONS["flow"]
    played = corpus(game)[0]
    record = {k: v for k, v in played.record.items() if k not in ("seed", "deck")}
    turn_up = getattr(played.states[0], "turn_up", None)
    record["seen"] = {} if turn_up is None else {"turn_up": turn_up}
    what = "only the turn-up seen" if turn_up is not None else "no card seen"
    yield post(
        game,
        "records/adjudicate",
        {"record": record},
        (flow,),
        f"A seeded deal as a table record ({what}): complete, with the dealt record's result.",
        "record-table",
    )
    actions = played.actions
    first = next(i for i, a in enumerate(actions) if a["type"] == "play")
    again = {"seat": played.states[first + 1].to_act, "type": "play", "card": actions[first]["card"]}
    body = {"record": {**record, "actions": [*actions[: first + 1], again]}}
    yield post(
        game,
        "records/adjudicate",
        body,
        (flow,),
        "A table record whose card is played a second time, by the next seat: illegal, card_seen, with the play that "
        "showed it as proof.",
        "record-table-illegal",
    )


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    if isinstance(game, TrickGame):
        yield from table_cases(game)
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
