"""What the referee page says: a request body from the page's fields, and a verdict (or the errors next to the
fields they name) from the JSON API's answer.

The page's script does the same in the browser (static/referee.js); this is the server's side of it, used when
the browser runs no script and the form posts to the page. Both ask the public API: here in-process
(:func:`ask`), so a verdict is the service's own answer, never a second implementation of an endpoint.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import current_app
from markupsafe import Markup
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Response

from service.api.jsonio import loads_document
from service.referee import problems, sentences, words
from service.referee.rules_html import rule_page_url
from service.referee.table_words import needed_text, proof_text
from service.rules import names
from service.rules.errors import CardError
from service.rules.game import Game
from service.rules.registry import GAMES

CARD_SEPARATORS = re.compile(r"[\s,]+")
INTEGER = re.compile(r"^-?\d+$")
JSON = "application/json"

DECIDING_WORDS = {
    "category": "the hand category",
    "rank": "the ranks of the cards",
    "natural": "a natural hand beating a bragger hand",
    "braggers": "how many braggers the hands hold",
    "kicker": "the kicker",
    "value": "the value of the cards",
    "purity": "purity (fewer trumps standing in)",
    "suit": "the suits",
}
"""A comparison's ``deciding`` in words (every word a hand game's ``decides`` gives, but ``tie``)."""

TIE_RULES = {
    "three-card-brag": ("5(b)", "at a see, equal hands go against the player who paid to see"),
    "old-brag": ("OB-A1", "equal hands go to the player first in priority"),
    "broggin": ("BRG-A10", "equal hands split the pot"),
}
"""What each hand game does at the table with equal hands, and the rule that says so."""

SUITS = {"S": ("♠", "spades"), "H": ("♥", "hearts"), "D": ("♦", "diamonds"), "C": ("♣", "clubs")}
"""The French suits as the page shows them: symbol and name beside the letter, never colour alone."""

SUIT_COLOURS = {
    **{"hearts": "red", "diamonds": "red", "spades": "dark", "clubs": "dark"},
    **{"coppe": "red", "denari": "gold", "spade": "blue", "bastoni": "green"},
    **{"cups": "red", "coins": "gold", "swords": "blue", "staves": "green"},
}
"""The colours people expect of each suit by its name: French red and black, the Latin suits (Italian, and
Broggin's) cups red, coins gold, swords blue, staves green. Always beside the suit's symbol or letters."""


def suit_colours(game_id: str) -> dict[str, str]:
    """Each suit code of a game with its colour, by the suit's name in Italian where the game speaks it (its
    pack is Italian-suited however its codes are written), else in English."""
    table = names.table(game_id)
    language = "it" if "it" in table else names.ENGLISH
    suits = table.get(language, {}).get("suit", {})
    return {code: SUIT_COLOURS[term.text] for code, term in suits.items() if term.text in SUIT_COLOURS}


def suit_of(code: str, colours: Mapping[str, str]) -> str | None:
    """The suit code a card's code ends with (``H`` of ``AH``, ``Sw`` of ``1Sw``), None for a named card."""
    for suit in (code[-2:], code[-1:]):
        if len(code) > len(suit) and suit in colours:
            return suit
    return None


def cards(text: str) -> list[str]:
    """The cards of a field: separated by spaces or commas."""
    return [c for c in CARD_SEPARATORS.split(text.strip()) if c]


def numbered(label: str, indices: Sequence[int]) -> str:
    """``Hand 2``, ``Hands 1 and 3``, ``Hands 1, 2 and 4`` (indices from 0)."""
    names = [str(i + 1) for i in indices]
    if len(names) == 1:
        return f"{label} {names[0]}"
    return f"{label}s {', '.join(names[:-1])} and {names[-1]}"


