"""The hands room: ``hands/evaluate`` and ``hands/compare`` of a hand game (the hot paths: the plain reader
takes a body in its plainest form, service/api/plain.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Response

from schemas.operations.hands import serves
from service.api.answers import answer, rules_echo
from service.api.language import answer_language
from service.api.operations.equity import register_equity
from service.api.plain import HandsReader, PackHands
from service.api.routes import Decorator, GameRoutes
from service.rules.errors import InvalidInput, Problem
from service.rules.hand_game import HandGame
from service.rules.names import ENGLISH
from service.rules.tables import HandRank, HandTable

HANDS_RULES = """Rules the schema cannot state: every card is a card of the game's pack, and a card given in
two notations (`TH`, `10h`) counts twice. `declarations`, where given, has one entry (or null)
per hand."""
"""The rules of a hands request the schema cannot state (both operations' descriptions say them, line for line)."""


def register(routes: GameRoutes) -> None:
    """Evaluate and compare hands, and a hand's equity (service/api/operations/equity.py)."""
    game = routes.game
    assert isinstance(game, HandGame)  # the room serves no other games
    s, example = routes.schemas, routes.examples.hands

    def hands_post(path: str, verb: str, response: Any, plain: HandsReader) -> Decorator:
        """A route taking the hands request (evaluate and compare), whose answers speak the game's languages."""
        return routes.post(
            path, verb, s.hands_request, response, example=example, plain=plain, spoken=True, notes=HANDS_RULES
        )

    @hands_post(
        "/hands/evaluate",
        "evaluateHands",
        s.evaluate_response,
        HandsReader(game, text=True, english=lambda: answer_language(game) == ENGLISH),
    )
    def evaluate(data: dict[str, Any]) -> Response:
        """Evaluate up to 10,000 hands: category, dense strength, description, interpretation."""
        options, hands, declarations = _hands_request(game, data)
        if isinstance(hands, PackHands) and hands.results is not None:
            return answer({"results": hands.results, **rules_echo(options)})  # written as the hands were read
        language = answer_language(game)
        return answer({"results": _evaluated(game, hands, declarations, options, language), **rules_echo(options)})

    @hands_post("/hands/compare", "compareHands", s.compare_response, HandsReader(game))
    def compare(data: dict[str, Any]) -> Response:
        """Rank hands best first, equal hands grouped, and say what decided."""
        options, hands, declarations = _hands_request(game, data)
        if declarations is None:
            comparison = game.compare(hands, options)
        else:
            comparison = game.compare_declared_hands(hands, declarations, options)
        language = answer_language(game)
        results = _evaluated(game, hands, declarations, options, language)
        return answer(
            {
                "ranking": comparison.ranking,
                "winners": comparison.winners,
                "deciding": comparison.deciding,
                "deciding_text": game.word(language, "deciding", comparison.deciding),
                "results": results,
                **rules_echo(options),
            }
        )

    register_equity(routes)


def _hands_request(game: HandGame[Any, Any, Any], data: dict[str, Any]) -> tuple[Any, Any, list[Any] | None]:
    """The options, the checked hands and the declarations (None when there are none) of a hands request."""
    options = data.get("options") or game.options(None)
    return options, _checked_hands(game, data["hands"]), _declarations(data)


def _checked_hands(game: HandGame[Any, Any, Any], hands: Any) -> Any:
    """The parsed hands, once every hand holds ``hand_size`` distinct cards of the pack (422 listing the rest;
    hands the plain reader read are known to)."""
    if not isinstance(hands, PackHands):
        game.check_hands(hands)
    return hands


def _declarations(data: dict[str, Any]) -> list[Any] | None:
    """The declarations of a hands request (one per hand), or None when there are none."""
    declarations = data.get("declarations")
    if declarations is None:
        return None
    if len(declarations) != len(data["hands"]):
        raise InvalidInput([Problem("declarations_length", "give one declaration (or null) per hand", "/declarations")])
    return list(declarations)


def _evaluated(
    game: HandGame[Any, Any, Any], hands: Any, declarations: list[Any] | None, options: Any, language: str
) -> list[dict[str, Any]]:
    """Each hand with its evaluation (the shared table answer, or its declared reading), described in
    ``language``."""
    if declarations is None:
        ranks = _ranks(game, hands, options)
        if language == ENGLISH:
            return _results(hands, ranks)
        described = game.describe(hands, ranks, options, language)
        return [{**result, "description": text} for result, text in zip(_results(hands, ranks), described, strict=True)]
    table = game.hand_table(options)
    return [_evaluation(e, table) for e in game.evaluate_declared_hands(hands, declarations, options, language)]


def _ranks(game: HandGame[Any, Any, Any], hands: Any, options: Any) -> list[HandRank]:
    """Each hand's evaluation (found as the plain reader read the hands, else looked up now)."""
    if isinstance(hands, PackHands) and hands.ranks is not None:
        return hands.ranks
    return game.ranks(hands, options)


def _results(hands: Sequence[list[str]], ranks: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each hand as sent (canonical codes) with its shared, precomputed evaluation."""
    return [{"hand": hand, **rank} for hand, rank in zip(hands, ranks, strict=True)]


def _evaluation(evaluation: Any, table: HandTable) -> dict[str, Any]:
    """A declared hand's evaluation, as the answer lists it (its percentile: that of its declared strength)."""
    out = {
        "hand": list(evaluation.hand),
        "category": evaluation.category,
        "strength": evaluation.strength,
        "description": evaluation.description,
    }
    if evaluation.interpretation is not None:
        out["interpretation"] = evaluation.interpretation
    out["percentile"] = table.percentile(evaluation.strength)
    return out


__all__ = ["register", "serves"]
