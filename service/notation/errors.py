"""The one error of the notation: where (1-based line and column of the offending word), a stable code, and
what was expected there (docs/notation.md, "Errors")."""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """Every code a text that does not parse is refused with (docs/notation.md N-E1 ... )."""

    unexpected_character = "unexpected_character"
    unterminated_comment = "unterminated_comment"
    unterminated_string = "unterminated_string"
    malformed_tag = "malformed_tag"
    duplicate_tag = "duplicate_tag"
    misplaced_tag = "misplaced_tag"
    missing_tag = "missing_tag"
    unsupported_notation = "unsupported_notation"
    wrong_game = "wrong_game"
    invalid_number = "invalid_number"
    invalid_option = "invalid_option"
    deal_out_of_order = "deal_out_of_order"
    expected_action = "expected_action"
    unknown_action = "unknown_action"
    missing_field = "missing_field"
    invalid_assignment = "invalid_assignment"
    invalid_meld = "invalid_meld"
    invalid_value = "invalid_value"
    not_a_record = "not_a_record"


class NotationError(ValueError):
    """A text that does not parse: the first error found (the reader stops there and never repairs)."""

    def __init__(self, line: int, column: int, code: Code, expected: str, found: str = "") -> None:
        self.line, self.column, self.code, self.expected, self.found = line, column, code, expected, found
        super().__init__(self.detail)

    @property
    def detail(self) -> str:
        """The message: what was found (when it says more than the code) and what was expected."""
        found = f"{self.found}; " if self.found else ""
        return f"{found}expected {self.expected}"

    def item(self) -> dict[str, object]:
        """The error as the 422's ``errors`` item (docs/api.md section 16)."""
        return {
            "pointer": "/notation",
            "line": self.line,
            "column": self.column,
            "code": str(self.code),
            "detail": self.detail,
            "expected": self.expected,
        }

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.code}: {self.detail}"


__all__ = ["Code", "NotationError"]
