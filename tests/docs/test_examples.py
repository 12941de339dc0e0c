"""Every worked example of docs/rules (fenced ``yaml example`` blocks) holds: it is run through the service.

The keys of a block are described in docs/rules/README.md. Examples go through the HTTP layer (the same
endpoints a client calls), so the cards are read in any notation the API takes.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.registry import GAMES
from tests.conftest import deck_for
from tests.docs.markdown import DOCUMENTED, doc_path, example_blocks

KNOWN_KEYS = {
    "options",
    "carry",
    "evaluate",
    "compare",
    "declarations",
    "category",
    "description",
    "interpretation",
    "winners",
    "ranking",
    "deciding",
    "deciding_text",
    "language",
    "trick",
    "points",
    "winner",
    "melds",
    "found",
    "deal",
    "actions",
    "legal",
    "refused",
    "result",
    "state",
    "title",
    "percentile",
    "equity",
    "method",
    "counts",
    "shares",
    "match",
    "verdict",
    "standings",
    "decided_by",
    "error",
    "missing",
    "turn_ups",
    "missing_turn_up",
}


def _cases() -> list[Any]:
    cases = []
    for game_id in DOCUMENTED:
        path = doc_path(game_id)
        for line, block in example_blocks(path.read_text(encoding="utf-8")):
            cases.append(pytest.param(game_id, block, id=f"{game_id}:{line}"))
    return cases


def matches(expected: Any, actual: Any) -> bool:
    """``actual`` has every field of ``expected`` (recursively; lists element by element, same length)."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return bool(expected == actual)


def _post(client: Any, path: str, body: dict[str, Any], language: str | None = None) -> dict[str, Any]:
    response = client.post(path, json=body, headers={"Accept-Language": language} if language else {})
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def _check(answer: dict[str, Any], block: dict[str, Any], keys: tuple[str, ...], what: str) -> None:
    for key in keys:
        if key in block:
            assert matches(block[key], answer[key]), f"{what} {key}: the docs say {block[key]!r}, not {answer[key]!r}"


def _check_equity(client: Any, path: str, body: dict[str, Any], block: dict[str, Any]) -> None:
    """An equity example: its answer's ``method`` and ``counts``, or its share to two places against each number of
    opponents in ``shares``."""
    if "shares" in block:
        found = {n: _post(client, path, {**body, "opponents": n})["equity"]["share"] for n in block["shares"]}
        assert {n: round(share, 2) for n, share in found.items()} == block["shares"], f"shares: not {found}"
    else:
        _check(_post(client, path, body), block, ("method", "counts"), "equity")


def _deck(game_id: str, deal: dict[str, Any], options: dict[str, Any]) -> list[str]:
    game = GAMES[game_id]
    parse = game.parse_card
    hands = {int(seat): [parse(c) for c in cards] for seat, cards in (deal.get("hands") or {}).items()}
    then = [parse(c) for c in deal.get("then", [])]
    pack = game.pack(deal["players"], game.options(options))
    return deck_for(hands, deal["players"], deal["dealer"], pack, then)


@pytest.mark.parametrize(("game_id", "block"), _cases())
def test_worked_example_holds(client, game_id: str, block: dict[str, Any]) -> None:
    assert set(block) <= KNOWN_KEYS, f"unknown keys {set(block) - KNOWN_KEYS}"
    base = f"/v1/{game_id}"
    options = block.get("options") or {}
    checked = False
    if "evaluate" in block:
        body: dict[str, Any] = {"hands": [block["evaluate"]], "options": options}
        if "declarations" in block:
            body["declarations"] = block["declarations"]
        (result,) = _post(client, base + "/hands/evaluate", body, block.get("language"))["results"]
        _check(result, block, ("category", "description", "interpretation", "percentile"), "evaluate")
        checked = True
    if "equity" in block:
        _check_equity(client, base + "/hands/equity", {**block["equity"], "options": options}, block)
        checked = True
    if "compare" in block:
        body = {"hands": block["compare"], "options": options}
        if "declarations" in block:
            body["declarations"] = block["declarations"]
        answer = _post(client, base + "/hands/compare", body, block.get("language"))
        _check(answer, block, ("winners", "ranking", "deciding", "deciding_text"), "compare")
        checked = True
    if "trick" in block:
        answer = _post(client, base + "/tricks/winner", {**block["trick"], "options": options})
        _check(answer, block, ("winner", "points"), "trick")
        checked = True
    if "melds" in block:
        answer = _post(client, base + "/melds/evaluate", {**block["melds"], "options": options})
        assert matches(block["found"], answer["melds"]), f"melds: the docs say {block['found']}, not {answer['melds']}"
        checked = True
    if "deal" in block:
        deal = block["deal"]
        actions = list(block.get("actions", []))
        refused = block.get("refused")
        record = {
            "players": deal["players"],
            "dealer": deal["dealer"],
            "options": options,
            **({"carry": block["carry"]} if "carry" in block else {}),
            **({"seen": deal["seen"]} if "seen" in deal else {"deck": _deck(game_id, deal, options)}),
            "actions": actions + ([refused["action"]] if refused else []),
        }
        answer = _post(client, base + "/records/adjudicate", {"record": record})
        if refused:
            error = answer["error"]
            assert answer["verdict"] == "illegal" and error["index"] == len(actions), answer["error"]
            assert (error["code"], error["rule"]) == (refused["code"], refused["rule"]), error
        else:
            assert answer["verdict"] != "illegal", answer["error"]
        if "result" in block:
            assert answer["result"] is not None, "the deal is not over"
            _check(answer, block, ("result",), "deal")
        _check(answer, block, ("state",), "deal")
        if "seen" in deal:  # a table record (docs/api.md 18): its verdict and what it misses
            assert answer["verdict"] == block.get("verdict", answer["verdict"]), answer["verdict"]
            assert answer.get("missing", []) == block.get("missing", []), answer.get("missing")
            assert answer.get("missing_turn_up", False) == block.get("missing_turn_up", False), answer
            assert answer.get("turn_ups") == block.get("turn_ups"), answer.get("turn_ups")  # a turn-up nobody saw
        if "legal" in block:
            legal = _post(client, base + "/legal-actions", {"state": answer["state"]})["actions"]
            assert [a["type"] for a in legal] == block["legal"], legal
        checked = True
    if "match" in block:
        answer = _post(client, base + "/matches/adjudicate", {"match": block["match"]})
        _check(answer, block, ("verdict", "standings", "winners", "decided_by", "error"), "match")
        assert answer["error"] is None or "error" in block, answer["error"]
        checked = True
    assert checked, "an example needs evaluate, compare, equity, trick, melds, deal or match"
