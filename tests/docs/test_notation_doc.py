"""Every notation example of docs/notation.md runs: a ``notation`` block is canonical (it reads, and writes back
as itself), a ``notation lenient`` block reads as the record of the canonical block after it, a ``notation error
LINE:COLUMN CODE [GAME]`` block is refused so (read for GAME's path when given), and a ``notation complete`` block
(a whole deal) adjudicates complete. The rule ids have headings, and every game has a whole deal."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from service.notation import NotationError
from service.notation.errors import Code
from service.rules.registry import GAMES
from tests.docs.markdown import FENCE, anchored_ids
from tests.notation.texts import formatted, parsed

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
TEXT = DOC.read_text(encoding="utf-8")
GAME = re.compile(r'^\[Game "([^"]+)"\]', re.M)


def blocks() -> list[tuple[int, str, str]]:
    """Every fenced block whose info string starts with ``notation``: its line, info string and text."""
    found, lines, i = [], TEXT.splitlines(keepends=True), 0
    while i < len(lines):
        opened = FENCE.match(lines[i].rstrip("\n"))
        if opened and opened.group(2).startswith("notation"):
            start, body = i + 1, []
            i += 1
            while lines[i].rstrip("\n") != opened.group(1):
                body.append(lines[i])
                i += 1
            found.append((start, opened.group(2), "".join(body)))
        i += 1
    return found


BLOCKS = blocks()


def game_of(text: str) -> str:
    named = GAME.search(text)
    return named.group(1) if named else "briscola"


@pytest.mark.parametrize(("line", "info", "text"), BLOCKS, ids=[f"line-{b[0]}" for b in BLOCKS])
def test_every_notation_example(client: Any, line: int, info: str, text: str) -> None:
    kind, *rest = info.split()[1:] or ["canonical"]
    game_id = game_of(text)
    if kind == "error":
        where, code, *path = rest
        game_id = path[0] if path else game_id
        with pytest.raises(NotationError) as raised:
            parsed(game_id, text)
        assert f"{raised.value.line}:{raised.value.column}" == where and raised.value.code == Code(code)
        return
    read_kind, record = parsed(game_id, text)
    if kind == "lenient":
        following = next(b for b in BLOCKS if b[0] > line)
        assert following[1] == "notation"
        assert formatted(game_id, read_kind, record) == following[2]
        return
    assert formatted(game_id, read_kind, record) == text
    if kind == "complete":
        answer = client.post(f"/v1/{game_id}/records/adjudicate", json={"notation": text}).get_json()
        assert answer["verdict"] == "complete", answer.get("error")


def test_a_whole_deal_of_every_game() -> None:
    games = {game_of(text) for _, info, text in BLOCKS if info == "notation complete"}
    assert games == set(GAMES)


def test_every_rule_has_its_heading_and_every_code_is_listed() -> None:
    ids = anchored_ids(TEXT)
    assert {"N-L1", "N-T1", "N-T5", "N-D1", "N-A1", "N-E1", "N-W3"} <= ids
    for code in Code:
        assert f"`{code.value}`" in TEXT
