"""Every event of every game as an English sentence (issue 31): one table of sentences per event type, the one
source of the words the referee page says of a step, with a script and without.

:data:`SENTENCES` is the table: for each event type a list of templates, the first whose fields the event has
(present, not null, not false, not empty) is said. ``{field}`` says a field as it is; ``{field|filter}`` through
a filter: ``card`` (the card as its suit symbol, its code for screen readers), ``cards``, ``count`` (a number
in words), ``many:noun`` (``3 points``, ``1 point``), ``name:kind`` (the English term of an id, then its terms
in the game's own languages, each marked with its ``lang``), ``word:kind`` (the English term alone), ``suit``
(the suit in English), ``assign`` (Broggin's named cards and what they stand for), ``melds`` (Briscan's),
``if`` (nothing: the template needs the field true). An entry's ``then`` continues the sentence before for an
event of the same type whose other fields are the same ("Seat 1 draws, then seat 0").

:func:`said` renders a template here (the page without a script); static/referee.js renders the same table,
which the page carries in its data (:func:`page_table`), with the same rules: the words are written once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

from service.rules import names

Entry = Mapping[str, Any]

SENTENCES: dict[str, Entry] = {
    "deal": {"say": ["{cards_each|count} cards each"]},
    "ante": {"say": ["seat {seat} antes {amount} to the {pot|name:pot}", "seat {seat} antes {amount}"],
             "then": ", then seat {seat}"},
    "face_up": {"say": ["face up: {card|card} to seat {seat}"], "then": ", {card|card} to seat {seat}"},
    "turn_up": {"say": ["{card|card} turned up: {trump|suit} are trumps", "the turn-up unseen"]},
    "bonus": {"say": ["seat {seat} scores {points|many:point} for the {kind|name:bonus}"]},
    "bet": {"say": ["seat {seat} bets {amount}", "seat {seat} bets {chips}"]},
    "call": {"say": ["seat {seat} calls {card|card}: {trump|suit} are trumps", "seat {seat} calls with {chips}"]},
    "raise": {"say": ["seat {seat} raises to {amount}"]},
    "fold": {"say": ["seat {seat} folds"]},
    "look": {"say": ["seat {seat} looks at the hand"]},
    "see": {"say": ["seat {seat} pays {chips} to see"]},
    "show": {"say": ["seat {seat} shows {hand|cards}: {category|name:category}, with {interpretation|assign}",
                     "seat {seat} shows {hand|cards}: {category|name:category}", "seat {seat} shows {hand|cards}"]},
    "pot_won": {"say": ["seat {seat} wins the {pot|name:pot}, {amount}, with {card|card}",
                        "seat {seat} wins the {pot|name:pot}, {amount} ({reason|name:reason})",
                        "seat {seat} wins the {pot|name:pot}, {amount}", "seat {seat} wins the pot, {amount}"]},
    "pot_carried": {"say": ["the {pot|name:pot}, {amount}, carries over to the next deal",
                            "the pot, {amount}, carries over to the next deal with seat {seat}"]},
    "pot_returned": {"say": ["the {pot|name:pot} goes back, {amount_each} to each seat"]},
    "phase": {"say": ["the {phase|name:phase} begins, seat {to_act} to act", "the {phase|name:phase} begins"]},
    "hit": {"say": ["seat {seat} draws {card|card}: {total} in all", "seat {seat} draws a card"]},
    "stand": {"say": ["seat {seat} stands on {total}", "seat {seat} stands"]},
    "bust": {"say": ["seat {seat} is bust on {total}", "seat {seat} is bust"]},
    "play": {"say": ["seat {seat} plays {card|card}"]},
    "trick": {"say": ["seat {winner} takes the trick ({cards|cards}): {points|many:point}"]},
    "draw": {"say": ["seat {seat} draws"], "then": ", then seat {seat}"},
    "exchange_turnup": {"say": ["seat {seat} gives {gave|card} for the turned-up {took|card}"]},
    "exchange_seven": {"say": ["seat {seat} gives the seven of trumps, {gave|card}, for the turned-up {took|card}"]},
    "bid": {"say": ["seat {seat} bids the {rank|name:rank}", "seat {seat} bids {points|many:point}"]},
    "pass": {"say": ["seat {seat} passes"]},
    "thrown_in": {"say": ["everybody passed: the deal is thrown in, and seat {next_dealer} deals the next"]},
    "auction_won": {"say": ["seat {seat} wins the auction with the {rank|name:rank}",
                            "seat {seat} wins the auction with {points|many:point}"]},
    "partner_revealed": {"say": ["seat {seat} holds the called card: the caller plays alone{alone|if}",
                                 "seat {seat} plays the called card: the caller's partner"]},
    "exchange": {"say": ["seat {seat} exchanges {cards|many:card}"]},
    "restock": {"say": ["the stock is filled again: {cards|many:card}"]},
    "declare": {"say": ["seat {seat} declares {assignments|assign}", "seat {seat} declares nothing"]},
    "announce": {"say": ["seat {seat} announces {melds|melds}"]},
    "game_won": {"say": ["seat {seat} wins the game with {score} ({reason|name:reason})",
                         "seat {seat} wins the game with {score}", "seat {seat} wins the game ({reason|name:reason})",
                         "seat {seat} wins the game"]},
}  # fmt: skip
"""Every event type's sentences (the first whose fields the event has), and how the next one goes on."""

