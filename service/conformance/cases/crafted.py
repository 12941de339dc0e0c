"""Hand-made situations for the refusal and problem codes the seeded deals of :mod:`.corpus` do not reach, each
citing the rule it shows: a refusal sought in seeded deals played under the options it needs (:data:`SOUGHT`),
a state made wrong in one place for ``states/validate`` (:func:`problem_states`), and the requests the wire
refuses (a 422 at the field) before the engine could give its code (:data:`WIRE_REFUSED`).

Where a code cannot be given at all (a guard no valid state reaches), :data:`UNREACHABLE` says why; a test
checks each reason.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from service.conformance.cases.common import SECTIONS, invalid, post, refused
from service.conformance.cases.corpus import corpus
from service.conformance.simulate import dump_state, load_action, play, refusal
from service.conformance.vector import Case
from service.rules.game import Game

Probe = Callable[[Game[Any, Any, Any], Any], Iterator[dict[str, Any]]]
"""Actions to try in a state, the refusal sought among their answers."""


def freed(state: Any, **options: Any) -> Any:
    """``state`` under other values of its options (what the listed actions would be without a limit)."""
    return dataclasses.replace(state, options=dataclasses.replace(state.options, **options))


def trump_for_a_card_held(game: Game[Any, Any, Any], state: Any) -> Iterator[dict[str, Any]]:
    """A declaration making a held trump stand for a realm card the hand holds too (Broggin)."""
    for listed in game.legal_actions(freed(state, allow_duplicate_identity=True)):
        if listed["type"] == "declare":
            hand = state.seats[listed["seat"]].hand
            for trump, cards in listed["domains"].items():
                for card in cards:
                    if card in hand:
                        yield {"seat": listed["seat"], "type": "declare", "assignments": {trump: card}}


def exchanged_trump_ace(game: Game[Any, Any, Any], state: Any) -> Iterator[dict[str, Any]]:
    """The trump-ace meld by the seat that took the turned-up ace with the trump seven (Briscan)."""
    ace = "A" + state.trump
    seat = state.exchanged_by
    if state.to_act is not None and seat is not None and state.turn_up == ace and ace in state.seats[seat].hand:
        yield {"seat": seat, "type": "announce", "melds": [{"kind": "trump_ace", "cards": [ace]}]}


def more_melds_than_allowed(game: Game[Any, Any, Any], state: Any) -> Iterator[dict[str, Any]]:
    """The announcements the seat could make without ``melds_per_turn``: one after another, then two at once."""
    if state.to_act is None:
        return
    listed = [a for a in game.legal_actions(freed(state, melds_per_turn=None)) if a["type"] == "announce"]
    yield from listed
    if len(listed) > 1:
        yield {**listed[0], "melds": listed[0]["melds"] + listed[1]["melds"]}


@dataclass(frozen=True)
class Sought:
    """A refusal to find: seeded deals at ``players`` under ``options``, ``prefer`` picked half the time, and at
    each state the actions of ``probe``; the first refused with ``code`` is the vector."""

    code: str
    players: int
    options: dict[str, Any]
    prefer: tuple[str, ...]
    probe: Probe
    shows: str


SOUGHT: dict[str, tuple[Sought, ...]] = {
    "broggin": (
        Sought(
            "duplicate_identity",
            3,
            {"assignment": "declared_only", "allow_duplicate_identity": False},
            ("call", "declare"),
            trump_for_a_card_held,
            "with allow_duplicate_identity false, a trump declared as a realm card the hand holds",
        ),
    ),
    "briscan": (
        Sought(
            "trump_ace_exchanged",
            2,
            {},
            ("exchange_seven",),
            exchanged_trump_ace,
            "the trump ace announced by the seat that took it from the turn-up with the trump seven",
        ),
    ),
    "brisque": (
        Sought(
            "too_many_melds",
            2,
            {"melds_per_turn": 1},
            ("announce",),
            more_melds_than_allowed,
            "with melds_per_turn 1, a second meld in one turn",
        ),
    ),
}
"""Refusals sought in seeded deals, per game."""

SEEDS = 400
"""Seeded deals searched per sought refusal at most."""


@cache
def found(game: Game[Any, Any, Any], code: str) -> tuple[Any, dict[str, Any], str]:
    """The first (state, action, rule) of the seeded deals refused with ``code`` (one of :data:`SOUGHT`)."""
    sought = next(s for s in SOUGHT[game.id] if s.code == code)
    for seed in range(SEEDS):
        played = play(game, sought.players, f"crafted-{sought.code}-{seed}", sought.options, None, sought.prefer)
        for state in played.states:
            for action in sought.probe(game, state):
                refused = refusal(game, state, action)
                if refused is not None and refused.code == sought.code:
                    return state, action, refused.rule
    raise LookupError(f"{game.id}: no seeded deal gives {sought.code}")


def announced_anyway(game: Game[Any, Any, Any], state: Any, action: dict[str, Any]) -> dict[str, Any]:
    """The state after the refused announcement ``action``, as if the rules had let it through: applied
    without ``melds_per_turn``, or its trump-ace meld added by hand (30 points), the state's options kept."""
    seat = action["seat"]
    if action["melds"][0]["kind"] != "trump_ace":
        after = game.apply(freed(state, melds_per_turn=None), load_action(game, action)).state
        return dump_state(game, dataclasses.replace(after, options=state.options))
    doc = dump_state(game, state)
    meld = {"kind": "trump_ace", "cards": action["melds"][0]["cards"], "points": 30, "trick": len(state.tricks)}
    seats = [dict(s) for s in doc["seats"]]
    seats[seat] = {**seats[seat], "melds": [*seats[seat]["melds"], meld], "score": seats[seat]["score"] + 30}
    return {**doc, "seats": seats}


