"""The rules files of the trick games link only to headings that exist (docs/rules/*.md)."""

from __future__ import annotations

import pytest

from tests.rules.rules_docs import DOCS, anchors, links, slug


def test_slug_of_a_rule_id_heading():
    assert slug("BRI-A2 — A 60-60 deal") == "bri-a2--a-60-60-deal"
    assert slug("3(b')2 — The auction") == "3b2--the-auction"


@pytest.mark.parametrize("game", ["briscola", "briscola-chiamata", "briscan", "brisque"])
def test_every_link_to_a_heading_resolves(game):
    found = links(game)
    assert found
    for stem, anchor in found:
        assert (DOCS / f"{stem or game}.md").exists()
        assert anchor in anchors(stem or game), (game, stem, anchor)
