"""The leak checker of the views' tests (tests/api/seat_knowledge.py) catches what it is there to catch: its fast
paths (a pack scan of the JSON, a walk that skips hidden cards in place) must not let a leak or a wrong mask by."""

from __future__ import annotations

from tests.api.seat_knowledge import HIDDEN, SeatKnowledge, masked

PACK = ["AS", "KD", "2C", "3C", "4C"]
DEALT = {
    "game": "briscola",
    "phase": "play",
    "seats": [{"seat": 0, "hand": ["AS", "KD"]}, {"seat": 1, "hand": ["2C", "3C"]}],
}


def test_a_card_the_seat_may_not_know_is_a_leak_wherever_it_shows():
    knowledge = SeatKnowledge(PACK, DEALT, [])
    assert knowledge.leaks(0, {"seats": [{"hand": ["AS", "KD"]}, {"hand": [HIDDEN, HIDDEN]}]}) == set()
    assert knowledge.leaks(0, {"seats": [{"hand": ["AS", "KD"]}, {"hand": ["2C", HIDDEN]}]}) == {"2C"}
    assert knowledge.leaks(1, [{"type": "play", "card": "KD"}]) == {"KD"}
    assert knowledge.leaks(0, {"options": {"card": "2C"}, "called_card": "3C"}) == set()  # named, not shown
    assert knowledge.leaks(0, [{"type": "call", "card": "4C"}, {"type": "play", "card": "4C"}]) == {"4C"}


def test_a_view_is_the_full_state_with_cards_hidden_and_nothing_else_changed():
    full = {"seats": [{"hand": ["AS", "KD"], "total": 3}], "stock": ["2C", "3C"], "n": 1}
    assert masked({"seats": [{"hand": [HIDDEN, "KD"], "total": None}], "stock": [HIDDEN] * 2, "n": 1}, full, PACK) == []
    assert masked({"seats": [{"hand": ["KD", "KD"], "total": 3}], "stock": ["2C", "3C"], "n": 1}, full, PACK) == [
        "/seats/0/hand/0: 'KD' is not 'AS' or hidden"
    ]
    assert masked({**full, "n": None}, full, PACK) == ["/n: None is not 1 or hidden"]  # only a count may be blanked
    assert masked({**full, "stock": [HIDDEN]}, full, PACK) == ["/stock: ['??'] vs ['2C', '3C']"]
    assert len(masked({**full, "extra": 1}, full, PACK)) == 1
    assert masked(HIDDEN, "ZZ", PACK) == [": '??' is not 'ZZ' or hidden"]  # not a card: not hidden
