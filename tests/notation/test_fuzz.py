"""A fuzzer over the reader (Hypothesis): canonical texts of every game, mutated (a character inserted, deleted
or replaced, a line break or comment put in, a token swapped), either read as a record or match whose canonical
text reads as itself, or are refused with the notation error at a position inside the text; never another
exception. A short run in the default suite, a long one behind the ``exhaustive`` marker."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.notation import NotationError
from service.rules.registry import GAMES
from tests.notation.texts import formatted, parsed
from tests.simulation import play

ALPHABET = ' \t\r\n[]{}();"\\=,.-0123456789sSpPaAbBcCdDhHkKqQtTwWxX♣♥♠♦äÖ\ufeff'
"""The characters mutations draw from: the notation's punctuation, digits and letters of its words."""


@cache
def seeds() -> list[tuple[str, str]]:
    """One canonical text per game: a seeded deal played to the end."""
    texts = []
    for game_id, game in GAMES.items():
        deal = play(game, game.min_players, "fuzz")
        kind, record = parsed(game_id, formatted(game_id, "record", deal.record()))
        texts.append((game_id, formatted(game_id, kind, record)))
    return texts


def mutate(text: str, data: Any) -> str:
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, len(text)))
        how = data.draw(st.sampled_from(["insert", "delete", "replace", "cut", "swap"]))
        piece = data.draw(st.text(ALPHABET, min_size=1, max_size=3))
        if how == "insert":
            text = text[:where] + piece + text[where:]
        elif how == "delete":
            text = text[:where] + text[where + len(piece) :]
        elif how == "replace":
            text = text[:where] + piece + text[where + len(piece) :]
        elif how == "cut":
            text = text[:where]
        else:
            words = text.split(" ")
            i, j = data.draw(st.integers(0, len(words) - 1)), data.draw(st.integers(0, len(words) - 1))
            words[i], words[j] = words[j], words[i]
            text = " ".join(words)
    return text


def check(game_id: str, text: str) -> None:
    try:
        kind, record = parsed(game_id, text)
    except NotationError as error:
        lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
        assert 1 <= error.line <= len(lines), (error, text)
        assert 1 <= error.column <= len(lines[error.line - 1]) + 1, (error, text)
        assert error.code and error.expected
        return
    again = formatted(game_id, kind, record)
    assert parsed(game_id, again) == (kind, record)
    assert formatted(game_id, *parsed(game_id, again)) == again


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_texts(data: Any) -> None:
    game_id, text = data.draw(st.sampled_from(seeds()))
    check(game_id, mutate(text, data))


@pytest.mark.exhaustive
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_texts_at_length(data: Any) -> None:
    game_id, text = data.draw(st.sampled_from(seeds()))
    check(game_id, mutate(text, data))


@settings(max_examples=150, deadline=None)
@given(st.text(ALPHABET, max_size=60), st.sampled_from(list(GAMES)))
def test_any_short_text(text: str, game_id: str) -> None:
    check(game_id, text)
