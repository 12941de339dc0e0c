"""The section 17 baselines of the trick games, also the rollout policy of the sampler: greedy play (take the
trick with the cheapest card that takes it when the trick holds points, else throw the cheapest card, preferring
non-trumps), with the deal's announcements and the seven exchange taken whenever they are legal.

Every card's worth comes from the game's own :meth:`~service.rules.trick_game.TrickGame.trick_winner`: its points
alone, and its power (how many cards of the pack it beats when led against them).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from service.rules.base import LegalAction
from service.rules.briscola.game import Briscola, sides
from service.rules.cards import Card, suit
from service.rules.trick_game import TrickGame
from service.rules.tricks import side_of


@lru_cache(maxsize=256)
def worth(game: TrickGame[Any, Any, Any], trump: str, options: Any) -> dict[Card, tuple[int, int]]:
    """Each card's (points, power) under ``trump``: its points as a trick of one, and how many other cards of the
    pack it beats when led against them (by the game's trick winner)."""
    pack = game.full_pack()
    out = {}
    for card in pack:
        points = game.trick_winner(trump, [card], options)[1]
        power = sum(1 for other in pack if other != card and game.trick_winner(trump, [card, other], options)[0] == 0)
        out[card] = (points, power)
    return out


def plays(game: TrickGame[Any, Any, Any], state: Any, seat: int) -> list[Card]:
    """The cards ``seat`` may play now (the game's ``legal_plays`` where it restricts them, else its hand)."""
    legal = getattr(game, "legal_plays", None)
    return list(legal(state, seat)) if legal is not None else list(state.seats[seat].hand)


def partners(
    game: TrickGame[Any, Any, Any], state: Any, seat: int, own: bool = False, allied: bool = False
) -> Sequence[int]:
    """The seats ``seat`` knows are on its side (itself included): Briscola's partnerships; elsewhere itself,
    and in Briscola chiamata the caller and the revealed partner together (with ``own``, as the rollouts play:
    the holder of the called card knows it is the caller's partner before it plays it; with ``allied``, as
    ``hard``'s rollouts play: the defenders together too once the called card is down)."""
    if isinstance(game, Briscola):
        groups = sides(state.players, state.options)
        return groups[side_of(seat, groups)]
    caller, partner = getattr(state, "caller", None), getattr(state, "partner", None)
    if caller is not None and partner is not None and seat in (caller, partner):
        return (int(caller), int(partner))
    if allied and caller is not None and partner is not None:
        return defenders(state.players, int(caller), int(partner))
    if own and caller is not None and partner is None and getattr(state, "called_card", None) in state.seats[seat].hand:
        return tuple(dict.fromkeys((int(caller), seat)))
    return (seat,)


def defenders(players: int, caller: int, partner: int) -> tuple[int, ...]:
    """Briscola chiamata's defenders: every seat but the caller and its partner (the caller, should it be alone)."""
    return tuple(s for s in range(players) if s not in (caller, partner))


def greedy_card(
    game: TrickGame[Any, Any, Any],
    state: Any,
    seat: int,
    cards: Sequence[Card],
    own: bool = False,
    allied: bool = False,
) -> Card:
    """Greedy play among ``cards`` (section 17): when the trick holds points and ``seat``'s side is not winning
    it, the cheapest card that takes it; else the cheapest card, non-trumps first (``own``, ``allied``: see
    :func:`partners`)."""
    trump, trick = state.trump, state.trick
    value = worth(game, trump, state.options)
    if trick:
        index, points = game.score_trick(state, trick)
        winning = (state.leader + index) % state.players
        if points and winning not in partners(game, state, seat, own, allied):
            takers = [c for c in cards if game.score_trick(state, (*trick, c))[0] == len(trick)]
            if takers:
                return min(takers, key=lambda c: (value[c], suit(c) == trump))
    return min(cards, key=lambda c: (suit(c) == trump, value[c]))


def declaration(legal: Sequence[LegalAction]) -> LegalAction | None:
    """An announcement or a turn-up exchange among ``legal``, taken whenever it is listed (the baselines' rule)."""
    for kind in ("announce", "exchange_seven", "exchange_turnup"):
        for action in legal:
            if action["type"] == kind:
                return action
    return None


def greedy(game: TrickGame[Any, Any, Any], state: Any, legal: Sequence[LegalAction]) -> LegalAction:
    """The greedy baseline's choice among ``legal`` (the seat's): an announcement or the seven exchange first,
    then :func:`greedy_card` (other actions, such as the auction's: the first listed)."""
    declared = declaration(legal)
    if declared is not None:
        return declared
    cards = [a["card"] for a in legal if a["type"] == "play"]
    if not cards:
        return legal[0]
    card = greedy_card(game, state, legal[0]["seat"], cards)
    return next(a for a in legal if a["type"] == "play" and a["card"] == card)


def rollout_action(game: TrickGame[Any, Any, Any], state: Any, allied: bool = False) -> LegalAction:
    """The greedy choice of the seat to act, listing only the plays unless the seat is on lead between tricks
    (the only time an announcement or an exchange may be due): the rollouts' fast path (``allied``: see
    :func:`partners`)."""
    seat = state.to_act
    if state.trick or not hasattr(state, "talon"):
        cards = plays(game, state, seat)
        return {"seat": seat, "type": "play", "card": greedy_card(game, state, seat, cards, True, allied)}
    legal = [a for a in game.legal_actions(state) if a["seat"] == seat]
    return greedy(game, state, legal)


def allied_rollout_action(game: TrickGame[Any, Any, Any], state: Any) -> LegalAction:
    """:func:`rollout_action` with Briscola chiamata's defenders playing together once the called card is down
    (they know their side then): Briscola chiamata's ``hard`` rolls out by it."""
    return rollout_action(game, state, allied=True)
