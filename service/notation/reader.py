"""The reader: a recursive descent over the tokens (docs/notation.md), text to the plain JSON of a record
(docs/api.md section 8) or a match (section 15), with the position of every value it read. It checks the text's
own grammar only and stops at the first error; what a value means (a card of the pack, an option's range) is
the schemas' to say, as for JSON, and :func:`Reading.position` points their errors back at the text."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from service.notation.errors import Code, NotationError
from service.notation.grammar import Field, Shape, Signature, signatures
from service.notation.tokens import Kind, Token, string_value, tokenize
from service.notation.values import MAX_DIGITS, MAX_ITEMS, Entries, Position
from service.rules.game import Game
from service.rules.match import MAX_DEALS, MAX_MATCH_ACTIONS

NOTATION = "card-arbiter/1"
"""The value of the ``Notation`` tag: this notation and its version."""
HEADER = ("notation", "game", "players", "options", "carry")
"""The tags of the whole text, before the first deal (N-T1)."""
DEAL_TAGS = ("dealer", "seed", "deck", "hands", "turnup")
"""The tags of one deal (N-T6): ``Hands`` and ``TurnUp`` are what a table saw (N-T9, docs/api.md 18)."""
SPELLING = {"notation": "Notation", "game": "Game", "players": "Players", "options": "Options", "carry": "Carry"}
SPELLING.update({"deal": "Deal", "dealer": "Dealer", "seed": "Seed", "deck": "Deck"})
SPELLING.update({"hands": "Hands", "turnup": "TurnUp"})
_SOURCES = {"seed": "dealt", "deck": "dealt", "hands": "seen", "turnup": "seen"}
"""Where a deal's cards come from, by tag: a seed or deck, or what a table saw (never both)."""
TAG_NAME = r"[A-Za-z][A-Za-z0-9_]*"
"""A tag's name (N-T1): the pattern the contract's ``tags`` states for their names."""
MAX_TAGS = 32
"""The most other tags a text keeps (N-T8): what ``records/parse`` can answer and ``records/format`` write back."""
MAX_TAG_VALUE = 1000
"""The most characters of an other tag's value (the same bound)."""
_SEAT = re.compile(r"[sS]([0-9]+)")
_TAG_NAME = re.compile(TAG_NAME)
_INTEGER = re.compile(r"[+-]?[0-9]+")


@dataclass
class DealText:
    """One deal as read: its tags and actions, where each was read."""

    start: Token
    index: int
    tags: dict[str, Any] = field(default_factory=dict)
    actions: list[dict[str, Any]] = field(default_factory=list)
    positions: dict[str, Position] = field(default_factory=dict)
    given: set[str] = field(default_factory=set)
    """The deal's tags read so far (lower case)."""


class ActionText(NamedTuple):
    """An action being read: its signature, its type's word, the action so far, where each of its pointers was
    read (``positions``) and its pointer (``prefix``, ``/actions/i``)."""

    signature: Signature
    type_token: Token
    action: dict[str, Any]
    positions: dict[str, Position]
    prefix: str


@dataclass
class Reading:
    """What a text says: ``record`` or ``match``, its plain JSON, the other tags (kept, ignored by the rules)
    and the position of every value (by JSON pointer into ``data``)."""

    kind: str
    data: dict[str, Any]
    tags: dict[str, str]
    positions: dict[str, Position]

    def position(self, pointer: str) -> Position:
        """Where the value at ``pointer`` (or the nearest value that holds it) was read."""
        parts = pointer.split("/")
        while parts:
            found = self.positions.get("/".join(parts))
            if found is not None:
                return found
            parts.pop()
        return self.positions.get("", (1, 1))


def read(text: str, game: Game[Any, Any, Any], *, match: bool = False) -> Reading:
    """The record or match ``text`` writes for ``game`` (with ``match``, always a match: one deal is a match of
    one deal); raises :class:`NotationError` at the first error."""
    return Reader(text, game).read(match)


