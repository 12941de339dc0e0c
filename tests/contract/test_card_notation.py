"""The card and suit codes of the schema are exactly the notations the service accepts (docs/api.md section 3):
each game's ``card_notation`` is the ``pattern`` of its card fields in the committed openapi.yaml, every text
it matches parses and every text it does not match is refused (property tests over generated strings)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.broggin.cards import TRUMP_NOTATION, TRUMPS, parse_broggin
from service.rules.cards import card_pattern, in_notation
from service.rules.errors import CardError
from service.rules.registry import GAMES

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"
GAME_IDS = list(GAMES)
ALPHABET = "AKQJT98765432akqjt10SHDCshdc♠♥♦♣-?swtcoumybaSWTCOUMYBADdhexnrigäÄöÖàÀ ſＫ\u0301\u0308\u212a\n"
"""Letters of every notation, their neighbours in case, look-alikes, combining marks (a decomposed ``ä`` is
``a`` and U+0308) and a few characters no notation has."""


def parses(parse, text: str) -> bool:
    try:
        parse(text)
    except CardError:
        return False
    return True


@cache
def components():
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(COMMITTED.read_text(encoding="utf-8"), Loader=loader)["components"]["schemas"]  # noqa: S506


def prefix(game_id):
    return "".join(part.capitalize() for part in game_id.split("-"))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_committed_schema_states_the_notation(game_id):
    game = GAMES[game_id]
    schemas = components()
    deck = schemas[f"{prefix(game_id)}DealRequestFromDeck"]["properties"]["deck"]["items"]
    assert deck["pattern"] == card_pattern(game.card_notation)
    if f"{prefix(game_id)}HandsRequest" in schemas:
        hands = schemas[f"{prefix(game_id)}HandsRequest"]["properties"]["hands"]["items"]["items"]
        assert hands["pattern"] == card_pattern(game.card_notation)
    if f"{prefix(game_id)}TrickRequest" in schemas:
        trick = schemas[f"{prefix(game_id)}TrickRequest"]["properties"]
        assert trick["cards"]["items"]["pattern"] == card_pattern(game.card_notation)
        assert trick["trump"]["pattern"] == card_pattern(game.suit_notation)
    # a view's state may show "??" (a card that seat may not know): the pattern says so
    assert "pattern: " + card_pattern(game.card_notation, hidden=True) in COMMITTED.read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_card_of_the_pack_matches_in_its_canonical_code(game_id):
    game = GAMES[game_id]
    for card in game.full_pack():
        assert in_notation(game.card_notation, card)
        assert re.search(card_pattern(game.card_notation), card)
        assert not re.search(card_pattern(game.card_notation), "??")
        assert re.search(card_pattern(game.card_notation, hidden=True), "??")


def as_is(data: st.DataObject, valid: str) -> str:
    return valid


def near_miss(data: st.DataObject, valid: str) -> str:
    """``valid`` with a character added, dropped or changed, or a short random text."""
    i = data.draw(st.integers(0, len(valid)))
    c = data.draw(st.sampled_from(ALPHABET))
    return data.draw(
        st.sampled_from([valid[:i] + c + valid[i:], valid[:i] + valid[i + 1 :], valid[:i] + c + valid[i + 1 :]])
        | st.text(ALPHABET, max_size=6)
    )


@pytest.mark.parametrize("text_from", [as_is, near_miss])
@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_the_parser_accepts_exactly_the_notation(game_id, text_from, data):
    """Every text the notation matches parses; a near miss parses exactly when the notation matches it."""
    game = GAMES[game_id]
    valid = data.draw(st.from_regex(game.card_notation, fullmatch=True))
    assert in_notation(game.card_notation, valid), valid
    text = text_from(data, valid)
    assert parses(game.parse_card, text) == in_notation(game.card_notation, text), text


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=100, deadline=None)
@given(text=st.text(ALPHABET, max_size=8) | st.sampled_from(["spade", "Hjärter", "KLÖVER", "clubs", "♠", "s", "x"]))
def test_suit_notation_is_what_parse_suit_accepts(game_id, text):
    game = GAMES[game_id]
    assert parses(game.parse_suit, text) == in_notation(game.suit_notation, text), text


@settings(max_examples=100, deadline=None)
@given(text=st.from_regex(TRUMP_NOTATION, fullmatch=True) | st.text(ALPHABET, max_size=10))
def test_a_declaration_key_is_a_trump_by_any_of_its_names(text):
    """Broggin's declaration keys (``propertyNames``): exactly the texts that parse to a trump."""
    try:
        is_trump = parse_broggin(text) in TRUMPS
    except CardError:
        is_trump = False
    assert is_trump == in_notation(TRUMP_NOTATION, text), text


