"""``card-arbiter suggest`` and ``card-arbiter play`` (in-process): the suggestion the service gives, and a whole
deal against the bots in the terminal."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from click.testing import CliRunner

from service.cli import main
from service.cli.common import InProcess, action_text


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
    assert text.output.splitlines()[0].startswith(action_text("briscola", answer["action"]))
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
    assert played.output.rstrip().splitlines()[-5].startswith("seat  winner  points")
    assert played.output.rstrip().splitlines()[-1] in ("seat 0 wins the deal", "seat 1 wins the deal")


def test_play_asks_a_betting_seat_for_its_amount():
    answers = "\n".join(["2", "3"] * 20) + "\n"
    played = CliRunner().invoke(main, ["play", "old-brag", "--level", "easy", "--seed", "t"], input=answers)
    assert played.exit_code == 0, played.output
    assert "payouts" in played.output


def answers_recorded(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, Any]]:
    """Every answer the in-process service gives from now on, as (path, status, answer)."""
    seen: list[tuple[str, int, Any]] = []
    call = InProcess.call

    def recorded(self: InProcess, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        status, answer = call(self, method, path, body)
        seen.append((path, status, answer))
        return status, answer

    monkeypatch.setattr(InProcess, "call", recorded)
    return seen


def test_play_says_each_trick_as_the_services_events_do(monkeypatch):
    seen = answers_recorded(monkeypatch)
    played = CliRunner().invoke(main, ["play", "briscola", "--level", "easy", "--seed", "t"], input="1\n" * 40)
    assert played.exit_code == 0, played.output
    tricks = [e for path, _, a in seen if path.endswith("/actions") for e in a["events"] if e["type"] == "trick"]
    said = [line for line in played.output.splitlines() if " takes the trick " in line]
    assert len(tricks) == 20 and len(said) == 20
    for trick, line in zip(tricks, said, strict=True):
        points = f"{trick['points']} point{'' if trick['points'] == 1 else 's'}"
        assert line == f"seat {trick['winner']} takes the trick ({' '.join(trick['cards'])}): {points}"
    mine = [
        e["card"] for _, _, a in seen if "events" in a for e in a["events"] if e == {**e, "type": "play", "seat": 0}
    ]
    assert len(mine) == 20 and all(f"seat 0 plays {card}" in played.output.splitlines() for card in mine)


def test_play_draws_the_turn_up_only_while_it_lies_on_the_stock():
    played = CliRunner().invoke(main, ["play", "briscola", "--level", "easy", "--seed", "t"], input="1\n" * 40)
    lines = played.output.splitlines()
    stocks = [
        (int(re.findall(r"\d+", line)[0]), lines[i - 1]) for i, line in enumerate(lines) if line.startswith("stock:")
    ]
    assert any(count == 0 for count, _ in stocks) and any(count > 0 for count, _ in stocks)
    for count, before in stocks:
        assert before.startswith("turn up: ") == (count > 0), (count, before)


@pytest.mark.parametrize(("game", "seed"), [("briscola", "d2"), ("briscan", "d29")])
def test_play_says_a_drawn_deal_is_a_draw(game, seed, monkeypatch):
    """Seeds whose deal, every seat typing 1 against easy bots, ends drawn (the first such of d0, d1, ...): a
    change of the bots' policy may move them, which the first assertion below then says."""
    seen = answers_recorded(monkeypatch)
    played = CliRunner().invoke(main, ["play", game, "--level", "easy", "--seed", seed], input="1\n" * 40)
    assert played.exit_code == 0, played.output
    results = [a["result"] for path, _, a in seen if path.endswith("/actions") and a.get("result")]
    assert results[-1]["winners"] == [], f"{game} {seed} is no longer a drawn deal: find another seed"
    assert played.output.rstrip().splitlines()[-1] == "no seat wins the deal: a draw"


def test_play_reasks_a_bad_entry_and_plays_on_to_the_end():
    entries = ["x", "", "9", "0", "1.5", "play"] + ["1"] * 40
    played = CliRunner().invoke(main, ["play", "briscola", "--level", "easy", "--seed", "t"], input="\n".join(entries))
    assert played.exit_code == 0, played.output
    for wrong in ("no move typed", "'9' is not a move", "'0' is not a move"):
        assert f"{wrong}: type a number from 1 to 3\n" in played.output
    for card in ("x", "1.5", "play"):  # taken for a card, which the service refuses
        assert f"'{card}' is not a card: expected rank then suit" in played.output
    assert played.output.count("; type a number from 1 to 3, or a card of your hand") == 3
    assert "seat 0 wins the deal" in played.output or "seat 1 wins the deal" in played.output


def test_play_reasks_a_broggin_discard_that_is_no_card_of_the_hand():
    entries = ["1", "1", "1", "x9 3sw", "3Sw 3Sw", "3sw"] + ["1"] * 20  # bet, exchange, two bad discards, one good
    played = CliRunner().invoke(main, ["play", "broggin", "--level", "easy", "--seed", "t2"], input="\n".join(entries))
    assert played.exit_code == 0, played.output
    assert "  1: not a card of your hand; type cards of Magician 6St QCu 3Sw, or nothing" in played.output
    assert "  x9: not a card of your hand" in played.output
    assert "  discard each card once, at most 4 of them" in played.output
    assert "seat 0 exchanges 1 card\n" in played.output
    assert "  payouts" in played.output and "wins the deal" in played.output


