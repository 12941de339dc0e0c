"""``card-arbiter adjudicate``: records and matches judged, one file or an archive (JSON, JSON Lines, text)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

import click

from service.api import jsonio
from service.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_ILLEGAL,
    EXIT_OK,
    Arbiter,
    ArbiterCommand,
    BadInput,
    Context,
    Remote,
    Unavailable,
    action_text,
    emit,
    lasting,
    problem_text,
    result_table,
    table,
)
from service.cli.matches import judged_all, match_line, match_text, request_of, where_written
from service.referee.table_words import needed_text, proof_text


def records_of(path: str) -> Iterator[tuple[int, Any]]:
    """(line, record) for one record (a JSON object, or a list of them) or many (JSON Lines); a line that is not
    JSON is yielded as a ``BadInput``."""
    from service.cli.notation import Text, is_text

    text = click.open_file(path, encoding="utf-8").read()
    if is_text(text):  # a record or match written as text (docs/api.md section 16), told by its content
        yield 1, Text(text)
        return
    try:
        whole = jsonio.loads(text)
    except ValueError:
        whole = None
    if isinstance(whole, dict):
        yield 1, whole
        return
    if isinstance(whole, list):
        yield from enumerate(whole, 1)
        return
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                yield number, jsonio.loads(line)
            except ValueError as error:
                yield number, BadInput(f"line {number}: malformed JSON: {error}")


def adjudicated(arbiter: Arbiter, game: str, record: Any) -> tuple[int, Any]:
    """(status, answer) for one record or match (``{"record": ...}`` bodies, with views, are sent as they are)."""
    return unreadable(arbiter, game, record) or arbiter.call("POST", *request_of(game, record))


def unreadable(arbiter: Arbiter, game: str, record: Any) -> tuple[int, Any] | None:
    """The answer of a line that is not JSON, or of a text (read here, then judged), else None (sent as it is)."""
    from service.cli.notation import adjudicated_text, notation_body

    if isinstance(record, BadInput):
        return 400, {"status": 400, "title": "Bad Request", "detail": record.message}
    if isinstance(record, str) or (isinstance(record, dict) and "notation" in record):
        return adjudicated_text(arbiter, game, notation_body(record))
    return None


def verdict_of(status: int, answer: Any) -> str:
    if status >= 500:
        raise Unavailable(f"the service failed ({status}): {problem_text(answer)}")
    return answer["verdict"] if status == 200 else "invalid"


def verdict_text(game: str, answer: dict[str, Any], players: int | None) -> str:
    lines = [f"verdict: {answer['verdict']} ({answer['applied']} action(s) applied)"]
    if answer.get("missing") or answer.get("missing_turn_up"):
        lines.append(f"undecided: {needed_text(answer)}")
    error = answer.get("error")
    if error:
        lines.append(f"illegal at action {error['index'] + 1}{where_written(error)}: {error['message']}")
        lines.append(f"  code {error['code']}, rule {error['rule']}")
        if error.get("proof"):
            lines.append("  " + proof_text(error["proof"]))
        lines.append("  legal there: " + ("; ".join(action_text(game, a) for a in error["legal_actions"]) or "nothing"))
    if answer.get("result"):
        lines.append(f"result ({answer['result'].get('reason', 'over')}):")
        count = players or len(answer["result"].get("payouts") or answer["result"].get("points") or [])
        lines.append(result_table(answer["result"], count))
    return "\n".join(lines)


@click.command(cls=ArbiterCommand)
@click.argument("game")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, help="Processes judging an archive in-process.")
@click.option("--concurrency", "-c", type=click.IntRange(1, 256), default=1, help="Requests in flight with --url.")
@click.pass_obj
def adjudicate(ctx: Context, game: str, files: tuple[str, ...], jobs: int, concurrency: int) -> None:
    """Settle a record or a match (FILE: one JSON record or match, or a record or match written as text) or many
    (JSON Lines, one a line: a record, a match, or a text as a JSON string or {"notation": ...}; several FILEs, an
    archive); - reads stdin. Answers come in input order."""
    records = []
    with lasting():
        for file in files:
            try:
                records += list(records_of(file))
            except OSError as error:
                raise BadInput(f"{file}: {error}") from None
    if not records:
        raise BadInput(f"{' '.join(files)}: no record")
    if len(records) == 1:
        _, record = records[0]
        status, answer = adjudicated(ctx.arbiter, game, record)
        verdict = verdict_of(status, answer)
        if ctx.as_json:
            emit(answer)
        elif verdict == "invalid":
            from service.cli.notation import Text, error_text, is_invalid_notation

            text = record if isinstance(record, Text) else None
            shown = error_text(files[0], text, answer) if text is not None and is_invalid_notation(answer) else None
            click.echo(shown or problem_text(answer), err=True)
        elif "standings" in answer:
            click.echo(match_text(answer, table))
        else:
            click.echo(verdict_text(game, answer, _players(record)))
        sys.exit(_exit_status(Counter([verdict])))
    verdicts: Counter[str] = Counter()
    lines: list[str] = []
    url = ctx.settings["url"]
    remote = (lambda: Remote(url, ctx.settings["timeout"], ctx.settings["language"]).call) if url else None
    arbiter = ctx.arbiter  # built before any --jobs worker forks, which judge with it
    as_json = ctx.as_json

    def told(index: int, judged: tuple[int, Any]) -> tuple[str, str]:
        """An item's verdict and its line, made where it was judged (a --jobs worker sends back only these)."""
        status, answer = judged
        verdict = verdict_of(status, answer)
        if as_json:
            return verdict, jsonio.dump_bytes(answer).decode()
        return verdict, _one_line(records[index][0], verdict, answer)

    outcomes = judged_all(
        game,
        [record for _, record in records],
        lambda record: adjudicated(arbiter, game, record),
        told,
        jobs=jobs,
        concurrency=concurrency,
        remote=remote,
        unsent=lambda record: unreadable(arbiter, game, record),
    )
    with click.progressbar(
        outcomes, length=len(records), label=f"adjudicating {len(records)} records", file=sys.stderr
    ) as bar:
        for verdict, line in bar:
            verdicts[verdict] += 1
            lines.append(line)
    for line in lines:
        click.echo(line)
    summary = ", ".join(
        f"{verdicts[v]} {v.replace('_', ' ')}"
        for v in ("complete", "in_progress", "undecided", "illegal", "invalid")
        if v != "undecided" or verdicts[v]  # told only where a table record was undecided
    )
    click.echo(f"{len(records)} records: {summary}", err=ctx.as_json)
    sys.exit(_exit_status(verdicts))


def _players(record: Any) -> int | None:
    inner = record.get("record", record) if isinstance(record, dict) else None
    return inner.get("players") if isinstance(inner, dict) and isinstance(inner.get("players"), int) else None


def _one_line(number: int, verdict: str, answer: Any) -> str:
    if verdict == "invalid":
        return f"line {number}: invalid: {problem_text(answer).splitlines()[0]}"
    if "standings" in answer:
        return match_line(number, answer)
    if verdict == "illegal":
        error = answer["error"]
        return f"line {number}: illegal at action {error['index'] + 1} ({error['code']}, rule {error['rule']})"
    if answer.get("missing") or answer.get("missing_turn_up"):
        return f"line {number}: undecided: {needed_text(answer)}"
    winners = (answer.get("result") or {}).get("winners")
    return f"line {number}: {verdict}" + (f", winners {winners}" if winners is not None else "")


def _exit_status(verdicts: Counter[str]) -> int:
    if verdicts["invalid"]:
        return EXIT_BAD_INPUT
    return EXIT_ILLEGAL if verdicts["illegal"] else EXIT_OK