def option_value(spec: Mapping[str, Any], raw: str | None) -> Any:
    """An option as a form field gives it (None: the field was not sent, the default): a checkbox ``true`` or
    ``false``, a choice the allowed value it names, an empty nullable field null, digits an integer; anything
    else goes as typed (the API then names the field)."""
    if raw is None:
        return spec["default"]
    if spec["type"] == "boolean":
        return raw == "true"
    for allowed in spec.get("allowed") or ():
        if raw == str(allowed):
            return allowed
    text = raw.strip()
    if spec.get("nullable") and text == "":
        return None
    if spec["type"] == "integer" and INTEGER.match(text):
        try:
            return int(text)
        except ValueError:  # past int()'s digits: sent as typed, and the API names the field
            return text
    return text


def changed_options(specs: Sequence[Mapping[str, Any]], values: Mapping[str, Any]) -> dict[str, Any] | None:
    """The options that differ from their defaults (None when every one is at its default)."""
    changed = {s["name"]: values[s["name"]] for s in specs if s["name"] in values and values[s["name"]] != s["default"]}
    return changed or None


RECORD_SHAPE = "A record is a JSON object: {players, dealer, seed or deck, actions}."


@dataclass(frozen=True)
class RecordAsked:
    """A pasted record as the page asks the API of it: the request body's text (the record's own text, never
    written again) and the record read from it, for the verdict."""

    body: str
    record: Any
    kind: str = "record"
    """``record`` or ``match`` (a JSON object with ``deals``, or a body with ``match``)."""


def record_body(text: str) -> tuple[RecordAsked | None, str | None]:
    """The request body of a pasted record (a record, or a whole ``{record, ...}`` body, given ``trace`` when it
    has none), or what is wrong. The text is read by the API's own reader (:func:`loads_document`) and goes to
    the API as written, so the API's checks (a key given twice, ``NaN``, its bounds) judge it as they judge any
    body, with their pointers under ``/record``."""
    if not text.strip():
        return None, "Paste a record (JSON) or open a record file."
    try:
        value, _ = loads_document(text, None)
    except RecursionError:
        return None, "This is not valid JSON the service reads: it is nested too deeply."
    except ValueError as error:
        return None, f"This is not valid JSON: {str(error)[:200]}."
    if not isinstance(value, dict):
        return None, RECORD_SHAPE
    if "record" not in value and "match" not in value:
        kind = "match" if "deals" in value else "record"
        return RecordAsked(f'{{"{kind}":{text},"trace":true}}', value, kind), None
    kind = "record" if "record" in value else "match"
    body = text if "trace" in value else '{"trace":true,' + text.lstrip()[1:]
    return RecordAsked(body, value[kind], kind), None


def is_json(text: str) -> bool:
    """Whether a record's text (a file's, by its content) is JSON rather than notation: an object opens it."""
    return text.lstrip().startswith("{")


def notation_where(text: str, answer: Any) -> dict[str, Any] | None:
    """Where a text's first error is, as a compiler shows it: the line quoted, the word at the column marked."""
    items = answer.get("errors") if isinstance(answer, dict) else None
    at = next((i for i in items or [] if isinstance(i.get("line"), int) and isinstance(i.get("column"), int)), None)
    lines = text.splitlines()
    if at is None or not 1 <= at["line"] <= len(lines):
        return None
    quoted = lines[at["line"] - 1]
    start = min(max(at["column"] - 1, 0), len(quoted))
    end = start + len(re.split(r"\s", quoted[start:], maxsplit=1)[0])
    return {
        "line": at["line"],
        "column": at["column"],
        "before": quoted[:start],
        "word": quoted[start:end],
        "after": quoted[end:],
        "caret": " " * start + "^" * max(end - start, 1),
    }


def ask(path: str, body: Mapping[str, Any] | str) -> tuple[int, Any]:
    """POST ``body`` (a value, or a JSON text as is) to the service's own JSON API, in-process: its status and
    its JSON answer."""
    if isinstance(body, str):
        environ = EnvironBuilder(path=path, method="POST", data=body.encode(), content_type=JSON).get_environ()
    else:
        environ = EnvironBuilder(path=path, method="POST", json=body).get_environ()
    response = Response.from_app(current_app.wsgi_app, environ)
    try:
        return response.status_code, json.loads(response.get_data())
    except ValueError:
        return response.status_code, None


