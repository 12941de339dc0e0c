"""What the case modules share: building a case, and the rules each game's topics cite."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from service.conformance.vector import Case
from service.rules.game import Game
from service.rules.hand_game import HandGame
from service.rules.trick_game import TrickGame

SECTIONS = {
    "evaluation": "Evaluation",
    "tricks": "Tricks",
    "scoring": "Scoring",
    "flow": "Flow",
    "options": "Options",
    "problems": "Problem codes",
    "notation": "Components and notation",
}
"""Sections every rules file has: a vector that shows a section's rule in general cites its title."""


def post(
    game: Game[Any, Any, Any] | str,
    operation: str,
    body: Any,
    rules: Iterable[str],
    description: str,
    group: str,
    key: str | None = None,
    tags: Iterable[str] = (),
    headers: dict[str, str] | None = None,
) -> Case:
    """A case of ``POST /v1/{game}/{operation}``."""
    game_id = game if isinstance(game, str) else game.id
    return Case(
        game_id,
        "POST",
        f"/v1/{game_id}/{operation}",
        tuple(rules),
        description,
        group,
        key,
        body=body,
        headers=headers or {},
        tags=tuple(tags),
    )


def refused(
    game: Game[Any, Any, Any], state: dict[str, Any], action: dict[str, Any], rule: str, what: str, code: str
) -> Case:
    """A case of ``actions`` the rules refuse: ``what`` is refused with ``code`` under ``rule``."""
    description = f"{what}: 409 with code {code}, rule {rule} and what was legal."
    return post(
        game, "actions", {"state": state, "action": action}, (rule,), description, "refusal", code, [f"code:{code}"]
    )


def invalid(
    game: Game[Any, Any, Any], state: dict[str, Any], rules: Iterable[str], description: str, code: str, wire: bool
) -> Case:
    """A case of ``states/validate`` whose answer lists the problem ``code``, or with ``wire`` a state the wire
    refuses (a 422) before the engine could say so."""
    return post(
        game,
        "states/validate",
        {"state": state},
        rules,
        description,
        "problem",
        f"wire-{code}" if wire else code,
        [f"code:{code}", *(["wire-refused"] if wire else [])],
    )


def kind(game: Game[Any, Any, Any]) -> str:
    return "hand" if isinstance(game, HandGame) else "trick" if isinstance(game, TrickGame) else "other"


def operations(game: Game[Any, Any, Any]) -> list[str]:
    """The POST operations of ``game`` (docs/api.md section 2)."""
    ops = []
    if isinstance(game, HandGame):
        ops += ["hands/evaluate", "hands/compare", "hands/equity"]
    if isinstance(game, TrickGame):
        ops.append("tricks/winner")
        if game.announces_melds:
            ops.append("melds/evaluate")
    return ops + [
        "deals",
        "legal-actions",
        "actions",
        "states/validate",
        "states/view",
        "records/adjudicate",
        "matches/adjudicate",
        "actions/suggest",
    ]


def table_sizes(game: Game[Any, Any, Any], options: dict[str, Any] | None = None) -> list[int]:
    """Every player count the game is played by under ``options``."""
    built = game.options(options or {})
    return [n for n in game.player_counts() if not game.check_table(n, 0, built)]


def non_default(spec: Any) -> list[Any]:
    """Values of an option other than its default, to show its effect: each allowed value, the other boolean,
    or for a number a few that differ."""
    allowed = getattr(spec, "allowed", None)
    if allowed:
        return [v for v in allowed if v != spec.default][:4]
    if spec.default is True or spec.default is False:
        return [not spec.default]
    low = spec.minimum if spec.minimum is not None else 0
    if spec.default is None:
        return [v for v in (2, 3) if v >= low]
    if isinstance(spec.default, int):
        return [v for v in (spec.default + 1, spec.default * 2, 3, 2) if v != spec.default and v >= low][:3]
    return []
