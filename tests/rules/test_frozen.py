"""The engine's fast copy of frozen dataclasses (service/rules/frozen.py) makes what dataclasses.replace makes."""

from __future__ import annotations

import dataclasses

import orjson
import pytest

from service.rules.frozen import build, evolve
from service.rules.tricks import Trick


def test_evolve_changes_what_it_is_told_and_refuses_unknown_fields():
    trick = Trick(1, ("AS", "3S"), 0, 21)
    assert evolve(trick, {"points": 0}) == dataclasses.replace(trick, points=0)
    assert trick.points == 21
    with pytest.raises(TypeError):
        evolve(trick, {"nothing": 1})


def test_build_makes_what_init_makes_with_the_fields_in_declaration_order():
    """orjson writes a dataclass's ``__dict__`` in its order: a built value must read exactly as one made by
    ``__init__`` (the engine builds each finished trick this way)."""
    made = Trick(1, ("AS", "3S"), 0, 21)
    built = build(Trick, {"leader": 1, "cards": ("AS", "3S"), "winner": 0, "points": 21})
    assert built == made and hash(built) == hash(made)
    assert list(built.__dict__) == [field.name for field in dataclasses.fields(Trick)] == list(made.__dict__)
    assert orjson.dumps(built) == orjson.dumps(made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.points = 0  # type: ignore[misc]
