"""The parts every operation's schemas are made of, for one game: made once, used by every room."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from schemas.common import (
    DocSchema,
    events_field,
    illegal_action_schema,
    invalid_request_schema,
    named_schema,
    state_problem_schema,
)
from schemas.derive import Deriver, Meta, camel
from schemas.fields import StrictInteger
from schemas.options import OptionsField, options_doc_schema, rules_fields
from service.rules.game import Game


class GameParts:
    """One game's shared schema parts: its state, its options, the ``rules`` echo, the ``views`` a request asks
    and an answer gives, and its problems (the 409 and the 422 of its operations)."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        self.prefix = camel(game.id)
        self.deriver = Deriver(game, OptionsField)
        self.state = self.deriver.state_schema(game.state_type)
        """A whole state: what a request sends and an answer gives as ``state`` (a card may be "??" only where
        nobody at the table saw it: docs/api.md 18)."""
        self.viewed_state = self.deriver.viewed_schema(game.state_type)
        """A state as one seat may see it (``states/view``, ``views[].state``): a card it may not know is "??"."""
        self.options = options_doc_schema(game)
        self.rules = rules_fields(game)
        """``rules`` and ``rules_version``: spread into every answer that applies rules."""
        self.seat_view = self._seat_view()
        self.state_request = self.build("StateRequest", {"state": self.state_field()}, "A state.")
        """The request of an operation on a state alone (``legal-actions``, ``states/validate``)."""
        self.state_problem = state_problem_schema(f"{self.prefix}StateProblem", game.checks())
        self.invalid_request = invalid_request_schema(f"{self.prefix}InvalidRequest", self.state_problem)
        self.illegal_action = illegal_action_schema(
            f"{self.prefix}IllegalAction", self.deriver.legal_action(), game.refusals()
        )

    def build(self, name: str, attrs: dict[str, Any], doc: str = "") -> type[Schema]:
        """A strict schema (unknown fields refused, fields in order) named ``<Game><name>`` in the contract."""
        return named_schema(self.prefix + name, DocSchema, {"Meta": Meta, **attrs}, doc)

    def state_field(self, *, viewed: bool = False, **kwargs: Any) -> fields.Field:
        """A required state, whole or (``viewed``) as a seat sees it (a new field each time)."""
        return fields.Nested(self.viewed_state if viewed else self.state, required=True, **kwargs)

    def options_field(self) -> fields.Field:
        """A request's optional ``options`` (omitted or null: the defaults)."""
        return OptionsField(self.game, load_default=None)

    def views_asked(self) -> dict[str, fields.Field]:
        """A request's optional ``views``: the seats whose views the answer adds."""
        game = self.game
        return {
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

    def views_given(self) -> dict[str, fields.Field]:
        """An answer's ``views``, when the request asked for them: one :meth:`_seat_view` per seat asked."""
        return {
            "views": fields.List(
                fields.Nested(self.seat_view),
                metadata={
                    "description": "Only when `views` was asked: for each seat asked, in that order, the state, the "
                    'events and the legal actions as that seat may see them (hidden cards "??"). The full '
                    "`state` above is the app's to keep; each view is the one player's to see."
                },
            )
        }

    def _seat_view(self) -> type[Schema]:
        return self.build(
            "SeatView",
            {
                "seat": fields.Integer(required=True, metadata={"description": "The seat this view is for."}),
                "state": self.state_field(
                    viewed=True,
                    metadata={"description": 'The state as `states/view` gives it for this seat: hidden cards "??".'},
                ),
                "events": events_field(
                    self.deriver.events(),
                    'The events as this seat saw them happen: a card it may not know is "??" (a card drawn by '
                    "another seat, an Old Brag 31-phase card), a count of hidden cards null.",
                ),
                "legal_actions": fields.List(
                    self.deriver.legal_action(),
                    required=True,
                    metadata={
                        "description": "What this seat may do now: the legal actions of the seat to act, empty for "
                        "the others (a Briscan or Brisque seven exchange may also be the other seat's)."
                    },
                ),
            },
            "One seat's view of an answer: what that seat may know, to forward to that player.",
        )