class Reader:
    def __init__(self, text: str, game: Game[Any, Any, Any]) -> None:
        self.tokens = tokenize(text)
        self.i = 0
        self.game = game
        self.signatures: dict[str, Signature] = signatures(game)
        self.keywords = frozenset(f.name for s in self.signatures.values() for f in s.fields if f.keyword)
        """The names that start a keyword field (:attr:`Field.keyword`, Broggin's ``drawn``): no card's."""
        self.header: dict[str, Any] = {}
        self.positions: dict[str, Position] = {"": (1, 1)}
        self.other: dict[str, str] = {}
        self.other_names: set[str] = set()
        """The other tags' names in lower case (a name given twice, in any case, is refused)."""
        self.deals: list[DealText] = []
        self.actions = 0
        """The actions read, in all the deals (at most :data:`MAX_MATCH_ACTIONS`)."""
        self.numbered = False
        """Whether the deals have ``Deal`` tags."""

    # -- the text --------------------------------------------------------------------------------------------
    def read(self, match: bool = False) -> Reading:
        tokens = self.tokens
        while True:
            token = tokens[self.i]
            kind = token.kind
            if kind is Kind.END:
                break
            if kind is Kind.OPEN:
                self.tag()
            elif kind is Kind.MOVE:
                self.i += 1  # N-M1: move numbers are ignored
            elif kind is Kind.WORD and _SEAT.fullmatch(token.text):
                self.action()
            else:
                raise _error(token, Code.expected_action, "an action (s<seat> <type> ...), a move number or a tag")
        end = tokens[self.i]
        if not self.deals:
            self.begin(end)
        for deal in self.deals:
            self.complete(deal, end)
        return self.reading(match or (self.numbered and len(self.deals) > 1))

    def reading(self, match: bool) -> Reading:
        players = self.header["players"]
        top: dict[str, Any] = {"players": players}
        for name in ("options", "carry"):
            if name in self.header:
                top[name] = self.header[name]
        positions = dict(self.positions)
        if match:
            deals = []
            for deal in self.deals:
                deals.append({**deal.tags, "actions": deal.actions})
                positions.update({f"/deals/{deal.index}{k}": v for k, v in deal.positions.items()})
            return Reading("match", {**top, "deals": deals}, self.other, positions)
        (deal,) = self.deals
        positions.update(deal.positions)
        source = {k: v for k, v in deal.tags.items() if k != "dealer"}
        record = {"players": players, "dealer": deal.tags["dealer"], **top, **source, "actions": deal.actions}
        return Reading("record", record, self.other, positions)

    # -- tags --------------------------------------------------------------------------------------------------
    def tag(self) -> None:
        """``[Name "value"]`` (N-T1)."""
        open_ = self.peek(0)
        name, value = self.peek(1), self.peek(2)
        if name.kind is not Kind.WORD or not _TAG_NAME.fullmatch(name.text):
            raise _error(name, Code.malformed_tag, 'a tag name after "[" (letters, digits, _)')
        if value.kind is not Kind.STRING:
            raise _error(value, Code.malformed_tag, f'the value of [{name.text} ...] in quotes: "value"')
        close = self.peek(3)
        if close.kind is not Kind.CLOSE:
            raise _error(close, Code.malformed_tag, f'"]" to close [{name.text} ...]')
        self.i += 4
        key = name.text.lower()
        if key not in HEADER and key not in DEAL_TAGS and key != "deal":
            return self.other_tag(key, name, value)
        text, columns = string_value(value)
        if key in HEADER:
            self.header_tag(key, name, value, text, columns)
        elif key == "deal":
            self.deal_tag(open_, value, text)
        else:
            self.deal_field(key, open_, name, value, text, columns)

    def other_tag(self, key: str, name: Token, value: Token) -> None:
        """A tag the notation gives no meaning (N-T8): kept, within the bounds of what ``records/parse`` answers
        and ``records/format`` writes back."""
        if key in self.other_names:
            raise _error(name, Code.duplicate_tag, "each tag once", f"[{name.text}] given twice")
        if len(self.other) == MAX_TAGS:
            raise _error(name, Code.invalid_value, f"at most {MAX_TAGS} other tags", f"[{name.text}]")
        text, columns = string_value(value)  # escapes shorten a value: counted once decoded
        if len(text) > MAX_TAG_VALUE:
            expected, found = f"a value of at most {MAX_TAG_VALUE} characters", f"{len(text):,} characters"
            raise _error(value, Code.invalid_value, expected, found, (value.line, columns[MAX_TAG_VALUE]))
        self.other_names.add(key)
        self.other[name.text] = text

    def header_tag(self, key: str, name: Token, value: Token, text: str, columns: list[int]) -> None:
        if self.deals:
            raise _error(name, Code.misplaced_tag, "the tags of the whole text before the first deal", name.text)
        if key in self.header:
            raise _error(name, Code.duplicate_tag, "each tag once", f"[{SPELLING[key]}] given twice")
        at = _inside(value)
        if key == "notation":
            if text.strip().lower() != NOTATION:
                raise _error(value, Code.unsupported_notation, f'"{NOTATION}"', repr(text), at)
            self.header[key] = NOTATION
        elif key == "game":
            if text.strip().lower() != self.game.id:
                raise _error(value, Code.wrong_game, f'"{self.game.id}" (the game of the path)', repr(text), at)
            self.header[key] = self.game.id
        elif key == "players":
            self.header[key] = _number(value, text, "the number of players")
            self.positions["/players"] = at
        else:
            entries = Entries(text, columns, value.line)
            self.header[key] = entries.read()
            self.positions[f"/{key}"] = at
            self.positions.update({f"/{key}/{k}": v for k, v in entries.positions.items()})

    def deal_tag(self, open_: Token, value: Token, text: str) -> None:
        """``[Deal "k"]``: deal ``k`` starts; deals are numbered from 0 in order (N-D1)."""
        if self.deals and not self.numbered:
            raise _error(open_, Code.misplaced_tag, '[Deal "0"] before the tags of the first deal', "[Deal]")
        index = _number(value, text, "the deal's number")
        if index == MAX_DEALS:
            raise _error(open_, Code.invalid_value, f"at most {MAX_DEALS} deals", "[Deal]")
        if index != len(self.deals):
            raise _error(value, Code.deal_out_of_order, f'[Deal "{len(self.deals)}"]', f"deal {index}", _inside(value))
        self.numbered = True
        self.begin(open_)

    def begin(self, start: Token) -> DealText:
        """A new deal, starting at ``start``: the whole text's ``Players`` must be known by then."""
        if "players" not in self.header:
            raise _error(start, Code.missing_tag, '[Players "n"] before the first deal')
        deal = DealText(start, len(self.deals))
        deal.positions[""] = (start.line, start.column)
        self.deals.append(deal)
        return deal

    def current(self, token: Token) -> DealText:
        """The deal a deal's tag or action belongs to (deal 0 when the text has no ``Deal`` tag)."""
        if not self.deals:
            return self.begin(token)
        return self.deals[-1]

    def deal_field(self, key: str, open_: Token, name: Token, value: Token, text: str, columns: list[int]) -> None:
        deal = self.current(open_)
        if deal.actions:
            raise _error(name, Code.misplaced_tag, "a deal's tags before its actions", name.text)
        spelled = SPELLING[key]
        given = {_SOURCES.get(k) for k in deal.given}
        if (
            key in deal.given
            or (key in _SOURCES and given - {None, _SOURCES[key]})
            or (key in ("seed", "deck") and "dealt" in given)
        ):
            expected = "one [Dealer] and one [Seed] or [Deck] (or [Hands] and [TurnUp]) a deal"
            raise _error(name, Code.duplicate_tag, expected, spelled)
        deal.given.add(key)
        at = _inside(value)
        if key == "dealer":
            deal.positions["/dealer"] = at
            deal.tags[key] = _number(value, text, "the dealer's seat")
        elif key == "seed":
            deal.positions["/seed"] = at
            deal.tags[key] = text
        elif key == "deck":
            deal.positions["/deck"] = at
            deal.tags[key] = _cards(text, columns, value.line, deal.positions)
        else:
            seen = deal.tags.setdefault("seen", {})
            if key == "turnup":
                deal.positions["/seen/turn_up"] = at
                seen["turn_up"] = text.strip()
            else:
                deal.positions["/seen/hands"] = at
                seen["hands"] = _hands(text, columns, value.line, deal.positions)

    def complete(self, deal: DealText, end: Token) -> None:
        """A deal that has ended: it named its dealer and its cards (N-D2)."""
        where = deal.start if deal.start.kind is not Kind.END else end
        if "dealer" not in deal.tags:
            raise _error(where, Code.missing_tag, '[Dealer "seat"] for this deal')
        if not {"seed", "deck", "seen"} & deal.tags.keys():
            raise _error(where, Code.missing_tag, '[Seed "..."] or [Deck "cards"] (or [Hands "..."]) for this deal')

    # -- actions -----------------------------------------------------------------------------------------------
    def action(self) -> None:
        """``s<seat> <type> <fields>`` (N-A1)."""
        seat_token = self.peek(0)
        if self.actions == MAX_MATCH_ACTIONS:
            raise _error(seat_token, Code.invalid_value, f"at most {MAX_MATCH_ACTIONS:,} actions in all the deals")
        self.actions += 1
        deal = self.current(seat_token)
        if not deal.actions:
            self.complete(deal, seat_token)
        type_token = self.peek(1)
        word = type_token.text.lower() if type_token.kind is Kind.WORD else ""
        signature = self.signatures.get(word)
        if signature is None:
            expected = "an action type: " + ", ".join(self.signatures)
            raise _error(type_token, Code.unknown_action, expected, repr(type_token.text) if word else "")
        self.i += 2
        index = len(deal.actions)
        seat = _SEAT.fullmatch(seat_token.text)
        assert seat is not None
        digits = seat.group(1)
        if len(digits) > MAX_DIGITS:
            raise _error(seat_token, Code.invalid_number, f"a seat of at most {MAX_DIGITS} digits")
        action: dict[str, Any] = {"seat": int(digits), "type": signature.type}
        prefix = f"/actions/{index}"
        deal.positions[prefix] = deal.positions[prefix + "/seat"] = (seat_token.line, seat_token.column)
        deal.positions[prefix + "/type"] = (type_token.line, type_token.column)
        if index == 0:
            deal.positions["/actions"] = deal.positions[prefix]
        read = ActionText(signature, type_token, action, deal.positions, prefix)
        for value_field in signature.fields:
            self.field(read, value_field)
        deal.actions.append(action)

    def word(self) -> Token | None:
        """The next token if it is a word of the action being read (not the next action's seat)."""
        token = self.peek(0)
        if token.kind is Kind.WORD and not _SEAT.fullmatch(token.text):
            return token
        return None

    def field(self, read: ActionText, value_field: Field) -> None:
        """One field of an action, by its shape (N-A2)."""
        signature, type_token, action, positions, prefix = read
        name, shape = value_field.name, value_field.shape
        if name in signature.one_of:  # the group's first field reads the word for all of them
            if value_field is next(f for f in signature.fields if f.name in signature.one_of):
                self.alternative(read)
            return None
        if value_field.keyword:
            token = self.word()
            if token is None or token.text.lower() != name:
                return None
            self.i += 1
        if shape is Shape.CARDS:
            action[name] = self.cards(positions, f"{prefix}/{name}")
            return None
        if shape is Shape.PAIRS:
            action[name] = self.pairs(type_token, positions, f"{prefix}/{name}")
            return None
        if shape is Shape.MELDS:
            action[name] = self.melds(type_token, positions, f"{prefix}/{name}")
            return None
        token = self.word()
        if token is None:
            if value_field.required:
                expected = f"{shape.value} ({name}) after {signature.type!r}"
                raise _error(type_token, Code.missing_field, expected)
            return None
        self.i += 1
        positions[f"{prefix}/{name}"] = (token.line, token.column)
        action[name] = _value(token, token.text, value_field)
        return None

    def alternative(self, read: ActionText) -> None:
        """The word of an ``exactly_one_of`` group: the field whose suffix it carries (or the one without a
        suffix)."""
        signature, type_token, action, positions, prefix = read
        group = [f for f in signature.fields if f.name in signature.one_of]
        token = self.word()
        if token is None:
            expected = " or ".join(
                f"{f.name} ({f.shape.value}{' then ' + f.suffix if f.suffix else ''})" for f in group
            )
            raise _error(type_token, Code.missing_field, f"{expected} after {signature.type!r}")
        self.i += 1
        lowered = token.text.lower()
        chosen = next((f for f in group if f.suffix and lowered.endswith(f.suffix)), None)
        chosen = chosen or next(f for f in group if not f.suffix)
        text = token.text[: len(token.text) - len(chosen.suffix)] if chosen.suffix else token.text
        positions[f"{prefix}/{chosen.name}"] = (token.line, token.column)
        action[chosen.name] = _value(token, text, chosen)

    def cards(self, positions: dict[str, Position], pointer: str) -> list[str]:
        """The card words that follow, up to the next action, tag, move number or a later field's name."""
        cards: list[str] = []
        positions[pointer] = self.here()
        while (token := self.word()) is not None and token.text.lower() not in self.keywords:
            if len(cards) == MAX_ITEMS:
                raise _error(token, Code.invalid_value, f"at most {MAX_ITEMS:,} cards")
            positions[f"{pointer}/{len(cards)}"] = (token.line, token.column)
            cards.append(token.text)
            self.i += 1
        return cards

    def pairs(self, type_token: Token, positions: dict[str, Position], pointer: str) -> dict[str, str]:
        """``trump=card`` words (Broggin's declaration, N-A4)."""
        pairs: dict[str, str] = {}
        positions[pointer] = (type_token.line, type_token.column)
        while (token := self.word()) is not None:
            if len(pairs) == MAX_ITEMS:
                raise _error(token, Code.invalid_value, f"at most {MAX_ITEMS:,} trumps declared")
            key, equals, value = token.text.partition("=")
            if not equals or not key or not value:
                raise _error(token, Code.invalid_assignment, "trump=card, such as Witch=QSw", repr(token.text))
            if key in pairs:
                raise _error(token, Code.invalid_assignment, "each trump once", f"{key!r} declared twice")
            pairs[key] = value
            positions[f"{pointer}/{key}"] = (token.line, token.column + len(key) + 1)
            self.i += 1
        return pairs

    def melds(self, type_token: Token, positions: dict[str, Position], pointer: str) -> list[dict[str, Any]]:
        """``kind(card card ...)`` groups (Briscan's and Brisque's announcements, N-A5)."""
        melds: list[dict[str, Any]] = []
        positions[pointer] = (type_token.line, type_token.column)
        expected = "a meld: its kind then its cards in parentheses, such as marriage(KH QH)"
        while (kind := self.word()) is not None:
            if len(melds) == MAX_ITEMS:
                raise _error(kind, Code.invalid_value, f"at most {MAX_ITEMS:,} melds")
            at = f"{pointer}/{len(melds)}"
            positions[at] = positions[f"{at}/kind"] = (kind.line, kind.column)
            opening = self.peek(1)
            if opening.kind is not Kind.LPAREN:
                raise _error(opening, Code.invalid_meld, f"'(' after the meld's kind {kind.text!r}")
            self.i += 2
            cards: list[str] = []
            positions[f"{at}/cards"] = self.here()
            while (token := self.peek(0)).kind is Kind.WORD:
                positions[f"{at}/cards/{len(cards)}"] = (token.line, token.column)
                cards.append(token.text)
                self.i += 1
            if token.kind is not Kind.RPAREN:
                raise _error(token, Code.invalid_meld, f"a card or ')' to close {kind.text}(...)")
            self.i += 1
            melds.append({"kind": kind.text.lower(), "cards": cards})
        if not melds:
            raise _error(self.peek(0), Code.invalid_meld, expected)
        return melds

    def peek(self, ahead: int) -> Token:
        """The token ``ahead`` of the current one (the end of the text past it)."""
        tokens = self.tokens
        return tokens[min(self.i + ahead, len(tokens) - 1)]

    def here(self) -> Position:
        token = self.peek(0)
        return token.line, token.column


