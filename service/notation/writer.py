"""The writer: a record or a match (plain JSON, canonical codes) as canonical text (docs/notation.md N-W1 ...),
the reader's exact inverse: tags in a fixed order, one trick or betting round per line after its move number,
single spaces, LF line ends."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from service.notation.grammar import Shape, Signature, signatures
from service.notation.reader import NOTATION
from service.notation.tokens import quoted
from service.notation.values import write_entries
from service.rules.game import Game
from service.rules.trick_game import TrickGame


def write(game: Game[Any, Any, Any], kind: str, data: dict[str, Any], tags: dict[str, str] | None = None) -> str:
    """The canonical text of the ``record`` or ``match`` ``data`` of ``game`` (with ``tags``, the other tags)."""
    lines = [_tag("Notation", NOTATION), _tag("Game", game.id), _tag("Players", str(data["players"]))]
    lines += [_tag(name, value) for name, value in (tags or {}).items()]
    for name in ("options", "carry"):
        if data.get(name) is not None:
            lines.append(_tag(name.capitalize(), write_entries(data[name])))
    if kind == "record":
        lines.append("")
        lines += _deal(game, data["players"], data, None)
    else:  # a match of one deal is written as its record is: no Deal tag (a text of one deal reads as a record)
        single = len(data["deals"]) == 1
        for index, deal in enumerate(data["deals"]):
            lines.append("")
            lines += _deal(game, data["players"], deal, None if single else index)
    return "\n".join(lines) + "\n"


def _tag(name: str, value: str) -> str:
    return f"[{name} {quoted(value)}]"


def _deal(game: Game[Any, Any, Any], players: int, deal: dict[str, Any], index: int | None) -> list[str]:
    lines = [] if index is None else [_tag("Deal", str(index))]
    lines.append(_tag("Dealer", str(deal["dealer"])))
    if "seed" in deal:
        lines.append(_tag("Seed", deal["seed"]))
    elif "deck" in deal:
        lines.append(_tag("Deck", " ".join(deal["deck"])))
    else:
        lines += _seen(deal["seen"])
    known = signatures(game)
    words = [action_text(known[a["type"]], a) for a in deal["actions"]]
    for number, (start, end) in enumerate(rounds(game, players, deal["actions"]), 1):
        lines.append(f"{number}. " + " ".join(words[start:end]))
    return lines


def _seen(seen: dict[str, Any]) -> list[str]:
    """A table deal's tags (N-T9): ``Hands`` (each seat's as seen, ``/`` between, ``-`` for a hand nobody saw), and
    ``TurnUp`` where it was seen; ``Hands`` always where there is no turn-up."""
    lines = []
    if "hands" in seen or "turn_up" not in seen:
        hands = seen.get("hands") or []
        lines.append(_tag("Hands", " / ".join("-" if hand is None else " ".join(hand) for hand in hands)))
    if "turn_up" in seen:
        lines.append(_tag("TurnUp", seen["turn_up"]))
    return lines


def action_text(signature: Signature, action: dict[str, Any]) -> str:
    """One action's words: ``s<seat> <type>`` and its fields (N-A2)."""
    words = [f"s{action['seat']}", signature.type]
    for field in signature.fields:
        if field.name not in action or action[field.name] is None:
            continue
        value, shape = action[field.name], field.shape
        if field.keyword:
            words.append(field.name)
        if shape is Shape.CARDS:
            words += value
        elif shape is Shape.PAIRS:
            words += [f"{trump}={card}" for trump, card in value.items()]
        elif shape is Shape.MELDS:
            words += [f"{meld['kind']}({' '.join(meld['cards'])})" for meld in value]
        else:
            words.append(f"{value}{field.suffix}")
    return " ".join(words)


def rounds(game: Game[Any, Any, Any], players: int, actions: Sequence[dict[str, Any]]) -> Iterator[tuple[int, int]]:
    """Where each line's actions start and end (N-W3): a trick game's line ends after each trick's last play (every
    ``players``-th play), and the actions before the deal's first play have a line of their own when more than one
    seat takes them (an auction); another game's line is one round of the table: it ends before an action whose
    seat comes earlier in the order of play, counted from the line's first seat, than the action before it. One
    pass: a line's seats are kept as it grows, never counted again."""
    start, plays = 0, 0
    seats: set[int] = set()
    trick_game = isinstance(game, TrickGame)
    for i, action in enumerate(actions):
        if i > start and _breaks(trick_game, players, seats, actions[start]["seat"], actions[i - 1], action, plays):
            yield start, i
            start, seats = i, set()
        seats.add(action["seat"])
        if trick_game and action["type"] == "play":
            plays += 1
            if plays % players == 0:
                yield start, i + 1
                start, seats = i + 1, set()
    if start < len(actions):
        yield start, len(actions)


def _breaks(
    trick_game: bool,
    players: int,
    seats: set[int],
    first: int,
    last: dict[str, Any],
    action: dict[str, Any],
    plays: int,
) -> bool:
    """Whether ``action`` starts a new line after a line of ``seats``, from seat ``first``, ending with ``last``."""
    if trick_game:
        return plays == 0 and action["type"] == "play" and len(seats) > 1
    seat: int = action["seat"]
    return bool((seat - first) % players < (last["seat"] - first) % players)


__all__ = ["action_text", "rounds", "write"]
