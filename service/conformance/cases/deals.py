"""``deals``: a seeded deal at every table size (the shuffle ``sha256-fisher-yates/1`` and ``deck_commitment``),
the same deal from its whole deck, every seat's view, and a deal that carries something in."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import SECTIONS, post, table_sizes
from service.conformance.simulate import deal
from service.conformance.vector import Case
from service.rules.game import Game
from service.rules.shuffle import shuffle

CARRIES: dict[str, list[dict[str, Any]]] = {
    "three-card-brag": [{"pot": 5}],
    "old-brag": [{"pot3": 4}],
    "briscola": [{"match_score": [1, 0]}],
    "briscan": [{"game_score": [560, 590]}],
    "brisque": [{"game_score": [590, 0]}],
}
"""What a deal carries in from the one before, per game (BT-A5, OB-A6, BRI-A12, BSC-A8)."""

SHUFFLE = "Seeded deals"


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    flow = SECTIONS["flow"]
    for players in table_sizes(game):
        for dealer in sorted({0, players - 1}):
            seed = f"conformance-{players}-{dealer}"
            yield post(
                game,
                "deals",
                {"players": players, "dealer": dealer, "seed": seed},
                (flow,),
                f"A seeded deal for {players} players, dealer {dealer}: the shuffle sha256-fisher-yates/1 and the "
                "deck's commitment.",
                "seeded-deal",
                f"seed-{players}-players-dealer-{dealer}",
                [f"players:{players}"],
            )
    players = min(table_sizes(game))
    built = game.options(None)
    deck = list(shuffle(game.pack(players, built), "from-a-deck"))
    yield post(
        game,
        "deals",
        {"players": players, "dealer": 0, "deck": deck},
        (flow,),
        f"A deal from a whole deck for {players} players: cards go out one at a time from the top, from seat 1.",
        "deck-deal",
        f"deck-{players}-players",
    )
    yield post(
        game,
        "deals",
        {"players": players, "dealer": 0, "deck": list(reversed(deck)), "views": list(range(players))},
        (flow,),
        "A deal from a whole deck with every seat's view: each seat sees its own cards, the others' hidden.",
        "view",
        f"deck-views-{players}-players",
        ["views"],
    )
    for carry in CARRIES.get(game.id, []):
        played = deal(game, players, 0, "carried", carry=carry)
        yield post(
            game,
            "deals",
            played.record,
            (flow, SECTIONS["scoring"]),
            f"A deal that carries {carry} in from the one before.",
            "carry",
            "carry",
            ["carry"],
        )
