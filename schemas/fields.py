"""Strict fields: ``"5"`` is not an integer, ``1`` is not a boolean, a card is parsed by its game."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from marshmallow import ValidationError, fields, validate

from service.rules.cards import HIDDEN, card_pattern
from service.rules.errors import CardError
from service.rules.numbers import json_integer

SAFE_INTEGER = 2**53 - 1
"""The largest integer every JSON client holds exactly; larger ones are refused (and cannot make work)."""


class ValidatedIfAny(fields.Field):
    """A field that runs its validators only when it has some: marshmallow builds an ``And`` of a field's
    validators for every value it loads, also of none (a state's cards, some 170,000 values in the bad-input
    catalogue of three operations, each paying for an empty ``And``)."""

    def _validate(self, value: Any) -> None:
        if self.validators:
            super()._validate(value)


class StrictInteger(fields.Integer):
    """A JSON integer within ±(2**53 - 1): ``2`` or ``2.0`` (JSON Schema 2020-12), not ``"2"``, ``true``, ``2.5``."""

    def __init__(self, **kwargs: Any) -> None:
        bounds = validate.Range(min=-SAFE_INTEGER, max=SAFE_INTEGER)
        extra = kwargs.pop("validate", None)
        checks = [bounds] + ([extra] if callable(extra) else list(extra or []))
        super().__init__(strict=True, validate=checks, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        number = json_integer(value)
        if number is None:
            raise ValidationError("Not a valid integer.")
        if not -SAFE_INTEGER <= number <= SAFE_INTEGER:
            # One problem, not one per range check: the other bounds only narrow the safe range.
            raise ValidationError(f"Must be an integer within ±{SAFE_INTEGER}.")
        return int(super()._deserialize(number, attr, data, **kwargs))


class MostMembers(validate.Validator):
    """At most ``most`` members of an object (its field states ``maxProperties``; ``validate.Length`` would
    document a string's ``maxLength``)."""

    def __init__(self, most: int) -> None:
        self.most = most

    def __call__(self, value: Any) -> Any:
        if len(value) > self.most:
            raise ValidationError(f"at most {self.most} members, not {len(value)}")
        return value


class StrictBoolean(ValidatedIfAny, fields.Boolean):
    """``true`` or ``false`` and nothing else."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("Not a valid boolean.")
        return value


class StrictString(ValidatedIfAny, fields.String):
    """A JSON string."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str):
            raise ValidationError("Not a valid string.")
        return value


class CardField(ValidatedIfAny, fields.String):
    """A card in any notation the game accepts; loads to the canonical code, dumps it as is."""

    def __init__(self, parse: Any, notation: str | None = None, *, hidden: bool = False, **kwargs: Any) -> None:
        kwargs["metadata"] = dict(kwargs.get("metadata") or {})
        kwargs["metadata"].setdefault(
            "description",
            "A card code (docs/api.md section 3)"
            + ("; '??' marks a card unseen (a table deal's, docs/api.md 18) or hidden (a view's)." if hidden else "."),
        )
        if notation is not None:  # every notation the game accepts (and "??" where a view may hide the card)
            kwargs["metadata"]["pattern"] = card_pattern(notation, hidden=hidden)
        super().__init__(**kwargs)
        self.parse = _cached(parse)
        self.hidden = hidden

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if self.hidden and value == HIDDEN:  # a card nobody saw (a table deal's, a view's)
            return HIDDEN
        return parse_card_text(self.parse, value)


@lru_cache(maxsize=64)
def _cached(parse: Any) -> Any:
    """A parser that remembers what it parsed (cards are few; a batch repeats them thousands of times)."""
    return lru_cache(maxsize=1024)(parse)


def parse_card_text(parse: Any, value: Any) -> str:
    """A canonical card code, or a ValidationError saying why not."""
    if not isinstance(value, str):
        raise ValidationError("A card is a string such as 'AS'.")
    if value == HIDDEN:
        raise ValidationError("'??' is a hidden card: send the whole state, not a view of it")
    try:
        return str(parse(value))
    except CardError as error:
        raise ValidationError(str(error)) from error


class Distinct(validate.Validator):
    """Items must be distinct (JSON Schema ``uniqueItems``); checked on the loaded (canonical) values."""

    def __call__(self, value: Any) -> Any:
        repeats = repeated(value)
        if repeats:
            raise ValidationError(repeats)
        return value


def repeated(items: Any) -> dict[int, list[str]]:
    """Each item that repeats an earlier one, by index, with why (items must be distinct)."""
    first: dict[Any, int] = {}
    out: dict[int, list[str]] = {}
    for i, item in enumerate(items):
        if item in first:
            out[i] = [f"Items must be distinct: this card is item {first[item]} again."]
        else:
            first[item] = i
    return out


def card_list(
    parse: Any, minimum: int | None = None, maximum: int | None = None, notation: str | None = None, **kwargs: Any
) -> fields.List:
    """An array of distinct cards, ``minimum`` to ``maximum`` of them (``minItems``/``maxItems``)."""
    kwargs.setdefault("metadata", {})["uniqueItems"] = True
    checks: list[Any] = [Distinct()]
    if minimum is not None and minimum == maximum:
        checks.insert(0, validate.Length(equal=minimum))
    elif minimum is not None or maximum is not None:
        checks.insert(0, validate.Length(minimum, maximum))
    return fields.List(CardField(parse, notation), validate=checks, **kwargs)


class HandsField(fields.List):
    """A batch of hands (arrays of distinct cards, ``size`` each), parsed in one pass: 10,000 stay cheap."""

    def __init__(self, parse: Any, size: int | None = None, notation: str | None = None, **kwargs: Any) -> None:
        super().__init__(card_list(parse, size, size, notation), **kwargs)
        self.parse = _cached(parse)
        self.size = size

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[list[str]]:
        if not isinstance(value, list):
            raise ValidationError("Not a valid list.")
        hands: list[list[str]] = []
        errors: dict[int, Any] = {}
        for i, hand in enumerate(value):
            if not isinstance(hand, list):
                errors[i] = ["Not a valid list."]
                continue
            if self.size is not None and len(hand) != self.size:
                errors[i] = [f"Length must be {self.size}: a hand holds {self.size} cards, not {len(hand)}."]
                continue
            parsed = []
            for j, text in enumerate(hand):
                try:
                    parsed.append(parse_card_text(self.parse, text))
                except ValidationError as error:
                    errors.setdefault(i, {})[j] = error.messages
            if i not in errors and len(set(parsed)) != len(parsed):
                errors[i] = repeated(parsed)
            hands.append(parsed)
        if errors:
            raise ValidationError(errors)
        return hands


class PlainList(fields.List):
    """A list whose items are already JSON-ready: documented by its item schema, dumped as is."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else list(value)


class SuitField(CardField):
    """A suit in any notation the game accepts; loads to its canonical letter."""

    def __init__(self, parse: Any, notation: str | None = None, **kwargs: Any) -> None:
        kwargs["metadata"] = dict(kwargs.get("metadata") or {})
        kwargs["metadata"].setdefault(
            "description", "A suit: S, H, D, C, a suit symbol (or a suit name in the trick games)."
        )
        if notation is not None:
            kwargs["metadata"]["pattern"] = card_pattern(notation)
        fields.String.__init__(self, **kwargs)
        self.parse = _cached(parse)
        self.hidden = False


class TupleList(fields.List):
    """A JSON array that loads to a tuple (states are immutable)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> tuple[Any, ...]:
        return tuple(super()._deserialize(value, attr, data, **kwargs))
