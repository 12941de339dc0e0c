"""``card-arbiter suggest`` and ``card-arbiter play``: the service's suggestions (API.md 17) from a shell.

``suggest GAME STATE.json`` prints the move the service suggests for a seat and every candidate it weighed;
``play GAME`` is a deal in the terminal against the service's bots: the seat's cards and the table drawn in text,
its legal moves numbered from 1, the bots' moves said in words. Both talk to the service as every command does
(in-process, or ``--url``), through its own endpoints only.
"""

from __future__ import annotations

from typing import Any

import click

from service.cli import ArbiterCommand, BadInput, Context, emit, read_json, result_table, table

LEVELS = ("easy", "normal", "hard")
VERBS = {
    "play": "plays",
    "bid": "bids",
    "pass": "passes",
    "choose_suit": "calls the suit",
    "bet": "bets",
    "call": "calls",
    "raise": "raises to",
    "fold": "folds",
    "see": "pays to see",
    "look": "looks at the cards",
    "hit": "takes a card",
    "stand": "stands",
    "exchange": "exchanges",
    "declare": "declares",
    "exchange_seven": "exchanges the trump seven for the turn-up",
    "exchange_turnup": "exchanges for the turn-up",
    "announce": "announces",
}


def said(action: dict[str, Any]) -> str:
    """An action in words: ``seat 1 plays AS``, ``seat 2 bids 3``, ``seat 0 raises to 4``."""
    verb = VERBS.get(action["type"], action["type"])
    parts = []
    for key in ("card", "rank", "suit", "amount"):
        if key in action:
            parts.append(str(action[key]))
    if "min" in action:
        parts.append(f"{action['min']}..{action['max'] if action['max'] is not None else ''}")
    if "points" in action:
        parts.append(f"{action['points']} points")
    if "discard" in action:
        parts.append(f"{len(action['discard'])} card(s)" if action["discard"] else "none (keeps all)")
    if "melds" in action:
        parts.append(", ".join(f"{m['kind']} {' '.join(m['cards'])}" for m in action["melds"]))
    if "assignments" in action:
        parts.append(", ".join(f"{t} as {c}" for t, c in action["assignments"].items()))
    return f"seat {action['seat']} {verb}{(' ' + ' '.join(parts)) if parts else ''}"


@click.command("suggest", cls=ArbiterCommand)
@click.argument("game")
@click.argument("state_file", metavar="STATE.json", type=click.Path(allow_dash=True))
@click.option("--seat", type=int, help="The seat to suggest for (default: the seat to act).")
@click.option("--level", type=click.Choice(LEVELS), default="normal", show_default=True)
@click.option("--seed", help='Seeds the sampling of hidden cards (default "suggest").')
@click.pass_obj
def suggest(ctx: Context, game: str, state_file: str, seat: int | None, level: str, seed: str | None) -> None:
    """The move the service suggests for a seat of STATE.json (a state, or an answer holding one), from what that
    seat may see."""
    data = read_json(state_file)
    state = data.get("state", data) if isinstance(data, dict) else data
    body: dict[str, Any] = {"state": state, "level": level}
    if seat is not None:
        body["seat"] = seat
    if seed is not None:
        body["seed"] = seed
    answer = ctx.ask("POST", f"/v1/{game}/actions/suggest", body)
    if ctx.as_json:
        return emit(answer)
    click.echo(f"{said(answer['action'])}   ({answer['policy']}, level {answer['level']})")
    rows = [[i, said(c["action"]), c["value"], c["samples"]] for i, c in enumerate(answer["considered"], 1)]
    click.echo(table(rows, ["#", "candidate", "value", "samples"]))


