"""The play room: ``deals``, ``legal-actions`` and ``actions``, their requests and their answers; and the fields of
a deal (table, options, seed or deck, carry), which a record shares (the records room)."""

from __future__ import annotations

import functools
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from schemas.common import events_field, result_field
from schemas.derive import game_field
from schemas.fields import CardField, StrictString, card_list
from schemas.parts import GameParts
from service.rules.game import Game
from service.rules.seen import has_turn_up


def serves(game: Game[Any, Any, Any]) -> bool:
    """Every game deals and plays."""
    return True


def schemas(parts: GameParts) -> dict[str, type[Schema]]:
    """A deal, the legal actions of a state, and an action applied to it."""
    game, deriver = parts.game, parts.deriver
    return {
        "deal_request": parts.build(
            "DealRequest", {**deal_fields(parts), **parts.views_asked()}, "A deal: table, options and a seed or deck."
        ),
        "deal_response": parts.build(
            "DealResponse",
            {
                "state": parts.state_field(),
                "events": events_field(deriver.events()),
                "deck_commitment": fields.String(
                    required=True,
                    allow_none=True,
                    metadata={
                        "description": "Lowercase hex SHA-256 of the deck's codes joined with ','; null for a deal "
                        "from `seen`, whose deck nobody knows."
                    },
                ),
                **parts.rules,
                **parts.views_given(),
            },
        ),
        "legal_actions_response": parts.build(
            "LegalActionsResponse",
            {
                "phase": game_field(game, "phase", required=True),
                "to_act": game_field(game, "seat", required=True, allow_none=True),
                "actions": fields.List(deriver.legal_action(), required=True),
                **parts.rules,
            },
        ),
        "action_request": parts.build(
            "ActionRequest",
            {"state": parts.state_field(), "action": deriver.action(required=True), **parts.views_asked()},
        ),
        "action_response": parts.build(
            "ActionResponse",
            {
                "state": parts.state_field(),
                "events": events_field(deriver.events()),
                "result": result_field(deriver.result()),
                **parts.rules,
                **parts.views_given(),
            },
        ),
    }


def deal_fields(parts: GameParts) -> dict[str, Any]:
    """What a deal request and a record state of their deal: the table, options, a seed or a deck, and what the
    deal carries in from the last one."""
    game = parts.game
    least, most = game.pack_sizes()
    return {
        "players": game_field(game, "players", required=True, metadata={"description": "Number of players."}),
        "dealer": game_field(
            game, "seat", required=True, metadata={"description": "The dealer's seat (less than players)."}
        ),
        "options": parts.options_field(),
        "seed": StrictString(
            validate=validate.Length(1, 256),
            metadata={"description": "Shuffle the pack with sha256-fisher-yates/1 (docs/api.md section 5)."},
        ),
        "deck": card_list(
            game.parse_card,
            least,
            most,
            game.card_notation,
            metadata={
                "description": "The whole pack for this deal (which the player count and options set) in "
                "order, deck[0] on top."
            },
        ),
        "seen": fields.Nested(
            seen_schema(parts),
            metadata={
                "description": "A deal at a real table (docs/api.md section 18), in place of `seed` or `deck`: what "
                "the table saw of it."
            },
        ),
        **_carry(parts),
        "check_source": validates_schema(_one_source()),
        "json_schema_variants": {"FromSeed": ("seed",), "FromDeck": ("deck",), "AtTable": ("seen",)},
    }


@functools.cache
def seen_schema(parts: GameParts) -> type[Schema]:
    """What a table saw of a deal: each seat's hand as dealt as far as it was seen, and the turn-up."""
    game = parts.game
    hand = fields.List(
        CardField(game.parse_card, game.card_notation, hidden=True),
        allow_none=True,
        validate=validate.Length(max=max(game.pack_sizes())),
        metadata={"description": 'A seat\'s hand as dealt, "??" for a card nobody saw; null: a hand nobody saw.'},
    )
    turn_up = {}
    if has_turn_up(game):
        turn_up["turn_up"] = CardField(
            game.parse_card,
            game.card_notation,
            metadata={
                "description": "The trump turn-up, as the table saw it (it decides the trump); missing: nobody saw it, "
                "and the deal is dealt with it unseen (docs/api.md 18)."
            },
        )
    return parts.build(
        "Seen",
        {
            "hands": fields.List(
                hand,
                validate=validate.Length(max=game.max_players),
                metadata={"description": "Each seat's hand in seat order; a seat past the end: a hand nobody saw."},
            ),
            **turn_up,
        },
        "What the table saw of a deal (docs/api.md 18); every other card of the deck is unseen.",
    )


def _carry(parts: GameParts) -> dict[str, fields.Field]:
    """The ``carry`` of a deal request or a record, where the game carries something from deal to deal."""
    carry_type = parts.game.carry_type
    if carry_type is None:
        return {}
    doc = " ".join((carry_type.__doc__ or "").split())
    return {
        "carry": fields.Nested(
            parts.deriver.schema(carry_type),
            load_default=None,
            metadata={
                "description": f"Optional; omitted: a first deal. {doc} A finished deal's result gives the next "
                "deal's as `carry`."
            },
        )
    }


def _one_source() -> Any:
    """A new check per schema: ``validates_schema`` marks the function it is given, so a shared one would be
    registered once more for every game (and its problem repeated)."""

    def check_source(self: Schema, data: dict[str, Any], **_: Any) -> None:
        if sum(key in data for key in ("seed", "deck", "seen")) != 1:
            raise ValidationError("give exactly one of 'seed', 'deck' and 'seen'", "_schema")

    return check_source
