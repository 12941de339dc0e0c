"""Accept-Language negotiation (service/rules/language.py): RFC 9110 weights, RFC 4647 lookup, English when
nothing fits, never an error."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.rules.language import MAX_HEADER, negotiate, ranges

SWEDISH = ("en", "sv")
SERBIAN = ("en", "sr-Latn")
ITALIAN = ("en", "sv", "it")


CASES = [
    # an exact tag
    ("sv", SWEDISH, "sv"),  # exact
    ("SV", SWEDISH, "sv"),  # tags are case-insensitive; the answer is the table's tag
    ("sr-latn", SERBIAN, "sr-Latn"),
    ("it", ITALIAN, "it"),
    ("en", SWEDISH, "en"),
    # a region or a longer tag falls back
    ("sv-SE", SWEDISH, "sv"),
    ("sv-FI", SWEDISH, "sv"),
    ("sr-Latn-RS", SERBIAN, "sr-Latn"),
    ("it-CH", ITALIAN, "it"),
    ("en-GB", SWEDISH, "en"),
    ("sv-x-table", SWEDISH, "sv"),  # a private-use singleton goes with its subtag
    # weights order the ranges
    ("de, sv;q=0.5", SWEDISH, "sv"),  # the first acceptable by weight
    ("sv;q=0.5, en;q=0.8", SWEDISH, "en"),
    ("en;q=0.5, sv", SWEDISH, "sv"),  # no q is 1
    ("it;q=0.9, sv;q=0.9", ITALIAN, "it"),  # equal weights: the header's order
    ("sv;q=0.9, it;q=0.9", ITALIAN, "sv"),
    ("sv;q=1.000, it;Q=0.3", ITALIAN, "sv"),
    ("sv;q=0, it", ITALIAN, "it"),
    ("sv ; q=0.7 ,, it;q=0.6", ITALIAN, "sv"),  # spaces and an empty element are allowed
    # the wildcard and refusals
    ("*", SWEDISH, "en"),
    ("fr, *;q=0.1", ITALIAN, "en"),
    ("en;q=0, *", SWEDISH, "sv"),  # q=0 refuses English: "*" takes the next
    ("sv;q=0, *", SWEDISH, "en"),
    ("sv, en;q=0", SWEDISH, "sv"),
]
"""(Accept-Language, the languages a game has, what it negotiates to), by group."""


@pytest.mark.parametrize(("header", "supported", "expected"), CASES)
def test_negotiate(header: str, supported: tuple[str, ...], expected: str) -> None:
    assert negotiate(header, supported) == expected


@pytest.mark.parametrize("header", ["sr", "sr-RS", "SR", "sr-Cyrl"])
def test_serbian_alone_finds_the_seeds_latin_script(header: str) -> None:
    assert negotiate(header, SERBIAN) == "sr-Latn"


@pytest.mark.parametrize("header", [None, "", "fr", "de-DE, fr;q=0.9", "sr", "sv;q=0", "en;q=0"])
def test_nothing_supported_is_english(header: str | None) -> None:
    assert negotiate(header, ("en", "it")) == "en"


@pytest.mark.parametrize(
    "header",
    [";;;", "sv;q=abc", "sv;q=1.5", "sv;q=0.0001", "sv;level=1", "sv_SE", "svenska-språket", "sv;", "=", "\x00sv"],
)
def test_a_malformed_header_is_english(header: str) -> None:
    assert ranges(header) is None
    assert negotiate(header, SWEDISH) == "en"


def test_a_header_past_the_bound_is_english() -> None:
    assert negotiate("sv" + " " * (MAX_HEADER - 2), SWEDISH) == "sv"
    assert negotiate("sv" + " " * (MAX_HEADER - 1), SWEDISH) == "en"
    assert negotiate("de, " * 40 + "sv", SWEDISH) == "en"  # more ranges than are read


@given(st.text(max_size=200))
def test_any_header_answers_a_supported_language(header: str) -> None:
    assert negotiate(header, ITALIAN) in ITALIAN
