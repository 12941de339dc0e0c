"""Names in the games' own languages (docs/api.md section 12): ``hands/evaluate`` and ``hands/compare`` asked with
``Accept-Language`` for each language the catalog lists for the game, with weights, and for a language the
game has no words in (English then); the catalog entries carry ``languages`` and ``names`` (see
:mod:`.catalog`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import SECTIONS, post
from service.conformance.cases.hands import extremes
from service.conformance.vector import Case
from service.rules.game import Game
from service.rules.hand_game import HandGame

NAMES = "Names"


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    if not isinstance(game, HandGame):
        return
    status, entry = ask({"method": "GET", "path": f"/v1/{game.id}"})
    languages = entry.get("languages", []) if status == 200 and isinstance(entry, dict) else []
    found = extremes(game, ())
    best = [found[c]["max"][1] for c in game.categories()]
    headers = [*languages, f"{languages[-1]};q=0.9, en;q=0.5" if languages else "en", "x-unknown"]
    for header in headers:
        rules = (SECTIONS["evaluation"], NAMES)
        for operation, body in (("hands/evaluate", {"hands": best}), ("hands/compare", {"hands": best[:2]})):
            yield post(
                game,
                operation,
                body,
                rules,
                f"The strongest hand of every category described with Accept-Language: {header} (codes and ids "
                "stay as they are).",
                "names",
                f"lang-{header}",
                [f"lang:{header.split(';')[0].split(',')[0]}", "names"],
                headers={"Accept-Language": header},
            )
