"""Where a schema-valid request is still refused (422), and why JSON Schema cannot say the rule.

Schemathesis (`--checks all` against a running service) sends schema-valid bodies to every operation; the
service refuses some, each for a rule the contract cannot state and the operation's description names.
:data:`REFUSALS` lists them, one entry a rule: the operations it refuses on, why JSON Schema cannot say it,
a body that breaks it (schema-valid, refused: tests/contract/test_refusals.py checks both for every game,
so the list cannot rot), and, where a body can be checked cheaply, whether a body breaks it
(tests/contract/test_schemathesis.py expects every other schema-valid body to be accepted).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from service.rules.errors import CardError
from service.rules.game import Game
from service.rules.hand_game import HandGame
from service.rules.trick_game import TrickGame

RECORDS = ("records/adjudicate", "records/analyze")
"""The operations that take a record and check its table alike."""

Body = dict[str, Any]
Example = tuple[str, Body, str]
"""An operation (the path after ``/v1/{game}/``), a body, and the pointer of the 422's first error."""
Dealt = Callable[[Game[Any, Any, Any], int], tuple[Body, Body]]
"""A state dealt for a player count, as the service writes it, and an action legal in it (the tests deal and
list the legal actions through the service)."""


@dataclass(frozen=True)
class Refusal:
    rule: str
    """What the service checks."""
    why: str
    """Why JSON Schema cannot say it."""
    operations: tuple[str, ...]
    """Where a schema-valid body may break it."""
    example: Callable[[Game[Any, Any, Any], Dealt], list[Example]]
    """Bodies that break it, for one game (none where the game cannot break it)."""
    breaks: Callable[[Game[Any, Any, Any], Body], bool] | None = None
    """Whether a schema-valid body breaks it, where that is cheap to tell; None: a schema-valid body of these
    operations may be refused for it."""


def twice(game: Game[Any, Any, Any]) -> tuple[str, str, str]:
    """A card of the pack in its canonical code, the same card in another spelling, and another card."""
    first, other = game.full_pack()[:2]
    return first, first.lower(), other


