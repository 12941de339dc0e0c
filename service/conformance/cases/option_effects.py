"""Every option's effect on at least one answer: for each option and a value other than its default, the first
request (hands at the category boundaries, a trick, a hand's melds, a seeded deal, a seeded record played under
that value) whose answer differs from the default's in more than the echoed options, as a pair of vectors: with
the value and without. :mod:`service.conformance.generate` fails when an option has no such pair."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache
from typing import Any

from service.conformance.cases import examples
from service.conformance.cases.common import non_default, post, table_sizes
from service.conformance.cases.corpus import PREFERRED
from service.conformance.cases.deals import CARRIES
from service.conformance.cases.hands import extremes
from service.conformance.simulate import deal, dump_state, load_action, play
from service.conformance.vector import Case
from service.rules.errors import IllegalAction, InvalidInput
from service.rules.game import Game, HandGame, TrickGame

ECHOED = ("rules", "rules_version", "options")
BASES: dict[tuple[str, str], dict[str, Any]] = {("briscola-chiamata", "points_min"): {"auction": "points_only"}}
"""Options shown against other options than the defaults: the ones they only matter with."""
NOT_YET_SHOWN: dict[str, tuple[str, ...]] = {
    "broggin": ("max_raises", "odd_chip"),
    "briscan": ("brisque_turnup_bonus", "melds_per_turn", "sequence_cards_in_quartets"),
    "brisque": (
        "ace_is_court",
        "carte_blanche_timing",
        "melds_per_turn",
        "quartet_doubling",
        "sequence_cards_in_quartets",
        "strict_card_reuse",
        "trump_ace_bonus",
    ),
}
"""Options whose effect no case shows yet, per game: announcements that random play does not make, Broggin's
odd chip of a split pot (equal hands at a showdown) and a cap on raises that random raising stays under, and
Briscan's ``brisque_turnup_bonus`` (a Brisque rule). The generator accepts their absence (and does not search
seeded records for them) and fails once one is shown by another candidate, so that the list only shrinks."""
RECORD_SEEDS = 30


def stripped(value: Any) -> Any:
    """An answer without the options it echoes (``rules``, a state's ``options``)."""
    if isinstance(value, dict):
        return {k: stripped(v) for k, v in value.items() if k not in ECHOED}
    if isinstance(value, list | tuple):
        return [stripped(v) for v in value]
    return value


def outcome(game: Game[Any, Any, Any], record: dict[str, Any], options: dict[str, Any]) -> Any:
    """What the engine makes of ``record`` under ``options``: the result, or where and why it stops."""
    try:
        played = deal(game, record["players"], record["dealer"], record["seed"], options, record.get("carry"))
    except InvalidInput:
        return "invalid"
    state = played.states[0]
    for index, action in enumerate(record["actions"]):
        try:
            state = game.apply(state, load_action(game, action)).state
        except IllegalAction as refused:
            return index, refused.code
    return game.result(state)


def records(
    game: Game[Any, Any, Any], name: str, value: Any, base: dict[str, Any]
) -> Iterator[tuple[str, dict[str, Any], str]]:
    """Seeded records, played under the option or under the defaults, whose outcome the option changes (the
    engine tells, before any is sent)."""
    carries = [None, *CARRIES.get(game.id, [])]
    for seed, carry in itertools.product(range(RECORD_SEEDS), carries):
        for players in table_sizes(game):
            for played_under in ({**base, name: value}, base):
                try:
                    played = play(
                        game, players, f"effect-{name}-{seed}", played_under, carry, PREFERRED.get(game.id, ())
                    )
                except InvalidInput:
                    continue
                record = {k: v for k, v in played.record.items() if k != "options"}
                if outcome(game, record, {**base, name: value}) != outcome(game, record, base):
                    yield "records/adjudicate", {"record": record}, f"a seeded record of {players}"
                    return


def candidates(
    game: Game[Any, Any, Any], name: str, value: Any, base: dict[str, Any]
) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(operation, body without options, what it shows) to try, cheapest first."""
    yield from documented(game, name)
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
            quartets = [c for c in pack if c[0] in "AKQ"] + [c for c in pack if c[0] == "J"][:4]
            yield "melds/evaluate", {"hand": quartets, "trump": "S"}, "a hand of quartets and sequences"
    for players in game.player_counts():
        body: dict[str, Any] = {"players": players, "dealer": 0, "seed": "option-effect"}
        yield "deals", body, f"a seeded deal of {players}"
    for players in table_sizes(game):
        state = dump_state(game, deal(game, players, 0, "option-effect").states[0])
        yield "legal-actions", {"state": state}, f"what is legal at the start of a seeded deal of {players}"
    if name not in NOT_YET_SHOWN.get(game.id, ()):  # the search of seeded records is the long part
        yield from records(game, name, value, base)


def documented(game: Game[Any, Any, Any], name: str) -> Iterator[tuple[str, dict[str, Any], str]]:
    """The worked examples of the rules file that set the option, without it."""
    for case in examples.cases(game, None):
        options = (case.body.get("record") or case.body).get("options") or {}
        if name in options:
            yield case.path.removeprefix(f"/v1/{game.id}/"), without(case.body, name), "a worked example"


def without(body: dict[str, Any], name: str) -> dict[str, Any]:
    """``body`` without the option ``name`` (and without ``options`` when none is left)."""
    inner = body.get("record", body)
    options = {k: v for k, v in (inner.get("options") or {}).items() if k != name}
    inner = {k: v for k, v in inner.items() if k != "options"} | ({"options": options} if options else {})
    return {"record": inner} if "record" in body else inner


def with_options(operation: str, body: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """``body`` with ``options`` added to its own: a record's, a state's or the request's."""
    if "record" in body:
        return {"record": {**body["record"], "options": {**(body["record"].get("options") or {}), **options}}}
    if "state" in body:
        return {**body, "state": {**body["state"], "options": {**body["state"]["options"], **options}}}
    return {**body, "options": {**(body.get("options") or {}), **options}}


@cache
def effects(game: Game[Any, Any, Any], ask: Any) -> dict[str, tuple[Any, str, dict[str, Any], str]]:
    """Per option: (value, operation, body without options, what it shows) of its first effect found."""
    out = {}
    for spec in game.option_specs():
        base = BASES.get((game.id, spec.name), {})
        for value in non_default(spec):
            for operation, plain, what in candidates(game, spec.name, value, base):
                body = with_options(operation, plain, base) if base else plain
                path = f"/v1/{game.id}/{operation}"
                changed = ask(
                    {"method": "POST", "path": path, "body": with_options(operation, body, {spec.name: value})}
                )
                default = ask({"method": "POST", "path": path, "body": body})
                if changed[0] == 200 and stripped(changed) != stripped(default):
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
            f"The same request as the option {name} = {value}'s, without it.",
            "option-effect",
            f"{name}-default",
            tags,
        )


def missing(game: Game[Any, Any, Any], ask: Any) -> list[str]:
    """The options no answer showed an effect of (:data:`NOT_YET_SHOWN` aside), and those of
    :data:`NOT_YET_SHOWN` that one does now."""
    shown = set(effects(game, ask))
    excused = set(NOT_YET_SHOWN.get(game.id, ()))
    lacking = sorted({spec.name for spec in game.option_specs()} - shown - excused)
    return lacking + [f"{name} (shown now: take it out of NOT_YET_SHOWN)" for name in sorted(shown & excused)]
