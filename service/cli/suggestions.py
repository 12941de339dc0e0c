"""``card-arbiter suggest`` and ``card-arbiter play``: the service's suggestions (docs/api.md 17) from a shell.

``suggest GAME STATE.json`` prints the move the service suggests for a seat and every candidate it weighed;
``play GAME`` is a deal in the terminal against the service's bots: the seat's cards and the table drawn in text,
its legal moves numbered from 1 (a fold last) in the referee page's words (a card may be typed for its number),
what happens said in words as the seat sees it (the referee's sentences: every move, each trick taken and its
points, the cards the seat drew); a bad entry is said and asked again. Both talk to the service as every
command does (in-process, or ``--url``), through its own endpoints only.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import click

from service.cli.common import (
    ArbiterCommand,
    BadInput,
    Context,
    TextSayer,
    action_text,
    amount_text,
    emit,
    read_json,
    result_table,
    sayer,
    table,
)

LEVELS = ("easy", "normal", "hard")


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
    click.echo(f"{action_text(game, answer['action'])}   ({answer['policy']}, level {answer['level']})")
    rows = [
        [i, action_text(game, c["action"]), c["value"], c["samples"]] for i, c in enumerate(answer["considered"], 1)
    ]
    click.echo(table(rows, ["#", "candidate", "value", "samples"]))


def drawn(state: dict[str, Any], seat: int) -> str:
    """The table as ``seat`` sees it now, in a few lines of text (the turn-up while it lies on the stock)."""
    lines = []
    pile = state.get("stock", state.get("talon"))
    for key in ("trump", "turn_up", "called_card", "pot", "main_pot", "stake", "level"):
        gone = key == "turn_up" and pile is not None and state.get(key) not in pile
        if state.get(key) is not None and not gone:
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


T = TypeVar("T")


def asked(text: str, parse: Callable[[str], T], default: str = "") -> T:
    """The person's entry as ``parse`` reads it; an entry it refuses (a ValueError) is said, and asked again.
    The end of the input (or ^C) raises click.Abort."""
    while True:
        entry = click.prompt(text, default=default, show_default=bool(default))
        try:
            return parse(entry.strip())
        except ValueError as refused:
            click.echo(f"  {refused}")


def numbered(entry: str, most: int) -> int:
    """A move's number, 1 to ``most``."""
    if entry.isdigit() and 1 <= int(entry) <= most:
        return int(entry)
    raise ValueError(f"{repr(entry) + ' is not a move' if entry else 'no move typed'}: type a number from 1 to {most}")


def move_of(entry: str, own: list[dict[str, Any]], seat: int) -> int | dict[str, Any]:
    """The move typed: its number among ``own`` (1 to their count), or a card for the seat's move with a card
    (``AS``, ``play 10H``, ``a♠``, ``asso-spade``: any notation the service reads, which is the judge of it)."""
    kinds = {listed["type"] for listed in own if "card" in listed}
    words = entry.split()
    if not words or entry.isdigit() or not kinds:
        return numbered(entry, len(own))
    if len(words) == 2 and words[0].lower() in kinds:
        return {"seat": seat, "type": words[0].lower(), "card": words[1]}
    if len(words) == 1 and ("play" in kinds or len(kinds) == 1):
        return {"seat": seat, "type": "play" if "play" in kinds else kinds.pop(), "card": words[0]}
    raise ValueError(f"{entry!r} is not a move: type a number from 1 to {len(own)}, or a card of your hand")


def amount(entry: str, low: int, high: int | None) -> int:
    """An amount from ``low`` to ``high`` (no limit when None)."""
    if entry.isdigit() and int(entry) >= low and (high is None or int(entry) <= high):
        return int(entry)
    raise ValueError(f"{entry!r} is not an amount here: type {amount_text('bet', low, high)}")


def discard(entry: str, hand: list[str], most: int) -> list[str]:
    """The cards to discard, each a card of ``hand`` as it is shown (any case); nothing keeps them all."""
    codes = {card.lower(): card for card in hand}
    typed = entry.replace(",", " ").split()
    strange = [t for t in typed if t.lower() not in codes]
    if strange:
        raise ValueError(f"{' '.join(strange)}: not a card of your hand; type cards of {' '.join(hand)}, or nothing")
    cards = [codes[t.lower()] for t in typed]
    if len(set(cards)) < len(cards) or len(cards) > most:
        raise ValueError(f"discard each card once, at most {most} of them")
    return cards


def one_of(entry: str, cards: list[str]) -> str:
    """One of ``cards``, as it is shown (any case)."""
    found = [card for card in cards if card.lower() == entry.lower()]
    if not found:
        raise ValueError(f"{entry!r} is none of {' '.join(cards)}")
    return found[0]


