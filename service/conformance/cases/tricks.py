"""``tricks/winner``: every pair of a trump suit and a led suit, with tricks where the led suit, a trump or
another suit's high card decide (a card of a third suit never wins)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import SECTIONS, post, table_sizes
from service.conformance.vector import Case
from service.rules.game import Game
from service.rules.trick_game import TrickGame

SUITS = "SHDC"


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    if not isinstance(game, TrickGame):
        return
    rng = random.Random(f"tricks/{game.id}")
    pack = list(game.full_pack())
    by_suit = {s: [c for c in pack if c[-1] == s] for s in SUITS}
    widest = max(table_sizes(game))
    rules = (SECTIONS["tricks"],)
    for trump in SUITS:
        for led in SUITS:
            other = next(s for s in SUITS if s not in (trump, led))
            tricks = [("two cards of the suit led", rng.sample(by_suit[led], 2))]
            if led != trump:
                tricks.append(("the suit led, then a trump", [rng.choice(by_suit[led]), rng.choice(by_suit[trump])]))
            tricks.append(("the suit led, then another suit", [rng.choice(by_suit[led]), rng.choice(by_suit[other])]))
            if widest > 2:
                cards = rng.sample(by_suit[led], 2) + [rng.choice(by_suit[other])]
                cards += rng.sample([c for c in by_suit[trump] if c not in cards], min(widest - 3, 2))
                cards += rng.sample([c for c in pack if c not in cards], widest - len(cards))
                tricks.append((f"a full trick of {widest}", [cards[0], *sorted(cards[1:], key=lambda _: rng.random())]))
            for what, cards in tricks:
                yield post(
                    game,
                    "tricks/winner",
                    {"trump": trump, "cards": cards},
                    rules,
                    f"Trumps {trump}, {led} led: {what}.",
                    "trick-winner",
                    f"trump-{trump}-led-{led}",
                    [f"trump:{trump}", f"led:{led}"],
                )
