"""Every option's effect on at least one answer: for each option and a value other than its default, the first
request (hands at the category boundaries, a trick, a hand's melds, a seeded deal, a seeded record played under
that value) whose answer differs from the default's in more than the echoed options, as a pair of vectors: with
the value and without. :mod:`service.conformance.generate` fails when an option has no such pair."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache
from typing import Any

from service.conformance.cases.common import non_default, post, table_sizes
from service.conformance.cases.corpus import PREFERRED
from service.conformance.cases.deals import CARRIES
from service.conformance.cases.hands import extremes
from service.conformance.simulate import play
from service.conformance.vector import Case
from service.rules.errors import InvalidInput
from service.rules.game import Game, HandGame, TrickGame

ECHOED = ("rules", "rules_version", "options")
RECORD_SEEDS = 8


def stripped(value: Any) -> Any:
    """An answer without the options it echoes (``rules``, a state's ``options``)."""
    if isinstance(value, dict):
        return {k: stripped(v) for k, v in value.items() if k not in ECHOED}
    if isinstance(value, list):
        return [stripped(v) for v in value]
    return value


def candidates(game: Game[Any, Any, Any], name: str, value: Any) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(operation, body without options, what it shows) to try, cheapest first."""
    if isinstance(game, HandGame):
        found = extremes(game, ())
        hands = [found[c][m][1] for c in game.categories() for m in ("max", "min")]
        hands += [found[w][m][1] for w in found if w.startswith("wild:") for m in ("max", "min")]
        yield "hands/evaluate", {"hands": hands}, "the hands at every category boundary"
        yield "hands/compare", {"hands": hands}, "the hands at every category boundary"
    if isinstance(game, TrickGame):
        pack = game.full_pack()
        yield "tricks/winner", {"trump": "H", "cards": list(pack[:2])}, "a trick"
        if game.announces_melds:
            yield "melds/evaluate", {"hand": list(pack[:12]), "trump": "S"}, "a hand's melds"
    for players in table_sizes(game) + [game.max_players]:
        body: dict[str, Any] = {"players": players, "dealer": 0, "seed": "option-effect"}
        yield "deals", body, f"a seeded deal of {players}"
    carries = [None, *CARRIES.get(game.id, [])]
    for seed, carry in itertools.product(range(RECORD_SEEDS), carries):
        for players in sorted(set(table_sizes(game, {name: value})) & set(game.player_counts()))[:2]:
            try:
                played = play(game, players, f"effect-{name}-{seed}", {name: value}, carry, PREFERRED.get(game.id, ()))
            except InvalidInput:
                return
            record = {k: v for k, v in played.record.items() if k != "options"}
            yield "records/adjudicate", {"record": record}, f"a seeded record of {players}"


def with_options(operation: str, body: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    if operation == "records/adjudicate":
        return {"record": {**body["record"], "options": options}}
    return {**body, "options": options}


@cache
def effects(game: Game[Any, Any, Any], ask: Any) -> dict[str, tuple[Any, str, dict[str, Any], str]]:
    """Per option: (value, operation, body without options, what it shows) of its first effect found."""
    out = {}
    for spec in game.option_specs():
        for value in non_default(spec):
            for operation, body, what in candidates(game, spec.name, value):
                path = f"/v1/{game.id}/{operation}"
                changed = ask(
                    {"method": "POST", "path": path, "body": with_options(operation, body, {spec.name: value})}
                )
                default = ask({"method": "POST", "path": path, "body": body})
                if changed[0] < 500 and stripped(changed) != stripped(default):
                    out[spec.name] = (value, operation, body, what)
                    break
            if spec.name in out:
                break
    return out


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    rules = {spec.name: spec.rule for spec in game.option_specs()}
    for name, (value, operation, body, what) in sorted(effects(game, ask).items()):
        tags = [f"option:{name}"]
        yield post(
            game,
            operation,
            with_options(operation, body, {name: value}),
            (rules[name],),
            f"The option {name} = {value} changes the answer for {what} (compare the same request without it).",
            "option-effect",
            f"{name}-{value}",
            tags,
        )
        yield post(
            game,
            operation,
            body,
            (rules[name],),
            f"The same request as the option {name} = {value}'s, with the default options.",
            "option-effect",
            f"{name}-default",
            tags,
        )


def missing(game: Game[Any, Any, Any], ask: Any) -> list[str]:
    """The options no answer showed an effect of."""
    return sorted({spec.name for spec in game.option_specs()} - set(effects(game, ask)))
