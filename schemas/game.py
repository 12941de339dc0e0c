"""Every request and response schema of one game, built from the game's engine object.

The API layer asks :func:`game_schemas` for a game's bundle; nothing here is written per game.
"""

from __future__ import annotations

import typing
from functools import cache
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from schemas.common import (
    DocSchema,
    events_field,
    illegal_action_schema,
    invalid_request_schema,
    named_schema,
    refusal_fields,
    result_field,
    state_problem_schema,
)
from schemas.derive import Deriver, camel, game_field
from schemas.fields import (
    HandsField,
    PlainList,
    StrictBoolean,
    StrictInteger,
    StrictString,
    SuitField,
    TupleList,
    card_list,
)
from service.rules.errors import InvalidInput
from service.rules.game import Game, HandGame, TrickGame
from service.rules.options import TYPE_NAMES, option_specs, options_dict

MAX_HANDS = 10_000
"""Hands in one evaluate or compare request."""
MAX_DECLARED_HANDS = 100
"""Hands with a declaration (not null) in one request: a declared hand costs up to ~25 ms (three free trumps
tried in every combination), so 100 keep a request within a few seconds on one core (README, Limits)."""
MAX_ACTIONS = 1_000
"""Actions in one record."""


class StrictSchema(Schema):
    class Meta:
        unknown = RAISE
        ordered = True


def _options_doc_field(spec: Any) -> fields.Field:
    meta = {"description": f"{spec.description} ({spec.rule})"}
    rng = (
        validate.Range(min=spec.minimum, max=spec.maximum)
        if spec.minimum is not None or spec.maximum is not None
        else None
    )
    kwargs: dict[str, Any] = {"metadata": meta, "allow_none": spec.nullable, "dump_default": spec.default}
    if spec.type == "boolean":
        return fields.Boolean(**kwargs)
    if spec.type == "integer":
        return fields.Integer(validate=validate.OneOf(spec.allowed) if spec.allowed else rng, **kwargs)
    if spec.type == "string":
        return fields.String(validate=validate.OneOf(spec.allowed) if spec.allowed else None, **kwargs)
    meta["anyOf"] = _typed_choices(spec)
    return fields.Raw(**kwargs)


def _typed_choices(spec: Any) -> list[dict[str, Any]]:
    """A mixed option as a typed ``anyOf``: one ``const`` per allowed value, else one branch per type."""
    if spec.allowed:
        choices = [{"type": TYPE_NAMES[type(value)], "const": value} for value in spec.allowed]
    else:
        choices = [{"type": name} for name in spec.type.split("|")]
    return choices + ([{"type": "null"}] if spec.nullable else [])


class OptionsField(fields.Nested):
    """A game's options object: documented option by option, validated by the engine (one validator)."""

    def __init__(self, game: Game[Any, Any, Any], **kwargs: Any) -> None:
        kwargs.setdefault("metadata", {"description": "Rule options; omitted ones take their defaults."})
        super().__init__(options_doc_schema(game), **kwargs)
        self.game = game

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise ValidationError("options must be an object")
        try:
            return self.game.options(value, pointer="")
        except InvalidInput as error:
            raise ValidationError({p.pointer.lstrip("/") or "_schema": [p.message] for p in error.problems}) from error

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        plain = value if isinstance(value, dict) else options_dict(value)
        return super()._serialize(plain, attr, obj, **kwargs)


@cache
def options_doc_schema(game: Game[Any, Any, Any]) -> type[Schema]:
    attrs: dict[str, Any] = {spec.name: _options_doc_field(spec) for spec in option_specs(game.options_type)}
    attrs["Meta"] = StrictSchema.Meta
    # former options, now the deal's ``carry``: the engine refuses them saying where they went
    attrs["moved_fields"] = tuple(getattr(game.options_type, "moved_to_carry", ()))
    return type(f"{camel(game.id)}OptionsSchema", (Schema,), attrs)


def _rules_fields(game: Game[Any, Any, Any]) -> dict[str, fields.Field]:
    return {
        "rules": OptionsField(game, required=True, metadata={"description": "The effective options."}),
        "rules_version": fields.String(required=True, metadata={"description": "Version of the rules engine."}),
    }


