"""``melds/evaluate`` (Briscan, Brisque): for every meld kind, the first seeded hand that holds it, with each
trump suit; hands of up to 16 cards holding several melds at once."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import post
from service.conformance.vector import Case
from service.rules.game import Game
from service.rules.trick_game import TrickGame

MELDS_RULE = "2(c)"
SEARCH = 3_000


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    if not isinstance(game, TrickGame) or not game.announces_melds:
        return
    rng = random.Random(f"melds/{game.id}")
    pack = list(game.full_pack())
    options = game.options(None)
    wanted = set(game.meld_kinds)
    for size in (game.hand_size, game.hand_size + 1, 10, 16):
        for _ in range(SEARCH):
            if not wanted and size <= game.hand_size + 1:
                break  # every kind the variant scores found (a kind it does not score is never found)
            hand = rng.sample(pack, size)
            trump = rng.choice("SHDC")
            kinds = {meld["kind"] for meld in game.evaluate_melds(hand, trump, options)}
            new = kinds & wanted
            if new or (size > game.hand_size + 1 and len(kinds) >= 3):
                wanted -= kinds
                names = ", ".join(sorted(kinds))
                yield post(
                    game,
                    "melds/evaluate",
                    {"hand": hand, "trump": trump},
                    (MELDS_RULE,),
                    f"A hand of {size} cards, trumps {trump}, holding {names}.",
                    "melds",
                    key="-".join(sorted(new)) or f"several-{size}",
                    tags=[f"meld:{k}" for k in sorted(kinds)],
                )
                if size > game.hand_size + 1:
                    break
    hand = rng.sample(pack, game.hand_size)
    yield post(
        game,
        "melds/evaluate",
        {"hand": hand, "trump": "H", "options": {"ace_is_court": True, "sequence_cards_in_quartets": True}},
        (MELDS_RULE, "BSC-A9", "BSC-A2"),
        "A hand's melds under other options.",
        "melds",
        "options",
        ["option:ace_is_court"],
    )
