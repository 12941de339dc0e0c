"""The rules files of the trick games link only to anchors that exist (docs/rules/*.md)."""

from __future__ import annotations

import pytest

from tests.rules.rules_docs import DOCS, anchors, links


@pytest.mark.parametrize("game", ["briscola", "briscola-chiamata", "briscan", "brisque"])
def test_every_link_to_an_anchor_resolves(game):
    found = links(game)
    assert found
    for stem, anchor in found:
        target = stem or game
        if (DOCS / f"{target}.md").exists():
            assert anchor in anchors(target), (game, stem, anchor)