ACTIONS: dict[str, Entry] = {
    "fold": {"say": ["seat {seat} folds"]},
    "bet": {"say": ["seat {seat} bets {amount}", "seat {seat} bets {min} to {max}", "seat {seat} bets {min} or more",
                    "seat {seat} bets"]},
    "raise": {"say": ["seat {seat} raises to {amount}", "seat {seat} raises to {min} to {max}",
                      "seat {seat} raises to {min} or more", "seat {seat} raises"]},
    "call": {"say": ["seat {seat} calls"]},
    "look": {"say": ["seat {seat} looks at the hand"]},
    "see": {"say": ["seat {seat} pays to see"]},
    "hit": {"say": ["seat {seat} draws a card"]},
    "stand": {"say": ["seat {seat} stands"]},
    "play": {"say": ["seat {seat} plays {card|card}"]},
    "exchange_turnup": {"say": ["seat {seat} gives a card for the turned-up one"]},
    "exchange_seven": {"say": ["seat {seat} gives the seven of trumps for the turned-up card"]},
    "pass": {"say": ["seat {seat} passes"]},
    "bid": {"say": ["seat {seat} bids the {rank|name:rank}", "seat {seat} bids {points|many:point}"]},
    "choose_suit": {"say": ["seat {seat} calls the {rank|name:rank} of {suit|suit}", "seat {seat} calls {suit|suit}"]},
    "exchange": {"say": ["seat {seat} exchanges {discard|cards}", "seat {seat} exchanges up to {max_cards|many:card}",
                         "seat {seat} keeps every card"]},
    "declare": {"say": ["seat {seat} declares {assignments|assign}", "seat {seat} declares"]},
    "announce": {"say": ["seat {seat} announces {melds|melds}", "seat {seat} announces"]},
}  # fmt: skip
"""Every action type's sentences, as a record sends an action or the service lists a legal one (an amount's
``min`` and ``max``): what the page says of the illegal action and of what was legal there."""

NAME_KINDS = ("card", "category", "meld", "bonus", "pot", "phase", "reason", "rank")
"""The kinds of names a sentence says (``name:kind``, ``word:kind``, a named card), in the page's data."""

NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FIELD = re.compile(r"\{(\w+)(?:\|(\w+)(?::(\w+))?)?\}")


def page_table(game_id: str) -> dict[str, Any]:
    """What the script needs to say a game's steps: the table, the number words and the game's names."""
    table = names.table(game_id)
    return {
        "sentences": SENTENCES,
        "actions": ACTIONS,
        "numbers": NUMBERS,
        "suit_words": SUIT_WORDS,
        "symbols": SYMBOLS,
        "terms": native_terms(game_id),
        "names": {
            lang: {kind: {i: t.text for i, t in kinds[kind].items()} for kind in NAME_KINDS if kind in kinds}
            for lang, kinds in table.items()
        },
    }


