"""``hands/equity`` (docs/api.md section 10; hand games): exact counts heads-up, against two unknown hands (the
three-card games), with an opponent's card known and with dead cards; a seeded Monte Carlo answer that any
client can replay (``sha256-sample/1``), ``auto`` choosing it; the description in each of the game's
languages; and the 422s at ``/opponents``, ``/samples``, ``/method`` and a card given twice."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import post
from service.conformance.cases.hands import extremes
from service.conformance.vector import Case
from service.rules.game import Game
from service.rules.hand_game import HandGame

STRENGTH = "Hand strength"
SEED = "conformance"


def hand_of(game: HandGame[Any, Any, Any]) -> list[str]:
    """The hand the vectors ask about: the strongest pair, read with wild cards where the game has them."""
    found = extremes(game, ())
    return list((found.get("wild:pair") or found["pair"])["max"][1])


def requests(game: HandGame[Any, Any, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(key, body, what it shows)."""
    hand = hand_of(game)
    rest = [c for c in game.full_pack() if c not in hand]
    three = game.hand_size == 3
    yield "heads-up", {"hand": hand, "opponents": 1}, "exact counts against one unknown hand"
    known = {"hand": hand, "opponents": [{"cards": rest[-1:]}]}
    yield "known-card", known, "exact counts against one hand whose card is known (a face-up card)"
    dead = {"hand": hand, "opponents": 1, "dead": rest[:2]}
    yield "dead-cards", dead, "exact counts with two cards known to be in nobody's hand"
    if three:
        two = {"hand": hand, "opponents": 2, "method": "exact"}
        yield "two-opponents-exact", two, "exact counts against two unknown hands (counted, not listed)"
    sampled = {"hand": hand, "opponents": 2, "method": "monte_carlo", "samples": 1000, "seed": SEED}
    yield "monte-carlo", sampled, "1,000 seeded samples (sha256-sample/1): the same counts in every replay"
    auto = {"hand": hand, "opponents": 3, "samples": 1000, "seed": SEED}
    yield "auto", auto, "auto beyond 100,000 outcomes: Monte Carlo"
    short = len(rest) - 4 * game.hand_size + 1
    too_many = {"hand": hand, "opponents": 4, "dead": rest[:short]}
    yield "422-opponents", too_many, "more cards needed than are unknown: a 422 at /opponents"
    yield "422-samples", {**sampled, "samples": 10}, "samples below 1,000: a 422 at /samples"
    exact = {"hand": hand, "opponents": 3, "method": "exact"}
    yield "422-method", exact, "exact beyond what the service counts: a 422 at /method with the number of outcomes"
    twice = {"hand": hand, "opponents": 1, "dead": hand[:1]}
    yield "422-twice", twice, "a card of the hand also dead: a 422 at the card"


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    if not isinstance(game, HandGame):
        return
    for key, body, what in requests(game):
        yield post(game, "hands/equity", body, (STRENGTH,), f"Equity: {what}.", "equity", key, ["equity"])
    for language in game.languages()[1:]:
        body = {"hand": hand_of(game), "opponents": 1}
        headers = {"Accept-Language": language}
        rules = (STRENGTH, "Names")
        what = f"Equity heads-up described with Accept-Language: {language} (codes and ids stay as they are)."
        yield post(
            game,
            "hands/equity",
            body,
            rules,
            what,
            "names",
            f"equity-lang-{language}",
            ["equity", "names", f"lang:{language}"],
            headers=headers,
        )
