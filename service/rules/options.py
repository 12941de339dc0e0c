"""Rule options: one frozen dataclass per game, each field an option with its default and its rule id.

The seed leaves gaps; every gap has a default (each game's options table in docs/rules/<game>.md) and options a
client may choose per request. :func:`build_options` is the one validator of option values. What travels from
one deal to the next (a carried pot, a match score) is no option: it is the deal's ``carry``; an options class
names the options that moved there (``moved_to_carry``), and an option given by its old name is refused
saying where it went.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import textwrap
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from service.rules.errors import InvalidInput, Problem, excerpt
from service.rules.numbers import json_integer

T = TypeVar("T")


@dataclass(frozen=True)
class OptionSpec:
    """What the catalog says of one option."""

    name: str
    type: str
    default: Any
    description: str
    rule: str
    allowed: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def as_dict(self) -> dict[str, Any]:
        """The catalog entry (docs/api.md section 2)."""
        entry: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default}
        if self.allowed is not None:
            entry["allowed"] = list(self.allowed)
        if self.minimum is not None:
            entry["minimum"] = self.minimum
        if self.maximum is not None:
            entry["maximum"] = self.maximum
        entry["nullable"] = self.nullable
        entry["description"] = self.description
        entry["rule"] = self.rule
        return entry


CHIP_LIMIT = 10**9
"""The largest chip amount an option or an action may name: far above any table, far below overflow."""


def option(
    default: Any,
    *,
    rule: str,
    allowed: tuple[Any, ...] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """A dataclass field that is a rule option; what it means is the docstring under it (the catalog's
    ``description``)."""
    meta = {"rule": rule, "allowed": allowed, "minimum": minimum, "maximum": maximum}
    return dataclasses.field(default=default, metadata={"option": meta})


_FIELD_DOCS: dict[type, dict[str, str]] = {}


def field_docs(cls: type) -> dict[str, str]:
    """The docstring under each field of a class (the string right after the field's line), white space folded
    to single spaces; read once per class."""
    if cls not in _FIELD_DOCS:
        _FIELD_DOCS[cls] = _read_field_docs(cls)
    return _FIELD_DOCS[cls]


def _read_field_docs(cls: type) -> dict[str, str]:
    body = ast.parse(textwrap.dedent(inspect.getsource(cls))).body[0]
    assert isinstance(body, ast.ClassDef)
    docs = {}
    for field, after in itertools.pairwise(body.body):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[field.target.id] = " ".join(after.value.value.split())
    return docs


def _base_types(hint: Any) -> tuple[tuple[type, ...], bool]:
    """The JSON-relevant Python types a hint admits, and whether it admits None."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        kinds = tuple(a for a in args if a is not type(None))
        return kinds, len(kinds) != len(args)
    if origin is typing.Literal:
        return tuple(dict.fromkeys(type(a) for a in typing.get_args(hint))), False  # a set would vary
    return (hint,), False


TYPE_NAMES = {bool: "boolean", int: "integer", str: "string"}
"""The JSON type of each kind of option value (an option spec's ``type`` joins them with ``|``)."""


def option_specs(cls: type[Any]) -> list[OptionSpec]:
    """Every option of an options dataclass, in declaration order (read once per class)."""
    specs = _SPECS.get(cls)
    if specs is None:
        specs = _SPECS[cls] = tuple(_read_option_specs(cls))
    return list(specs)


_SPECS: dict[type, tuple[OptionSpec, ...]] = {}
_HINTS: dict[type, dict[str, Any]] = {}


def _type_hints(cls: type[Any]) -> dict[str, Any]:
    """``typing.get_type_hints`` of an options class, evaluated once (not once per request's options)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _read_option_specs(cls: type[Any]) -> list[OptionSpec]:
    hints = _type_hints(cls)
    docs = field_docs(cls)
    specs = []
    for f in dataclasses.fields(cls):
        meta = f.metadata["option"]
        kinds, nullable = _base_types(hints[f.name])
        maximum = meta["maximum"]
        if maximum is None and int in kinds and meta["allowed"] is None:
            maximum = CHIP_LIMIT
        specs.append(
            OptionSpec(
                name=f.name,
                type="|".join(TYPE_NAMES[k] for k in kinds),
                default=f.default,
                description=docs[f.name],
                rule=meta["rule"],
                allowed=meta["allowed"],
                minimum=meta["minimum"],
                maximum=maximum,
                nullable=nullable,
            )
        )
    return specs


_MISMATCH = object()


def _typed(value: Any, kinds: tuple[type, ...]) -> Any:
    """``value`` as the first of ``kinds`` it is (``2.0`` is the integer 2), or ``_MISMATCH``."""
    for kind in kinds:
        if kind is bool and isinstance(value, bool):
            return value
        if kind is int and json_integer(value) is not None:
            return json_integer(value)
        if kind is str and isinstance(value, str):
            return value
    return _MISMATCH


def build_options(cls: type[T], raw: Mapping[str, Any] | None, pointer: str = "/options") -> T:
    """The options object for ``raw`` (missing names take their defaults); every problem listed."""
    if raw is None:
        return cls()
    if not isinstance(raw, Mapping):
        raise InvalidInput([Problem("invalid_type", "options must be an object", pointer)])
    specs = {spec.name: spec for spec in option_specs(cls)}
    moved: Mapping[str, tuple[str, str]] = getattr(cls, "moved_to_carry", {})
    hints = _type_hints(cls)
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    for name, value in raw.items():
        here = f"{pointer}/{name}"
        spec = specs.get(name)
        if name in moved:
            problems.append(Problem("moved_option", moved_message(name, moved[name]), here))
            continue
        if spec is None:
            problems.append(Problem("unknown_option", f"unknown option {excerpt(name)}; known: {sorted(specs)}", here))
            continue
        kinds, nullable = _base_types(hints[name])
        if value is None:
            if not nullable:
                problems.append(Problem("invalid_option", f"'{name}' may not be null", here))
                continue
        elif (value := _typed(value, kinds)) is _MISMATCH:
            problems.append(Problem("invalid_option", f"'{name}' must be of type {spec.type}", here))
            continue
        elif spec.allowed is not None and value not in spec.allowed:
            problems.append(Problem("invalid_option", f"'{name}' must be one of {list(spec.allowed)}", here))
            continue
        elif spec.minimum is not None and isinstance(value, int) and value < spec.minimum:
            problems.append(Problem("invalid_option", f"'{name}' must be at least {spec.minimum}", here))
            continue
        elif spec.maximum is not None and isinstance(value, int) and value > spec.maximum:
            problems.append(Problem("invalid_option", f"'{name}' must be at most {spec.maximum}", here))
            continue
        values[name] = value
    if problems:
        raise InvalidInput(problems)
    return cls(**values)


def moved_message(name: str, moved: tuple[str, str]) -> str:
    """Where a value that used to be a rule option travels now: ``carry`` beside ``options``."""
    field, example = moved
    return (
        f"'{name}' is no longer a rule option: it moved to 'carry' beside 'options' (the deal request's, the "
        f'record\'s or the state\'s), as carry.{field}, such as "carry": {{"{field}": {example}}}'
    )


def options_dict(options: Any) -> dict[str, Any]:
    """The effective options as JSON-ready values, echoed under ``rules`` in every answer."""
    names = _FIELD_NAMES.get(type(options))
    if names is None:
        names = _FIELD_NAMES[type(options)] = tuple(f.name for f in dataclasses.fields(options))
    return {name: getattr(options, name) for name in names}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Each options dataclass's field names, in order: found once per class, not once per answer."""
