"""``matches/adjudicate`` (docs/api.md section 15): seeded deals played in a row as a match, complete (decided by the
game's own rule, or a session of the deals sent), in progress, decided early, carrying a score in, with each
fault (an illegal action, a deal after an unfinished one, a dealer out of turn, a deal after the deciding one),
one traced with every seat's views, and over the limit of deals."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import post
from service.conformance.simulate import Played, match_of, play_match
from service.conformance.vector import Case
from service.rules.game import Game
from service.rules.match import MATCH_RULE, MAX_DEALS, MatchFault

MATCHES = "Matches"
"""The section of every rules file that says what ends a match and what the standings add up."""
OPTIONS: dict[str, dict[str, Any]] = {"briscan": {"target_score": 300}, "brisque": {"target_score": 300}}
"""Matches short enough for a vector (Briscola's first to two deals is its default)."""
EARLY: dict[str, dict[str, Any]] = {
    "briscola": {"deals_to_win": 1},
    "briscan": {"target_score": 60, "win_check": "immediate"},
    "brisque": {"target_score": 60, "win_check": "immediate"},
}
"""Matches decided early: Briscola by its first deal, Briscan and Brisque in the middle of one (BSC-A8)."""
CARRIES: dict[str, dict[str, Any]] = {
    "three-card-brag": {"pot": 6},
    "old-brag": {"pot3": 4},
    "briscola": {"match_score": [1, 0]},
    "briscan": {"game_score": [250, 200]},
    "brisque": {"game_score": [250, 200]},
}
"""What a match carries in from deals played before it."""
PREFER: dict[str, tuple[str, ...]] = {"briscola-chiamata": ("pass",), "old-brag": ("call", "hit")}


def _rule(game: Game[Any, Any, Any]) -> tuple[str, ...]:
    """What decides a match of ``game``: its own rule, or the section (a session)."""
    return (game.match_end[1],) if game.match_end is not None else (MATCHES,)


def _match(game: Game[Any, Any, Any], seed: str, deals: int, options: Any = None, carry: Any = None) -> list[Played]:
    return play_match(game, game.min_players, seed, deals, options, carry, PREFER.get(game.id, ()))


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    options = OPTIONS.get(game.id)
    played = _match(game, "match", 12 if game.match_end else 3, options)
    body = match_of([p.record for p in played])
    tags = [f"players:{game.min_players}", *(f"option:{k}" for k in options or {})]
    what = f"decided by deal {len(played) - 1}" if game.match_end else f"a session of {len(played)} deals"
    yield _case(game, body, _rule(game), f"A seeded match played to its end: complete, {what}.", "complete", tags)
    traced = {"match": {**body, "deals": body["deals"][:2]}, "trace": True, "views": [1]}
    yield _post(game, traced, (MATCHES,), "Two deals of a match with each deal's trace and seat 1's views.", tags)
    last = body["deals"][-1]
    cut = [*body["deals"][:-1], {**last, "actions": last["actions"][: len(last["actions"]) // 2]}]
    yield _case(game, {**body, "deals": cut}, (MATCHES,), "A match whose last deal is cut: in progress.", "cut", tags)
    yield from _faults(game, played, body, tags)
    if game.id in EARLY:
        early = _match(game, "early", 8, EARLY[game.id])
        text = "A match decided early (its first deal won, or the target reached before a deal's last trick)."
        early_tags = [f"option:{k}" for k in EARLY[game.id]]
        yield _case(game, match_of([p.record for p in early]), _rule(game), text, "early", early_tags)
    if game.id in CARRIES:
        carried = _match(game, "carried", 3 if not game.match_end else 8, options, CARRIES[game.id])
        text = "A match carrying in what deals before it left (the first deal dealt with the match's carry)."
        yield _case(game, match_of([p.record for p in carried], CARRIES[game.id]), (MATCHES,), text, "carry", ["carry"])
    over = {**body, "deals": [{**body["deals"][0], "actions": []}] * (MAX_DEALS + 1)}
    yield _case(game, over, (MATCHES,), f"More than {MAX_DEALS} deals: a 422 at the deals.", "too-many-deals", [])


def _faults(game: Game[Any, Any, Any], played: list[Played], body: dict[str, Any], tags: list[str]) -> Iterator[Case]:
    """Each fault of a match, at its second deal (its first when an action is illegal)."""
    deals, players = body["deals"], game.min_players
    first = deals[0]
    index = len(first["actions"]) // 2
    action = first["actions"][index]
    wrong = {**first, "actions": [*first["actions"][:index], {**action, "seat": (action["seat"] + 1) % players}]}
    text = f"A match whose first deal has an action out of turn at index {index}: illegal at deal 0."
    yield _case(game, {**body, "deals": [wrong, *deals[1:]]}, ("turn",), text, "illegal-action", ["code:not_your_turn"])
    nxt = {"dealer": (first["dealer"] + 1) % players, "seed": "next", "actions": []}
    if len(deals) == 1:  # the first deal decided the match
        deals = [first, nxt]
    unfinished = {**first, "actions": first["actions"][:-1]}
    text = "A deal after one that is not complete: illegal at deal 1 (deal_unfinished), not played."
    yield _fault(game, {**body, "deals": [unfinished, *deals[1:]]}, text, MatchFault.deal_unfinished.value)
    again = {**deals[1], "dealer": first["dealer"]}
    text = "The second deal dealt by the first deal's dealer: illegal at deal 1 (wrong_dealer), not played."
    yield _fault(game, {**body, "deals": [first, again, *deals[2:]]}, text, MatchFault.wrong_dealer.value)
    if game.match_end is not None:
        code, rule = game.match_end
        after = {"dealer": (played[-1].record["dealer"] + 1) % players, "seed": "after", "actions": []}
        text = f"A deal after the one that decided the match: illegal ({code}), not played."
        yield post(game, "matches/adjudicate", {"match": {**body, "deals": [*body["deals"], after]}}, (rule,), text,
                   "match", str(code), [f"code:{code}"])  # fmt: skip


def _fault(game: Game[Any, Any, Any], body: dict[str, Any], text: str, code: str) -> Case:
    return post(game, "matches/adjudicate", {"match": body}, (MATCH_RULE,), text, "match", code, [f"code:{code}"])


def _case(game: Game[Any, Any, Any], body: dict[str, Any], rules: Any, text: str, key: str, tags: list[str]) -> Case:
    return post(game, "matches/adjudicate", {"match": body}, rules, text, "match", key, tags)


def _post(game: Game[Any, Any, Any], body: dict[str, Any], rules: Any, text: str, tags: list[str]) -> Case:
    return post(game, "matches/adjudicate", body, rules, text, "match", "trace", [*tags, "views", "trace"])
