"""``card-arbiter evaluate``, ``compare`` and ``equity``: hands of a hand game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from service.cli.common import (
    ArbiterCommand,
    BadInput,
    Context,
    emit,
    hands_of,
    options_of,
    stacked,
    table,
)


def hands_command(given: str) -> Callable[[Callable[..., None]], Any]:
    """A command over hands of a game: GAME, then the hands (or cards) ``given`` on the line or in ``--hands
    FILE``, and ``--options``."""
    return stacked(
        click.command(cls=ArbiterCommand),
        click.argument("game"),
        click.argument(given, nargs=-1),
        click.option("--hands", "hands_file", type=click.Path(allow_dash=True), help="A JSON list of hands."),
        click.option("--options", help="Rule options as a JSON object."),
        click.pass_obj,
    )


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


@click.command(cls=ArbiterCommand)
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
