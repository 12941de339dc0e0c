"""Every rule id an answer or a 409 can carry has a heading in the game's docs/rules file (issue 10, item 3)."""

from __future__ import annotations

import pytest

from service.rules.registry import GAMES
from tests.docs.markdown import DOCUMENTED, anchored_ids, doc_path
from tests.docs.rule_ids import option_rule_ids, seen_refusals, source_rule_ids


def _anchors(game_id: str) -> set[str]:
    return anchored_ids(doc_path(game_id).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_every_rule_id_in_the_source_has_a_heading(game_id: str) -> None:
    game = GAMES[game_id]
    ids = source_rule_ids(game) | option_rule_ids(game)
    assert {"flow", "turn"} <= ids  # the collector finds the generic ids of service/rules/game.py
    missing = sorted(ids - _anchors(game_id))
    assert not missing, f"docs/rules/{game_id}.md has no heading for {missing}"


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_every_rule_id_seen_in_playthroughs_has_a_heading(game_id: str) -> None:
    anchors = _anchors(game_id)
    seen = {refused.rule for refused in seen_refusals(game_id)}
    assert {"flow", "turn"} <= seen
    missing = sorted(seen - anchors)
    assert not missing, f"docs/rules/{game_id}.md has no heading for {missing}"