class GameSchemas:
    """The schema classes of one game's endpoints."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        prefix = camel(game.id)
        self.prefix = prefix
        deriver = Deriver(game, OptionsField)
        self.state = deriver.schema(game.state_type)
        self.options = options_doc_schema(game)
        self.deriver = deriver
        rules = _rules_fields(game)

        def build(name: str, attrs: dict[str, Any], doc: str = "") -> type[Schema]:
            return named_schema(prefix + name, DocSchema, {"Meta": StrictSchema.Meta, **attrs}, doc)

        opt = lambda: OptionsField(game, load_default=None)  # noqa: E731
        state = lambda **kw: fields.Nested(self.state, required=True, **kw)  # noqa: E731

        deal_source = {
            "options": opt(),
            "seed": StrictString(
                validate=validate.Length(1, 256),
                metadata={"description": "Shuffle the pack with sha256-fisher-yates/1 (API.md section 5)."},
            ),
            "deck": card_list(
                game.parse_card,
                None,
                len(game.full_pack()),
                game.card_notation,
                metadata={
                    "description": "The whole pack for this deal (which the player count and options set) in "
                    "order, deck[0] on top."
                },
            ),
            **_carry(game, deriver),
            "check_source": validates_schema(_one_source()),
            "json_schema_variants": {"FromSeed": ("seed",), "FromDeck": ("deck",)},
        }
        table = {
            "players": game_field(game, "players", required=True, metadata={"description": "Number of players."}),
            "dealer": game_field(
                game, "seat", required=True, metadata={"description": "The dealer's seat (less than players)."}
            ),
        }
        seat_view = build(
            "SeatView",
            {
                "seat": fields.Integer(required=True, metadata={"description": "The seat this view is for."}),
                "state": state(
                    metadata={"description": 'The state as `states/view` gives it for this seat: hidden cards "??".'}
                ),
                "events": events_field(
                    deriver.events(),
                    'The events as this seat saw them happen: a card it may not know is "??" (a card drawn by '
                    "another seat, an Old Brag 31-phase card), a count of hidden cards null.",
                ),
                "legal_actions": fields.List(
                    deriver.legal_action(),
                    required=True,
                    metadata={
                        "description": "What this seat may do now: the legal actions of the seat to act, empty for "
                        "the others (a Briscan or Brisque seven exchange may also be the other seat's)."
                    },
                ),
            },
            "One seat's view of an answer: what that seat may know, to forward to that player.",
        )
        views_asked = lambda: {  # noqa: E731
            "views": fields.List(
                StrictInteger(validate=validate.Range(0, game.max_players - 1)),
                validate=validate.Length(max=game.max_players),
                metadata={
                    "description": "Optional: seats (distinct, each a seat of the table) whose views the answer "
                    "adds under `views`.",
                    "uniqueItems": True,
                    "examples": [list(range(game.min_players))],
                },
            )
        }
        views_given = lambda: {  # noqa: E731
            "views": fields.List(
                fields.Nested(seat_view),
                metadata={
                    "description": "Only when `views` was asked: for each seat asked, in that order, the state, the "
                    'events and the legal actions as that seat may see them (hidden cards "??"). The full '
                    "`state` above is the app's to keep; each view is the one player's to see."
                },
            )
        }
        self.deal_request = build(
            "DealRequest", {**table, **deal_source, **views_asked()}, "A deal: table, options and a seed or deck."
        )
        self.deal_response = build(
            "DealResponse",
            {
                "state": state(),
                "events": events_field(deriver.events()),
                "deck_commitment": fields.String(
                    required=True,
                    metadata={"description": "Lowercase hex SHA-256 of the deck's codes joined with ','."},
                ),
                **rules,
                **views_given(),
            },
        )
        self.state_request = build("StateRequest", {"state": state()}, "A state.")
        self.legal_actions_response = build(
            "LegalActionsResponse",
            {
                "phase": game_field(game, "phase", required=True),
                "to_act": game_field(game, "seat", required=True, allow_none=True),
                "actions": fields.List(deriver.legal_action(), required=True),
                **rules,
            },
        )
        self.action_request = build(
            "ActionRequest",
            {"state": state(), "action": deriver.action(required=True), **views_asked()},
        )
        self.action_response = build(
            "ActionResponse",
            {
                "state": state(),
                "events": events_field(deriver.events()),
                "result": result_field(deriver.result()),
                **rules,
                **views_given(),
            },
        )
        self.state_problem = state_problem_schema(f"{prefix}StateProblem", game.checks())
        self.invalid_request = invalid_request_schema(f"{prefix}InvalidRequest", self.state_problem)
        self.validate_response = build(
            "ValidateResponse",
            {
                "valid": fields.Boolean(required=True),
                "problems": fields.List(fields.Nested(self.state_problem), required=True),
                **rules,
            },
        )
        self.view_request = build(
            "ViewRequest",
            {
                "state": state(),
                "seat": game_field(
                    game, "seat", required=True, metadata={"description": "The viewer's seat (less than players)."}
                ),
            },
        )
        self.view_response = build("ViewResponse", {"state": state(), **rules})
        record = build(
            "Record",
            {
                **table,
                **deal_source,
                "actions": fields.List(deriver.action(), required=True, validate=validate.Length(max=MAX_ACTIONS)),
            },
            "A record: a deal (deck or seed) and the actions in order.",
        )
        self.record_request = build("RecordRequest", {"record": fields.Nested(record, required=True), **views_asked()})
        refusal = refusal_fields(deriver.legal_action(), game.refusals())
        adjudication_error = build(
            "AdjudicationError",
            {
                "index": fields.Integer(required=True, metadata={"description": "The refused action's index."}),
                "code": refusal["code"],
                "rule": refusal["rule"],
                "message": fields.String(required=True),
                "legal_actions": refusal["legal_actions"],
            },
        )
        self.illegal_action = illegal_action_schema(f"{prefix}IllegalAction", deriver.legal_action(), game.refusals())
        self.adjudicate_response = build(
            "AdjudicateResponse",
            {
                "verdict": fields.String(
                    required=True, validate=validate.OneOf(["complete", "in_progress", "illegal"])
                ),
                "applied": fields.Integer(required=True),
                "error": fields.Nested(adjudication_error, required=True, allow_none=True),
                "state": state(),
                "result": result_field(deriver.result()),
                "events": events_field(deriver.events()),
                "deck_commitment": fields.String(required=True),
                **rules,
                **views_given(),
            },
        )
        if isinstance(game, HandGame):
            hands = HandsField(
                game.parse_card,
                game.hand_size,
                game.card_notation,
                required=True,
                validate=validate.Length(1, MAX_HANDS),
                metadata={"description": f"Up to {MAX_HANDS} hands."},
            )
            hands_fields: dict[str, Any] = {"hands": hands, "options": opt()}
            if game.supports_declarations:
                hands_fields["declarations"] = fields.List(
                    deriver.field(_assignments(game), allow_none=True),
                    validate=validate.Length(max=MAX_HANDS),
                    metadata={
                        "description": "Optional, one per hand (as many as `hands`: a 422 at `/declarations` "
                        "otherwise, a rule across fields JSON Schema cannot state): what each wild card stands "
                        "for ({trump: card}, keys a trump's name), or null for the best reading (BRG-A3); at most "
                        f"{MAX_DECLARED_HANDS} of them not null.",
                        "maxContains": MAX_DECLARED_HANDS,
                    },
                )
            self.hands_request = build("HandsRequest", hands_fields)
            evaluated: dict[str, Any] = {
                "hand": fields.List(fields.String(), required=True),
                "category": fields.String(required=True, validate=validate.OneOf(game.categories())),
                "strength": fields.Integer(
                    required=True,
                    metadata={"description": "Dense rank over every possible hand: higher is better, equal ties."},
                ),
                "description": fields.String(required=True),
            }
            if game.ranking.interpretation is not None:
                evaluated["interpretation"] = deriver.field(
                    game.ranking.interpretation,
                    metadata={
                        "description": "Only where a wild card was held: what each stood for (Old Brag's braggers: "
                        "a rank; Broggin's trumps: a realm card)."
                    },
                )
            evaluation = build("Evaluation", evaluated)
            self.evaluate_response = build(
                "EvaluateResponse", {"results": PlainList(fields.Nested(evaluation), required=True), **rules}
            )
            self.compare_response = build(
                "CompareResponse",
                {
                    "ranking": fields.List(fields.List(fields.Integer()), required=True),
                    "winners": fields.List(fields.Integer(), required=True),
                    "deciding": fields.String(
                        required=True,
                        validate=validate.OneOf([str(word) for word in game.ranking.decides]),
                        metadata={"description": "What separated the best hand from the next (`tie`: nothing did)."},
                    ),
                    "results": PlainList(fields.Nested(evaluation), required=True),
                    **rules,
                },
            )
        if isinstance(game, TrickGame):
            self.trick_request = build(
                "TrickRequest",
                {
                    "trump": SuitField(game.parse_suit, game.suit_notation, required=True),
                    "cards": card_list(
                        game.parse_card,
                        1,
                        game.max_players,
                        game.card_notation,
                        required=True,
                        metadata={"description": "The cards of the trick in play order, one per player at most."},
                    ),
                    "phase": game_field(
                        game,
                        "phase",
                        load_default=None,
                        allow_none=True,
                        metadata={"description": "The phase the trick is played in (it does not change the winner)."},
                    ),
                    "options": opt(),
                },
            )
            if game.announces_melds:
                self.melds_request = build(
                    "MeldsRequest",
                    {
                        "hand": card_list(
                            game.parse_card,
                            1,
                            16,
                            game.card_notation,
                            required=True,
                            metadata={"description": "The cards held."},
                        ),
                        "trump": SuitField(game.parse_suit, game.suit_notation, required=True),
                        "options": opt(),
                    },
                )
                meld = build(
                    "MeldScore",
                    {
                        "kind": fields.String(required=True, validate=validate.OneOf(list(game.meld_kinds))),
                        "cards": fields.List(fields.String(), required=True),
                        "points": fields.Integer(required=True),
                    },
                )
                self.melds_response = build(
                    "MeldsResponse",
                    {
                        "melds": fields.List(fields.Nested(meld), required=True),
                        "total": fields.Integer(required=True, metadata={"description": "All the melds' points."}),
                        **rules,
                    },
                )
            self.trick_response = build(
                "TrickResponse",
                {
                    "winner": fields.Integer(required=True, metadata={"description": "Index into cards."}),
                    "points": fields.Integer(required=True),
                    **rules,
                },
            )


def _carry(game: Game[Any, Any, Any], deriver: Deriver) -> dict[str, fields.Field]:
    """The ``carry`` of a deal request or a record, where the game carries something from deal to deal."""
    if game.carry_type is None:
        return {}
    doc = " ".join((game.carry_type.__doc__ or "").split())
    return {
        "carry": fields.Nested(
            deriver.schema(game.carry_type),
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
        if ("seed" in data) == ("deck" in data):
            raise ValidationError("give exactly one of 'seed' and 'deck'", "_schema")

    return check_source


def _assignments(game: Game[Any, Any, Any]) -> Any:
    """The type of a declaration, ``{wild card: card}``: the one of the game's ``declare`` action."""
    declare = next(cls for cls in game.actions if cls.type == "declare")
    return typing.get_type_hints(declare, include_extras=True)["assignments"]


_CACHE: dict[str, GameSchemas] = {}


def game_schemas(game: Game[Any, Any, Any]) -> GameSchemas:
    """The (cached) schema bundle of a game."""
    if game.id not in _CACHE:
        _CACHE[game.id] = GameSchemas(game)
    return _CACHE[game.id]


__all__ = ["GameSchemas", "MAX_ACTIONS", "MAX_HANDS", "StrictBoolean", "TupleList", "game_schemas"]
