"""``card-arbiter analyze`` (in-process): each decision of a record in words with its label and loss, as
``records/analyze`` answers, and each seat's accuracy; a refusal exits 2."""

from __future__ import annotations

import json

from click.testing import CliRunner

from service.cli import main
from service.cli.common import action_text

TEXT = '[Game "briscola"]\n[Players "2"]\n[Dealer "0"]\n[Seed "cli-analysis"]\n1. s1 play {0} s0 play {1}\n'


def test_analyze_says_each_decision_and_each_seats_accuracy(tmp_path):
    runner = CliRunner()
    dealt = json.loads(runner.invoke(main, ["deal", "briscola", "-n", "2", "--seed", "cli-analysis", "--json"]).output)
    first, second = dealt["state"]["seats"][1]["hand"][0], dealt["state"]["seats"][0]["hand"][0]
    path = tmp_path / "record.txt"
    path.write_text(TEXT.format(first, second))
    asked = ["analyze", "briscola", str(path), "--level", "easy"]
    answer = json.loads(runner.invoke(main, [*asked, "--json"]).output)
    shown = runner.invoke(main, asked)
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    for decision in answer["decisions"]:
        step = f"{decision['index'] + 1}. "
        line = next(x for x in lines if x.startswith(step))
        assert line.startswith(f"{step}{action_text('briscola', decision['action'])}: {decision['label']}")
        if decision["loss"] > 0:
            assert f", {decision['loss']:.1f} points lost (best: {decision['best']['action']['card']})" in line
    for seat in answer["summary"]:
        said = f"seat {seat['seat']}: accuracy {seat['accuracy']:.1f} over {seat['decisions']} decision(s)"
        assert any(line.startswith(said) for line in lines)


def test_analyze_one_seat_of_a_json_record_and_a_refusal(tmp_path):
    runner = CliRunner()
    record = {"players": 2, "dealer": 0, "seed": "s", "actions": [{"seat": 1, "type": "fold"}]}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    shown = runner.invoke(main, ["analyze", "three-card-brag", str(path), "--seat", "1", "--level", "easy"])
    assert shown.exit_code == 0, shown.output
    (line,) = [x for x in shown.output.splitlines() if x.startswith("1. seat 1 folds: ")]
    assert "points" not in line and ("lost" not in line or " chips lost (best: " in line)
    assert [line.split(":")[0] for line in shown.output.splitlines() if line.startswith("seat ")] == ["seat 1"]
    refused = runner.invoke(main, ["analyze", "three-card-brag", str(path), "--seat", "5"])
    assert refused.exit_code == 2 and "/seats/0" in refused.output


def test_analyze_a_table_record_says_the_decisions_left_out(tmp_path):
    """Three Card Brag, seat 1's hand never shown: its bet after looking is left out, and its line says so."""
    actions = [
        {"seat": 1, "type": "look"},
        {"seat": 1, "type": "bet", "amount": 2},
        {"seat": 0, "type": "look"},
        {"seat": 0, "type": "see"},
    ]
    record = {"players": 2, "dealer": 0, "seen": {"hands": [["3S", "3H", "3D"]]}, "actions": actions}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(record))
    shown = CliRunner().invoke(main, ["analyze", "three-card-brag", str(path), "--level", "easy"])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert lines[0].startswith("verdict: undecided") and not any(x.startswith("2. ") for x in lines)
    (seat,) = [x for x in lines if x.startswith("seat 1: ")]
    assert seat.endswith("; 1 left out, its cards never shown")
