"""Shared fixtures: the app (tables built lazily), a test client, and deck building."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from service.api.app import create_app
from service.rules.seats import deal_order


@pytest.fixture(scope="session")
def app():
    return create_app({"WARM_TABLES": False, "TESTING": True})


@pytest.fixture()
def client(app):
    return app.test_client()


def deck_for(
    hands: dict[int, Sequence[str]], players: int, dealer: int, pack: Sequence[str], then: Sequence[str] = ()
) -> list[str]:
    """A whole deck that deals ``hands`` (seat -> cards, in the order each seat receives them),
    followed by ``then`` and the rest of ``pack`` (API.md section 5: one card at a time, dealer's next first)."""
    order = deal_order(dealer, players)
    size = max((len(h) for h in hands.values()), default=0)
    used = {c for h in hands.values() for c in h} | set(then)
    spare = iter([c for c in pack if c not in used])
    deck = []
    for k in range(size):
        for seat in order:
            hand = hands.get(seat)
            deck.append(hand[k] if hand is not None else next(spare))
    deck.extend(then)
    deck.extend(spare)
    return deck
