"""Every option's effect on at least one answer: for each option and a value other than its default, the first
request (hands at the category boundaries, a trick, a hand's melds, a seeded deal, a seeded record played under
that value, or a request made by hand for it: :data:`CRAFTED`) whose answer differs from the default's in more
than the echoed options, as a pair of vectors: with the value and without. :mod:`service.conformance.generate`
fails when an option has no such pair, unless the option changes nothing in the game (:data:`INERT`)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from service.conformance.cases import crafted, examples
from service.conformance.cases.common import non_default, post, table_sizes
from service.conformance.cases.corpus import PREFERRED
from service.conformance.cases.deals import CARRIES
from service.conformance.cases.hands import extremes
from service.conformance.simulate import deal, dump_state, load_action, play
from service.conformance.vector import Case
from service.rules.errors import IllegalAction, InvalidInput
from service.rules.game import Game
from service.rules.hand_game import HandGame
from service.rules.trick_game import TrickGame

ECHOED = ("rules", "rules_version", "options")
BASES: dict[tuple[str, str], dict[str, Any]] = {("briscola-chiamata", "points_min"): {"auction": "points_only"}}
"""Options shown against other options than the defaults: the ones they only matter with."""
VALUES: dict[tuple[str, str], list[Any]] = {
    ("broggin", "max_raises"): [0],
    ("briscan", "melds_per_turn"): [1],
    ("brisque", "melds_per_turn"): [1],
}
"""Values tried for an option instead of :func:`~.common.non_default`'s: the ones seeded play reaches (a
first raise, a second meld in one turn)."""
NO_EFFECT = "no effect in Brisque"
INERT: dict[str, dict[str, str]] = {
    "briscan": {"brisque_turnup_bonus": "a Brisque rule (BSC-A12): no effect in Briscan"},
    "brisque": {
        "ace_is_court": f"{NO_EFFECT} (no carte blanche)",
        "carte_blanche_timing": f"{NO_EFFECT} (no carte blanche)",
        "quartet_doubling": f"{NO_EFFECT} (four kings or queens win the game and score nothing)",
        "sequence_cards_in_quartets": f"{NO_EFFECT} (no sequences)",
        "strict_card_reuse": f"{NO_EFFECT} (a marriage scores once per suit anyway)",
        "trump_ace_bonus": f"{NO_EFFECT} (no trump-ace bonus)",
    },
}
"""Options the game accepts (Briscan and Brisque share their options) that change nothing in it, as its rules
file says: no answer can show an effect, and the generator fails if one does."""
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


def stacked_deck(game: Game[Any, Any, Any], players: int, hands: dict[int, list[str]]) -> list[str]:
    """A deck that deals ``hands`` (seat -> cards) from dealer 0, the other cards in the pack's order."""
    pack = list(game.pack(players, game.options(None)))
    dealt, _, _ = game.deal_cards(players, 0, pack, len(next(iter(hands.values()))))
    where = {card: (seat, i) for seat, hand in enumerate(dealt) for i, card in enumerate(hand)}
    rest = iter(c for c in pack if not any(c in h for h in hands.values()))
    return [hands[where[c][0]][where[c][1]] if c in where and where[c][0] in hands else next(rest) for c in pack]


def played_out(game: Game[Any, Any, Any], record: dict[str, Any], plans: dict[int, tuple[str, ...]]) -> list[Any]:
    """The actions of ``record`` (dealt from its deck) when each seat takes, at its turn, the listed action whose
    type comes first in its plan (``plans[-1]`` for the seats not named), a discard of nothing, an amount at
    its least."""
    state = game.deal(record["players"], record["dealer"], game.options(None), record["deck"]).state
    actions = []
    while state.to_act is not None:
        plan = plans.get(state.to_act, plans[-1])
        listed = min(game.legal_actions(state), key=lambda a: plan.index(a["type"]) if a["type"] in plan else 99)
        action = {k: v for k, v in listed.items() if k not in ("min", "max", "max_cards")}
        action |= {"amount": listed["min"]} if "min" in listed else {}
        action |= {"discard": []} if "max_cards" in listed else {}
        actions.append(action)
        state = game.apply(state, load_action(game, action)).state
    return actions