def native_terms(game_id: str) -> list[tuple[str, str]]:
    """Every term of the game's own languages that is no English term of the game, with its language, the
    longest first: what :func:`marked` marks in a text the service wrote (Broggin's descriptions)."""
    table = names.table(game_id)
    english = {t.text.lower() for kinds in table.get(names.ENGLISH, {}).values() for t in kinds.values()}
    found: dict[str, str] = {}
    for lang, kinds in table.items():
        for terms in kinds.values() if lang != names.ENGLISH else ():
            for term in terms.values():
                if term.text.lower() not in english and len(term.text) > 1:
                    found.setdefault(term.text, lang)
    return sorted(found.items(), key=lambda pair: (-len(pair[0]), pair[0]))


def term_pattern(terms: Sequence[tuple[str, str]]) -> re.Pattern[str] | None:
    """One pattern for every term, each a whole word (the script builds the same from the same list)."""
    if not terms:
        return None
    return re.compile(r"(?<![^\W_])(" + "|".join(re.escape(t) for t, _ in terms) + r")(?![^\W_])")


def marked(text: str, terms: Sequence[tuple[str, str]]) -> Markup:
    """A text with every term of another language in it marked with its ``lang``."""
    pattern, langs = term_pattern(terms), dict(terms)
    if pattern is None:
        return escape(text)
    out, at = Markup(""), 0
    for m in pattern.finditer(text):
        out += escape(text[at : m.start()]) + Markup('<span lang="{}">{}</span>').format(langs[m.group(1)], m.group(1))
        at = m.end()
    return out + escape(text[at:])


def present(value: Any) -> bool:
    """Whether a template may say a field (the script's ``present`` is the same)."""
    return value is not None and value is not False and value != [] and value != {}


class Sayer:
    """The sentences of one game (its names, its suit colours)."""

    def __init__(self, game_id: str, colours: Mapping[str, str]) -> None:
        self.data = page_table(game_id)
        self.colours = colours

    def card(self, code: str) -> Markup:
        colour = self.colours.get(code[-2:]) or self.colours.get(code[-1:]) if len(code) > 1 else None
        cls = f"card suit-{colour}" if colour else "card"
        if len(code) == 2 and code[1] in SYMBOLS:
            rank = "10" if code[0] == "T" else code[0]
            inner = Markup('<span aria-hidden="true">{}</span><span class="visually-hidden">{}</span>').format(
                rank + SYMBOLS[code[1]], code
            )
        else:
            inner = escape(code)
        return Markup('<span class="{}">{}</span>').format(cls, inner) + self.native("card", code, code)

    def native(self, kind: str, id_: str, english: str) -> Markup:
        """`` (term)`` in each of the game's other languages with a term of its own for ``id_``, marked."""
        terms = [
            Markup('<span lang="{}">{}</span>').format(lang, kinds[kind][id_])
            for lang, kinds in self.data["names"].items()
            if lang != names.ENGLISH and id_ in kinds.get(kind, {}) and kinds[kind][id_].lower() != english.lower()
        ]
        return Markup(" (") + Markup(", ").join(terms) + Markup(")") if terms else Markup("")

    def english(self, kind: str, id_: str) -> str:
        return str(self.data["names"].get(names.ENGLISH, {}).get(kind, {}).get(id_, str(id_).replace("_", " ")))

    def value(self, value: Any, how: str | None, arg: str | None) -> Markup:
        if how is None:
            return escape(str(value))
        if how == "card":
            return self.card(str(value))
        if how == "cards":
            return Markup(" ").join(self.card(str(c)) for c in value)
        if how == "count":
            return escape(NUMBERS[value] if 0 <= value < len(NUMBERS) else str(value))
        if how == "many":
            return escape(f"{value} {arg}" + ("" if value == 1 else "s"))
        if how in ("name", "word"):
            said = self.english(str(arg), str(value))
            return escape(said) + (self.native(str(arg), str(value), said) if how == "name" else Markup(""))
        if how == "suit":
            return escape(SUIT_WORDS.get(value, value))
        if how == "assign":
            return Markup(", ").join(Markup("{} as {}").format(self.card(k), self.card(v)) for k, v in value.items())
        if how == "melds":
            return Markup(" and ").join(
                Markup("{}{} with {}{}").format(
                    self.english("meld", m["kind"]),
                    self.native("meld", m["kind"], self.english("meld", m["kind"])),
                    Markup(" ").join(self.card(c) for c in m["cards"]),
                    Markup(": ") + self.value(m["points"], "many", "point") if "points" in m else "",
                )
                for m in value
            )
        return Markup("")  # "if": nothing said

    def template(self, template: str, event: Mapping[str, Any]) -> Markup:
        out, at = Markup(""), 0
        for m in FIELD.finditer(template):
            out += escape(template[at : m.start()]) + self.value(event[m.group(1)], m.group(2), m.group(3))
            at = m.end()
        return out + escape(template[at:])

    def clauses(self, events: Sequence[Mapping[str, Any]]) -> list[Markup]:
        """The events as clauses: one a template, an event going on from the one before in its ``then``."""
        out: list[Markup] = []
        previous: tuple[str, dict[str, Any]] | None = None
        for event in events:
            entry = SENTENCES.get(str(event.get("type")))
            chosen = next((t for t in (entry or {}).get("say", []) if _fits(t, event)), None) if entry else None
            if entry is None or chosen is None:
                out.append(escape(_fallback(event)))
                previous = None
                continue
            then = entry.get("then")
            key = _key(chosen, then, event)
            if then and previous == (chosen, key) and out:
                out[-1] += self.template(then, event)
                continue
            out.append(self.template(chosen, event))
            previous = (chosen, key) if then else None
        return out

    def chosen(self, table: Mapping[str, Entry], value: Mapping[str, Any]) -> Markup | None:
        """``value`` said by the first template of its type's entry in ``table`` whose fields it has; None when
        none fits (the analysis's best action: service/referee/analysis_words.py)."""
        entry = table.get(str(value.get("type")))
        chosen = next((t for t in entry["say"] if _fits(t, value)), None) if entry else None
        return self.template(chosen, value) if chosen else None

    def action(self, action: Mapping[str, Any]) -> Markup:
        """An action in words, with no full stop (``Seat 0 plays 7♣``); a legal action's free amount with one
        value said as that amount (``Seat 0 bets 5``, not ``5 to 5``: static/referee.js says the same)."""
        if "min" in action and action.get("max") == action["min"]:
            action = {**{k: v for k, v in action.items() if k not in ("min", "max")}, "amount": action["min"]}
        entry = ACTIONS.get(str(action.get("type")))
        chosen = next((t for t in entry["say"] if _fits(t, action)), None) if entry else None
        return _capital(self.template(chosen, action) if chosen else escape(_fallback(action)))

    def step(self, events: Sequence[Mapping[str, Any]]) -> Markup:
        """A step's events as sentences: each clause a sentence of its own."""
        return Markup(" ").join(_capital(c) + Markup(".") for c in self.clauses(events))

    def deal(self, events: Sequence[Mapping[str, Any]]) -> Markup:
        """The deal's events as one sentence, its clauses joined by semicolons."""
        clauses = self.clauses(events)
        return _capital(Markup("; ").join(clauses)) + Markup(".") if clauses else Markup("")


