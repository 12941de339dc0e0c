"""The suggest room: ``actions/suggest`` (docs/api.md section 17), a move for one seat from that seat's view, its
request and its answer."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from marshmallow import Schema, fields, validate

from schemas.derive import game_field
from schemas.fields import StrictString
from schemas.parts import GameParts
from service.rules.bots.common import DEFAULT_LEVEL, DEFAULT_SEED, LEVELS, SEED_LENGTH
from service.rules.game import Game

POLICIES = ("pimc/2", "ismcts/2", "exact/1", "exact-worlds/1", "rules/1", "equity/2")
"""Every ``policy`` an answer may name: determinized sampling, a tree search over the sampled worlds, the exact
search, the exact search in every world, rules, equity against pot odds."""


def serves(game: Game[Any, Any, Any]) -> bool:
    """Every game suggests a move."""
    return True


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """A suggestion's request (a state, a seat, a level, a seed) and its answer."""
    game, deriver = parts.game, parts.deriver
    request = parts.build(
        "SuggestRequest",
        {
            "state": parts.state_field(),
            "seat": game_field(
                game,
                "seat",
                load_default=None,
                metadata={
                    "description": "The seat to suggest a move for (default: the seat to act); it must be able "
                    "to act now."
                },
            ),
            **work_fields(
                LEVELS,
                "How much work the policy does: a fixed number of samples and steps each.",
                "Seeds the byte stream (with the seat's view) that samples hidden cards.",
            ),
        },
        "A state and the seat to suggest a move for.",
    )
    candidate = candidate_schema(parts)
    response = parts.build(
        "SuggestResponse",
        {
            "seat": game_field(game, "seat", required=True),
            "action": deriver.action(required=True),
            "level": StrictString(required=True, validate=validate.OneOf(LEVELS)),
            "seed": StrictString(required=True),
            "policy": StrictString(
                required=True,
                validate=validate.OneOf(POLICIES),
                metadata={"description": "The algorithm that chose, and its version."},
            ),
            "considered": fields.List(
                fields.Nested(candidate),
                required=True,
                metadata={"description": "Every candidate weighed, best first (equal values in the legal order)."},
            ),
            **parts.rules,
        },
    )
    return {"suggest_request": request, "suggest_response": response}


@functools.cache
def candidate_schema(parts: GameParts) -> type[Schema]:
    """One candidate a policy weighed: its action, value and samples (a suggestion's and an analysis's)."""
    return parts.build(
        "SuggestCandidate",
        {
            "action": parts.deriver.action(required=True),
            "value": fields.Float(
                required=True,
                metadata={"description": "The estimated value for the seat's side (docs/suggestions.md)."},
            ),
            "samples": fields.Integer(
                required=True, metadata={"description": "How many samples the value rests on (0: a rule's choice)."}
            ),
        },
        "One candidate the policy weighed.",
    )


def work_fields(levels: Sequence[str], level: str, seed: str) -> dict[str, fields.Field]:
    """A request's ``level`` (one of ``levels``) and ``seed``, with their descriptions and defaults."""
    return {
        "level": StrictString(
            validate=validate.OneOf(levels),
            load_default=DEFAULT_LEVEL,
            metadata={"description": level, "default": DEFAULT_LEVEL},
        ),
        "seed": StrictString(
            validate=validate.Length(*SEED_LENGTH),
            load_default=DEFAULT_SEED,
            metadata={"description": seed, "default": DEFAULT_SEED},
        ),
    }
