"""The command line's readable output, for people: one numbering (seats and deals as the record gives them,
from 0; positions in what a person typed, hands and actions, from 1, as the referee page counts them: docs/api.md
section 13), the players a game takes, free amounts in words, the dealer sent and the score carried in."""

from __future__ import annotations

import json

from click.testing import CliRunner

from service.cli import main
from service.rules.registry import GAMES


def invoke(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_compare_names_hands_counted_from_one_as_typed():
    answer = json.loads(invoke("--json", "compare", "three-card-brag", "AS,KS,QS", "2C,2D,2H").stdout)
    assert answer["winners"] == [1]  # the JSON's index: unchanged
    readable = invoke("compare", "three-card-brag", "AS,KS,QS", "2C,2D,2H").stdout
    assert "Hand 2 wins; decided by: category" in readable
    rows = [line.split() for line in readable.splitlines()[2:4]]
    assert rows == [["1", "2", "2C", "2D", "2H", "prial"], ["2", "1", "AS", "KS", "QS", "running_flush"]]
    tied = invoke("compare", "three-card-brag", "AC,KC,2D", "7S,8S,TD", "AD,KH,2C").stdout
    assert "Hands 1 and 3 tie" in tied


def illegal_old_brag_record() -> dict:
    """Three players: the dealer opens with 2, then the dealer acts again (seat 1 is to act): illegal at the
    second action, where seat 1 may call, raise to 3 or more, or fold."""
    return {
        "players": 3,
        "dealer": 0,
        "seed": "s",
        "actions": [{"seat": 0, "type": "bet", "amount": 2}, {"seat": 0, "type": "call"}],
    }


def test_adjudicate_counts_actions_from_one_and_says_amounts_in_words(tmp_path):
    record = illegal_old_brag_record()
    answer = json.loads(invoke("--json", "adjudicate", "old-brag", "-", stdin=json.dumps(record)).stdout)
    error = answer["error"]
    assert error["index"] == 1  # the JSON's index: the second action
    readable = invoke("adjudicate", "old-brag", "-", stdin=json.dumps(record))
    assert readable.exit_code == 1
    assert f"illegal at action 2: {error['message']}" in readable.stdout
    raises = [a for a in error["legal_actions"] if a["type"] == "raise"]
    assert raises and raises[0]["max"] is None
    assert f"seat {raises[0]['seat']} raises to {raises[0]['min']} or more" in readable.stdout
    assert "min=" not in readable.stdout and "null" not in readable.stdout
    many = tmp_path / "records.jsonl"
    many.write_text(json.dumps(record) + "\n" + json.dumps({**record, "actions": record["actions"][:1]}) + "\n")
    lines = invoke("adjudicate", "old-brag", str(many)).stdout.splitlines()
    assert lines[0].startswith(f"line 1: illegal at action 2 ({error['code']}")


def test_bounded_amounts_in_words():
    from service.cli.common import action_text

    assert action_text("old-brag", {"seat": 1, "type": "raise", "min": 4, "max": None}) == "seat 1 raises to 4 or more"
    assert action_text("old-brag", {"seat": 1, "type": "raise", "min": 4, "max": 9}) == "seat 1 raises to 4 to 9"
    assert action_text("old-brag", {"seat": 0, "type": "bet", "min": 2, "max": None}) == "seat 0 bets 2 or more"
    assert action_text("old-brag", {"seat": 0, "type": "bet", "min": 5, "max": 5}) == "seat 0 bets 5"
    assert action_text("broggin", {"seat": 2, "type": "exchange", "max_cards": 2}) == "seat 2 exchanges up to 2 cards"


def test_legal_moves_read_as_the_page_says_them_in_every_game():
    """One readable form for every game (issue 43 item 8): the referee page's sentences, no ``key=JSON``."""
    from service.cli.common import InProcess, action_text
    from service.referee.sentences import TextSayer

    arbiter = InProcess()
    for game in GAMES:
        players = str(GAMES[game].player_counts()[0])
        state = json.loads(invoke("--json", "deal", game, "-n", players, "--seed", "readable").stdout)["state"]
        status, answer = arbiter.call("POST", f"/v1/{game}/legal-actions", {"state": state})
        assert status == 200 and answer["actions"]
        for action in answer["actions"]:
            said = action_text(game, action)
            page = str(TextSayer(game).action(action).striptags())  # the page's sentence, cards as codes
            assert said == page[:1].lower() + page[1:] and "=" not in said and "{" not in said


def test_games_lists_the_player_counts_each_game_takes():
    catalog = json.loads(invoke("--json", "games").stdout)["games"]
    lines = {line.split()[0]: line for line in invoke("games").stdout.splitlines()[2:]}
    assert "2, 3, 4, 6" in lines["briscola"]  # five play Briscola chiamata: 5 is refused
    assert GAMES["briscola"].player_counts() == (2, 3, 4, 6)
    for entry in catalog:
        counts = GAMES[entry["id"]].player_counts()
        if counts == tuple(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
            assert f" {counts[0]}-{counts[-1]} " in lines[entry["id"]]
    assert "  5  " in lines["briscola-chiamata"]


def test_deal_says_the_dealer_it_sent_and_the_score_carried_in():
    sent = json.loads(invoke("--json", "deal", "briscola", "-n", "2", "-s", "t").stdout)["state"]
    assert sent["dealer"] == 0
    readable = invoke("deal", "briscola", "-n", "2", "-s", "t").stdout
    assert "dealer: seat 0 (the default: --dealer 0 to 1 for another)" in readable
    chosen = invoke("deal", "briscola", "-n", "2", "-s", "t", "--dealer", "1").stdout
    assert "dealer: seat 1\n" in chosen
    carried = invoke("deal", "briscola", "-n", "2", "-s", "t", "--carry", '{"match_score": [1, 0]}')
    state = json.loads(
        invoke("--json", "deal", "briscola", "-n", "2", "-s", "t", "--carry", '{"match_score": [1, 0]}').stdout
    )["state"]
    assert state["carry"] == {"match_score": [1, 0]}
    assert carried.exit_code == 0 and "carried in: match score 1, 0" in carried.stdout
    pot = invoke("deal", "three-card-brag", "-n", "3", "-s", "s", "--carry", '{"pot": 5}').stdout
    assert "carried in: pot 5" in pot
    assert "carried in" not in readable