class TextSayer(Sayer):
    """The same sentences as plain text, for a terminal (``card-arbiter play``): a card as its code, a term of
    the game's own languages in brackets, no markup."""

    def __init__(self, game_id: str) -> None:
        super().__init__(game_id, {})

    def card(self, code: str) -> Markup:
        return escape(code) + self.native("card", code, code)

    def lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """The events as clauses of plain text, one a line (``seat 1 takes the trick (7S 6C): 0 points``)."""
        return [clause.striptags() for clause in self.clauses(events)]


def _fits(template: str, event: Mapping[str, Any]) -> bool:
    return all(present(event.get(m.group(1))) for m in FIELD.finditer(template))


def _key(template: str, then: str | None, event: Mapping[str, Any]) -> dict[str, Any]:
    """The fields a template says that its ``then`` does not: equal for the next event to go on from it."""
    own = {m.group(1) for m in FIELD.finditer(then or "")}
    return {f: event.get(f) for m in FIELD.finditer(template) if (f := m.group(1)) not in own}


def _fallback(event: Mapping[str, Any]) -> str:
    """An event the table has no sentence for: its type and fields (never the case for a registered game)."""
    rest = [f"{k} {v}" for k, v in event.items() if k != "type" and v is not None]
    return " ".join([str(event.get("type", "")).replace("_", " "), *rest])


def _capital(text: Markup) -> Markup:
    """The clause with its first letter a capital (a clause opening with markup stays as it is)."""
    raw = str(text)
    return Markup(raw[:1].upper() + raw[1:]) if raw[:1].isalpha() else text
