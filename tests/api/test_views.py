"""Per-seat views (docs/api.md section 2, ``views: [seat…]`` on deals, actions and records/adjudicate).

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

from service.rules.registry import GAMES
from tests.api.seat_knowledge import SeatKnowledge
from tests.simulation import VARIANTS, submitted

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
CASES = [(game_id, players) for game_id, counts in PLAYER_COUNTS.items() for players in counts]


def _check_answer(answer: dict[str, Any], knows: SeatKnowledge, seats: list[int]) -> None:
    """Every view of ``answer`` against the full answer and what each seat may know."""
    assert [v["seat"] for v in answer["views"]] == seats
    for view in answer["views"]:
        knows.check_view(view["seat"], view, answer["state"], answer["events"])


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
        listed = rng.choice(legal)
        action = submitted(listed, state["seats"][listed["seat"]]["hand"], rng)
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