def split_pot(game: Game[Any, Any, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    """Broggin (BRG-A10): two equal pairs share a pot of 5 at the showdown, the third player folded."""
    hands = {1: ["1Sw", "1St", "3Co", "5Cu"], 2: ["1Co", "1Cu", "3Sw", "5St"]}
    record: dict[str, Any] = {"players": 3, "dealer": 0, "deck": stacked_deck(game, 3, hands)}
    record["actions"] = played_out(game, record, {0: ("fold",), -1: ("bet", "exchange", "call")})
    yield "records/adjudicate", {"record": record}, "two equal hands sharing an odd pot"


def one_meld_announced(game: Game[Any, Any, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    """Brisque (BSC-A7): what is legal once the seat on lead announced one of two marriages it holds."""
    state, action, _ = crafted.found(game, "too_many_melds")
    state = crafted.freed(state, melds_per_turn=None)
    if len(action["melds"]) > 1:
        state = game.apply(state, load_action(game, {**action, "melds": action["melds"][:1]})).state
    yield "legal-actions", {"state": dump_state(game, state)}, "a turn with one meld announced and another held"


def quartet_over_a_sequence(game: Game[Any, Any, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    """Briscan (BSC-A2): the seat on lead holds a card of a sequence it announced and, brought in from the
    talon, the three other cards of that rank: a quartet reusing the sequence's card."""
    for seed in range(crafted.SEEDS):
        for state in play(game, 2, f"quartet-{seed}", None, None, ("announce",)).states:
            changed = with_quartet(game, state)
            if changed is not None and not game.validate(changed):
                yield "legal-actions", {"state": dump_state(game, changed)}, "a quartet reusing a sequence's card"
                return


def with_quartet(game: Game[Any, Any, Any], state: Any) -> Any:
    """``state`` with the quartet of :func:`quartet_over_a_sequence` swapped in from the talon, or None."""
    seat = state.to_act
    if seat is None or seat != state.leader or state.trick or not state.tricks or len(state.talon) < 2:
        return None
    me = state.seats[seat]
    kept = {c for m in me.melds for c in m.cards}
    for meld in me.melds:
        if meld.kind not in ("tierce", "quatrieme", "quinte"):
            continue
        for card in (c for c in meld.cards if c in me.hand and c[0] in "ATKQJ"):
            others = [r + s for r, s in ((card[0], x) for x in "SHDC") if r + s != card]
            spare = [c for c in me.hand if c not in kept]
            if not set(others) <= set(state.talon[:-1]) or len(spare) < 3:
                continue
            swap = dict(zip(spare[:3], others, strict=True)) | dict(zip(others, spare[:3], strict=True))
            hand = tuple(swap.get(c, c) for c in me.hand)
            talon = tuple(swap.get(c, c) for c in state.talon)
            seats = tuple(dataclasses.replace(s, hand=hand) if s.seat == seat else s for s in state.seats)
            return dataclasses.replace(state, seats=seats, talon=talon)
    return None


CRAFTED: dict[tuple[str, str], Callable[[Game[Any, Any, Any]], Iterator[tuple[str, dict[str, Any], str]]]] = {
    ("broggin", "odd_chip"): split_pot,
    ("brisque", "melds_per_turn"): one_meld_announced,
    ("briscan", "sequence_cards_in_quartets"): quartet_over_a_sequence,
}
"""Hand-made requests for options no seeded play shows, tried first for that option."""


def candidates(
    game: Game[Any, Any, Any], name: str, value: Any, base: dict[str, Any]
) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(operation, body without options, what it shows) to try, cheapest first."""
    if (game.id, name) in CRAFTED:
        yield from CRAFTED[game.id, name](game)
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
    if name not in INERT.get(game.id, {}):  # the search of seeded records is the long part
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
        for value in VALUES.get((game.id, spec.name), non_default(spec)):
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
    """The options no answer showed an effect of (:data:`INERT` aside), and those of :data:`INERT` that one
    does."""
    shown = set(effects(game, ask))
    inert = set(INERT.get(game.id, {}))
    lacking = sorted({spec.name for spec in game.option_specs()} - shown - inert)
    return lacking + [f"{name} (shown, yet listed in INERT)" for name in sorted(shown & inert)]