def problem_states(game: Game[Any, Any, Any]) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """(code, rule, what is wrong, state) for the problem codes the tampered states of :mod:`.states` miss."""
    if game.id == "briscola-chiamata":
        yield from auction_problems(game)
    if game.id in ("briscan", "brisque"):
        yield exchanged_seven_turned_up(game)
    for sought in SOUGHT.get(game.id, ()):
        if sought.code in ("trump_ace_exchanged", "too_many_melds"):
            state, action, rule = found(game, sought.code)
            yield sought.code, rule, f"announced anyway: {sought.shows}", announced_anyway(game, state, action)


def auction_problems(game: Game[Any, Any, Any]) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """Briscola chiamata auctions holding a call the rules refuse."""
    start = corpus(game)[0].states[0]
    doc = dump_state(game, start)
    order = [(start.dealer + k) % start.players for k in range(1, start.players + 1)]
    passes = [{"seat": seat, "type": "pass", "rank": None, "points": None} for seat in order]
    yield (
        "dealer_must_bid",
        "BRI-A8",
        "with all_pass dealer_must_bid, the dealer passed after everyone else",
        {**doc, "options": {**doc["options"], "all_pass": "dealer_must_bid"}, "auction": passes},
    )
    bid = {"seat": order[0], "type": "bid", "rank": None, "points": 70}
    yield (
        "points_before_two",
        "3(b')2",
        "a point bid opens the auction before anyone bid the Two",
        {
            **doc,
            "auction": [bid],
            "to_act": order[1],
        },
    )


def exchanged_seven_turned_up(game: Game[Any, Any, Any]) -> tuple[str, str, str, dict[str, Any]]:
    """A deal whose turn-up is the trump seven, said to have been exchanged (Briscan, Brisque)."""
    for seed in range(SEEDS):
        state = play(game, 2, f"crafted-exchanged_by-{seed}", None, None, (), limit=0).states[0]
        if state.turn_up == "7" + state.trump:
            doc = {**dump_state(game, state), "exchanged_by": 0}
            return "exchanged_by", "2(b)4", "the turn-up is the trump seven itself, yet seat 0 exchanged it", doc
    raise LookupError(f"{game.id}: no seeded deal turns up the trump seven")


WIRE_REFUSED: dict[str, str] = {
    "invalid_suit": "the action schema admits only the suits' notations: another is a 422 at /action/suit",
    "invalid_card": "the action schema admits only the game's card notations as a declaration's cards: another is "
    "a 422 at the card",
    "not_a_trump": "the action schema admits only trumps' names as a declaration's keys: a realm card is a 422 at "
    "/action/assignments",
    "tricks": "the state schema admits at most the tricks of a deal at the smallest table (16 in Briscan and "
    "Brisque): one more is a 422 at /state/tricks",
}
"""Codes the engine gives but the wire refuses first, with why (:func:`wire_attempts` gives each 422)."""


def first_state_listing(game: Game[Any, Any, Any], kind: str) -> tuple[Any, dict[str, Any]] | None:
    """The first state of the seeded deals where an action of ``kind`` is listed, and that action."""
    for played in corpus(game):
        for state in played.states:
            for listed in game.legal_actions(state):
                if listed["type"] == kind:
                    return state, listed
    return None


def wire_attempts(game: Game[Any, Any, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(code, operation, body) of each of :data:`WIRE_REFUSED` the game lists."""
    codes = set(game.refusals()) | set(game.checks())
    if "invalid_suit" in codes and (choose := first_state_listing(game, "choose_suit")):
        state, listed = choose
        action = {"seat": listed["seat"], "type": "choose_suit", "suit": "X"}
        yield "invalid_suit", "actions", {"state": dump_state(game, state), "action": action}
    if "not_a_trump" in codes and (declare := first_state_listing(game, "declare")):
        state, listed = declare
        trump, cards = next(iter(listed["domains"].items()))
        base = {"seat": listed["seat"], "type": "declare"}
        doc = dump_state(game, state)
        yield "invalid_card", "actions", {"state": doc, "action": {**base, "assignments": {trump: "ZZ"}}}
        yield "not_a_trump", "actions", {"state": doc, "action": {**base, "assignments": {cards[0]: cards[0]}}}
    if game.id in ("briscan", "brisque"):
        doc = dump_state(game, corpus(game)[0].states[-1])
        yield "tricks", "states/validate", {"state": {**doc, "tricks": [*doc["tricks"], doc["tricks"][0]]}}


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    for sought in SOUGHT.get(game.id, ()):
        state, action, rule = found(game, sought.code)
        yield refused(game, dump_state(game, state), action, rule, f"Refused: {sought.shows}", sought.code)
    for code, rule, wrong, state in problem_states(game):
        what = f"Not valid: {wrong}; problem {code} among every problem listed."
        yield invalid(game, state, (rule, SECTIONS["problems"]), what, code, wire=False)
    for code, operation, body in wire_attempts(game):
        what = f"A request that would be refused with code {code}: the wire refuses it first ({WIRE_REFUSED[code]})."
        if operation == "states/validate":
            yield invalid(game, body["state"], (SECTIONS["problems"],), what, code, wire=True)
        else:
            yield post(
                game, operation, body, ("flow",), what, "refusal", f"wire-{code}", [f"code:{code}", "wire-refused"]
            )