def _card_twice(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    card, again, other = twice(game)
    trump = game.full_pack()[-1][-1]
    examples: list[Example] = []
    if isinstance(game, HandGame):
        hand = [card, again, *game.full_pack()[2:]][: game.hand_size]
        examples += [(op, {"hands": [hand]}, "/hands/0/1") for op in ("hands/evaluate", "hands/compare")]
    if isinstance(game, TrickGame):
        examples.append(("tricks/winner", {"trump": trump, "cards": [card, again]}, "/cards/1"))
    if isinstance(game, TrickGame) and game.announces_melds:
        examples.append(("melds/evaluate", {"hand": [card, again, other], "trump": trump}, "/hand/1"))
    players = game.min_players
    deck = list(game.pack(players, game.options(None)))
    deck[deck.index(other)] = again
    table = {"players": players, "dealer": 0, "deck": deck}
    examples.append(("deals", table, f"/deck/{deck.index(again)}"))
    for operation in RECORDS:
        examples.append((operation, {"record": {**table, "actions": []}}, f"/record/deck/{deck.index(again)}"))
    return examples


def _lists_of_cards(body: Body) -> list[Any]:
    record = body.get("record")
    deck = record.get("deck", []) if isinstance(record, dict) else body.get("deck", [])
    return [*body.get("hands", []), body.get("cards", []), body.get("hand", []), deck]


def _breaks_card_twice(game: Game[Any, Any, Any], body: Body) -> bool:
    try:
        return any(len({game.parse_card(card) for card in cards}) != len(cards) for cards in _lists_of_cards(body))
    except (AttributeError, TypeError, CardError):  # not schema-valid: nothing to tell
        return True


def _deck_of_the_deal(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    least, most = game.pack_sizes()
    for players in game.player_counts():
        pack = game.pack(players, game.options(None))
        if len(pack) < most:  # a pack of another deal fits the schema's bounds, not this deal
            deck = list(game.full_pack())
            missing = next(i for i, card in enumerate(deck) if card not in pack)
            table = {"players": players, "dealer": 0, "deck": deck}
            record = {"record": {**table, "actions": []}}
            return [("deals", table, f"/deck/{missing}"), *((op, record, f"/record/deck/{missing}") for op in RECORDS)]
    return []


def _seat_of_the_table(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    players = game.min_players
    if players == game.max_players:  # every seat the schema admits is at the table
        return []
    table = {"players": players, "dealer": players, "seed": "x"}
    state, action = dealt(game, players)
    return [
        ("deals", table, "/dealer"),
        *((op, {"record": {**table, "actions": []}}, "/record/dealer") for op in RECORDS),
        ("states/view", {"state": state, "seat": players}, "/seat"),
        ("actions", {"state": state, "action": action, "views": [players]}, "/views/0"),
    ]


def _carry_of_the_table(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    carried = dataclasses.fields(game.carry_type) if game.carry_type is not None else ()
    scores = [f.name for f in carried if isinstance(f.default, tuple)]
    if not scores:
        return []
    table = {"players": game.min_players, "dealer": 0, "seed": "x", "carry": {scores[0]: [0]}}  # one number
    return [
        ("deals", table, f"/carry/{scores[0]}"),
        *((op, {"record": {**table, "actions": []}}, f"/record/carry/{scores[0]}") for op in RECORDS),
    ]


def _declarations(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    if not getattr(game, "supports_declarations", False):
        return []
    hand = list(game.full_pack()[: game.hand_size])  # type: ignore[attr-defined]
    body = {"hands": [hand, hand], "declarations": [None]}
    return [(op, body, "/declarations") for op in ("hands/evaluate", "hands/compare")]


def _breaks_declarations(game: Game[Any, Any, Any], body: Body) -> bool:
    declarations = body.get("declarations")
    try:
        return declarations is not None and (len(declarations) != len(body["hands"]) or any(declarations))
    except (TypeError, KeyError):  # not schema-valid: nothing to tell
        return True


def _table_of_the_equity(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    if not isinstance(game, HandGame):
        return []
    hand = list(game.full_pack()[: game.hand_size])
    return [
        ("hands/equity", {"hand": hand, "opponents": 1, "dead": [hand[0]]}, "/dead/0"),
        ("hands/equity", {"hand": hand, "opponents": [{"cards": [hand[0].lower()]}]}, "/opponents/0/cards/0"),
    ]


def _consistent_state(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    state, action = dealt(game, game.min_players)
    first, second = state["seats"][0]["hand"], state["seats"][1]["hand"]
    second[0] = first[0]  # one card in two hands (each hand's cards still distinct)
    return [
        ("legal-actions", {"state": state}, "/state/seats"),
        ("actions", {"state": state, "action": action}, "/state/seats"),
        ("states/view", {"state": state, "seat": 0}, "/state/seats"),
        ("actions/suggest", {"state": state}, "/state/seats"),
    ]


def _notation_of_the_game(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    text = {"notation": "0"}  # a string, as the contract types it, that is no record: a move number wants a dot
    return [(op, text, "/notation") for op in ("records/parse", *RECORDS, "matches/adjudicate")]


def _dealer_of_the_match(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    players = game.min_players  # a dealer the schema admits (below the most players) but not a seat of this table
    if players == game.max_players:
        return []
    deal = {"dealer": players, "seed": "refusals", "actions": []}
    return [("matches/adjudicate", {"match": {"players": players, "deals": [deal]}}, "/match/deals/0/dealer")]


def _record_to_format(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    card, again, other = twice(game)
    players = game.min_players
    deck = list(game.pack(players, game.options(None)))
    deck[deck.index(other)] = again
    record = {"players": players, "dealer": 0, "deck": deck, "actions": []}
    return [("records/format", {"record": record}, f"/record/deck/{deck.index(again)}")]


def _seat_to_act(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    state, action = dealt(game, game.min_players)
    idle = next(seat for seat in range(game.min_players) if seat != action["seat"])
    return [("actions/suggest", {"state": state, "seat": idle}, "/seat")]


def _work_of_the_analysis(game: Game[Any, Any, Any], dealt: Dealt) -> list[Example]:
    players = game.min_players
    record = {"players": players, "dealer": 0, "seed": "x", "actions": []}
    examples: list[Example] = []
    if players < game.max_players:
        examples.append(("records/analyze", {"record": record, "seats": [players]}, "/seats/0"))
    if game.id == "three-card-brag":  # a betting round long enough: 66 decisions, past 64 at normal
        raises = [{"seat": k % 2, "type": "raise", "amount": k} for k in range(2, 67)]
        long = {**record, "options": {"blind_allowed": False}, "actions": [{"seat": 1, "type": "bet", "amount": 1}]}
        examples.append(("records/analyze", {"record": {**long, "actions": long["actions"] + raises}}, "/level"))
    return examples


REFUSALS: tuple[Refusal, ...] = (
    Refusal(
        rule="A card is given once: the same card in two spellings (`AS`, `as`, `A♠`) counts twice.",
        why="`uniqueItems` compares JSON texts, and one card has several texts; JSON Schema has no canonical form "
        "of a value to compare.",
        operations=(
            "hands/evaluate",
            "hands/compare",
            "tricks/winner",
            "melds/evaluate",
            "deals",
            *RECORDS,
        ),
        example=_card_twice,
        breaks=_breaks_card_twice,
    ),
    Refusal(
        rule="A deck is the pack of its deal: which cards (and how many) follow from `players` and `options` "
        "(Briscola three-handed lacks the card `three_player_removed` names, six-handed the twos).",
        why="JSON Schema relates no field to another's value: the contract bounds a deck by the fewest and the most "
        "cards of the game's packs (minItems, maxItems); saying which pack would take one branch per player count "
        "and option value.",
        operations=("deals", *RECORDS),
        example=_deck_of_the_deal,
    ),
    Refusal(
        rule="A seat is a seat of the table: `dealer`, the `seat` of states/view and each of `views` is below "
        "`players` (the state's, or the deal's).",
        why="JSON Schema bounds a number by constants, not by another field: the contract bounds a seat by the "
        "game's most players.",
        operations=("deals", *RECORDS, "states/view", "actions"),
        example=_seat_of_the_table,
    ),
    Refusal(
        rule="A carried score holds one number per seat (Briscan, Brisque) or per side (Briscola): as many as "
        "`players` make.",
        why="An array's length cannot be tied to another field's value; the contract bounds it by the game's most "
        "players.",
        operations=("deals", *RECORDS),
        example=_carry_of_the_table,
    ),
    Refusal(
        rule="`declarations` has one entry (or null) per hand, and a declaration fits its hand: it names trumps the "
        "hand holds, each as a card it may stand for (BRG-A3).",
        why="JSON Schema cannot compare two arrays' lengths, nor an object's keys with another array's items.",
        operations=("hands/evaluate", "hands/compare"),
        example=_declarations,
        breaks=_breaks_declarations,
    ),
    Refusal(
        rule="The cards of an equity question are one pack's: the hand, the dead cards and each opponent's known "
        "cards are different cards (in any spelling), the opponents' hands can be dealt from the cards left, and "
        "`exact` asks for no more outcomes than the service counts (a 422 at `/method`).",
        why="JSON Schema cannot make items distinct across several arrays (nor across spellings), and how many cards "
        "are left or how many outcomes there are is arithmetic over several fields.",
        operations=("hands/equity",),
        example=_table_of_the_equity,
    ),
    Refusal(
        rule="A state is consistent (a 422 `/invalid-state` lists every problem): every card of the pack once, as "
        "many seats as `players`, hand and trick sizes, whose turn it is, chips, points and carries adding up, "
        "each phase's fields.",
        why="These are relations across the whole state (a card's place among every hand, stock and trick; sums; "
        "what one field's value makes of another), not constraints on a value; states/validate answers them.",
        operations=("legal-actions", "actions", "states/view", "actions/suggest"),
        example=_consistent_state,
    ),
    Refusal(
        rule="A notation is a text of the grammar of docs/notation.md (docs/api.md 16): tags, then actions as words; a "
        "text that does not parse is a 422 `/invalid-notation` at its line and column.",
        why="The contract types `notation` as a string; a grammar of lines, tags and words is no JSON Schema "
        "`pattern` worth the name (and a pattern could not say the line and column).",
        operations=("records/parse", *RECORDS, "matches/adjudicate"),
        example=_notation_of_the_game,
    ),
    Refusal(
        rule="A match's deals are dealt as `deals` deals them (each deck the pack of its deal, each dealer and view "
        "a seat of the table, the carry one number per seat or side), the same rules as a record's.",
        why="As for a record: JSON Schema relates no field to another's value, across a match's deals as within one.",
        operations=("matches/adjudicate",),
        example=_dealer_of_the_match,
    ),
    Refusal(
        rule="A record or match to format has a table as records/adjudicate and matches/adjudicate check it: its "
        "deck one pack's cards, each once in any spelling, a seat of the table as dealer, the carry the table's.",
        why="The same rules as a record's to adjudicate: relations between fields and across spellings of a card.",
        operations=("records/format",),
        example=_record_to_format,
    ),
    Refusal(
        rule="A suggestion is for a seat that may act now: `seat`, when given, is the seat to act (or one that may "
        "act, where several may).",
        why="Which seat may act follows from the whole state; JSON Schema bounds a seat by constants.",
        operations=("actions/suggest",),
        example=_seat_to_act,
    ),
    Refusal(
        rule="An analysis's `seats` are seats of the table (below the record's `players`), and its work (decisions "
        "times the level's samples) is within the budget: past it, a 422 at `/level` where an easier level fits, "
        "else at `/seats`.",
        why="A seat is bounded by another field's value, and how many decisions a record holds follows from "
        "replaying it.",
        operations=("records/analyze",),
        example=_work_of_the_analysis,
    ),
)


def refusals_of(operation: str) -> list[Refusal]:
    """The rules a schema-valid body of ``operation`` (the path after ``/v1/{game}/``) may break."""
    return [refusal for refusal in REFUSALS if operation in refusal.operations]