@dataclass
class Errors:
    """Problems as the page shows them: the message beside each field (by its id), and the summary's list."""

    fields: dict[str, str] = field(default_factory=dict)
    summary: list[tuple[str | None, str]] = field(default_factory=list)

    def add(self, field_id: str | None, message: str) -> None:
        if field_id is not None and field_id not in self.fields:
            self.fields[field_id] = message
        self.summary.append((field_id, message))

    def __bool__(self) -> bool:
        return bool(self.summary)


ASKED_NAMES = {"record": "Record", "record-text": "Record (text)", "cards": "Cards"}
"""How an error names the field a whole question was asked of (a problem naming no field of it)."""


def size_text(limit: int | None) -> str:
    """A body limit as people read it (``2 MiB``)."""
    return f"{limit / 2**20:g} MiB" if limit else "its size"


def problem_errors(answer: Any, status: int, asked: str | None = None) -> Errors:
    """A problem document's messages, each beside the field its pointer names; one naming no field beside the
    field ``asked`` (the record, when a record was asked), if any."""
    errors = Errors()
    if not isinstance(answer, dict):
        errors.add(asked, f"The service answered {status} with no problem document.")
        return errors
    items = answer.get("errors") or answer.get("problems") or []
    for item in items:
        field_id, text = problems.item_said(item)
        errors.add(field_id or asked, text)
    if not items:
        detail = str(answer.get("detail") or answer.get("title") or f"The service answered {status}.")
        if status == 413:
            detail = f"over the service's limit of {size_text(current_app.config.get('MAX_CONTENT_LENGTH'))} a request"
        errors.add(asked, f"{ASKED_NAMES[asked]}: {detail}" if asked else detail)
    return errors


