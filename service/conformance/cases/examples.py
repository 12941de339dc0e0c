"""The worked examples of the rules files (``yaml example`` blocks of ``docs/rules/<game>.md``), each as the
request ``tests/docs/test_examples.py`` sends, citing the rule of the heading it stands under."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

import yaml

from service.api.rules_docs import rules_markdown
from service.conformance.cases.common import post
from service.conformance.vector import Case, slug
from service.rules.game import Game
from service.rules.seats import deal_order

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
RULE_ID = re.compile(r"^(flow|turn|\d+(\([a-z]'*\)\d*)?(/[a-z]+)?|[A-Z]+-A\d+)$")


def blocks(text: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(the rule or section it stands under, the block's YAML) for every ``yaml example`` block."""
    heading = ""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            info, start = line[3:].strip(), i + 1
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                i += 1
            if info == "yaml example":
                yield heading, yaml.safe_load("\n".join(lines[start:i]))
        elif (found := HEADING.match(line)) is not None:
            words = found.group(2).split()
            heading = words[0] if words and RULE_ID.match(words[0]) else found.group(2)
        i += 1


def deck_for(game: Game[Any, Any, Any], deal: dict[str, Any], options: dict[str, Any]) -> list[str]:
    """The whole deck that deals the block's ``hands`` (seat -> cards), then ``then``, then the rest of the
    pack in canonical order (docs/api.md section 5)."""
    parse = game.parse_card
    hands = {int(seat): [parse(c) for c in cards] for seat, cards in (deal.get("hands") or {}).items()}
    then: Sequence[str] = [parse(c) for c in deal.get("then", [])]
    pack = game.pack(deal["players"], game.options(options))
    used = {c for h in hands.values() for c in h} | set(then)
    spare = iter([c for c in pack if c not in used])
    deck = []
    for k in range(max((len(h) for h in hands.values()), default=0)):
        for seat in deal_order(deal["dealer"], deal["players"]):
            hand = hands.get(seat)
            deck.append(hand[k] if hand is not None else next(spare))
    return [*deck, *then, *spare]


def requests(game: Game[Any, Any, Any], block: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(operation, body) for each thing a block shows."""
    options = block.get("options") or {}
    extra = {"options": options} if options else {}
    declared = {"declarations": block["declarations"]} if "declarations" in block else {}
    if "evaluate" in block:
        yield "hands/evaluate", {"hands": [block["evaluate"]], **declared, **extra}
    if "compare" in block:
        yield "hands/compare", {"hands": block["compare"], **declared, **extra}
    if "trick" in block:
        yield "tricks/winner", {**block["trick"], **extra}
    if "melds" in block:
        yield "melds/evaluate", {**block["melds"], **extra}
    if "deal" in block:
        deal = block["deal"]
        refused = block.get("refused")
        record = {
            "players": deal["players"],
            "dealer": deal["dealer"],
            **extra,
            **({"carry": block["carry"]} if "carry" in block else {}),
            **({"seen": deal["seen"]} if "seen" in deal else {"deck": deck_for(game, deal, options)}),  # a table's
            "actions": list(block.get("actions", [])) + ([refused["action"]] if refused else []),
        }
        yield "records/adjudicate", {"record": record}


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    text = rules_markdown(game.id)
    if text is None:
        raise RuntimeError(f"no rules document for {game.id}: generate from a source checkout")
    numbers: dict[str, int] = {}
    for heading, block in blocks(text):
        numbers[heading] = numbers.get(heading, 0) + 1
        rule = block.get("refused", {}).get("rule") if isinstance(block.get("refused"), dict) else None
        title = block.get("title") or f"A worked example of {heading} in docs/rules/{game.id}.md."
        for operation, body in requests(game, block):
            yield post(
                game,
                operation,
                body,
                tuple(r for r in (heading, rule) if r),
                title if title.endswith(".") else title + ".",
                "worked-example",
                f"docs-{slug(heading)}-{numbers[heading]}",
                ["worked-example"],
            )
