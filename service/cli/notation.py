"""``card-arbiter format`` and ``card-arbiter parse``: records and matches as text (docs/api.md section 16) from a
shell, through the service's ``records/format`` and ``records/parse``; and what ``card-arbiter adjudicate`` needs
to take a text file (told by its content, not its name) or JSON Lines of texts. A text that does not parse is
printed the way compilers print an error: ``FILE:LINE:COLUMN: code: message``, the line quoted, a caret under
the column."""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import click

from service.cli.common import EXIT_BAD_INPUT, Arbiter, BadInput, Context, emit, file_command, read_json

INVALID_NOTATION = "/invalid-notation"
NOT_A_RECORD = "not_a_record"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class Text(str):
    """A record or match written as text: the whole of a file that is not JSON."""


_TAG = re.compile(r"\[\s*[A-Za-z][A-Za-z0-9_]*\s+\"")
"""The opening of a tag line, ``[Name "``: a text's first line, never JSON's."""


def is_text(content: str) -> bool:
    """Whether a file's content is a text rather than JSON or JSON Lines: its first line that holds anything is
    not JSON, and does not begin as JSON does (``{``, or a ``[`` that opens no tag ``[Name "value"]``), so a
    JSON file with an error in it is reported as invalid JSON, not read as a text."""
    for line in content.lstrip("\ufeff").splitlines():
        if line.strip():
            try:
                json.loads(line)
            except ValueError:
                start = line.lstrip()
                return not (start.startswith("{") or (start.startswith("[") and not _TAG.match(start)))
            return False
    return False


def notation_body(item: Any) -> Any:
    """The request body for one item of a file: a text (or a JSON string, a text) as ``{"notation"}``."""
    if isinstance(item, str):
        return {"notation": str(item)}
    return item


def is_invalid_notation(answer: Any) -> bool:
    return isinstance(answer, dict) and str(answer.get("type", "")).endswith(INVALID_NOTATION)


def error_text(source: str, text: str, answer: dict[str, Any]) -> str:
    """``SOURCE:LINE:COLUMN: code: message``, the line quoted and a caret under the column."""
    (item,) = answer["errors"][:1]
    line, column = item["line"], item["column"]
    lines = _LINE_BREAK.split(text.lstrip("\ufeff"))
    quoted = lines[line - 1] if 0 < line <= len(lines) else ""
    caret = "".join(c if c == "\t" else " " for c in quoted[: column - 1]) + "^"
    return f"{source}:{line}:{column}: {item['code']}: {item['detail']}\n    {quoted}\n    {caret}"


def adjudicated_text(arbiter: Arbiter, game: str, body: dict[str, Any]) -> tuple[int, Any]:
    """A text's verdict: as a record, or (a text of several deals) as a match."""
    status, answer = arbiter.call("POST", f"/v1/{game}/records/adjudicate", body)
    if status == 422 and is_invalid_notation(answer) and answer["errors"][0].get("code") == NOT_A_RECORD:
        status, answer = arbiter.call("POST", f"/v1/{game}/matches/adjudicate", body)
    return status, answer


def _read_text(path: str) -> str:
    try:
        with click.open_file(path, encoding="utf-8") as handle:
            return str(handle.read())
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"{path}: {error}") from None


@file_command("format")
def format_(ctx: Context, game: str, file: str) -> None:
    """Write a record or a match (FILE: JSON, the record or match itself or {record} / {match}) as canonical text."""
    data = read_json(file)
    if not isinstance(data, dict):
        raise BadInput(f"{file}: expected a JSON object: a record, a match, or {{record}} / {{match}}")
    if "record" not in data and "match" not in data:
        data = {"match" if "deals" in data else "record": data}
    answer = ctx.ask("POST", f"/v1/{game}/records/format", data)
    if ctx.as_json:
        return emit(answer)
    click.echo(answer["notation"], nl=False)


@file_command("parse")
def parse(ctx: Context, game: str, file: str) -> None:
    """Read a record or a match written as text (FILE) and print it as JSON: {record} or {match}."""
    text = _read_text(file)
    status, answer = ctx.arbiter.call("POST", f"/v1/{game}/records/parse", {"notation": text})
    if status == 422 and is_invalid_notation(answer):
        if ctx.as_json:
            emit(answer)
        click.echo(error_text(file, text, answer), err=True)
        sys.exit(EXIT_BAD_INPUT)
    if status != 200:
        ctx.ask("POST", f"/v1/{game}/records/parse", {"notation": text})  # says the problem, exits
    click.echo(json.dumps(answer, ensure_ascii=False, indent=None if ctx.as_json else 2))


__all__ = ["Text", "adjudicated_text", "error_text", "format_", "is_text", "notation_body", "parse"]
