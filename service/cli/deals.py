"""``card-arbiter deal``: a deal by the seeded shuffle, its state in words."""

from __future__ import annotations

from typing import Any

import click

from service.cli.common import (
    ArbiterCommand,
    Context,
    emit,
    options_of,
    table,
)


@click.command(cls=ArbiterCommand)
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
