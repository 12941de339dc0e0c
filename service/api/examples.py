"""Real requests for the documentation: every example is made by the engine from a seeded deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from schemas.game import GameSchemas
from service.rules.base import RULES_VERSION, LegalAction
from service.rules.game import Game
from service.rules.hand_game import HandGame
from service.rules.match import carried
from service.rules.options import options_dict
from service.rules.shuffle import deck_commitment, shuffle
from service.rules.trick_game import TrickGame
from service.rules.views import TableViews

SEED = "example"
MAX_EXAMPLE_ACTIONS = 100
"""The most actions of a deal in an example (no game's deal, played as :func:`match_example` plays, takes more)."""


def submittable(legal: LegalAction) -> dict[str, Any]:
    """A listed legal action as it would be submitted (a free amount at its minimum, an empty exchange)."""
    action = {k: v for k, v in legal.items() if k not in ("min", "max", "max_cards")}
    if "min" in legal:
        action["amount"] = legal["min"]
    if "max_cards" in legal:
        action["discard"] = []
    if "domains" in action:
        chosen: dict[str, str] = {}
        for wild, cards in action.pop("domains").items():
            free = [c for c in cards if c not in chosen.values()]
            chosen[wild] = (free or cards)[0]
        action["assignments"] = chosen
    return action


@dataclass(frozen=True)
class Examples:
    deal: dict[str, Any]
    deal_answer: dict[str, Any]
    state: dict[str, Any]
    action: dict[str, Any]
    view: dict[str, Any]
    record: dict[str, Any]
    match: dict[str, Any]
    hands: dict[str, Any] | None
    equity: dict[str, Any] | None
    trick: dict[str, Any] | None
    melds: dict[str, Any] | None
    suggest: dict[str, Any]
    analyze: dict[str, Any]


def match_example(game: Game[Any, Any, Any], schemas: GameSchemas) -> dict[str, Any]:
    """A match of two deals: the first played to its end (each seat taking the last action listed, a raise only
    when nothing else is), the second dealt with its carry by the next seat, with its first action."""
    players = game.min_players
    options = game.options(None)
    action = schemas.deriver.action()
    deals, carry = [], None
    for dealer, most in ((0, MAX_EXAMPLE_ACTIONS), (1, 1)):
        seed = f"{SEED}-{dealer}"
        state = game.deal(players, dealer, options, shuffle(game.pack(players, options), seed), carry).state
        actions: list[dict[str, Any]] = []
        while state.to_act is not None and len(actions) < most:
            legal = game.legal_actions(state)
            chosen = submittable(next((a for a in reversed(legal) if a["type"] != "raise"), legal[-1]))
            actions.append(chosen)
            state = game.apply(state, action.deserialize(chosen)).state
        deals.append({"dealer": dealer, "seed": seed, "actions": actions})
        result = game.result(state)
        carry = carried(game, result) if result is not None else None
    return {"players": players, "deals": deals}


def examples(game: Game[Any, Any, Any], schemas: GameSchemas) -> Examples:
    """Example request bodies for every endpoint of ``game``."""
    players = game.min_players
    options = game.options(None)
    deck = shuffle(game.pack(players, options), SEED)
    dealt = game.deal(players, 0, options, deck)
    state = dealt.state
    legal = game.legal_actions(state)
    first = submittable(legal[-1]) if legal else {}
    dumped = schemas.state().dump(state)
    pack = game.full_pack()
    hands = equity = None
    if isinstance(game, HandGame):
        size = game.hand_size
        hands = {"hands": [list(pack[:size]), list(pack[size : 2 * size])]}
        equity = {"hand": list(pack[size : 2 * size]), "opponents": 1}
    trick = None
    if isinstance(game, TrickGame):
        trick = {"trump": pack[-1][-1], "cards": [pack[0], pack[-1]]}
    melds = None
    if isinstance(game, TrickGame) and game.announces_melds:
        melds = {"hand": list(state.seats[0].hand), "trump": pack[-1][-1]}
    deal = {"players": players, "dealer": 0, "seed": SEED}
    record = {**deal, "actions": [first] if first else []}
    to_act = state.to_act if state.to_act is not None else 0
    table = TableViews(game, [to_act])
    table.saw(None, dealt.events)
    deal_answer = schemas.deal_response().dump(
        {
            "state": state,
            "events": list(dealt.events),
            "deck_commitment": deck_commitment(deck),
            "rules": options_dict(options),
            "rules_version": RULES_VERSION,
            "views": table.of(state),
        }
    )
    return Examples(
        deal={**deal, "views": [to_act]},
        deal_answer=deal_answer,
        state={"state": dumped},
        action={"state": dumped, "action": first, "views": list(range(players))},
        view={"state": dumped, "seat": to_act},
        record={"record": record, "views": [to_act]},
        match={"match": match_example(game, schemas)},
        hands=hands,
        equity=equity,
        trick=trick,
        melds=melds,
        suggest={"state": dumped, "level": "normal"},
        analyze={"record": record, "level": "easy"},
    )
