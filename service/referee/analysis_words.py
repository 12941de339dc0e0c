"""What a record's analysis (docs/api.md 19, ``records/analyze``) says on the referee page, in words: each decision
beside its step ("Seat 0 plays 3♠: a mistake, 8 points lost; best was K♠"), each seat's accuracy, a refusal.

The words are written once, here: :data:`WORDS` is rendered by :func:`decision_said` and :func:`seat_said` for the
page without a script, and carried in the page's data (:func:`page_words`) for static/referee.js, which fills the
same templates by the same rules. An action is said in the page's own words (:mod:`service.referee.sentences`), the
best one by :data:`BEST` (its card, or what to do: "to call"), in the same template language; a loss is in the
game's unit, points in the trick games and chips in the betting games (:func:`unit_word`, from the catalog's
``analysis.unit``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

from service.referee import sentences

BEST: dict[str, sentences.Entry] = {
    "fold": {"say": ["to fold"]},
    "bet": {"say": ["to bet {amount}", "to bet"]},
    "raise": {"say": ["to raise to {amount}", "to raise"]},
    "call": {"say": ["to call"]},
    "look": {"say": ["to look at the hand"]},
    "see": {"say": ["to pay to see"]},
    "hit": {"say": ["to draw a card"]},
    "stand": {"say": ["to stand"]},
    "play": {"say": ["{card|card}"]},
    "exchange_turnup": {"say": ["to give a card for the turned-up one"]},
    "exchange_seven": {"say": ["to give the seven of trumps for the turned-up card"]},
    "pass": {"say": ["to pass"]},
    "bid": {"say": ["to bid the {rank|name:rank}", "to bid {points|many:point}", "to bid"]},
    "choose_suit": {"say": ["to call the {rank|name:rank} of {suit|suit}", "to call {suit|suit}"]},
    "exchange": {"say": ["to exchange {discard|cards}", "to keep every card"]},
    "declare": {"say": ["to declare {assignments|assign}", "to declare nothing"]},
    "announce": {"say": ["to announce {melds|melds}", "to announce nothing"]},
}  # fmt: skip
"""The best action as the end of "best was ...": a card played as the card, anything else as what to do (the
templates of :data:`service.referee.sentences.ACTIONS`, said as an infinitive); an unknown type as its sentence."""

LEVELS = ("easy", "normal")
"""The levels the page offers (docs/api.md 19's), as the service names them; ``normal`` is chosen first."""

WORDS: dict[str, Any] = {
    "decision": "{action}: {label}, {loss} lost; best was {best}.",
    "best_decision": "{action}: {label}.",
    "labels": {
        "best": "the best choice",
        "good": "good",
        "inaccuracy": "an inaccuracy",
        "mistake": "a mistake",
        "blunder": "a blunder",
    },
    "counted": {
        "best": ["best", "best"],
        "good": ["good", "good"],
        "inaccuracy": ["inaccuracy", "inaccuracies"],
        "mistake": ["mistake", "mistakes"],
        "blunder": ["blunder", "blunders"],
    },
    "seat": "Seat {seat}: accuracy {accuracy} of 100 over {decisions}, {loss} lost ({labels}){left}.",
    "no_decision": "Seat {seat}: no decision to weigh{left}.",
    "left_out": "; {unseen} left out, its cards never shown",
    "analysed": "Analysed at {level}: {decisions}, each weighed as Hint weighs it.",
    "refused": "No analysis: {why}",
    "hint": (
        "What each decision cost, weighed as Hint weighs it: beside each step of a seat that had a choice, its label"
        " and the {unit} it lost against the best; then each seat's accuracy."
    ),
    "units": {"points": ["point", "points"], "chips": ["chip", "chips"]},
}
"""Every sentence of an analysis: ``{name}`` is filled with what it names (an action or a card as the page says
it, a number as :func:`number` writes it), nothing else."""


def unit_word(unit: str) -> str:
    """The word of a game's loss (``points`` or ``chips``) from its catalog's ``analysis.unit``: chips where the unit
    counts chips (the betting games), else points (the trick games' card points and scores)."""
    return "chips" if "chips" in unit else "points"


def number(value: float) -> str:
    """A loss or an accuracy to one decimal, a whole number without one (``8``, ``8.4``): rounded half up, as
    static/referee.js rounds it (``Math.floor(x * 10 + 0.5) / 10``), so both say the same digits."""
    rounded = math.floor(value * 10 + 0.5) / 10
    text = str(rounded)
    return text[:-2] if text.endswith(".0") else text


def many(value: float, unit: str) -> str:
    """``1 point``, ``8.4 points``, ``2 chips``."""
    said = number(value)
    singular, plural = WORDS["units"][unit]
    return f"{said} {singular if said == '1' else plural}"


def counted(n: int, noun: str) -> str:
    """``1 decision``, ``12 decisions``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def labels_text(labels: Mapping[str, int]) -> str:
    """``3 best, 1 inaccuracy and 2 blunders``: each label counted, none that did not happen."""
    said = [f"{n} {WORDS['counted'][name][n != 1]}" for name, n in labels.items() if n and name in WORDS["counted"]]
    if not said:
        return "nothing"
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


def filled(template: str, parts: Mapping[str, Markup | str]) -> Markup:
    """A sentence of :data:`WORDS` with its ``{name}`` filled (text escaped, markup kept)."""
    out, at = Markup(""), 0
    while (start := template.find("{", at)) >= 0:
        end = template.index("}", start)
        out += escape(template[at:start]) + escape(parts[template[start + 1 : end]])
        at = end + 1
    return out + escape(template[at:])


def best_said(sayer: sentences.Sayer, action: Mapping[str, Any]) -> Markup:
    """The best action as "best was ..." ends: its card, or what to do."""
    chosen = sayer.chosen(BEST, action)
    if chosen is not None:
        return chosen
    said = sayer.action(action)
    return Markup(str(said)[:1].lower() + str(said)[1:]) if str(said).startswith("Seat") else said


def decision_said(sayer: sentences.Sayer, decision: Mapping[str, Any], unit: str) -> Markup:
    """One decision beside its step: ``Seat 0 plays 3♠: a mistake, 8 points lost; best was K♠.``"""
    label = str(decision["label"])
    parts: dict[str, Markup | str] = {
        "action": sayer.action(decision["action"]),
        "label": WORDS["labels"].get(label, label),
        "loss": many(float(decision["loss"]), unit),
        "best": best_said(sayer, decision["best"]["action"]),
    }
    return filled(WORDS["decision" if decision["loss"] > 0 else "best_decision"], parts)


def seat_said(seat: Mapping[str, Any], unit: str) -> str:
    """One seat's accuracy: ``Seat 0: accuracy 64.6 of 100 over 5 decisions, 38.3 points lost (3 best and 2
    blunders).``; a table record's decisions left out as the service counts them (``unseen``: the seat's cards
    never shown), ``; 2 decisions left out, its cards never shown``."""
    unseen = int(seat.get("unseen") or 0)
    left = str(filled(WORDS["left_out"], {"unseen": counted(unseen, "decision")})) if unseen else ""
    if not seat["decisions"] or seat.get("accuracy") is None:
        return str(filled(WORDS["no_decision"], {"seat": str(seat["seat"]), "left": left}))
    parts = {
        "left": left,
        "seat": str(seat["seat"]),
        "accuracy": number(float(seat["accuracy"])),
        "decisions": counted(int(seat["decisions"]), "decision"),
        "loss": many(float(seat["loss"]), unit),
        "labels": labels_text(seat.get("labels") or {}),
    }
    return str(filled(WORDS["seat"], parts))


def analysed_said(answer: Mapping[str, Any]) -> str:
    """``Analysed at normal: 10 decisions, each weighed as Hint weighs it.``"""
    parts = {"level": str(answer.get("level")), "decisions": counted(len(answer.get("decisions") or []), "decision")}
    return str(filled(WORDS["analysed"], parts))


def refused_said(answer: Any, status: int) -> str:
    """Why the service would not analyse a record, in its own words: ``No analysis: 70 decisions at normal are ...``."""
    items: Sequence[Any] = (answer.get("errors") or []) if isinstance(answer, Mapping) else []
    details = [str(i.get("detail") or i.get("message") or "") for i in items if isinstance(i, Mapping)]
    if not details:
        fallback = f"the service answered {status}"
        details = [str(answer.get("detail") or answer.get("title") or fallback)] if isinstance(answer, Mapping) else []
        details = details or [fallback]
    why = " ".join(d if d[-1:] in ".!?" else f"{d}." for d in (d[:1].upper() + d[1:] for d in details if d))
    return str(filled(WORDS["refused"], {"why": why}))


def analysis_verdict(sayer: sentences.Sayer, answer: Mapping[str, Any], unit: str) -> dict[str, Any]:
    """What the page without a script shows of an analysis: each analysed step's sentence and label (by the step's
    number, counted from 1), each seat's accuracy, and what was analysed."""
    decisions = answer.get("decisions") or []
    return {
        "steps": {d["index"] + 1: {"said": decision_said(sayer, d, unit), "label": d["label"]} for d in decisions},
        "seats": [seat_said(seat, unit) for seat in answer.get("summary") or []],
        "said": analysed_said(answer),
        "level": answer.get("level"),
    }


def page_words(unit: str) -> dict[str, Any]:
    """What static/referee.js needs to say an analysis as the server does: the sentences, the best actions'
    templates and the game's unit word."""
    return {**WORDS, "hint": str(filled(WORDS["hint"], {"unit": unit})), "best": BEST, "unit": unit, "levels": LEVELS}
