"""``card-arbiter adjudicate`` with table records (docs/api.md 18, in-process): an undecided verdict says in words
whose cards must be shown; an illegal one what proves it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from service.cli import main
from service.conformance.cases.records import TRUMP_DECIDES, briscola_table_record
from tests.api.test_table_records import CARD_SEEN

BRAG = {
    "players": 3,
    "dealer": 0,
    "seen": {"hands": [None, ["3S", "3H", "3D"]]},
    "actions": [
        {"seat": 1, "type": "look"},
        {"seat": 1, "type": "bet", "amount": 2},
        {"seat": 2, "type": "fold"},
        {"seat": 0, "type": "look"},
        {"seat": 0, "type": "see"},
    ],
}
"""Three Card Brag: seat 0 sees seat 1, whose prial was written down; seat 0's three cards were not."""


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout


def adjudicated(tmp_path: Path, game: str, record: dict[str, Any]) -> tuple[int, str]:
    """``card-arbiter adjudicate GAME FILE`` of ``record`` written to a file: the exit code and what it printed."""
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(record))
    return run("adjudicate", game, str(path))


def test_an_undecided_table_record_says_whose_cards_must_be_shown(tmp_path):
    code, out = adjudicated(tmp_path, "three-card-brag", BRAG)
    assert code == 0 and out.splitlines()[:2] == [
        "verdict: undecided (5 action(s) applied)",
        "undecided: seat 0 must show its three cards",
    ]
    lines = tmp_path / "records.jsonl"
    shown = {**BRAG, "seen": {"hands": [["AS", "KS", "QS"], ["3S", "3H", "3D"]]}}
    lines.write_text(json.dumps(BRAG) + "\n" + json.dumps(shown) + "\n")
    code, out = run("adjudicate", "three-card-brag", str(lines))
    assert code == 0 and out.splitlines() == [
        "line 1: undecided: seat 0 must show its three cards",
        "line 2: complete, winners [1]",
        "2 records: 1 complete, 0 in progress, 1 undecided, 0 illegal, 0 invalid",
    ]


def test_an_illegal_table_record_says_what_proves_it(tmp_path):
    code, out = adjudicated(tmp_path, "briscola", CARD_SEEN)
    assert code == 1 and "  proved by action 2, with the hands seen: seat 0 holding nothing; seat 1 holding " in out


def test_a_record_whose_turn_up_must_be_shown_says_so(tmp_path):
    """Briscola without its turn-up, the last trick the trump decides (tests/rules/test_seen.py): undecided."""
    code, out = adjudicated(tmp_path, "briscola", briscola_table_record(TRUMP_DECIDES))
    assert code == 0 and out.splitlines()[:2] == [
        "verdict: undecided (40 action(s) applied)",
        "undecided: the turn-up must be shown",
    ]
