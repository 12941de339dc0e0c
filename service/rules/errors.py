"""Typed errors of the engine. Each carries a stable ``code``; rule violations carry a rule id."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

EXCERPT_LENGTH = 40
"""The most characters of client input that a message repeats."""


def excerpt(text: object, limit: int = EXCERPT_LENGTH) -> str:
    """A short, quoted, printable excerpt of client input for a message: at most ``limit`` characters, with
    control characters, odd spaces and lone surrogates escaped (``'\\ud800'``) and ``…`` when cut."""
    value = text if isinstance(text, str) else repr(text)
    return f"'{printable(value[:limit])}'" + ("…" if len(value) > limit else "")


def printable(text: str) -> str:
    """``text`` with every character that is not printable (controls, odd spaces, lone surrogates) escaped."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: a stable code, a JSON pointer into the input, a message."""

    code: str
    message: str
    pointer: str = ""

    def at(self, prefix: str) -> Problem:
        """The same problem with ``prefix`` put before its pointer."""
        return Problem(self.code, self.message, prefix + self.pointer)


class EngineError(Exception):
    """Base of all engine errors."""


class CardError(EngineError, ValueError):
    """A card code that does not name a card of the game's pack."""


class InvalidInput(EngineError):
    """Input that breaks the contract (bad cards, bad options, bad hands); every problem listed."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


class InvalidState(EngineError):
    """A state that is inconsistent (card conservation, hand sizes, turn, chips); every problem listed."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


@dataclass
class IllegalAction(EngineError):
    """A well-formed action that the rules forbid in this state. Nothing is changed."""

    code: str
    rule: str
    message: str
    legal_actions: list[dict[str, Any]] = field(default_factory=list)

    def __str__(self) -> str:
        return self.message
