"""Every ``rule`` id and refusal ``code`` the engine can give, per game: read from the source and seen in random
playthroughs.

The source: every ``illegal(state, code, rule, message)``, ``IllegalAction(code, rule, ...)`` and
``Problem(..., rule=...)`` in the modules a game's class is built from, with every string a conditional
``rule`` argument can take, plus ``(code, rule, message)`` tuples that such calls unpack (and, for codes, the
``(code, message)`` pairs a check appends to the problems a refusal takes its code from). Playthroughs: random
deals played with listed actions, probing at each step with actions the rules should refuse. Actions go
through the wire schemas, so the probes use the same shapes a client sends.
"""

from __future__ import annotations

import ast
import inspect
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from marshmallow import ValidationError

from schemas.game import game_schemas
from service.conformance.cases.refusals import probes as refusal_probes
from service.rules.errors import IllegalAction
from service.rules.game import Game
from service.rules.registry import GAMES
from service.rules.shuffle import shuffle
from tests.simulation import submitted

RULES_PACKAGE = Path(inspect.getfile(Game)).parent
RULE_ID = re.compile(r"^(flow|turn|\d+(\([a-z]'*\)\d*)?(/[a-z]+)?|[A-Z]+-A\d+)$")
CODE = re.compile(r"^[a-z][a-z0-9_]*$")


class Refused(NamedTuple):
    """What a refusal said: its code and the rule it named."""

    code: str
    rule: str


