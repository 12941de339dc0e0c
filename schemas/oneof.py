"""Discriminated unions on the wire: a field that loads one of several object schemas chosen by ``type``, and
the apispec plugin that documents it as a named ``oneOf`` with a ``discriminator`` (DESIGN.md, the OneOf plugin).

A schema class may also carry ``json_schema_extra`` (a dict merged into its component), for what marshmallow
fields cannot say, such as chiamata's bid taking exactly one of ``rank`` and ``points``; or
``json_schema_variants`` (suffix -> fields), documenting it as a ``oneOf`` of whole objects, one per set of
alternative fields (a deal from a ``seed`` or from a ``deck``).
"""

from __future__ import annotations

import copy
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
        cls = resolve_schema_cls(schema)
        variants = getattr(cls, "json_schema_variants", None)
        if variants:
            self._split(name, definition, variants)
            return None
        extra = getattr(cls, "json_schema_extra", None)
        return dict(extra) if extra else None

    def _split(self, name: str, definition: dict[str, Any], variants: Mapping[str, tuple[str, ...]]) -> None:
        """Make ``definition`` (the component ``name``, being registered) a ``oneOf`` of whole objects, one per
        variant (component ``name`` + its suffix), each with its own alternative fields required and the
        others' left out: a generated client types each branch (the wire is the same)."""
        alternatives = {field for fields_ in variants.values() for field in fields_}
        refs = []
        for suffix, own in variants.items():
            variant = copy.deepcopy(definition)
            for other in alternatives - set(own):
                variant["properties"].pop(other, None)
            variant["required"] = sorted({*variant.get("required", ()), *own})
            self.spec.components.schema(name + suffix, variant)
            refs.append(self.spec.components.get_ref("schema", name + suffix))
        description = definition.get("description")
        definition.clear()
        definition["oneOf"] = refs
        if description:
            definition["description"] = description


def _oneof_attribute(plugin: OneOfPlugin) -> Any:
    def oneof2properties(self: Any, field: fields.Field, **kwargs: Any) -> dict[str, Any]:
        if isinstance(field, OneOf):
            return plugin.union(field)
        return dict(field.metadata.get("json_schema", {}))

    return oneof2properties


__all__ = ["OneOf", "OneOfPlugin"]
