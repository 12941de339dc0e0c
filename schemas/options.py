"""A game's rule options on the wire: the options field every request takes, and the ``rules`` echo of every
answer that applies rules."""

from __future__ import annotations

from functools import cache
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from schemas.derive import Meta, camel
from service.rules.errors import InvalidInput
from service.rules.game import Game
from service.rules.options import TYPE_NAMES, option_specs, options_dict


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
    """The documentation of a game's options object: one field per option (the engine validates them)."""
    attrs: dict[str, Any] = {spec.name: _options_doc_field(spec) for spec in option_specs(game.options_type)}
    attrs["Meta"] = Meta
    # former options, now the deal's ``carry``: the engine refuses them saying where they went
    attrs["moved_fields"] = tuple(getattr(game.options_type, "moved_to_carry", ()))
    return type(f"{camel(game.id)}OptionsSchema", (Schema,), attrs)


def rules_fields(game: Game[Any, Any, Any]) -> dict[str, fields.Field]:
    """``rules`` and ``rules_version``: the effective options and the engine's version, in every answer that
    applies rules."""
    return {
        "rules": OptionsField(game, required=True, metadata={"description": "The effective options."}),
        "rules_version": fields.String(required=True, metadata={"description": "Version of the rules engine."}),
    }
