"""Strict fields: ``"5"`` is not an integer, ``1`` is not a boolean, a card is parsed by its game."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from marshmallow import ValidationError, fields, validate

from service.rules.cards import HIDDEN
from service.rules.errors import CardError
from service.rules.numbers import json_integer

SAFE_INTEGER = 2**53 - 1
"""The largest integer every JSON client holds exactly; larger ones are refused (and cannot make work)."""


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
        return int(super()._deserialize(number, attr, data, **kwargs))


class StrictBoolean(fields.Boolean):
    """``true`` or ``false`` and nothing else."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("Not a valid boolean.")
        return value


class StrictString(fields.String):
    """A JSON string."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str):
            raise ValidationError("Not a valid string.")
        return value


class CardField(fields.String):
    """A card in any notation the game accepts; loads to the canonical code, dumps it as is."""

    def __init__(self, parse: Any, **kwargs: Any) -> None:
        kwargs.setdefault("metadata", {})
        kwargs["metadata"].setdefault(
            "description", "A card code (API.md section 3); '??' marks a hidden card in views."
        )
        super().__init__(**kwargs)
        self.parse = _cached(parse)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
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


class Hands(list[list[str]]):
    """Parsed hands, with what :class:`HandsField` found wrong beyond the cards' notation (a hand's size, cards
    not in the pack or held twice): the endpoint reports those once the whole request has passed the schema."""

    problems: list[Any]


class HandsField(fields.List):
    """A batch of hands (arrays of cards), every card parsed and every hand checked in one pass: a batch of
    10,000 costs little more than reading its JSON. Documented (and erring) as a list of lists of cards."""

    def __init__(
        self,
        parse: Any,
        hand_problems: Any = None,
        hand_size: int | None = None,
        pack: Any = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(fields.List(CardField(parse)), **kwargs)
        self.parse = _cached(parse)
        self.hand_problems, self.hand_size, self.pack = hand_problems, hand_size, frozenset(pack)
        self.canonical = frozenset(card for card in pack if self.parse(card) == card)
        """The pack's codes that parse to themselves: a hand of hand_size distinct ones is good as sent."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Hands:
        if not isinstance(value, list):
            raise ValidationError("Not a valid list.")
        size, pack, canonical = self.hand_size, self.pack, self.canonical
        hands = Hands()
        errors: dict[int, Any] = {}
        odd: list[int] = []
        for i, hand in enumerate(value):
            if not isinstance(hand, list):
                errors[i] = ["Not a valid list."]
                continue
            try:
                if len(hand) == size and len(canonical.intersection(hand)) == size:
                    hands.append(hand)  # distinct canonical codes of the pack: nothing to parse or check
                    continue
            except TypeError:  # something unhashable: a card's parser says what
                pass
            parsed = [self._parse_card(text, i, j, errors) for j, text in enumerate(hand)]
            if size is not None and (len(parsed) != size or len(set(parsed)) != size or not pack.issuperset(parsed)):
                odd.append(len(hands))
            hands.append(parsed)
        if errors:
            raise ValidationError(errors)
        where = "/" + (self.data_key or self.name or "hands")
        hands.problems = [p for i in odd for p in self.hand_problems(hands[i], f"{where}/{i}")]
        return hands

    def _parse_card(self, text: Any, hand: int, index: int, errors: dict[int, Any]) -> str:
        try:
            return parse_card_text(self.parse, text)
        except ValidationError as error:
            errors.setdefault(hand, {})[index] = error.messages
            return ""


class PlainList(fields.List):
    """A list whose items are already JSON-ready: documented by its item schema, dumped as is."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else list(value)


class SuitField(CardField):
    """A suit in any notation the game accepts; loads to its canonical letter."""

    def __init__(self, parse: Any, **kwargs: Any) -> None:
        kwargs.setdefault("metadata", {})
        kwargs["metadata"].setdefault(
            "description", "A suit: S, H, D, C, a suit symbol (or an Italian suit word in Briscola)."
        )
        super().__init__(parse, **kwargs)


class TupleList(fields.List):
    """A JSON array that loads to a tuple (states are immutable)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> tuple[Any, ...]:
        return tuple(super()._deserialize(value, attr, data, **kwargs))
