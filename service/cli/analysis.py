"""``card-arbiter analyze GAME FILE``: what each decision of a record cost (docs/api.md 19, docs/analysis.md), in
words: one line a decision, "12. seat 0 plays 3S: mistake, 8.4 points lost (best: KS)", then each seat's
accuracy, and a table record's decisions left out (the seat's cards never shown). It asks the service's
``records/analyze`` as every command asks (in-process, or ``--url``)."""

from __future__ import annotations

from typing import Any

import click

from service.cli.common import BadInput, Context, action_text, emit, file_command

LEVELS = ("easy", "normal")


@file_command("analyze")
@click.option("--seat", "seats", type=int, multiple=True, help="A seat to analyse (repeat it; default: every seat).")
@click.option("--level", type=click.Choice(LEVELS), default="normal", show_default=True)
@click.option("--seed", help='Seeds each decision\'s samples (default "suggest").')
def analyze(ctx: Context, game: str, file: str, seats: tuple[int, ...], level: str, seed: str | None) -> None:
    """Each decision of the record in FILE (JSON, or written as text; - reads stdin) weighed as actions/suggest
    weighs it, labelled best, good, inaccuracy, mistake or blunder by its loss, and each seat's accuracy."""
    body: dict[str, Any] = {**_record_body(file), "level": level}
    if seats:
        body["seats"] = list(seats)
    if seed is not None:
        body["seed"] = seed
    answer = ctx.ask("POST", f"/v1/{game}/records/analyze", body)
    if ctx.as_json:
        emit(answer)
        return
    unit = "points" if ctx.ask("GET", f"/v1/{game}")["kind"] == "trick" else "chips"
    click.echo(analysis_text(game, answer, unit))


def _record_body(file: str) -> dict[str, Any]:
    """``{record}`` or ``{notation}`` from a file: a text, a record, or a body holding one."""
    from service.cli.records import records_of

    try:
        found = list(records_of(file))
    except OSError as error:
        raise BadInput(f"{file}: {error}") from None
    if len(found) != 1 or not isinstance(found[0][1], dict | str):
        raise BadInput(f"{file}: one record, as JSON or as text")
    record = found[0][1]
    if isinstance(record, str):
        return {"notation": str(record)}
    if "record" in record or "notation" in record:
        return {k: record[k] for k in ("record", "notation") if k in record}
    return {"record": record}


def analysis_text(game: str, answer: dict[str, Any], unit: str) -> str:
    """The decisions one a line, then each seat's accuracy and labels."""
    lines = [f"verdict: {answer['verdict']}, analysed at {answer['level']}"]
    for d in answer["decisions"]:
        head = f"{d['index'] + 1}. {action_text(game, d['action'])}: {d['label']}"
        if d["loss"] > 0:
            head += f", {d['loss']:.1f} {unit} lost (best: {_named(game, d['best']['action'])})"
        lines.append(head)
    for seat in answer["summary"]:
        unseen = seat.get("unseen", 0)
        left = f"; {unseen} left out, its cards never shown" if unseen else ""
        if not seat["decisions"]:
            lines.append(f"seat {seat['seat']}: no decision{left}")
            continue
        labels = ", ".join(f"{count} {name}" for name, count in seat["labels"].items() if count)
        lines.append(
            f"seat {seat['seat']}: accuracy {seat['accuracy']:.1f} over {seat['decisions']} decision(s), "
            f"{seat['loss']:.1f} {unit} lost ({labels}){left}"
        )
    return "\n".join(lines)


def _named(game: str, action: dict[str, Any]) -> str:
    """The best action, short: a card played by its code, else in words without the seat."""
    if action["type"] == "play":
        return str(action["card"])
    return action_text(game, action).split(" ", 2)[2]
