"""The engine's fast copy of frozen dataclasses (service/rules/frozen.py) makes what dataclasses.replace makes."""

from __future__ import annotations

import dataclasses

import pytest

from service.rules.frozen import evolve
from service.rules.tricks import Trick


def test_evolve_changes_what_it_is_told_and_refuses_unknown_fields():
    trick = Trick(1, ("AS", "3S"), 0, 21)
    assert evolve(trick, points=0) == dataclasses.replace(trick, points=0)
    assert trick.points == 21
    with pytest.raises(TypeError):
        evolve(trick, nothing=1)