def _error(token: Token, code: Code, expected: str, found: str = "", at: Position | None = None) -> NotationError:
    line, column = at or (token.line, token.column)
    return NotationError(line, column, code, expected, found)


def _inside(token: Token) -> Position:
    """The position of a tag value's first character (after its opening quote)."""
    return token.line, token.column + 1


def _value(token: Token, text: str, value_field: Field) -> Any:
    """The value ``text`` (``token``'s word, less any suffix) gives ``value_field``: a whole number, or the word as
    the field spells it."""
    if value_field.shape is Shape.NUMBER:
        return _number(token, text, f"{value_field.name}: {value_field.shape.value}")
    return value_field.spelled(text)


def _number(token: Token, text: str, what: str) -> int:
    """A whole number written in ``text`` (a word, or a tag's value), else an error at ``token``."""
    stripped = text.strip()
    if not _INTEGER.fullmatch(stripped) or len(stripped) > MAX_DIGITS:
        at = _inside(token) if token.kind is Kind.STRING else None
        raise _error(token, Code.invalid_number, f"{what} (a whole number)", repr(text), at)
    return int(stripped)


def _cards(
    text: str, columns: list[int], line: int, positions: dict[str, Position], at: str = "/deck", start: int = 0
) -> list[str]:
    """The cards of a ``Deck`` tag (or of one hand of a ``Hands`` tag, from ``start``), separated by spaces (N-T7)."""
    cards: list[str] = []
    for found in re.finditer(r"\S+", text):
        if len(cards) == MAX_ITEMS:
            raise NotationError(
                line, columns[start + found.start()], Code.invalid_value, f"at most {MAX_ITEMS:,} cards"
            )
        positions[f"{at}/{len(cards)}"] = (line, columns[start + found.start()])
        cards.append(found.group())
    return cards


def _hands(text: str, columns: list[int], line: int, positions: dict[str, Position]) -> list[list[str] | None]:
    """The hands of a ``Hands`` tag (N-T9): each seat's from seat 0, separated by ``/``; ``-`` a hand nobody saw."""
    hands: list[list[str] | None] = []
    start = 0
    for part in text.split("/") if text.strip() else []:
        if len(hands) == MAX_ITEMS:
            raise NotationError(line, columns[start], Code.invalid_value, f"at most {MAX_ITEMS:,} hands")
        at = f"/seen/hands/{len(hands)}"
        positions[at] = (line, columns[min(start + len(part) - len(part.lstrip()), len(columns) - 1)])
        hands.append(None if part.strip() == "-" else _cards(part, columns, line, positions, at, start))
        start += len(part) + 1
    return hands


__all__ = ["MAX_TAGS", "MAX_TAG_VALUE", "NOTATION", "TAG_NAME", "Reader", "Reading", "read"]
