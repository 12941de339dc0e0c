"""``hands/evaluate`` and ``hands/compare``: every category's strongest and weakest hand, the boundary between
each pair of neighbouring categories, ties, wild cards and Broggin's declarations (the engine's own table of
every hand gives them)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from service.conformance.cases.common import SECTIONS, post
from service.conformance.vector import Case
from service.rules.game import Game
from service.rules.hand_game import HandGame

RANKING_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "three-card-brag": [{}, {"a23_rank": "lowest"}, {"prial_order": "aces_high"}],
    "old-brag": [{}, {"pot1_ace_diamonds_supreme": True}, {"only_ace_diamond_natural": True}],
    "broggin": [{}],
}
"""Option sets whose category boundaries get vectors (Broggin's other ranking options take seconds to build a
table for: :mod:`.option_effects` shows each on a few hands)."""


@cache
def extremes(game: HandGame[Any, Any, Any], options: tuple[tuple[str, Any], ...]) -> dict[str, dict[str, Any]]:
    """Per category: its weakest and strongest hand (the first in canonical order among equals), every hand's
    strength, and a hand tied with the strongest where there is one; the same for hands with a wild reading."""
    built = game.options(dict(options))
    hands = [list(h) for h in itertools.combinations(game.full_pack(), game.hand_size)]
    found: dict[str, dict[str, Any]] = {}
    for hand, rank in zip(hands, game.ranks(hands, built), strict=True):
        for name in (rank["category"], "wild:" + rank["category"] if rank.get("interpretation") else None):
            if name is None:
                continue
            entry = found.setdefault(name, {"min": (rank["strength"], hand), "max": (rank["strength"], hand)})
            if rank["strength"] < entry["min"][0]:
                entry["min"] = (rank["strength"], hand)
            if rank["strength"] > entry["max"][0]:
                entry["max"] = (rank["strength"], hand)
                entry.pop("tie", None)
            elif rank["strength"] == entry["max"][0] and hand != entry["max"][1] and "tie" not in entry:
                entry["tie"] = hand
    return found


def option_words(options: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in options.items()) or "default options"


def bounds(
    game: HandGame[Any, Any, Any],
    entry: dict[str, Any],
    extra: dict[str, Any],
    rules: tuple[str, ...],
    category: str,
    what: str,
    group: str,
    key: str,
) -> Case:
    """``hands/evaluate`` of the strongest and the weakest hand of ``entry`` (``category``, or its hands read
    with wild cards: ``group`` wild-cards), tagged with the category and the options of ``extra``."""
    tags = [f"category:{category}", *(["wild-cards"] if group == "wild-cards" else [])]
    tags += [f"option:{k}" for k in extra.get("options", {})]
    return post(
        game,
        "hands/evaluate",
        {"hands": [entry["max"][1], entry["min"][1]], **extra},
        rules,
        f"The strongest and the weakest {what}.",
        group,
        key.strip("-"),
        tags,
    )


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    if not isinstance(game, HandGame):
        return
    evaluation = SECTIONS["evaluation"]
    for options in RANKING_OPTIONS.get(game.id, [{}]):
        found = extremes(game, tuple(sorted(options.items())))
        extra = {"options": options} if options else {}
        rules = (evaluation, *(s.rule for s in game.option_specs() if s.name in options))
        tags = [f"option:{k}" for k in options]
        words = option_words(options)
        key = "-".join(f"{k}-{v}" for k, v in options.items())
        categories = game.categories()
        for category in categories:
            entry = found[category]
            what = f"{category} ({words})"
            yield bounds(game, entry, extra, rules, category, what, "category-boundary", f"{category}-{key}")
            if "tie" in entry:
                yield post(
                    game,
                    "hands/compare",
                    {"hands": [entry["max"][1], entry["tie"]], **extra},
                    rules,
                    f"Two strongest {category} hands of equal strength tie ({words}).",
                    "tie",
                    f"tie-{category}-{key}".strip("-"),
                    [f"category:{category}", *tags],
                )
            wild = found.get("wild:" + category)
            if wild is not None:
                what = f"{category} read with wild cards ({words})"
                yield bounds(game, wild, extra, rules, category, what, "wild-cards", f"wild-{category}-{key}")
        for better, worse in itertools.pairwise(categories):
            yield post(
                game,
                "hands/compare",
                {"hands": [found[worse]["max"][1], found[better]["min"][1]], **extra},
                rules,
                f"The boundary between {better} and {worse}: the weakest {better} beats the strongest {worse} "
                f"({words}).",
                "category-boundary",
                f"{better}-over-{worse}-{key}".strip("-"),
                [f"category:{better}", f"category:{worse}", *tags],
            )
        best = [found[c]["max"][1] for c in categories]
        random.Random(f"{game.id}/{key}").shuffle(best)
        yield post(
            game,
            "hands/compare",
            {"hands": best, **extra},
            rules,
            f"The strongest hand of every category, shuffled: ranked best first ({words}).",
            "category-order",
            f"every-category-{key}".strip("-"),
            [f"category:{c}" for c in categories] + tags,
        )
    if game.supports_declarations:
        yield from declarations(game, ask)


def declarations(game: HandGame[Any, Any, Any], ask: Any) -> Iterator[Case]:
    """Broggin's declared trumps (BRG-A3): hands holding trumps with a declaration the rules accept and one
    they refuse, evaluated and compared."""
    found = extremes(game, ())
    realm = [c for c in game.full_pack() if c[0].isdigit() or c[0] in "QK"]
    path = f"/v1/{game.id}/hands/evaluate"
    for category in game.categories():
        wild = found.get("wild:" + category)
        if wild is None:
            continue
        hand = wild["max"][1]
        trumps = [c for c in hand if c not in realm]
        accepted = refused = None
        for card in realm:
            declaration = {trumps[0]: card}
            status, _ = ask({"method": "POST", "path": path, "body": {"hands": [hand], "declarations": [declaration]}})
            if status == 200 and accepted is None and card not in hand:
                accepted = declaration
            elif status == 422 and refused is None:
                refused = declaration
            if accepted and refused:
                break
        for declaration, what in ((accepted, "accepted"), (refused, "refused")):
            if declaration is None:
                continue
            tags = [f"category:{category}", "wild-cards", "declarations"]
            yield post(
                game,
                "hands/evaluate",
                {"hands": [hand, hand], "declarations": [declaration, None]},
                ("BRG-A3", "BRG-A2"),
                f"A {category} hand with trumps, with a declaration the rules {what} and with none (its best reading).",
                "wild-cards",
                f"declared-{what}-{category}",
                tags,
            )
            if what == "accepted":
                yield post(
                    game,
                    "hands/compare",
                    {"hands": [hand, hand], "declarations": [declaration, None]},
                    ("BRG-A3",),
                    f"A {category} hand declared against the same hand's best reading.",
                    "wild-cards",
                    f"declared-{category}",
                    tags,
                )
