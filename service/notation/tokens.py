"""The tokenizer: one regular expression of named groups over the whole text (python-chess's ``chess.pgn`` is
the model), every token with its 1-based line and column. Whitespace, line breaks and comments (``{...}``,
``;`` to the end of the line) are skipped; a byte-order mark at the start is dropped."""

from __future__ import annotations

import re
from enum import Enum
from typing import NamedTuple

from service.notation.errors import Code, NotationError

BOM = "\ufeff"


class Kind(Enum):
    OPEN = "["
    CLOSE = "]"
    LPAREN = "("
    RPAREN = ")"
    STRING = "string"
    MOVE = "move number"
    WORD = "word"
    END = "end of text"


class Token(NamedTuple):
    kind: Kind
    text: str
    line: int
    column: int


_SCANNER = re.compile(
    r"""(?P<space>[^\S\r\n]+)
    |(?P<newline>\r\n|\r|\n)
    |(?P<brace>\{[^}]*\})
    |(?P<semicolon>;[^\r\n]*)
    |(?P<open>\[)|(?P<close>\])|(?P<lparen>\()|(?P<rparen>\))
    |(?P<string>"(?:[^"\\\r\n]|\\[^\r\n])*")
    |(?P<move>\d+\.+)
    |(?P<word>[^\s\[\]{}();"]+)
    """,
    re.VERBOSE,
)
_KINDS = {
    "open": Kind.OPEN,
    "close": Kind.CLOSE,
    "lparen": Kind.LPAREN,
    "rparen": Kind.RPAREN,
    "string": Kind.STRING,
    "move": Kind.MOVE,
    "word": Kind.WORD,
}
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def tokenize(text: str) -> list[Token]:
    """Every token of ``text``, then one ``END`` (at the position just after the last character)."""
    if text.startswith(BOM):
        text = text[1:]
    tokens: list[Token] = []
    append, match = tokens.append, _SCANNER.match
    line, start, pos, size = 1, 0, 0, len(text)
    while pos < size:
        found = match(text, pos)
        if found is None:
            raise _stray(text, pos, line, pos - start + 1)
        group = found.lastgroup
        end = found.end()
        if group == "newline":
            line, start = line + 1, end
        elif group == "brace":
            breaks = list(_LINE_BREAK.finditer(text, pos, end))
            if breaks:
                line, start = line + len(breaks), breaks[-1].end()
        elif group in _KINDS:
            append(Token(_KINDS[group], found.group(), line, pos - start + 1))
        pos = end
    append(Token(Kind.END, "", line, pos - start + 1))
    return tokens


def _stray(text: str, pos: int, line: int, column: int) -> NotationError:
    char = text[pos]
    if char == "{":
        return NotationError(line, column, Code.unterminated_comment, "'}' to close the comment opened here")
    if char == '"':
        return NotationError(line, column, Code.unterminated_string, "a closing '\"' on the same line")
    return NotationError(line, column, Code.unexpected_character, "a tag, a move number or an action", repr(char))


_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def string_value(token: Token) -> tuple[str, list[int]]:
    """A tag's value (a JSON string: PGN's ``\\"`` and ``\\\\`` and JSON's other escapes) and, for each of its
    characters, the column of the source text it was read from."""
    raw, column = token.text, token.column
    out: list[str] = []
    columns: list[int] = []
    i, end = 1, len(raw) - 1
    while i < end:
        char = raw[i]
        if char != "\\":
            out.append(char)
            columns.append(column + i)
            i += 1
            continue
        escape = raw[i + 1]
        if escape in _ESCAPES:
            out.append(_ESCAPES[escape])
            columns.append(column + i)
            i += 2
            continue
        if escape == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", raw[i + 2 : i + 6]):
            code = int(raw[i + 2 : i + 6], 16)
            out.append(chr(code))
            columns.append(column + i)
            i += 6
            continue
        raise NotationError(token.line, column + i, Code.malformed_tag, 'an escape of JSON (\\", \\\\, \\n, \\u00e4)')
    text = "".join(out)
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        text = _paired(token, text, columns)
    return text, columns


def _paired(token: Token, text: str, columns: list[int]) -> str:
    """``text`` with each ``\\uD83C\\uDCA1``-style surrogate pair joined into its one character (columns kept in
    step); a lone surrogate is refused (no JSON answer could hold it)."""
    out: list[str] = []
    kept: list[int] = []
    i = 0
    while i < len(text):
        high, low = ord(text[i]), ord(text[i + 1]) if i + 1 < len(text) else 0
        if 0xD800 <= high <= 0xDBFF and 0xDC00 <= low <= 0xDFFF:
            out.append(chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)))
            kept.append(columns[i])
            i += 2
        elif 0xD800 <= high <= 0xDFFF:
            raise NotationError(token.line, columns[i], Code.malformed_tag, "a surrogate pair, not a lone surrogate")
        else:
            out.append(text[i])
            kept.append(columns[i])
            i += 1
    columns[:] = kept
    return "".join(out)


def quoted(value: str) -> str:
    """``value`` as a tag's quoted value: ``"`` and ``\\`` escaped, control characters as JSON escapes."""
    out = ['"']
    for char in value:
        if char in '"\\':
            out.append("\\" + char)
        elif ord(char) < 0x20 or char in "\u2028\u2029\x7f" or 0xD800 <= ord(char) <= 0xDFFF:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


__all__ = ["BOM", "Kind", "Token", "quoted", "string_value", "tokenize"]
