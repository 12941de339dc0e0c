"""``card-arbiter format``, ``parse`` and ``adjudicate`` with texts (in-process): a text file told by its content,
JSON Lines of texts, and an error printed as compilers print one (``FILE:LINE:COLUMN: code: message``, the line
quoted, a caret under the column)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from service.cli import main

TEXT = '[Notation "card-arbiter/1"]\n[Game "briscola"]\n[Players "2"]\n\n[Dealer "0"]\n[Seed "perf-1"]\n'


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_format_then_parse_gives_the_record_back(tmp_path):
    record = {"players": 2, "dealer": 0, "seed": "perf-1", "actions": [{"seat": 1, "type": "play", "card": "JS"}]}
    source = tmp_path / "record.json"
    source.write_text(json.dumps(record))
    code, text, _ = run("format", "briscola", str(source))
    assert code == 0 and text == TEXT + "1. s1 play JS\n"
    written = tmp_path / "record.txt"
    written.write_text(text)
    code, out, _ = run("parse", "briscola", str(written))
    assert code == 0 and json.loads(out) == {"record": record}


def test_adjudicate_takes_a_text_by_its_content(tmp_path):
    path = tmp_path / "game.json"  # the name says JSON, the content is a text
    path.write_text(TEXT + "1. s1 play JS\n")
    code, out, _ = run("adjudicate", "briscola", str(path), "--json")
    assert code == 0 and json.loads(out)["verdict"] == "in_progress" and json.loads(out)["applied"] == 1
    path.write_text(TEXT + "1. s0 play JS\n")
    code, out, _ = run("adjudicate", "briscola", str(path))
    assert code == 1 and "illegal at action 1 (line 7, column 4)" in out


def test_adjudicate_a_text_of_several_deals_as_a_match(tmp_path):
    path = tmp_path / "match.txt"
    head = TEXT.split("\n\n")[0] + "\n"
    path.write_text(head + '\n[Deal "0"]\n[Dealer "0"]\n[Seed "a"]\n\n[Deal "1"]\n[Dealer "1"]\n[Seed "b"]\n')
    code, out, _ = run("adjudicate", "briscola", str(path), "--json")
    assert code == 1 and json.loads(out)["error"]["code"] == "deal_unfinished"
    assert (json.loads(out)["error"]["line"], json.loads(out)["error"]["column"]) == (9, 1)


def test_json_lines_of_texts(tmp_path):
    lines = [json.dumps(TEXT + "1. s1 play JS\n"), json.dumps({"notation": TEXT + "1. s0 play JS\n"})]
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(lines) + "\n")
    code, out, err = run("adjudicate", "briscola", str(path))
    assert code == 1
    assert out.splitlines()[:2] == ["line 1: in_progress", "line 2: illegal at action 1 (not_your_turn, rule turn)"]


def test_an_error_is_printed_at_its_line_and_column(tmp_path):
    path = tmp_path / "typo.txt"
    path.write_text(TEXT + "1. s1 play JS s0 play 7X\n")
    for command in ("parse", "adjudicate"):
        code, _, err = run(command, "briscola", str(path))
        assert code == 2
        first, quoted, caret = err.splitlines()[:3]
        assert first.startswith(f"{path}:7:23: invalid_value: ")
        assert quoted == "    1. s1 play JS s0 play 7X"
        assert caret == "    " + " " * 22 + "^"