def drawn(state: dict[str, Any], seat: int) -> str:
    """The table as ``seat`` sees it, in a few lines of text."""
    lines = []
    for key in ("trump", "turn_up", "called_card", "pot", "main_pot", "stake", "level"):
        if state.get(key) is not None:
            lines.append(f"{key.replace('_', ' ')}: {state[key]}")
    for key in ("stock", "talon"):
        if key in state:
            lines.append(f"{key}: {len(state[key])} card(s)")
    if state.get("trick"):
        lines.append(f"trick: {' '.join(state['trick'])} (led by seat {state.get('leader')})")
    for record in state["seats"]:
        mine = "you" if record["seat"] == seat else f"seat {record['seat']}"
        extra = [f"{k} {record[k]}" for k in ("points", "card_points", "score", "put_in", "staked") if k in record]
        extra += ["folded"] if record.get("folded") else []
        lines.append(f"{mine}: {' '.join(record['hand']) or '-'}{('   ' + ', '.join(extra)) if extra else ''}")
    return "\n".join(lines)


def chosen(listed: dict[str, Any], hand: list[str]) -> dict[str, Any]:
    """A listed action made submittable by asking the person: an amount, a discard."""
    action = {k: v for k, v in listed.items() if k not in ("min", "max", "max_cards", "domains")}
    if "min" in listed:
        top = listed["max"] if listed["max"] is not None else listed["min"] + 100
        action["amount"] = click.prompt("amount", type=click.IntRange(listed["min"], top), default=listed["min"])
    if "max_cards" in listed:
        text = click.prompt(f"discard (up to {listed['max_cards']} of {' '.join(hand)}; empty keeps all)", default="")
        action["discard"] = text.replace(",", " ").split()
    return action


@click.command("play", cls=ArbiterCommand)
@click.argument("game")
@click.option("--players", type=int, help="Players at the table (default: the fewest the game takes).")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat.")
@click.option("--level", type=click.Choice(LEVELS), default="normal", show_default=True, help="The bots' level.")
@click.option("--seed", default="play", show_default=True, help="The deal's seed (and the bots').")
@click.pass_obj
def play(ctx: Context, game: str, players: int | None, seat: int, level: str, seed: str) -> None:
    """A deal of GAME in the terminal against the service's bots: your moves numbered from 1, theirs in words."""
    entry = ctx.ask("GET", f"/v1/{game}")
    players = players or entry["players"]["min"]
    if not 0 <= seat < players:
        raise BadInput(f"--seat is a seat of the table: 0..{players - 1}")
    answered = ctx.ask("POST", f"/v1/{game}/deals", {"players": players, "dealer": (seat + 1) % players, "seed": seed})
    state = answered["state"]
    while state["to_act"] is not None:
        action = _move(ctx, game, state, seat, level, seed)
        answered = ctx.ask("POST", f"/v1/{game}/actions", {"state": state, "action": action})
        state = answered["state"]
    click.echo("\n" + drawn(state, seat))
    if answered.get("result"):
        click.echo(result_table(answered["result"], players))


def _move(ctx: Context, game: str, state: dict[str, Any], seat: int, level: str, seed: str) -> dict[str, Any]:
    """The person's move (asked, when it is their turn) or a bot's (said in words)."""
    if state["to_act"] == seat:
        mine = ctx.ask("POST", f"/v1/{game}/states/view", {"state": state, "seat": seat})["state"]
        legal = ctx.ask("POST", f"/v1/{game}/legal-actions", {"state": state})["actions"]
        own = [a for a in legal if a["seat"] == seat]
        click.echo("\n" + drawn(mine, seat))
        for number, listed in enumerate(own, 1):
            click.echo(f"  {number}. {said(listed)}")
        pick = click.prompt("your move", type=click.IntRange(1, len(own)))
        return chosen(own[pick - 1], mine["seats"][seat]["hand"])
    body = {"state": state, "level": level, "seed": seed}
    action: dict[str, Any] = ctx.ask("POST", f"/v1/{game}/actions/suggest", body)["action"]
    click.echo(said(action))
    return action


__all__ = ["play", "said", "suggest"]