def card_fields(name):
    """Every card field (a string with the game's card pattern, hidden or not) under the component ``name``,
    through its references."""
    found, todo, seen = [], [components()[name]], {name}
    while todo:
        node = todo.pop()
        if isinstance(node, list):
            todo.extend(node)
        elif isinstance(node, dict):
            ref = node.get("$ref", "").rsplit("/", 1)[-1]
            if ref and ref not in seen:
                seen.add(ref)
                todo.append(components()[ref])
            if node.get("type") == "string" and "A card code" in node.get("description", ""):
                found.append(node)
            todo.extend(node.values())
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_action_never_carries_a_hidden_card(game_id):
    """A client sends the cards it plays, discards or melds: an action's card fields (an announcement's meld
    cards included) take the game's notation, without the "??" a view's state may show. A legal action lists
    "??" where a seat may play any card of its hand nobody saw (a table deal's, docs/api.md 18)."""
    game = GAMES[game_id]
    cards = card_fields(prefix(game_id) + "Action")
    assert [c["pattern"] for c in cards] == [card_pattern(game.card_notation)] * len(cards)
    assert not any("??" in c["description"] for c in cards)
    listed = {c["pattern"] for c in card_fields(prefix(game_id) + "LegalAction")}
    assert not listed or card_pattern(game.card_notation, hidden=True) in listed  # a play's card, at least
    assert listed <= {card_pattern(game.card_notation), card_pattern(game.card_notation, hidden=True)}


WHOLE = ("DealRequestFromDeck", "RecordFromDeck")
"""The requests whose cards must be whole: no card of a deck (or of an action) may be "??"."""
TABLE = ("StateRequest", "ActionRequest", "ViewRequest")
"""The requests whose state may hold a card nobody at the table saw (a table deal's, docs/api.md 18)."""


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_deck_never_carries_a_hidden_card(game_id):
    """A deck is whole: its card fields (and its actions') take the game's notation without "??"."""
    game = GAMES[game_id]
    for name in WHOLE:
        cards = card_fields(prefix(game_id) + name)
        assert cards, name
        assert {c["pattern"] for c in cards} == {card_pattern(game.card_notation)}, name


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_state_sent_may_hold_a_card_nobody_saw(game_id):
    """A state sent to be played on, validated or viewed may be a table deal's: its cards may be "??" (docs/api.md
    18), and only its own (an action's cards never are)."""
    game = GAMES[game_id]
    hidden = card_pattern(game.card_notation, hidden=True)
    for name in TABLE:
        state = components()[prefix(game_id) + name]["properties"]["state"]["$ref"].rsplit("/", 1)[-1]
        assert {c["pattern"] for c in card_fields(state)} == {hidden}, name
    seen = {c["pattern"] for c in card_fields(prefix(game_id) + "RecordAtTable")}
    assert hidden in seen and seen <= {hidden, card_pattern(game.card_notation)}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_may_show_a_hidden_card(game_id):
    """A state as a seat sees it (the answer of states/view, each `views[].state`) has its own schema, whose
    cards may be "??"."""
    game = GAMES[game_id]
    hidden = card_pattern(game.card_notation, hidden=True)
    viewed = card_fields(prefix(game_id) + "ViewResponse")
    assert viewed and {c["pattern"] for c in viewed} == {hidden}
    seat_view = components()[prefix(game_id) + "SeatView"]["properties"]["state"]["$ref"]
    assert seat_view == components()[prefix(game_id) + "ViewResponse"]["properties"]["state"]["$ref"]
    assert seat_view != components()[prefix(game_id) + "StateRequest"]["properties"]["state"]["$ref"]