# -- the source -------------------------------------------------------------------------------------
def _strings(node: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _rule_argument(call: ast.Call) -> ast.AST | None:
    """The ``rule`` argument of an ``illegal``/``IllegalAction``/``Problem`` call, if the call is one."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if name not in ("illegal", "IllegalAction", "Problem"):
        return None  # option(..., rule=...) names the rule an option settles: the catalog's, read from the specs
    for keyword in call.keywords:
        if keyword.arg == "rule":
            return keyword.value
    position = {"illegal": 2, "IllegalAction": 1}.get(name)
    if (
        position is not None
        and len(call.args) > position
        and not any(isinstance(a, ast.Starred) for a in call.args[: position + 1])
    ):
        return call.args[position]
    return None


def _returned_ids(tree: ast.AST) -> dict[str, set[str]]:
    """Each function of a module with the rule ids its ``return`` statements give."""
    out: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            returns = [n.value for n in ast.walk(node) if isinstance(n, ast.Return) and n.value is not None]
            out[node.name] = {s for r in returns for s in _strings(r) if RULE_ID.match(s)}
    return out


def _called(node: ast.AST) -> set[str]:
    names = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            func = call.func
            names.add(func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else "")
    return names


def rule_ids_in(path: Path) -> set[str]:
    """Every rule id a module's refusals can carry (a rule computed by a helper of the module included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    helpers = _returned_ids(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            argument = _rule_argument(node)
            if argument is not None:
                found |= {s for s in _strings(argument) if RULE_ID.match(s)}
                for name in _called(argument):
                    found |= helpers.get(name, set())
        elif isinstance(node, ast.Tuple) and len(node.elts) == 3:  # (code, rule, message), unpacked into a call
            code, rule = node.elts[0], node.elts[1]
            if (
                isinstance(code, ast.Constant)
                and isinstance(code.value, str)
                and CODE.match(code.value)
                and isinstance(rule, ast.Constant)
                and isinstance(rule.value, str)
                and RULE_ID.match(rule.value)
            ):
                found.add(rule.value)
    return found


def _code(node: ast.AST) -> str | None:
    return (
        node.value
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.match(node.value)
        else None
    )


def _rule_like(node: ast.AST) -> bool:
    """Whether ``node`` can be the ``rule`` of a ``(code, rule, message)`` tuple: a rule id, or an expression
    giving one (a name, a call, a conditional), not a literal of another kind (a hand's ``(category, key,
    description)``)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(RULE_ID.match(node.value))
    return isinstance(node, ast.Name | ast.Call | ast.IfExp | ast.Attribute)


def codes_in(source: str) -> set[str]:
    """Every refusal code a module's source can give: the code argument of its ``illegal``/``IllegalAction``
    calls (each string of a conditional one), the code of each ``(code, rule, message)`` tuple (what a call
    unpacks: ``illegal(state, *why)``) and of each ``(code, message)`` pair appended to a list of problems (what
    Broggin's ``declare`` takes the first of)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            position = {"illegal": 1, "IllegalAction": 0}.get(name)
            arguments = node.args[: (position or 0) + 1]
            if (
                position is not None
                and len(node.args) > position
                and not any(isinstance(a, ast.Starred) for a in arguments)
            ):
                found |= {code for n in ast.walk(node.args[position]) if (code := _code(n)) is not None}
            pair = node.args[0] if name == "append" and len(node.args) == 1 else None
            if isinstance(pair, ast.Tuple) and len(pair.elts) == 2 and (code := _code(pair.elts[0])) is not None:
                found.add(code)
        elif isinstance(node, ast.Tuple) and len(node.elts) == 3 and _rule_like(node.elts[1]):
            code = _code(node.elts[0])
            if code is not None:
                found.add(code)
    return found


def source_codes(game: Game[Any, Any, Any]) -> set[str]:
    """Every refusal code the modules of ``game`` can give (see :func:`codes_in`)."""
    return {code for path in game_modules(game) for code in codes_in(path.read_text(encoding="utf-8"))}


def _defines(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}


def game_modules(game: Game[Any, Any, Any]) -> list[Path]:
    """The engine modules a game is made of: the shared ones, and its package less other games' modules."""
    own = {cls.__name__ for cls in type(game).__mro__}
    others = {type(g).__name__ for g in GAMES.values()} - own
    shared = sorted(RULES_PACKAGE.glob("*.py"))
    package = Path(inspect.getfile(type(game))).parent
    modules = []
    for path in sorted(package.glob("*.py")):
        classes = _defines(path)
        if classes & others and not classes & own:
            continue  # another game's module (Briscola chiamata beside Briscola)
        modules.append(path)
    return shared + modules if package != RULES_PACKAGE else shared


def source_rule_ids(game: Game[Any, Any, Any]) -> set[str]:
    ids: set[str] = set()
    for path in game_modules(game):
        ids |= rule_ids_in(path)
    return ids


def option_rule_ids(game: Game[Any, Any, Any]) -> set[str]:
    """The rule each option settles: the catalog (``GET /v1/{game}``) names it."""
    return {spec.rule for spec in game.option_specs()}


# -- playthroughs -----------------------------------------------------------------------------------


class Table:
    """One deal of one game, driven through the wire schemas."""

    def __init__(
        self, game: Game[Any, Any, Any], players: int, dealer: int, seed: str, options: dict[str, Any]
    ) -> None:
        self.game = game
        self.schemas = game_schemas(game)
        opts = game.options(options)
        deck = shuffle(game.pack(players, opts), seed)
        self.state = game.deal(players, dealer, opts, deck).state
        self.players = players

    def legal(self) -> list[dict[str, Any]]:
        union = self.schemas.deriver.legal_action()
        return [union._serialize(listed, None, None) for listed in self.game.legal_actions(self.state)]

    def hand(self, seat: int) -> list[str]:
        state = self.schemas.state().dump(self.state)
        seats = state.get("seats") or []
        return list(seats[seat].get("hand", [])) if 0 <= seat < len(seats) else []

    def attempt(self, raw: dict[str, Any]) -> IllegalAction | bool:
        """Apply ``raw`` if legal (True), the refusal if not, False if it does not even load."""
        try:
            action = self.schemas.deriver.action().deserialize(raw)
        except ValidationError:
            return False
        try:
            self.state = self.game.apply(self.state, action).state
        except IllegalAction as refused:
            return refused
        return True

    def refusal(self, raw: dict[str, Any]) -> IllegalAction | None:
        """The refusal of ``raw`` (the state is left as it was); None if it was accepted or malformed."""
        before = self.state
        outcome = self.attempt(raw)
        self.state = before
        return outcome if isinstance(outcome, IllegalAction) else None


def concrete(listed: dict[str, Any], table: Table, rng: random.Random) -> dict[str, Any]:
    """A submittable action from a listed one (``tests.simulation.submitted``, with the seat's hand)."""
    return submitted(listed, table.hand(listed["seat"]), rng)


def probes(
    listed: list[dict[str, Any]], seen: dict[str, dict[str, Any]], table: Table, rng: random.Random
) -> Iterator[dict[str, Any]]:
    """Actions the rules should refuse here: another seat's turn, other phases' actions, bad amounts and cards
    (the conformance pack's probes, :func:`service.conformance.cases.refusals.probes`)."""
    return refusal_probes(table.game, table.state, listed, seen, rng)


def playthrough_refusals(game: Game[Any, Any, Any], options: dict[str, Any], deals: int, seed: int) -> set[Refused]:
    """The code and rule of every refusal over ``deals`` random deals with ``options``."""
    rng = random.Random(seed)
    found: set[Refused] = set()
    seen: dict[str, dict[str, Any]] = {}
    for deal in range(deals):
        tables = [n for n in range(game.min_players, min(game.max_players, 6) + 1)]
        players = rng.choice([n for n in tables if not game.check_table(n, 0, game.options(options))])
        table = Table(game, players, rng.randrange(players), f"docs-{seed}-{deal}", options)
        for _ in range(300):
            listed = table.legal()
            for template in listed:
                seen.setdefault(template["type"], template)
            for raw in probes(listed, seen, table, rng):
                refused = table.refusal(raw)
                if refused is not None:
                    found.add(Refused(refused.code, refused.rule))
            if not listed:
                break
            moved = False
            for template in rng.sample(listed, len(listed)):
                if table.attempt(concrete(template, table, rng)) is True:
                    moved = True
                    break
            assert moved, f"no listed action of {game.id} was accepted: {listed}"
    return found


PLAYTHROUGH_OPTIONS = {
    "three-card-brag": [{}, {"blind_allowed": False, "max_bet": 6, "max_raise_increment": 2}],
    "old-brag": [{}, {"max_raise": 2, "pot3_folded_players_eligible": False}, {"consolation_pots": False}],
    "broggin": [{}, {"assignment": "declared_only", "exchange_limit": "stock_only", "max_raises": 1}],
}
"""Option sets that open other paths of a game's flow; every other game plays its defaults."""


@cache
def seen_refusals(game_id: str) -> frozenset[Refused]:
    """The refusals of two random deals with each of the game's :data:`PLAYTHROUGH_OPTIONS`."""
    found: set[Refused] = set()
    for seed, options in enumerate(PLAYTHROUGH_OPTIONS.get(game_id, [{}])):
        found |= playthrough_refusals(GAMES[game_id], options, deals=2, seed=seed)
    return frozenset(found)


__all__ = ["GAMES", "codes_in", "option_rule_ids", "seen_refusals", "source_codes", "source_rule_ids"]