def chosen(listed: dict[str, Any], hand: list[str]) -> dict[str, Any]:
    """A listed action made submittable by asking the person: an amount, a discard, what each trump stands for."""
    action = {k: v for k, v in listed.items() if k not in ("min", "max", "max_cards", "domains")}
    if "min" in listed:
        read = functools.partial(amount, low=listed["min"], high=listed["max"])
        action["amount"] = asked("amount", read, default=str(listed["min"]))
    if "max_cards" in listed:
        text = f"discard (up to {listed['max_cards']} of {' '.join(hand)}; empty keeps all)"
        action["discard"] = asked(text, functools.partial(discard, hand=hand, most=listed["max_cards"]))
    if "domains" in listed:
        assignments: dict[str, str] = {}
        for trump, cards in listed["domains"].items():
            first = next((c for c in cards if c not in assignments.values()), cards[0])
            text = f"{trump} stands for (one of {' '.join(cards)})"
            assignments[trump] = asked(text, functools.partial(one_of, cards=cards), default=first)
        action["assignments"] = assignments
    return action


def ordered(legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat's moves as they are numbered: a fold last, so that a careless 1 does not end the hand."""
    return sorted(legal, key=lambda listed: listed["type"] == "fold")


def outcome(result: dict[str, Any], words: TextSayer) -> str:
    """Who won the deal, or that nobody did: a draw on points, else the result's reason in words."""
    winners = result.get("winners") or []
    if winners:
        if len(winners) == 1:
            return f"seat {winners[0]} wins the deal"
        return f"seats {', '.join(str(seat) for seat in winners[:-1])} and {winners[-1]} win the deal"
    reason = result.get("reason")
    said_reason = "a draw" if reason in (None, "points") else words.english("reason", str(reason))
    return f"no seat wins the deal: {said_reason}"


@click.command("play", cls=ArbiterCommand)
@click.argument("game")
@click.option("--players", type=int, help="Players at the table (default: the fewest the game takes).")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat.")
@click.option("--level", type=click.Choice(LEVELS), default="normal", show_default=True, help="The bots' level.")
@click.option("--seed", default="play", show_default=True, help="The deal's seed (and the bots').")
@click.pass_obj
def play(ctx: Context, game: str, players: int | None, seat: int, level: str, seed: str) -> None:
    """A deal of GAME in the terminal against the service's bots: your moves numbered from 1, what happens in
    words (each trick, who takes it and its points). The end of the input leaves the deal unfinished."""
    entry = ctx.ask("GET", f"/v1/{game}")
    players = players or entry["players"]["min"]
    if not 0 <= seat < players:
        raise BadInput(f"--seat is a seat of the table: 0..{players - 1}")
    words = sayer(game)
    body = {"players": players, "dealer": (seat + 1) % players, "seed": seed, "views": [seat]}
    answered = ctx.ask("POST", f"/v1/{game}/deals", body)
    try:
        while True:
            for line in told(words, answered["views"][0]["events"], seat):
                click.echo(line)
            if answered["state"]["to_act"] is None:
                break
            answered = _step(ctx, game, answered, seat, level, seed)
    except click.Abort:
        click.echo("\nno more input: the deal is left unfinished")
        return
    click.echo("\n" + drawn(answered["state"], seat))
    if answered.get("result"):
        click.echo(result_table(answered["result"], players))
        click.echo(outcome(answered["result"], words))


def told(words: TextSayer, events: list[dict[str, Any]], seat: int) -> list[str]:
    """What happened, as the seat sees it: the events in the page's words, then the cards the seat drew (its
    view shows them; the others' stay ``??``)."""
    drew = [e["card"] for e in events if e.get("type") == "draw" and e.get("seat") == seat and e.get("card") != "??"]
    lines = words.lines(events)
    return lines + [f"you drew {' '.join(str(words.card(card).striptags()) for card in drew)}"] if drew else lines


def _step(ctx: Context, game: str, answered: dict[str, Any], seat: int, level: str, seed: str) -> dict[str, Any]:
    """The answer to the next move: the person's (asked, when it is their turn) or a bot's; with the seat's view."""
    state = answered["state"]
    if state["to_act"] == seat:
        return _yours(ctx, game, state, answered["views"][0], seat)
    suggested = ctx.ask("POST", f"/v1/{game}/actions/suggest", {"state": state, "level": level, "seed": seed})
    body = {"state": state, "action": suggested["action"], "views": [seat]}
    return dict(ctx.ask("POST", f"/v1/{game}/actions", body))


def _yours(ctx: Context, game: str, state: dict[str, Any], view: dict[str, Any], seat: int) -> dict[str, Any]:
    """The person's move, asked until the service takes it: a move it refuses is said, and asked again."""
    own = ordered(view["legal_actions"])
    click.echo("\n" + drawn(view["state"], seat))
    for number, listed in enumerate(own, 1):
        click.echo(f"  {number}. {action_text(game, listed)}")
    while True:
        pick = asked("your move (a number or a card)", functools.partial(move_of, own=own, seat=seat))
        action = chosen(own[pick - 1], view["state"]["seats"][seat]["hand"]) if isinstance(pick, int) else pick
        body = {"state": state, "action": action, "views": [seat]}
        status, answer = ctx.arbiter.call("POST", f"/v1/{game}/actions", body)
        if status not in (409, 422):
            return dict(ctx.checked(status, answer))
        if isinstance(pick, int):
            click.echo(f"  the service refused that move ({answer.get('detail')}): choose again")
        else:  # a card typed: the service says what is wrong with it (not a card, not in the hand, not legal)
            click.echo(f"  {answer.get('detail')}; type a number from 1 to {len(own)}, or a card of your hand")


__all__ = ["play", "suggest"]
