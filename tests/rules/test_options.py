"""Option validation: strict types, allowed values, ranges, unknown names, every problem listed."""

from __future__ import annotations

import pytest

from service.rules.errors import InvalidInput
from service.rules.options import build_options
from service.rules.three_card_brag.options import BragOptions


def test_defaults():
    assert build_options(BragOptions, None) == BragOptions()
    assert build_options(BragOptions, {}).a23_rank == "highest"


@pytest.mark.parametrize(
    ("raw", "pointer"),
    [
        ({"ante": "1"}, "/options/ante"),
        ({"ante": True}, "/options/ante"),
        ({"blind_allowed": 1}, "/options/blind_allowed"),
        ({"a23_rank": "middle"}, "/options/a23_rank"),
        ({"ante": -1}, "/options/ante"),
        ({"ante": None}, "/options/ante"),
        ({"nope": 1}, "/options/nope"),
    ],
)
def test_rejects(raw, pointer):
    with pytest.raises(InvalidInput) as caught:
        build_options(BragOptions, raw)
    assert [p.pointer for p in caught.value.problems] == [pointer]


def test_lists_every_problem_and_accepts_null_where_nullable():
    with pytest.raises(InvalidInput) as caught:
        build_options(BragOptions, {"ante": "x", "min_bet": 0, "zz": 1})
    assert len(caught.value.problems) == 3
    assert build_options(BragOptions, {"max_bet": None, "max_raise_increment": 4}).max_raise_increment == 4