def rules_links(game_id: str, specs: Sequence[Mapping[str, Any]], rules: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The effective rules of an answer in words (the identifier beside them), each with the rule it settles
    and that rule's link."""
    by_name = {s["name"]: s for s in specs}
    out = []
    for name, value in rules.items():
        spec = by_name.get(name, {"name": name})
        rule = spec.get("rule")
        out.append(
            {
                "label": words.option_label(name),
                "ident": words.identifier(name),
                "value": words.value_words(spec, value),
                "rule": rule,
                "url": rule_page_url(game_id, rule),
            }
        )
    return out


def compare_verdict(game_id: str, answer: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict of ``hands/compare``: who wins (or which hands tie), what decided, each hand's reading."""
    ranking = answer["ranking"]
    top = ranking[0]
    if len(top) == 1:
        words = DECIDING_WORDS.get(answer["deciding"], answer["deciding"])
        sentence = f"{numbered('Hand', top)} wins, decided by {words}."
    else:
        sentence = f"{numbered('Hand', top)} tie."
        if game_id in TIE_RULES:
            rule, text = TIE_RULES[game_id]
            sentence += f" Then the game's own tie rule: {text} ({rule})."
    groups = []
    terms = sentences.native_terms(game_id)
    for place, group in enumerate(ranking, start=1):
        hands = [
            {
                "label": f"Hand {i + 1}",
                "cards": answer["results"][i]["hand"],
                "description": sentences.marked(answer["results"][i]["description"], terms),
                "wilds": sorted((answer["results"][i].get("interpretation") or {}).items()),
            }
            for i in group
        ]
        groups.append({"place": place, "equal": len(group) > 1, "hands": hands})
    return {"kind": "compare", "sentence": sentence, "groups": groups}


def trick_verdict(
    game: Game[Any, Any, Any], trump: str, typed: Sequence[str], answer: Mapping[str, Any]
) -> dict[str, Any]:
    """The verdict of ``tricks/winner``: the cards in play order, which is trump and which led, and why the
    winner wins (the highest trump; else the highest of the suit led; a card of another suit cannot win)."""
    codes = [_canonical(game, text) for text in typed]
    suits = [c[-1:] for c in codes]
    winner = answer["winner"]
    led, won = suits[0], suits[winner]
    why = TRICK_WHY["trump" if won == trump else "led" if won == led else "other"]
    sentence = f"Card {winner + 1} takes the trick, worth {answer['points']} card points: {why}."
    cards = [
        {"n": i + 1, "code": code, "role": _trick_role(i, suit, winner, trump, led, won)}
        for i, (code, suit) in enumerate(zip(codes, suits, strict=True))
    ]
    trump_name = " ".join(SUITS.get(trump, ("", trump)))
    led_name = " ".join(SUITS.get(led, ("", led)))
    return {"kind": "trick", "sentence": sentence, "cards": cards, "trump": trump_name, "led": led_name}


TRICK_WHY = {
    "trump": "the highest trump played",
    "led": "no trump was played, and it is the highest card of the suit led",
    "other": "as the game's rules say",  # a game whose winner is neither (none here): the API's word stands
}
"""Why a trick's winner wins, by what it is: a trump, a card of the suit led."""


def _trick_role(i: int, suit: str, winner: int, trump: str, led: str, won: str) -> str:
    """What one card of a trick is and what it did: ``a trump: takes the trick``, ``another suit: cannot win``."""
    kind = "a trump" if suit == trump else "the suit led" if suit == led else "another suit"
    if i == 0:
        kind = "led, a trump" if suit == trump else "led"
    if i == winner:
        return f"{kind}: takes the trick"
    if suit not in (trump, led):
        return f"{kind}: cannot win"
    if suit == won:
        return f"{kind}: lower than card {winner + 1}"
    return f"{kind}: beaten by card {winner + 1}, a trump"


def _canonical(game: Game[Any, Any, Any], text: str) -> str:
    """A typed card's canonical code (the game's own reading); as typed if it reads none (the API took it)."""
    try:
        return str(game.parse_card(text))
    except CardError:
        return text


def seats_text(seats: Sequence[int], verb: str) -> str:
    """``Seat 1 wins``, ``Seats 0 and 2 win`` (seats as the API numbers them, from 0)."""
    if not seats:
        return f"Nobody {verb}s (a drawn deal)"
    name = numbered("Seat", [s - 1 for s in seats])
    return f"{name} {verb}s" if len(seats) == 1 else f"{name} {verb}"


REASON_WORDS = {
    "points": "the most card points",
    "seen": "a see: the hands were shown",
    "showdown": "a showdown: the hands were shown",
    "all_folded": "every other seat folded",
    "carried_forward": "nobody won: the pot carries forward",
    "carried": "nobody won: the pot carries over",
    "returned": "nobody won: the pot went back to the seats",
    "highest_total": "the highest total",
    "thrown_in": "everybody passed: the deal was thrown in",
    "no_players": "nobody stayed in",
    "slam": "a slam: every trick",
    "target": "the target score reached",
    "four_kings": "four kings announced",
    "four_queens": "four queens announced",
}
"""How a deal ended (its result's ``reason``), as people say it (referee.js: the page's data carries this)."""


def reason_text(reason: str) -> str:
    """``Decided by the most card points.``: a result's reason in words (an unknown one as its words)."""
    return f"Decided by {REASON_WORDS.get(reason, reason.replace('_', ' '))}."


def team_play(result: Mapping[str, Any]) -> bool:
    """Whether the seats played in sides of more than one seat (else team points repeat each seat's)."""
    teams = result.get("teams")
    return isinstance(teams, list) and any(isinstance(t, list) and len(t) > 1 for t in teams)


def result_lines(result: Mapping[str, Any] | None) -> list[str]:
    """The result of a finished deal beside the verdict's sentence (which says who wins): points or payouts
    per seat, the sides' points where seats play in sides, then how it was decided."""
    if not result:
        return []
    lines = []
    for key, label in (("points", "Points"), ("team_points", "Points of each side"), ("payouts", "Payouts")):
        values = result.get(key)
        if key == "team_points" and not team_play(result):
            continue
        if isinstance(values, list):
            who = "side" if key == "team_points" else "seat"
            lines.append(f"{label}: " + ", ".join(f"{who} {i} {v}" for i, v in enumerate(values)) + ".")
    if result.get("reason"):
        lines.append(reason_text(str(result["reason"])))
    return lines


def and_list(items: Sequence[Any]) -> str:
    """``52``, ``52 and 40``, ``52, 40 and 7``."""
    said = [str(i) for i in items]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


def score_text(result: Mapping[str, Any]) -> str:
    """The winners' score beside the others' (``, 68 to 52``): the sides' points where the seats play in teams,
    else each seat's points (trick games) or payouts (betting games); nothing for a drawn deal."""
    winners = result.get("winners") or []
    teams, team_points = result.get("teams"), result.get("team_points")
    values = result.get("points") if isinstance(result.get("points"), list) else result.get("payouts")
    if not winners:
        return ""
    if isinstance(teams, list) and isinstance(team_points, list) and len(teams) == len(team_points):
        side = next((i for i, team in enumerate(teams) if winners[0] in team), 0)
        ours, rest = team_points[side], [v for i, v in enumerate(team_points) if i != side]
    elif isinstance(values, list) and winners[0] < len(values):
        ours, rest = values[winners[0]], [v for i, v in enumerate(values) if i not in winners]
    else:
        return ""
    return f", {ours} to {and_list(sorted(rest, reverse=True))}" if rest else ""


VERDICT_WORDS = {"complete": "complete", "in_progress": "in progress", "illegal": "illegal", "undecided": "undecided"}
HIDDEN_WORDS = re.compile(r'<span class="visually-hidden">.*?</span>')


def plain(said: Markup) -> str:
    """A sentence's words as text, as a sighted reader sees them (a card as ``A♦``, its code for a screen
    reader dropped): for the verdict's sentence, which is text."""
    return Markup(HIDDEN_WORDS.sub("", str(said))).striptags()


def illegal_text(error: Mapping[str, Any], action: str) -> str:
    """Why a record is illegal, in words: ``in action 10 seat 0 plays A♦, but seat 0 does not hold AD.`` (the
    code and the rule stand beside the sentence, not in it); a match's error names its deal (``in deal 0,
    action 6 ...``)."""
    at = f"in deal {error['deal']}, action " if error.get("deal") is not None else "in action "
    at += str(error["index"] + 1)
    if error.get("line") is not None:
        at += f" (line {error['line']}, column {error.get('column')})"
    message = str(error["message"]).rstrip(".")
    said = action[:1].lower() + action[1:] if action[:4] == "Seat" else action
    return f"{at} {said}, but {message}."


def undecided_text(answer: Mapping[str, Any]) -> str:
    """What an undecided table record waits for (docs/api.md 18): ``seat 2 must show its three cards to decide
    the deal.``"""
    return f"{needed_text(answer)} to decide the deal."


def proof_sentence(error: Mapping[str, Any]) -> str:
    """A table record's proof after the illegal sentence: `` Proved by action 7, with the hands seen: ...``."""
    proof = error.get("proof")
    if not proof:
        return ""
    said = proof_text(proof)
    return f" {said[:1].upper()}{said[1:]}."


def record_verdict(
    game_id: str, record: Mapping[str, Any], answer: Mapping[str, Any], subject: str = "The record"
) -> dict[str, Any]:
    """The verdict of ``records/adjudicate`` with ``trace``: the steps, the illegal action marked, the result (a
    match's deal says it of ``subject``: "Deal 1")."""
    verdict = answer["verdict"]
    sayer = sentences.Sayer(game_id, suit_colours(game_id))
    steps = [
        {"n": step["index"] + 1, "said": sayer.step(step["events"]) or sayer.action(step["action"]) + "."}
        for step in answer.get("steps") or []
    ]
    illegal = None
    error = answer.get("error")
    if verdict == "illegal" and error:
        actions = record.get("actions") or []
        tried = actions[error["index"]] if error["index"] < len(actions) else {}
        illegal = {
            "n": error["index"] + 1,
            "at": f"action {error['index'] + 1}"
            + (f", line {error['line']}, column {error.get('column')}" if error.get("line") is not None else ""),
            "action": sayer.action(tried) if isinstance(tried, dict) else str(tried),
            "code": error["code"],
            "rule": error["rule"],
            "url": rule_page_url(game_id, error["rule"]),
            "message": error["message"] if error["message"][-1:] in ".!?" else error["message"] + ".",
            "legal": [sayer.action(a) for a in error.get("legal_actions") or []],
        }
    result = result_lines(answer.get("result"))
    sentence = f"{subject} is {VERDICT_WORDS[verdict]}"
    if illegal and error:
        action = illegal["action"]
        sentence += ": " + illegal_text(error, plain(action) if isinstance(action, Markup) else action)
        sentence += proof_sentence(error)
    elif verdict == "undecided":
        sentence += ": " + undecided_text(answer)
    elif answer.get("result"):
        sentence += f": {seats_text(answer['result'].get('winners') or [], 'win')}{score_text(answer['result'])}."
    else:
        sentence += f": {answer['applied']} actions applied, all legal."
    return {
        "kind": "record",
        "sentence": sentence,
        "verdict": verdict,
        "deal": sayer.deal(answer.get("deal_events") or []),
        "steps": steps,
        "illegal": illegal,
        "why": why_code(game_id, error) if illegal and error else None,
        "result": result,
        "table": table_at(answer.get("state") or {}, words.state_words(GAMES[game_id].state_type)),
        "applied": answer["applied"],
    }


TABLE_NUMBERS = re.compile("pot|stake|level")
"""The state's numbers the table shows beside the seats: the pots, the stake, the level (referee.js: the same)."""


def table_at(state: Mapping[str, Any], said: Mapping[str, str]) -> dict[str, Any]:
    """The table as a state has it, for people: trump, the trick on the table and who led it, the pot, and each
    seat's cards with its numbers and yes-or-no fields (points, score, put in, folded) in words."""
    seats = state.get("seats") or []
    first = seats[0] if seats else {}
    keys = [k for k, v in first.items() if k not in ("seat", "hand") and isinstance(v, int)]
    trump = state.get("trump")
    return {
        "trump": " ".join(SUITS[trump]) if trump in SUITS else trump,
        "trump_code": trump,
        "turn_up": state.get("turn_up"),
        "trick": state.get("trick") if isinstance(state.get("trick"), list) else None,
        "leader": state.get("leader"),
        "pots": [
            f"{said.get(k, k).lower()} {v}"
            for k, v in state.items()
            if TABLE_NUMBERS.search(k) and isinstance(v, int) and not isinstance(v, bool)
        ],
        "columns": [said.get(k, k) for k in keys],
        "seats": [
            {"seat": seat.get("seat"), "hand": seat.get("hand") or [], "values": [_yes_no(seat.get(k)) for k in keys]}
            for seat in seats
        ],
    }


def _yes_no(value: Any) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def _side_values(values: Sequence[Any], winners: Sequence[int], distinct: bool) -> tuple[Any, list[Any]]:
    """The winners' value and the others' (best first; each value once where the seats play in sides)."""
    rest = [v for i, v in enumerate(values) if i not in winners]
    return values[winners[0]], sorted(set(rest) if distinct else rest, reverse=True)


def match_score(answer: Mapping[str, Any]) -> str:
    """A decided match's winners and score: the game's points where a game was won (Briscan), the deals won
    where deals decide (Briscola), else the payouts summed over the deals."""
    winners = answer.get("winners") or []
    if not winners:
        return "nobody wins (a drawn match)"
    who = seats_text(winners, "win")
    who = who[:1].lower() + who[1:]
    deals = answer.get("deals") or []
    decided = answer.get("decided_by")
    result = (deals[decided].get("result") or {}) if decided is not None and decided < len(deals) else {}
    standings = answer.get("standings") or []
    if isinstance(result.get("game"), dict) and isinstance(result["game"].get("score"), list):
        ours, rest = _side_values(result["game"]["score"], winners, False)
        return f"{who} the game, {ours} to {and_list(rest)}" if rest else f"{who} the game"
    if isinstance(result.get("match"), dict):
        ours, rest = _side_values([s.get("deals_won", 0) for s in standings], winners, True)
        return f"{who}, {ours} deal{'' if ours == 1 else 's'} to {and_list(rest)}" if rest else who
    key = "payouts" if standings and "payouts" in standings[0] else "points"
    if standings and key in standings[0]:
        ours, rest = _side_values([s.get(key, 0) for s in standings], winners, False)
        return f"{who}, {ours} to {and_list(rest)}" if rest else who
    return who


def why_code(game_id: str, error: Mapping[str, Any]) -> dict[str, str]:
    """The code and the rule of an illegal verdict, shown beside its sentence for those who want them."""
    return {"code": str(error["code"]), "rule": str(error["rule"]), "url": rule_page_url(game_id, error["rule"])}


def _deal_action(game_id: str, match: Mapping[str, Any], error: Mapping[str, Any]) -> str:
    """The action a match's deal tried at its error, in words (the action as sent, when it is no object)."""
    deals = match.get("deals") or []
    actions = (deals[error["deal"]].get("actions") or []) if error["deal"] < len(deals) else []
    tried = actions[error["index"]] if error["index"] < len(actions) else {}
    if not isinstance(tried, dict):
        return str(tried)
    return plain(sentences.Sayer(game_id, suit_colours(game_id)).action(tried))


def match_verdict(game_id: str, match: Mapping[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict of ``matches/adjudicate`` with ``trace``: the sentence with its score, the standings, and
    each deal played with its own verdict and steps, the deciding deal marked."""
    verdict = answer["verdict"]
    error = answer.get("error")
    sentence = f"The match is {VERDICT_WORDS[verdict]}"
    unplayed = None
    if verdict == "illegal" and error:
        if error.get("index") is not None:
            sentence += ": " + illegal_text(error, _deal_action(game_id, match, error)) + proof_sentence(error)
        else:
            why = f"{str(error['message']).rstrip('.')}."
            sentence += f": deal {error['deal']} should not have been played: {why}"
            unplayed = {"deal": error["deal"], "why": why[:1].upper() + why[1:]}
    elif verdict == "undecided":
        sentence += ": " + undecided_text(answer)
    elif verdict == "complete":
        sentence += f": {match_score(answer)}."
    else:
        played = len(answer.get("deals") or [])
        sentence += f": {played} deal{'' if played == 1 else 's'} played, the match not decided yet."
    sent = match.get("deals") or []
    deals = []
    for deal in answer.get("deals") or []:
        record = sent[deal["index"]] if deal["index"] < len(sent) else {}
        said = record_verdict(game_id, record, deal, f"Deal {deal['index']}")
        said["index"] = deal["index"]
        said["deciding"] = deal["index"] == answer.get("decided_by")
        deals.append(said)
    standings = answer.get("standings") or []
    key = (
        "payouts"
        if standings and "payouts" in standings[0]
        else "points"
        if standings and "points" in standings[0]
        else None
    )
    return {
        "kind": "match",
        "sentence": sentence,
        "why": why_code(game_id, error) if verdict == "illegal" and error else None,
        "unplayed": unplayed,
        "standings": {
            "value": {"payouts": "Payouts", "points": "Points"}.get(key or ""),
            "rows": [
                {"seat": s["seat"], "deals_won": s["deals_won"], "value": s.get(key) if key else None}
                for s in standings
            ],
        },
        "deals": deals,
    }
