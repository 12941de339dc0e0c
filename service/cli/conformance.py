"""``card-arbiter conformance generate`` and ``card-arbiter conformance run`` (docs/api.md section 14)."""

from __future__ import annotations

import fnmatch
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from service.conformance import pack_dir
from service.conformance.expectations import Expectations

EXIT_OK, EXIT_UNEXPECTED, EXIT_BAD_INPUT, EXIT_UNAVAILABLE = 0, 1, 2, 3


@click.group()
def conformance() -> None:
    """The conformance pack: vectors any implementation of the API can be checked against."""


@conformance.command()
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder to write the pack to (default: the checkout's conformance/, see below).",
)
def generate(out: Path | None) -> None:
    """Build the vectors from the engine (the service's own answers, in-process): the same bytes every time.

    Without --out: the conformance/ of the checkout the package runs from, or, installed (as bin/serve installs
    it), of the checkout you are in, if the installed code is that checkout's; elsewhere ./conformance."""
    from service.conformance.generate import IncompletePack, pack, write
    from service.conformance.target import target

    started = time.perf_counter()
    why = ""
    if out is None:
        chosen = target(Path.cwd())
        if chosen.differs:
            shown = ", ".join(chosen.differs[:5]) + (", ..." if len(chosen.differs) > 5 else "")
            click.echo(
                f"conformance generate: the installed package is not the code of {chosen.folder.parent} "
                f"({len(chosen.differs)} files differ: {shown}); install it again (bin/serve does) or give --out",
                err=True,
            )
            sys.exit(EXIT_BAD_INPUT)
        out, why = chosen.folder, f" ({chosen.why})"
    try:
        files = pack()
    except IncompletePack as error:
        click.echo(f"conformance generate: {error}", err=True)
        sys.exit(EXIT_UNEXPECTED)
    write(out, files)
    total = sum(data.count(b"\n") for name, data in files.items() if name.endswith(".jsonl"))
    size = sum(len(data) for data in files.values())
    click.echo(f"{total} vectors, {size / 1e6:.1f} MB in {out} ({time.perf_counter() - started:.1f} s){why}")


def warn_unused(
    expectations: Expectations, vectors: list[dict[str, Any]], games: tuple[str, ...], strict: bool
) -> None:
    """Each entry of the expectations file that applies to no vector, on standard error; with ``strict``, exit 2.
    With --game, an entry for other games (its id's first part names none of them) is not this run's to judge."""
    unused = expectations.unused(vector["id"] for vector in vectors)
    ours = [(entry, why) for entry, why in unused if not games or fnmatch.filter(games, entry.split("/", 1)[0])]
    for entry, why in ours:
        click.echo(f"conformance run: --expect: {entry}: {why}", err=True)
    if ours and strict:
        click.echo(f"conformance run: --strict: {len(ours)} expectations apply to no vector", err=True)
        sys.exit(EXIT_BAD_INPUT)


def progress_reporter(total: int) -> tuple[Callable[[int], None], Callable[[], None]]:
    """A progress bar on standard error when it is a terminal, else a count every 1,000 vectors."""
    if sys.stderr.isatty():
        bar = click.progressbar(length=total, label="conformance", file=sys.stderr)
        bar.__enter__()
        return (lambda done: bar.update(1)), (lambda: bar.__exit__(None, None, None))

    def count(done: int) -> None:
        if done % 1000 == 0 or done == total:
            click.echo(f"conformance: {done}/{total}", err=True)

    return count, lambda: None


@conformance.command()
@click.option("--url", envvar="CARD_ARBITER_URL", help="A running service (else the service in-process).")
@click.option("--game", "games", multiple=True, help="Only this game's vectors (repeatable; 'service' for the rest).")
@click.option("--junit", type=click.Path(dir_okay=False, path_type=Path), help="Write JUnit XML here.")
@click.option("--expect", "expect_file", type=click.Path(exists=True, dir_okay=False), help="Your expectations file.")
@click.option("--strict", is_flag=True, help="Exit 2 when an entry of --expect applies to no vector.")
@click.option("--pack", "folder", type=click.Path(file_okay=False, path_type=Path), help="The pack's folder.")
@click.option("--timeout", default=30.0, show_default=True, help="Seconds to wait for each answer (--url).")
@click.option("--json", "as_json", is_flag=True, help="The report as one JSON object on stdout.")
def run(
    url: str | None,
    games: tuple[str, ...],
    junit: Path | None,
    expect_file: str | None,
    strict: bool,
    folder: Path | None,
    timeout: float,
    as_json: bool,
) -> None:
    """Replay the vectors and compare whole answers: one line per unexpected result, a summary per game and
    operation (with --json, one JSON object saying the same). Exit 0 when every result is as expected, 1
    otherwise, 2 bad input, 3 service unreachable."""
    from service.cli.common import SETTINGS, emit
    from service.conformance.client import InProcess, Remote, Unreachable
    from service.conformance.junit import write_junit
    from service.conformance.run import (
        UNEXPECTED,
        PackError,
        as_expected,
        load_pack,
        replay,
        report,
        report_line,
        summary,
    )

    settings = click.get_current_context().find_root().meta.get(SETTINGS, {})
    url = url or settings.get("url")  # card-arbiter --url URL conformance run
    as_json = as_json or bool(settings.get("as_json"))  # card-arbiter --json conformance run
    try:
        manifest, vectors = load_pack(folder or pack_dir(), games)
        expectations = Expectations.read(expect_file) if expect_file else None
    except (PackError, ValueError, OSError) as error:
        click.echo(f"conformance run: {error}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    if expectations is not None:
        warn_unused(expectations, vectors, games, strict)
    transport = Remote(url, timeout) if url else InProcess()
    step, done = progress_reporter(len(vectors))
    outcomes = []
    try:
        for outcome in replay(transport, vectors, expectations, step):
            outcomes.append(outcome)
    except Unreachable as error:
        done()
        click.echo(f"conformance run: {error}", err=True)
        sys.exit(EXIT_UNAVAILABLE)
    done()
    against = url or "the service in-process"
    if as_json:
        emit(report(outcomes, manifest.get("rules_version"), against))
    else:
        for outcome in outcomes:
            if outcome.status in UNEXPECTED:
                click.echo(report_line(outcome))
        click.echo(f"pack rules_version {manifest.get('rules_version')}, against {against}")
        click.echo(summary(outcomes))
    if junit is not None:
        write_junit(junit, outcomes)
    sys.exit(EXIT_OK if as_expected(outcomes) else EXIT_UNEXPECTED)
