"""``card-arbiter``: the service from a shell, for people settling a dispute.

In-process by default (the same Flask app the HTTP service runs, through its test client, so the answers are
the service's own), or against a running service with ``--url``. Readable output, ``--json`` for machines.
Exit status: 0 done (a record complete or in progress), 1 an illegal record, 2 bad input (the problem is
printed), 3 the service could not be reached or failed.

The shared options (``--json``, ``--url``, ``--timeout``: ``SHARED_OPTIONS``) go before or after the subcommand,
with the same meaning; given in both places, the one after wins (the last word, as a shell user expects). The
group class ``ArbiterGroup`` adds them to every command and subgroup made with ``@main.command()`` or
``@main.group()``, so a new subcommand takes them without a line of its own: it reads their values from its
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
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, Protocol

import click
from click.core import ParameterSource

from service.api import jsonio
from service.cli_matches import judged_all, match_line, match_text, request_of, where_written

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_UNAVAILABLE = 0, 1, 2, 3
GUNICORN_CONFIG = "python:service.gunicorn_conf"  # the settings ship in the package: found from any directory


class Arbiter(Protocol):
    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """(HTTP status, decoded JSON answer)."""


@contextlib.contextmanager
def _lasting() -> Iterator[None]:
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
    with _lasting():
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
    """A group whose commands and subgroups all take the shared options. ``lazy`` names commands that live in
    modules importing this one (``{"play": "service.cli_bots:play"}``): each is imported when first asked for, so
    that any of those modules can be imported first (a command added at this module's end would make that a
    circular import)."""

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
    """A problem+json answer in a few lines."""
    if not isinstance(problem, dict):
        return str(problem)
    lines = [f"{problem.get('status')} {problem.get('title')}: {problem.get('detail')}"]
    lines += [f"  {item.get('pointer') or '/'}: {item.get('detail')}" for item in problem.get("errors", [])[:20]]
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


def action_text(action: dict[str, Any]) -> str:
    """An action, or a legal action as ``legal-actions`` lists it, in words: a free amount as its bounds ("raise
    to 4 or more": ``min`` and ``max``, null for no limit), Broggin's exchange as its most cards."""
    words = [str(action.get("type"))]
    if "min" in action:
        words.append(amount_text(action["type"], action["min"], action.get("max")))
    if "max_cards" in action:
        words.append(f"up to {action['max_cards']} cards")
    words += [
        f"{k}={json.dumps(v, ensure_ascii=False)}"
        for k, v in action.items()
        if k not in ("seat", "type", "min", "max", "max_cards")
    ]
    seat = f"seat {action['seat']} " if "seat" in action else ""
    return seat + " ".join(words)


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


@click.group(cls=ArbiterGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.pass_context
def main(ctx: click.Context) -> None:
    """Adjudicate card games: evaluate and compare hands, deal, and settle whole game records.

    --json, --url, --timeout and --lang go before or after the subcommand (card-arbiter adjudicate briscola
    game.json --json); given in both places, the one after the subcommand wins.
    """
    ctx.obj = Context(ctx.meta.setdefault(SETTINGS, {}))


@main.command()
@click.pass_obj
def games(ctx: Context) -> None:
    """Every game served, with its players and pack."""
    catalog = ctx.ask("GET", "/v1/games")
    if ctx.as_json:
        return emit(catalog)
    rows = [[g["id"], g["name"], players_text(g), g["pack_size"], len(g["options"])] for g in catalog["games"]]
    click.echo(table(rows, ["game", "name", "players", "pack", "options"]))


def players_text(entry: dict[str, Any]) -> str:
    """The numbers of players a game takes: "2-17", or each of them where some between are refused ("2, 3, 4,
    6": Briscola's five play Briscola chiamata). The catalog gives the range; the counts within it are the
    engine's, which this command ships with (a game it does not know shows the range)."""
    from service.rules.registry import GAMES

    low, high = entry["players"]["min"], entry["players"]["max"]
    game = GAMES.get(entry["id"])
    counts = [n for n in game.player_counts() if low <= n <= high] if game is not None else []
    if not counts or counts == list(range(low, high + 1)):
        return str(low) if low == high else f"{low}-{high}"
    return ", ".join(map(str, counts))


def hands_command(given: str) -> Callable[[Callable[..., None]], Any]:
    """A command over hands of a game: GAME, then the hands (or cards) ``given`` on the line or in ``--hands
    FILE``, and ``--options``."""
    steps = [
        main.command(),
        click.argument("game"),
        click.argument(given, nargs=-1),
        click.option("--hands", "hands_file", type=click.Path(allow_dash=True), help="A JSON list of hands."),
        click.option("--options", help="Rule options as a JSON object."),
        click.pass_obj,
    ]

    def decorate(command: Callable[..., None]) -> Any:
        for step in reversed(steps):
            command = step(command)
        return command

    return decorate


@hands_command("cards")
def evaluate(ctx: Context, game: str, cards: tuple[str, ...], hands_file: str | None, options: str | None) -> None:
    """Evaluate one hand (CARD...) or every hand of --hands FILE."""
    hands = hands_of(cards, hands_file, split=False)
    if not hands:
        raise BadInput("give the cards of a hand, or --hands FILE")
    answer = ctx.ask("POST", f"/v1/{game}/hands/evaluate", {"hands": hands, **options_of(options)})
    if ctx.as_json:
        return emit(answer)
    rows = [[" ".join(r["hand"]), r["category"], r["strength"], r.get("description", "")] for r in answer["results"]]
    click.echo(table(rows, ["hand", "category", "strength", "description"]))


@hands_command("hands")
def compare(ctx: Context, game: str, hands: tuple[str, ...], hands_file: str | None, options: str | None) -> None:
    """Rank hands, best first: each HAND is its cards separated by commas (AS,KS,QS), or use --hands FILE."""
    listed = hands_of(hands, hands_file, split=True)
    if len(listed) < 1:
        raise BadInput("give hands as AS,KS,QS ... or --hands FILE")
    answer = ctx.ask("POST", f"/v1/{game}/hands/compare", {"hands": listed, **options_of(options)})
    if ctx.as_json:
        return emit(answer)
    results = answer["results"]
    rows = [
        [place, index + 1, " ".join(results[index]["hand"]), results[index]["category"]]
        for place, group in enumerate(answer["ranking"], 1)
        for index in group
    ]
    click.echo(table(rows, ["place", "hand", "cards", "category"]))
    decided = answer.get("deciding_text") or answer.get("deciding")
    click.echo(f"{winners_text(answer['winners'])}; decided by: {decided}")


def winners_text(winners: list[int]) -> str:
    """ "Hand 2 wins", "Hands 1 and 3 tie": hands counted from 1, as typed (the JSON's indexes count from 0)."""
    numbers = [str(index + 1) for index in winners]
    if len(numbers) == 1:
        return f"Hand {numbers[0]} wins"
    return f"Hands {', '.join(numbers[:-1])} and {numbers[-1]} tie"


@main.command()
@click.argument("game")
@click.argument("cards", nargs=-1, required=True)
@click.option("--opponents", "-n", type=int, default=1, show_default=True, help="How many opponents.")
@click.option(
    "--known", multiple=True, help="An opponent's known cards (AD or AD,KS), one option per opponent in order."
)
@click.option("--dead", multiple=True, help="Cards out of play (2C,3D or one per option).")
@click.option("--method", type=click.Choice(["auto", "exact", "monte_carlo"]), default="auto", show_default=True)
@click.option("--samples", type=int, help="Monte Carlo samples (1,000 to 100,000; default 10,000).")
@click.option("--seed", help='Seed of sha256-sample/1 (default "equity").')
@click.option("--options", help="Rule options as a JSON object.")
@click.pass_obj
def equity(
    ctx: Context,
    game: str,
    cards: tuple[str, ...],
    opponents: int,
    known: tuple[str, ...],
    dead: tuple[str, ...],
    method: str,
    samples: int | None,
    seed: str | None,
    options: str | None,
) -> None:
    """How often a hand (CARD...) wins against --opponents N: exact counts or a seeded, replayable Monte Carlo."""
    shown = [cards_of(text) for text in known]
    body: dict[str, Any] = {"hand": list(cards), "method": method, **options_of(options)}
    body["opponents"] = (
        [{"cards": c} for c in shown] + [{"cards": []}] * (opponents - len(shown)) if shown else opponents
    )
    body.update({k: v for k, v in (("dead", cards_of(",".join(dead))), ("samples", samples), ("seed", seed)) if v})
    answer = ctx.ask("POST", f"/v1/{game}/hands/equity", body)
    if ctx.as_json:
        return emit(answer)
    percentile, counts, shares = answer["percentile"], answer["counts"], answer["equity"]
    click.echo(
        f"{' '.join(answer['hand'])}: {answer['description']} ({answer['category']}, strength {answer['strength']})"
    )
    below, equal, total = (f"{percentile[k]:,}" for k in ("below", "equal", "total"))
    click.echo(f"percentile {percentile['value']:.4f}: {below} hands below, {equal} equal, of {total}")
    rows = [[name, f"{counts[name]:,}", f"{shares[name]:.4f}"] for name in ("win", "tie", "lose")]
    click.echo(table([*rows, ["total", f"{counts['total']:,}", ""]], ["outcome", "count", "fraction"]))
    sampled = f"; {answer['samples']:,} samples, seed {answer['seed']!r} ({answer['rng']})" if answer["samples"] else ""
    click.echo(f"share {shares['share']:.4f} ± {answer['standard_error']:.4f} ({answer['method']}{sampled})")


def cards_of(text: str) -> list[str]:
    """Cards separated by commas or spaces."""
    return [card for card in text.replace(",", " ").split() if card]


@main.command()
@click.argument("game")
@click.option("--players", "-n", type=int, required=True, help="Number of players.")
@click.option("--seed", "-s", required=True, help="Seed of the shuffle (sha256-fisher-yates/1).")
@click.option("--dealer", type=int, help="The dealer's seat (the API requires one: 0 unless given).")
@click.option("--options", help="Rule options as a JSON object.")
@click.option("--carry", help="What the deal carries in from the one before, e.g. '{\"pot\": 5}' (a result's carry).")
@click.pass_obj
def deal(
    ctx: Context, game: str, players: int, seed: str, dealer: int | None, options: str | None, carry: str | None
) -> None:
    """Deal from a seed: every seat's cards, the dealer, what the deal carries in, and who acts first."""
    body = {
        "players": players,
        "dealer": DEFAULT_DEALER if dealer is None else dealer,
        "seed": seed,
        **options_of(options),
        **options_of(carry, "carry"),
    }
    answer = ctx.ask("POST", f"/v1/{game}/deals", body)
    if ctx.as_json:
        return emit(answer)
    state = answer["state"]
    seats = [s for s in state.get("seats", []) if isinstance(s, dict) and "hand" in s]
    click.echo(table([[s.get("seat"), " ".join(map(str, s["hand"]))] for s in seats], ["seat", "cards"]))
    given = "" if dealer is not None else f" (the default: --dealer 0 to {players - 1} for another)"
    click.echo(f"dealer: seat {body['dealer']}{given}")
    if carry is not None and isinstance(state.get("carry"), dict):
        click.echo(f"carried in: {carry_text(state['carry'])}")
    trumps = trump_text(state)
    if trumps:
        click.echo(trumps)
    click.echo(f"to act: seat {state.get('to_act')}; deck commitment {answer.get('deck_commitment')}")


DEFAULT_DEALER = 0
"""The seat ``deal`` sends as the dealer when --dealer is not given: ``deals`` requires one (docs/api.md section 2)."""


def carry_text(carry: dict[str, Any]) -> str:
    """What a deal carries in, as its state holds it: "match score 1, 0; pot 5" (a score per seat or team)."""
    parts = []
    for name, value in carry.items():
        shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        parts.append(f"{name.replace('_', ' ')} {shown}")
    return "; ".join(parts)


def trump_text(state: dict[str, Any]) -> str | None:
    """A trick game's trump and turn-up (the card turned up at the deal), or how the trump is to be chosen."""
    if "trump" not in state:
        return None
    turn_up = f"; turn-up {state['turn_up']}" if state.get("turn_up") else ""
    if state["trump"] is None:
        return "trump: not yet chosen (the auction's winner names it)" + turn_up
    return f"trump: {state['trump']}{turn_up}"


def records_of(path: str) -> Iterator[tuple[int, Any]]:
    """(line, record) for one record (a JSON object, or a list of them) or many (JSON Lines); a line that is not
    JSON is yielded as a ``BadInput``."""
    from service.cli_notation import Text, is_text

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
    from service.cli_notation import adjudicated_text, notation_body

    if isinstance(record, BadInput):
        return 400, {"status": 400, "title": "Bad Request", "detail": record.message}
    if isinstance(record, str) or (isinstance(record, dict) and "notation" in record):
        return adjudicated_text(arbiter, game, notation_body(record))
    return None


def verdict_of(status: int, answer: Any) -> str:
    if status >= 500:
        raise Unavailable(f"the service failed ({status}): {problem_text(answer)}")
    return answer["verdict"] if status == 200 else "invalid"


def verdict_text(answer: dict[str, Any], players: int | None) -> str:
    lines = [f"verdict: {answer['verdict']} ({answer['applied']} action(s) applied)"]
    error = answer.get("error")
    if error:
        lines.append(f"illegal at action {error['index'] + 1}{where_written(error)}: {error['message']}")
        lines.append(f"  code {error['code']}, rule {error['rule']}")
        lines.append("  legal there: " + ("; ".join(action_text(a) for a in error["legal_actions"]) or "nothing"))
    if answer.get("result"):
        lines.append(f"result ({answer['result'].get('reason', 'over')}):")
        count = players or len(answer["result"].get("payouts") or answer["result"].get("points") or [])
        lines.append(result_table(answer["result"], count))
    return "\n".join(lines)


@main.command()
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
    with _lasting():
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
            from service.cli_notation import Text, error_text, is_invalid_notation

            text = record if isinstance(record, Text) else None
            shown = error_text(files[0], text, answer) if text is not None and is_invalid_notation(answer) else None
            click.echo(shown or problem_text(answer), err=True)
        elif "standings" in answer:
            click.echo(match_text(answer, table))
        else:
            click.echo(verdict_text(answer, _players(record)))
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
        f"{verdicts[v]} {v.replace('_', ' ')}" for v in ("complete", "in_progress", "illegal", "invalid")
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
    winners = (answer.get("result") or {}).get("winners")
    return f"line {number}: {verdict}" + (f", winners {winners}" if winners is not None else "")


def _exit_status(verdicts: Counter[str]) -> int:
    if verdicts["invalid"]:
        return EXIT_BAD_INPUT
    return EXIT_ILLEGAL if verdicts["illegal"] else EXIT_OK


@main.command(cls=click.Command)  # talks to no service: no shared options
@click.option("--host", default="0.0.0.0", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", type=int, help="gunicorn sync workers (default: WEB_CONCURRENCY or 2 x cores + 1).")
def serve(host: str, port: int, workers: int | None) -> None:
    """Run the service on gunicorn (sync workers) with the package's settings (service/gunicorn_conf.py)."""
    env = {**os.environ, "HOST": host, "PORT": str(port)}
    if workers is not None:
        env["WEB_CONCURRENCY"] = str(workers)
    args = [sys.executable, "-m", "gunicorn", "--config", GUNICORN_CONFIG, "--no-control-socket", "service.wsgi:app"]
    os.execve(sys.executable, args, env)


from service.conformance.commands import conformance  # noqa: E402 - the group is built above

main.add_command(conformance)  # card-arbiter conformance generate | run (service/conformance/commands.py)
main.lazy.update(
    suggest="service.cli_bots:suggest",  # card-arbiter suggest GAME STATE.json | play GAME
    play="service.cli_bots:play",
    format="service.cli_notation:format_",  # card-arbiter format GAME FILE | parse GAME FILE
    parse="service.cli_notation:parse",
)

if __name__ == "__main__":  # pragma: no cover - `python -m service.cli`
    # The lazy commands' modules import this one by its name, service.cli: run that module, not this copy of it
    # under the name __main__, so that every command shares one set of helpers.
    from service.cli import main as _main

    _main()