def test_play_reasks_an_amount_out_of_range():
    entries = ["1", "1", "x", "", "1"] * 10  # bet, then 1 and x refused, the default (the least) taken
    played = CliRunner().invoke(
        main, ["play", "three-card-brag", "--level", "easy", "--seed", "t"], input="\n".join(entries)
    )
    assert played.exit_code == 0, played.output
    assert "'1' is not an amount here: type 2 or more" in played.output
    assert "'x' is not an amount here" in played.output
    assert "seat 0 bets 2" in played.output


@pytest.mark.parametrize("entries", ["", "1\n"])
def test_play_ends_cleanly_when_the_input_ends(entries):
    played = CliRunner().invoke(main, ["play", "broggin", "--level", "easy", "--seed", "t2"], input=entries)
    assert played.exit_code == 0, played.output
    assert played.output.rstrip().endswith("no more input: the deal is left unfinished")
    assert played.exception is None or isinstance(played.exception, SystemExit)


def test_play_lists_a_fold_last_so_a_careless_1_does_not_fold():
    played = CliRunner().invoke(main, ["play", "three-card-brag", "--level", "easy", "--seed", "t"], input="1\n" * 20)
    listed = [line for line in played.output.splitlines() if re.match(r"  \d+\. ", line)]
    assert "  1. seat 0 bets 2 or more" in listed
    assert not any(line.startswith("  1.") and "folds" in line for line in listed)
    assert "  3. seat 0 folds" in listed
    assert "seat 0 folds" not in played.output.replace("  3. seat 0 folds", "")


def test_a_declaration_asks_what_each_trump_stands_for():
    from service.cli.suggestions import chosen

    listed = {"seat": 0, "type": "declare", "domains": {"Fool": ["1Sw", "2Sw"], "Witch": ["1Sw", "KSt"]}}
    runner = CliRunner()
    with runner.isolation(input="3Cu\n2sw\n\n"):
        action = chosen(listed, ["Fool", "Witch", "3Sw", "4Sw"])
    assert action == {"seat": 0, "type": "declare", "assignments": {"Fool": "2Sw", "Witch": "1Sw"}}


def test_play_asks_again_when_the_service_refuses_a_move(monkeypatch):
    call, refused = InProcess.call, []

    def refusing(self: InProcess, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        if path.endswith("/actions") and not refused:  # the person's first move, which comes first in Briscola
            refused.append(body["action"])
            return 422, {"status": 422, "title": "Unprocessable request", "detail": "not this one"}
        return call(self, method, path, body)

    monkeypatch.setattr(InProcess, "call", refusing)
    played = CliRunner().invoke(main, ["play", "briscola", "--level", "easy", "--seed", "t"], input="1\n" * 40)
    assert played.exit_code == 0, played.output
    assert refused and "  the service refused that move (not this one): choose again" in played.output
    assert "wins the deal" in played.output or "no seat wins the deal" in played.output


def test_play_names_every_winning_seat_of_a_side():
    played = CliRunner().invoke(main, ["play", "briscola-chiamata", "--level", "easy", "--seed", "z"], input="1\n" * 80)
    assert played.exit_code == 0, played.output
    assert played.output.rstrip().splitlines()[-1] == "seats 1, 2 and 4 win the deal"


def test_play_takes_a_card_in_any_notation_and_says_what_the_seat_drew():
    """Issue 43 item 7: a card typed (``play 7c``, ``A♥``) for its number; a card the seat does not hold said, and
    asked again; after each trick the card the seat drew."""
    body = {"players": 2, "dealer": 1, "seed": "t", "views": [0]}
    hand = InProcess().call("POST", "/v1/briscola/deals", body)[1]["views"][0]["state"]["seats"][0]["hand"]
    pack = InProcess().call("GET", "/v1/briscola")[1]["pack"]
    absent = next(card for card in pack if card not in hand)
    symbol = dict(zip("SHDC", "♠♥♦♣", strict=True))
    typed = [absent, f"play {hand[1].lower()}", hand[0][0] + symbol[hand[0][1]]] + ["1"] * 40
    played = CliRunner().invoke(main, ["play", "briscola", "--level", "easy", "--seed", "t"], input="\n".join(typed))
    assert played.exit_code == 0, played.output
    lines = played.output.splitlines()
    assert f"  seat 0 does not hold {absent}; type a number from 1 to 3, or a card of your hand" in played.output
    at = lines.index(f"your move (a number or a card): play {hand[1].lower()}")
    assert lines[at + 1] == f"seat 0 plays {hand[1]}"
    assert any(line == f"seat 0 plays {hand[0]}" for line in lines)
    drew = [(i, line.removeprefix("you drew ")) for i, line in enumerate(lines) if line.startswith("you drew ")]
    assert len(drew) == 17  # 40 cards: 6 dealt, the other 34 drawn in 17 tricks, one each
    for i, card in drew:
        shown = next(line for line in lines[i:] if line.startswith("you: "))
        assert card in shown.split()


def test_a_problem_reads_as_the_page_says_it():
    """Issue 43 item 2: a card typed twice is counted from 1, as the referee page says it (one function)."""
    from service.referee.problems import item_said

    compared = CliRunner().invoke(main, ["compare", "old-brag", "3H 3H 2S", "AS KS QS"])
    assert compared.exit_code == 2
    assert "  Hand 1, card 2 is the same card as card 1. (/hands/0/1)" in compared.output
    assert "item 0" not in compared.output
    item = {"pointer": "/hands/0/1", "detail": "Items must be distinct: this card is item 0 again."}
    assert item_said(item) == ("hand-1", "Hand 1, card 2 is the same card as card 1.")
