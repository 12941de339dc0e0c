"""What every command of ``card-arbiter`` shares (imports none of the command modules).

In-process by default (the same Flask app the HTTP service runs, through its test client, so the answers are
the service's own), or against a running service with ``--url``. Readable output, ``--json`` for machines.
Exit status: 0 done (a record complete or in progress), 1 an illegal record, 2 bad input (the problem is
printed), 3 the service could not be reached or failed.

The shared options (``--json``, ``--url``, ``--timeout``: ``SHARED_OPTIONS``) go before or after the subcommand,
with the same meaning; given in both places, the one after wins (the last word, as a shell user expects). The
group class ``ArbiterGroup`` adds them to every command and subgroup it holds (a command module's
``@click.command(cls=ArbiterCommand)``, added to ``main`` in ``service/cli/__init__.py``; a subgroup's commands),
so a new subcommand takes them without a line of its own: it reads their values from its
``Context`` (``ctx.as_json``, ``ctx.arbiter``, ``ctx.settings``), built on first use from the last ones given.
A command that talks to no service (``serve``) opts out with ``cls=click.Command``. Adding an option every
command shares is one more entry in ``SHARED_OPTIONS``.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import importlib
import json
from collections.abc import Callable, Iterator
from typing import Any, Protocol

import click
from click.core import ParameterSource

from service.referee.problems import item_said
from service.referee.sentences import TextSayer

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_UNAVAILABLE = 0, 1, 2, 3
GUNICORN_CONFIG = "python:service.gunicorn_conf"  # the settings ship in the package: found from any directory


class Arbiter(Protocol):
    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """(HTTP status, decoded JSON answer)."""


@contextlib.contextmanager
def lasting() -> Iterator[None]:
    """Build what lasts as long as the command (the app, an archive's records) with the cyclic collector off, then
    out of its sight (``gc.freeze``, as service/wsgi.py does): no collection scans them again, and ``--jobs``
    workers forked after it do not copy their pages by touching them."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()


@functools.cache
def _app() -> Any:
    with lasting():
        from service.api.app import create_app

        return create_app({"WARM_TABLES": False})  # tables are built when a hand first needs them


def _headers(language: str | None) -> dict[str, str]:
    """The request headers for ``--lang``: ``Accept-Language`` (none without it)."""
    return {"Accept-Language": language} if language else {}


class InProcess:
    """The service's own app, answered in this process."""

    def __init__(self, language: str | None = None) -> None:
        self.client = _app().test_client()
        self.headers = _headers(language)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        response = self.client.open(path, method=method, json=body, headers=self.headers)
        return response.status_code, response.get_json(silent=True)


class Remote:
    """A running service (``--url``)."""

    def __init__(self, url: str, timeout: float, language: str | None = None) -> None:
        import requests

        self.url, self.timeout, self.session = url.rstrip("/"), timeout, requests.Session()
        self.session.headers.update(_headers(language))

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        import requests

        try:
            response = self.session.request(method, self.url + path, json=body, timeout=self.timeout)
        except requests.RequestException as error:
            raise Unavailable(f"cannot reach {self.url}: {error}") from error
        try:
            return response.status_code, response.json()
        except ValueError:
            raise Unavailable(f"{self.url}{path} answered {response.status_code} without JSON") from None


class Unavailable(click.ClickException):
    exit_code = EXIT_UNAVAILABLE


class BadInput(click.ClickException):
    exit_code = EXIT_BAD_INPUT


SETTINGS = "card_arbiter.settings"  # the shared options' values, in the root context's ``meta``


def _shared(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    """Record a shared option: the root's value (given, from the environment or the default), then any given
    on the command line after a subcommand, the later winning."""
    settings = ctx.find_root().meta.setdefault(SETTINGS, {})
    if param.name not in settings or ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE:
        settings[param.name] = value


def _shared_option(*names: str, **attrs: Any) -> Callable[[], click.Option]:
    return lambda: click.Option(list(names), expose_value=False, callback=_shared, **attrs)


SHARED_OPTIONS = (
    _shared_option("--url", envvar="CARD_ARBITER_URL", help="A running service (else the engine in-process)."),
    _shared_option("--json", "as_json", is_flag=True, help="JSON for machines (JSON Lines for many records)."),
    _shared_option(
        "--timeout", type=float, default=30.0, show_default=True, help="Seconds to wait for the service (--url)."
    ),
    _shared_option(
        "--lang",
        "language",
        envvar="CARD_ARBITER_LANG",
        help="Descriptions in this language (sent as Accept-Language: sv, sr-Latn, it...); English by default.",
    ),
)


class ArbiterCommand(click.Command):
    """A command that takes the shared options too (after its own in ``--help``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.extend(make() for make in SHARED_OPTIONS)


class ArbiterGroup(ArbiterCommand, click.Group):
    """A group whose commands and subgroups all take the shared options. ``lazy`` names commands by their module
    (``{"play": "service.cli.suggestions:play"}``): each is imported when first asked for."""

    command_class = ArbiterCommand
    group_class = type  # a subgroup is an ArbiterGroup too

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, str] = {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            module, name = self.lazy[cmd_name].split(":")
            self.add_command(getattr(importlib.import_module(module), name), cmd_name)
        return super().get_command(ctx, cmd_name)


def stacked(*steps: Callable[[Any], Any]) -> Callable[[Callable[..., None]], Any]:
    """The decorators ``steps``, written top down, as one (the first, a ``click.command``, outermost)."""

    def decorate(command: Callable[..., None]) -> Any:
        for step in reversed(steps):
            command = step(command)
        return command

    return decorate


def file_command(name: str) -> Callable[[Callable[..., None]], Any]:
    """A command ``NAME GAME FILE`` (FILE a path, or - for stdin) given the :class:`Context`; its options are
    declared below it."""
    return stacked(
        click.command(name, cls=ArbiterCommand),
        click.argument("game"),
        click.argument("file", type=click.Path(allow_dash=True)),
        click.pass_obj,
    )


class Context:
    """What a command needs: the shared options' values and the service they name (made on first use)."""

    def __init__(self, settings: dict[str, Any]) -> None:
        self.settings = settings

    @property
    def as_json(self) -> bool:
        return bool(self.settings["as_json"])

    @functools.cached_property
    def arbiter(self) -> Arbiter:
        url, language = self.settings["url"], self.settings["language"]
        return Remote(url, self.settings["timeout"], language) if url else InProcess(language)

    def ask(self, method: str, path: str, body: Any = None) -> Any:
        """The answer of a request that must succeed; a problem exits 2 (3 for a 5xx), printed."""
        return self.checked(*self.arbiter.call(method, path, body))

    def checked(self, status: int, answer: Any) -> Any:
        """An answer that must be a success: a problem exits 2 (3 for a 5xx), printed."""
        if status >= 500:
            raise Unavailable(f"the service failed ({status}): {problem_text(answer)}")
        if status >= 400:
            if self.as_json:
                emit(answer)
            raise BadInput(problem_text(answer))
        return answer


def emit(value: Any) -> None:
    click.echo(json.dumps(value, ensure_ascii=False))


def problem_text(problem: Any) -> str:
    """A problem+json answer in a few lines: each item in people's words, as the referee page says it
    (service/referee/problems.py: ``Hand 1, card 2 is the same card as card 1.``), its pointer beside it."""
    if not isinstance(problem, dict):
        return str(problem)
    items = problem.get("errors") or []
    head = f"{problem.get('status')} {problem.get('title')}"
    lines = [head if items else f"{head}: {problem.get('detail')}"]
    for item in items[:20]:
        said, pointer = item_said(item)[1], str(item.get("pointer") or "/")
        lines.append(f"  {said}" if pointer in said else f"  {said} ({pointer})")
    if problem.get("code"):
        lines.append(f"  code {problem['code']}, rule {problem.get('rule')}")
    return "\n".join(lines)


def table(rows: list[list[Any]], header: list[str]) -> str:
    """A small text table."""
    cells = [header] + [["" if c is None else str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


@functools.cache
def sayer(game: str) -> TextSayer:
    """The referee page's sentences of ``game`` as plain text (service/referee/sentences.py)."""
    return TextSayer(game)


def action_text(game: str, action: dict[str, Any]) -> str:
    """An action, or a legal action as ``legal-actions`` lists it, in the referee page's words, the same for every
    game: ``seat 0 plays AS``, ``seat 1 raises to 4 or more`` (a free amount's ``min`` and ``max``), ``seat 0
    exchanges up to 4 cards``."""
    said = str(sayer(game).action(action).striptags())
    return said[:1].lower() + said[1:] if said.startswith("Seat ") else said


def amount_text(kind: str, low: int, high: int | None) -> str:
    """A free amount's bounds: the new stake or level a raise goes *to* (docs/api.md section 6)."""
    to = "to " if kind == "raise" else ""
    if high is None:
        return f"{to}{low} or more"
    return f"{to}{low}" if low == high else f"{to}{low} to {high}"


def result_table(result: dict[str, Any], players: int) -> str:
    """Winners, points and payouts per seat."""
    columns = [name for name in ("points", "payouts") if isinstance(result.get(name), list)]
    winners = set(result.get("winners") or [])
    rows = [[seat, "yes" if seat in winners else "", *(result[c][seat] for c in columns)] for seat in range(players)]
    return table(rows, ["seat", "winner", *columns])


def options_of(text: str | None, name: str = "options") -> dict[str, Any]:
    """``{name: object}`` from a ``--options`` (or ``--carry``) JSON object; empty when not given."""
    if text is None:
        return {}
    try:
        value = json.loads(text)
    except ValueError as error:
        raise BadInput(f"--{name} is not JSON: {error}") from None
    if not isinstance(value, dict):
        raise BadInput(f"--{name} is a JSON object")
    return {name: value}


def read_json(path: str) -> Any:
    try:
        return json.loads(click.open_file(path).read())
    except (OSError, ValueError) as error:
        raise BadInput(f"{path}: {error}") from None


def hands_of(cards: tuple[str, ...], hands_file: str | None, split: bool) -> list[list[str]]:
    """Hands from the command line (one hand of CARDs, or with ``split`` one comma-separated hand per argument)
    or from a file (a JSON list of hands, or an object with ``hands``)."""
    if hands_file is not None:
        data = read_json(hands_file)
        hands = data.get("hands") if isinstance(data, dict) else data
        if not isinstance(hands, list):
            raise BadInput(f'{hands_file}: expected a list of hands or {{"hands": [...]}}')
        return hands
    if split:
        return [[card for card in hand.replace(",", " ").split() if card] for hand in cards]
    return [list(cards)] if cards else []
