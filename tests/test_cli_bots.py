"""``card-arbiter suggest`` and ``card-arbiter play`` (in-process): the suggestion the service gives, and a whole
deal against the bots in the terminal."""

from __future__ import annotations

import json

from click.testing import CliRunner

from service.cli import main
from service.cli_bots import said


def dealt(runner: CliRunner, game: str, players: int) -> dict:
    answer = runner.invoke(main, ["deal", game, "--players", str(players), "--seed", "cli-bots", "--json"])
    assert answer.exit_code == 0, answer.output
    return json.loads(answer.output)


def test_suggest_prints_the_services_move_and_every_candidate(tmp_path):
    runner = CliRunner()
    deal = dealt(runner, "briscola", 2)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(deal))
    shown = runner.invoke(main, ["suggest", "briscola", str(path), "--level", "easy", "--json"])
    assert shown.exit_code == 0, shown.output
    answer = json.loads(shown.output)
    text = runner.invoke(main, ["suggest", "briscola", str(path), "--level", "easy"])
    assert text.output.splitlines()[0].startswith(said(answer["action"]))
    assert len(text.output.splitlines()) == 3 + len(answer["considered"])  # the move, the header and its rule


def test_suggest_names_a_seat_that_may_not_act(tmp_path):
    runner = CliRunner()
    deal = dealt(runner, "briscola", 2)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(deal["state"]))
    idle = 1 - deal["state"]["to_act"]
    refused = runner.invoke(main, ["suggest", "briscola", str(path), "--seat", str(idle)])
    assert refused.exit_code == 2 and "/seat" in refused.output


def test_play_gives_a_person_a_whole_deal_against_the_bots():
    answers = "\n".join(["1"] * 40) + "\n"
    played = CliRunner().invoke(main, ["play", "briscola", "--level", "easy", "--seed", "t"], input=answers)
    assert played.exit_code == 0, played.output
    assert "your move" in played.output and "  1. seat 0 plays " in played.output
    assert "seat 1 plays " in played.output  # the bot's moves in words
    assert played.output.rstrip().splitlines()[-4].startswith("seat  winner  points")


def test_play_asks_a_betting_seat_for_its_amount():
    answers = "\n".join(["2", "3"] * 20) + "\n"
    played = CliRunner().invoke(main, ["play", "old-brag", "--level", "easy", "--seed", "t"], input=answers)
    assert played.exit_code == 0, played.output
    assert "payouts" in played.output
