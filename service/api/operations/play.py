"""The play room: ``deals``, ``legal-actions`` and ``actions``; and how a request's deal is dealt and its views
are kept (:func:`dealt`, :func:`table_views`), which a record's replay shares (the records room)."""

from __future__ import annotations

from typing import Any

from schemas.operations.play import serves
from service.api.answers import rules_echo
from service.api.routes import GameRoutes
from service.rules.cards import HIDDEN
from service.rules.game import Game
from service.rules.records import check_table, deck_of
from service.rules.seen import Seen, apply_seen, legal_seen, seen_deck
from service.rules.shuffle import deck_commitment
from service.rules.views import TableViews, check_seats


def register(routes: GameRoutes) -> None:
    """Deal, list the legal actions, apply an action."""
    game, s, ex = routes.game, routes.schemas, routes.examples

    @routes.post("/deals", "deal", s.deal_request, s.deal_response, example=ex.deal, answer_example=ex.deal_answer)
    def deals(data: dict[str, Any]) -> dict[str, Any]:
        """Deal from a deck, or from the pack shuffled by a seed (sha256-fisher-yates/1).

        With `views: [seat, ...]` the answer adds, for each seat asked, the dealt state as `states/view` gives
        it, the deal's events as that seat saw them and its legal actions (the seat to act's; empty for the
        others).

        Rules across fields that the schema cannot state: `dealer` is less than `players`; a `deck` holds exactly
        the pack for this player count and these options (a 422 at the field otherwise)."""
        options, transition, deck = dealt(game, data)
        answer = {
            "state": transition.state,
            "events": list(transition.events),
            "deck_commitment": commitment(deck),
            **rules_echo(options),
        }
        table = table_views(game, data, data["players"])
        if table is not None:
            table.saw(None, transition.events)
            answer["views"] = table.of(transition.state)
        return answer

    @routes.post("/legal-actions", "legalActions", s.state_request, s.legal_actions_response, example=ex.state)
    def legal_actions(data: dict[str, Any]) -> dict[str, Any]:
        """Every legal action of the seat to act, as it would be submitted.

        Rules across fields that the schema cannot state: the state must be consistent (every card of the pack
        exactly once, seats in order, `dealer` and `to_act` less than `players`, chips and points adding up);
        otherwise the answer is a 422 `/invalid-state` listing every problem."""
        state = data["state"]
        game.require_valid(state)
        return {
            "phase": state.phase,
            "to_act": state.to_act,
            "actions": legal_seen(game, state),
            **rules_echo(game.options_of(state)),
        }

    @routes.post(
        "/actions",
        "applyAction",
        s.action_request,
        s.action_response,
        example=ex.action,
        codes=(400, 409, 413, 415, 422),
    )
    def actions(data: dict[str, Any]) -> dict[str, Any]:
        """Apply one action: the next state, the events, and the result once the deal is over.

        With `views: [seat, ...]` the answer adds, for each seat asked, the new state as `states/view` gives
        it, this action's events as that seat saw them (a card another seat drew, or an Old Brag 31-phase
        card, is "??"; a count of hidden cards is null) and the legal actions it may take now (the seat to
        act's; empty for the others). The full `state` stays in the answer. A seat that is not at the table,
        or asked twice, is a 422 (pointer `/views/i`) before the action is tried.

        Rules across fields that the schema cannot state: the state must be consistent (every card of the pack
        exactly once, seats in order, `dealer` and `to_act` less than `players`, chips and points adding up);
        otherwise the answer is a 422 `/invalid-state` listing every problem.
        Whether the action is legal (its seat is the one to act, its card is held, its amount within the
        limits) is the rules' verdict: a 409 naming the rule and listing the legal actions."""
        state = data["state"]
        game.require_valid(state)
        table = table_views(game, data, state.players)
        transition = apply_seen(game, state, data["action"])
        answer = {
            "state": transition.state,
            "events": list(transition.events),
            "result": game.result(transition.state),
            **rules_echo(game.options_of(state)),
        }
        if table is not None:
            table.saw(state, transition.events)
            answer["views"] = table.of(transition.state)
        return answer


def dealt(game: Game[Any, Any, Any], data: dict[str, Any], prefix: str = "") -> tuple[Any, Any, tuple[str, ...]]:
    """Options, the first transition and the deck of a deal request (or record), with what it carries in; a table
    deal's deck holds "??" for every card nobody saw (docs/api.md 18)."""
    options = data.get("options") or game.options(None)
    carry = data.get("carry")
    players, dealer = data["players"], data["dealer"]
    check_table(game, players, dealer, options, carry, lambda pointer: prefix + pointer)
    if "seen" in data:
        deck = seen_deck(game, players, dealer, options, Seen.of(data["seen"]), prefix + "/seen")
    else:
        deck = deck_of(game, players, options, data.get("deck"), data.get("seed"), prefix + "/deck")
    return options, game.deal_checked(players, dealer, options, deck, carry), deck  # checked above


def commitment(deck: tuple[str, ...]) -> str | None:
    """The deck's commitment (docs/api.md 5); None for a table deal's, which nobody knows whole."""
    return None if HIDDEN in deck else deck_commitment(deck)


def table_views(game: Game[Any, Any, Any], data: dict[str, Any], players: int) -> TableViews[Any] | None:
    """The seats a request asks views for (``views``), checked against the table; None when not asked."""
    seats = data.get("views")
    if seats is None:
        return None
    check_seats(seats, players)
    return TableViews(game, seats)


__all__ = ["commitment", "dealt", "register", "serves", "table_views"]
