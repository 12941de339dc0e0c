"""Per-seat views (API.md section 2, ``views: [seat…]`` on deals, actions and records/adjudicate).

Random playthroughs of every game and every player count, over HTTP: at every step every seat's view
(state, events, legal actions) is the full answer with cards hidden and nothing else changed, shows no
card that the seat may not know (``seat_knowledge``: derived from the full trace, not from the view
code), shows the seat's own cards where it knows them, and asking for views leaves the rest of the answer
unchanged. Then the ``views`` parameter on each endpoint, its 422s, records and the blind Brag player.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.api.examples import submittable
from service.rules.registry import GAMES
from tests.api.seat_knowledge import SeatKnowledge, masked

MAX_STEPS = 600

PLAYER_COUNTS = {
    "three-card-brag": range(2, 18),
    "old-brag": range(3, 9),
    "broggin": range(2, 11),
    "briscola": (2, 3, 4, 6),
    "briscola-chiamata": (5,),
    "briscan": (2,),
    "brisque": (2,),
}
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "three-card-brag": [{}, {"blind_allowed": False}, {"blind_survivor": "carry_forward", "require_even_stakes": True}],
    "old-brag": [{}, {"consolation_pots": False}, {"pot3_folded_players_eligible": False, "pot3_ace": "1_or_11"}],
    "broggin": [
        {"max_players": 10},
        {"max_players": 10, "assignment": "declared_only"},
        {"max_players": 10, "exchange_limit": "stock_only"},
    ],
    "briscola": [{}, {"turnup_exchange": "seven_then_two"}, {"turnup_exchange": "two"}],
    "briscola-chiamata": [{}, {"auction": "points_only"}, {"chiamata_first_lead": "caller"}],
    "briscan": [{}, {"carte_blanche_timing": "initial_hand", "trump_ace_bonus": "automatic_on_holding"}],
    "brisque": [{}, {"announce_after_talon": True}],
}
CASES = [(game_id, players) for game_id, counts in PLAYER_COUNTS.items() for players in counts]


def _concrete(listed: dict[str, Any], state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A submittable action from a listed one: a free amount a little above its minimum, a random discard."""
    action = submittable(listed)
    if "min" in listed:
        low, high = listed["min"], listed["max"]
        step = 2 if low % 2 == 0 and state["game"] == "three-card-brag" else 1  # even stakes where asked
        room = 3 if high is None else min(3, (high - low) // step)
        action["amount"] = low + step * rng.randint(0, room)
    if "max_cards" in listed:
        hand = state["seats"][listed["seat"]]["hand"]
        action["discard"] = rng.sample(hand, rng.randint(0, listed["max_cards"]))
    return action


def _check_answer(answer: dict[str, Any], knows: SeatKnowledge, seats: list[int]) -> None:
    """Every view of ``answer`` against the full answer and what each seat may know."""
    assert [v["seat"] for v in answer["views"]] == seats
    state, events, pack = answer["state"], answer["events"], knows.pack
    for view in answer["views"]:
        seat = view["seat"]
        assert masked(view["state"], state, pack) == [], seat
        assert masked(view["events"], events, pack) == [], seat
        for part in ("state", "events", "legal_actions"):
            leaked = knows.leaks(seat, view[part])
            assert not leaked, f"seat {seat} is shown {sorted(leaked)} in its {part}: {view[part]}"
        hand = state["seats"][seat]["hand"]
        shown = view["state"]["seats"][seat]["hand"]
        if set(hand) <= knows.may_know(seat):  # its own cards, where it knows them, are shown
            assert shown == hand
        else:  # only a blind Three Card Brag player does not know its own cards
            assert state["seats"][seat]["blind"] and shown == ["??"] * len(hand)
        for mine, full in zip(view["events"], events, strict=True):
            if full.get("seat") == seat:
                assert mine == full  # the seat's own events are shown in full
            elif mine.get("total") is not None:  # an Old Brag count: only of cards the seat may know
                counted = state["seats"][full["seat"]]
                assert set(counted["hand"]) | set(counted["drawn"]) <= knows.may_know(seat), (seat, full)
        if view["state"].get("partner") is not None:  # Briscola chiamata: the partner once the called card is out
            assert knows.partner_revealed, seat


def _same_without_views(client: Any, path: str, body: dict[str, Any], answer: dict[str, Any]) -> None:
    """The answer without ``views`` is the full answer: asking for views changes nothing else."""
    plain = client.post(path, json=body).get_json()
    assert {k: v for k, v in answer.items() if k != "views"} == plain


def playthrough(client: Any, game_id: str, players: int, seed: int, every: int = 1) -> int:
    """Play one random deal over HTTP, checking every view at every step; the number of actions applied.

    At every ``every``-th step (and at the deal) the answer is also compared with the same request without
    ``views``, and the views' legal actions with ``legal-actions``."""
    rng = random.Random(f"{game_id}/{players}/{seed}")
    base = f"/v1/{game_id}"
    pack = GAMES[game_id].full_pack()
    seats = list(range(players))
    variants = VARIANTS[game_id]
    deal = {"players": players, "dealer": rng.randrange(players), "seed": f"views-{seed}"}
    deal["options"] = variants[(seed + players) % len(variants)]
    answer = client.post(f"{base}/deals", json={**deal, "views": seats}).get_json()
    _same_without_views(client, f"{base}/deals", deal, answer)
    knows = SeatKnowledge(pack, answer["state"], answer["events"])
    for step in range(MAX_STEPS):
        state = answer["state"]
        _check_answer(answer, knows, seats)
        legal = [action for view in answer["views"] for action in view["legal_actions"]]
        if step % every == 0:  # each seat's legal actions are its own of the full list
            full = client.post(f"{base}/legal-actions", json={"state": state}).get_json()["actions"]
            for view in answer["views"]:
                assert view["legal_actions"] == [a for a in full if a["seat"] == view["seat"]]
        if state["to_act"] is None:
            assert legal == []
            return step
        action = _concrete(rng.choice(legal), state, rng)
        if game_id == "briscola-chiamata" and state["phase"] == "auction" and rng.random() < 0.6:
            action = next((a for a in legal if a["type"] == "pass"), action)  # keep auctions short
        body = {"state": state, "action": action}
        reply = client.post(f"{base}/actions", json={**body, "views": seats})
        assert reply.status_code == 200, reply.get_data(as_text=True)
        answer = reply.get_json()
        if step % every == 0:
            _same_without_views(client, f"{base}/actions", body, answer)
        knows.learn(state, answer["events"], answer["state"])
    raise AssertionError(f"no end after {MAX_STEPS} actions")


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_view_shows_only_what_the_seat_may_know(client, game_id, players):
    assert playthrough(client, game_id, players, seed=0, every=5) > 0


@pytest.mark.exhaustive
@pytest.mark.parametrize("seed", range(1, 4))
@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_view_over_more_deals(client, game_id, players, seed):
    assert playthrough(client, game_id, players, seed) > 0
