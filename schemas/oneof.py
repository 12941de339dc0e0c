"""Discriminated unions on the wire: a field that loads one of several object schemas chosen by ``type``, and
the apispec plugin that documents it as a named ``oneOf`` with a ``discriminator`` (DESIGN.md, the OneOf plugin).

A schema class may also carry ``json_schema_extra`` (a dict merged into its component), for what marshmallow
fields cannot say, such as chiamata's bid taking exactly one of ``rank`` and ``points``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from apispec import BasePlugin
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_cls
from marshmallow import Schema, ValidationError, fields

DISCRIMINATOR = "type"


class OneOf(fields.Field):
    """An object that is exactly one of ``variants`` (schema classes by ``type`` word); documented as the
    component ``name``: ``{oneOf: [...], discriminator: {propertyName: type, mapping: {...}}}``."""

    def __init__(self, name: str, variants: Mapping[str, type[Schema]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.union_name = name
        self.variants = dict(variants)
        self._schemas: dict[str, Schema] = {}

    def schema_for(self, word: str) -> Schema:
        if word not in self._schemas:
            self._schemas[word] = self.variants[word]()
        return self._schemas[word]

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise ValidationError("Not a valid object.")
        word = value.get(DISCRIMINATOR)
        if not isinstance(word, str) or word not in self.variants:
            if DISCRIMINATOR not in value:
                message = "Missing data for required field."
            else:
                message = f"Must be one of: {', '.join(self.variants)}."
            raise ValidationError({DISCRIMINATOR: [message]})
        return self.schema_for(word).load(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        word = value[DISCRIMINATOR] if isinstance(value, Mapping) else value.type
        return self.schema_for(word).dump(value)


class OneOfPlugin(BasePlugin):
    """Documents :class:`OneOf` fields as a ``$ref`` to their union component; merges a schema class's
    ``json_schema_extra`` into its component and a field's ``metadata["json_schema"]`` into its property
    (for keywords apispec does not pass on, such as ``const``)."""

    def init_spec(self, spec: Any) -> None:
        """Called after the marshmallow plugin's (list this plugin after it)."""
        self.spec = spec
        plugin = next(p for p in spec.plugins if isinstance(p, MarshmallowPlugin))
        self.converter = plugin.converter
        self.converter.add_attribute_function(_oneof_attribute(self))

    def union(self, field: OneOf) -> dict[str, Any]:
        """The ``$ref`` of a union's component, registering it the first time."""
        converter = self.converter
        name = field.union_name
        if name not in self.spec.components.schemas:
            mapping = {word: converter.resolve_nested_schema(cls)["$ref"] for word, cls in field.variants.items()}
            refs = list(dict.fromkeys(mapping.values()))
            self.spec.components.schema(
                name,
                {
                    "oneOf": [{"$ref": ref} for ref in refs],
                    "discriminator": {"propertyName": DISCRIMINATOR, "mapping": mapping},
                },
            )
        ref: dict[str, Any] = self.spec.components.get_ref("schema", name)
        return ref

    def schema_helper(self, name: str, definition: dict[str, Any], **kwargs: Any) -> dict[str, Any] | None:
        schema = kwargs.get("schema")
        if schema is None:
            return None
        extra = getattr(resolve_schema_cls(schema), "json_schema_extra", None)
        return dict(extra) if extra else None


def _oneof_attribute(plugin: OneOfPlugin) -> Any:
    def oneof2properties(self: Any, field: fields.Field, **kwargs: Any) -> dict[str, Any]:
        if isinstance(field, OneOf):
            return plugin.union(field)
        return dict(field.metadata.get("json_schema", {}))

    return oneof2properties


__all__ = ["OneOf", "OneOfPlugin"]
