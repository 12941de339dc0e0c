"""The generic blueprint factory: every endpoint of API.md section 2 for any registered game.

A game gets its endpoints by being in the registry; nothing here is written per game.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask import Response, current_app
from flask_smorest import Blueprint
from marshmallow import Schema

from schemas.common import GameDetailSchema, ProblemDetailsSchema
from schemas.derive import camel
from schemas.game import game_schemas
from service.api import guard
from service.api.catalog import detail
from service.api.descriptions import describe
from service.api.examples import examples
from service.api.plain import HandsReader, PackHands, RecordReader, plain_first
from service.api.problems import PROBLEM_JSON, listed, problem
from service.api.rules_docs import MARKDOWN, rules_markdown, rules_url
from service.rules.actions import ActionBase
from service.rules.cards import check_cards
from service.rules.errors import IllegalAction, InvalidInput, Problem
from service.rules.game import RULES_VERSION, Game, HandGame, TrickGame
from service.rules.options import options_dict
from service.rules.shuffle import deck_commitment, shuffle
from service.rules.tables import HandRank
from service.rules.views import TableViews, check_seats

ERROR_TEXT = {
    400: "Malformed JSON.",
    404: "Not found: an unknown path or game (or no rules document for it).",
    409: "Illegal action: the rules forbid it in this state (with `rule` and `legal_actions`).",
    413: "The body is over the size limit.",
    415: "The body is not application/json.",
    422: "The body does not match the contract, or the state is inconsistent (`/invalid-state`).",
}


def errors(
    blp: Blueprint, *codes: int, illegal: Any = ProblemDetailsSchema, invalid: Any = ProblemDetailsSchema
) -> Callable[[Any], Any]:
    """Document the problem+json answers an endpoint may give; ``illegal``: the game's 409 (its legal actions),
    ``invalid``: its 422 (the codes of its state problems)."""
    by_code = {409: illegal, 422: invalid}

    def decorate(view: Any) -> Any:
        for code in codes:
            schema = by_code.get(code, ProblemDetailsSchema)
            view = blp.alt_response(code, schema=schema, content_type=PROBLEM_JSON, description=ERROR_TEXT[code])(view)
        return view

    return decorate


def rules_echo(options: Any) -> dict[str, Any]:
    """The effective options and the engine's version, echoed by every answer that applies rules."""
    return {"rules": options_dict(options), "rules_version": RULES_VERSION}


def _deal(game: Game[Any, Any, Any], data: dict[str, Any], prefix: str = "") -> tuple[Any, Any, tuple[str, ...]]:
    """Options, the first transition and the deck of a deal request (or record), with what it carries in."""
    options = data.get("options") or game.options(None)
    carry = data.get("carry")
    problems = game.check_table(data["players"], data["dealer"], options)
    problems = problems or game.check_carry(data["players"], options, carry)
    if problems:
        raise InvalidInput([p.at(prefix) for p in problems])
    if "deck" in data:
        deck = tuple(data["deck"])
        game.check_deck(data["players"], options, deck, pointer=prefix + "/deck")
    else:
        deck = shuffle(game.pack(data["players"], options), data["seed"])
    return options, game.deal(data["players"], data["dealer"], options, deck, carry), deck


def _table_views(game: Game[Any, Any, Any], data: dict[str, Any], players: int) -> TableViews[Any] | None:
    """The seats a request asks views for (``views``), checked against the table; None when not asked."""
    seats = data.get("views")
    if seats is None:
        return None
    check_seats(seats, players)
    return TableViews(game, seats)


def _checked(game: Game[Any, Any, Any], state: Any) -> Any:
    """The state, after checking it is of this game and consistent (422 listing every problem)."""
    game.require_valid(state)
    return state


def game_blueprint(game: Game[Any, Any, Any]) -> Blueprint:
    """All endpoints of one game under ``/v1/{game}``."""
    s = game_schemas(game)
    ex = examples(game, s)
    blp = Blueprint(
        game.id,
        __name__,
        url_prefix=f"/v1/{game.id}",
        description=f"{game.name}: the rules as this service applies them, every option and every rule id, at "
        f"[{rules_url(game.id)}]({rules_url(game.id)}).",
    )
    blp.ARGUMENTS_PARSER = guard.PARSER  # the body as the guard parsed and checked it
    prefix = camel(game.id)

    def arguments(schema: type[Schema], **kwargs: Any) -> Callable[[Any], Any]:
        """The body, loaded by one instance of ``schema`` kept for every request (from a class, webargs would
        build a new instance per request: a deep copy of every field, and of every nested schema)."""
        return blp.arguments(schema(), **kwargs)

    def op(verb: str) -> str:
        return prefix[0].lower() + prefix[1:] + verb[0].upper() + verb[1:]

    def doc(verb: str, **extra: Any) -> Callable[[Any], Any]:
        """operationId and description: the docstring's paragraphs after its summary, then ``describe``'s."""

        def decorate(view: Any) -> Any:
            details = inspect.cleandoc(view.__doc__ or "").partition("\n")[2].strip()
            text = "\n\n".join(part for part in (details, describe(game, verb)) if part)
            return blp.doc(operationId=op(verb), description=text, **extra)(view)

        return decorate

    def post(
        path: str,
        verb: str,
        request: Any,
        response: Any,
        *,
        example: Any,
        answer_example: Any = None,
        codes: tuple[int, ...] = (400, 413, 415, 422),
        plain: Any = None,
    ) -> Callable[[Any], Any]:
        """A POST endpoint: its route, operationId and description, request and 200 schemas, and the problem+json
        answers it may give; with ``plain``, a reader that takes the body's plainest form before the schema."""
        answered = {"example": answer_example} if answer_example is not None else {}
        steps = [
            blp.route(path, methods=["POST"]),
            *([plain_first(plain)] if plain is not None else []),
            doc(verb),
            arguments(request, example=example),
            blp.response(200, response, **answered),
            errors(blp, *codes, illegal=s.illegal_action, invalid=s.invalid_request),
        ]

        def decorate(view: Any) -> Any:
            for step in reversed(steps):
                view = step(view)
            return view

        return decorate

    @blp.route("", methods=["GET"])
    @doc("entry")
    @blp.response(200, GameDetailSchema)
    @errors(blp, 404)
    def entry() -> dict[str, Any]:
        """The catalog entry, the canonical pack and, for hand games, the categories."""
        return detail(game)

    @blp.route("/rules", methods=["GET"])
    @doc(
        "rules",
        responses={
            "200": {
                "description": "The rules as Markdown (docs/rules in the repository).",
                "content": {"text/markdown": {"schema": {"type": "string"}}},
            }
        },
    )
    @errors(blp, 404)
    def rules() -> Response:
        """The rules as this service applies them: flow, evaluation, scoring, every option and rule id."""
        text = rules_markdown(game.id)
        if text is None:
            return problem(404, "Not Found", f"no rules document for {game.id}")
        return Response(text, content_type=MARKDOWN)

    if isinstance(game, HandGame):
        hand_game: HandGame[Any, Any, Any] = game

        read_hands = HandsReader(hand_game)

        @post(
            "/hands/evaluate",
            "evaluateHands",
            s.hands_request,
            s.evaluate_response,
            example=ex.hands,
            plain=HandsReader(hand_game, text=True),
        )
        def evaluate(data: dict[str, Any]) -> dict[str, Any]:
            """Evaluate up to 10,000 hands: category, dense strength, description, interpretation.

            Rules the schema cannot state: every card is a card of the game's pack, and a card given in
            two notations (`TH`, `10h`) counts twice. `declarations`, where given, has one entry (or null)
            per hand."""
            options, hands, declarations = _hands_request(hand_game, data)
            if isinstance(hands, PackHands) and hands.results is not None:
                return answer({"results": hands.results, **rules_echo(options)})  # written as the hands were read
            results = _evaluated(hand_game, hands, declarations, options)
            return answer({"results": results, **rules_echo(options)})

        @post("/hands/compare", "compareHands", s.hands_request, s.compare_response, example=ex.hands, plain=read_hands)
        def compare(data: dict[str, Any]) -> dict[str, Any]:
            """Rank hands best first, equal hands grouped, and say what decided.

            Rules the schema cannot state: every card is a card of the game's pack, and a card given in
            two notations (`TH`, `10h`) counts twice. `declarations`, where given, has one entry (or null)
            per hand."""
            options, hands, declarations = _hands_request(hand_game, data)
            if declarations is None:
                comparison = hand_game.compare(hands, options)
            else:
                comparison = hand_game.compare_declared_hands(hands, declarations, options)
            results = _evaluated(hand_game, hands, declarations, options)
            return answer(
                {
                    "ranking": comparison.ranking,
                    "winners": comparison.winners,
                    "deciding": comparison.deciding,
                    "results": results,
                    **rules_echo(options),
                }
            )

    if isinstance(game, TrickGame):
        trick_game: TrickGame[Any, Any, Any] = game

        @post("/tricks/winner", "trickWinner", s.trick_request, s.trick_response, example=ex.trick)
        def trick_winner(data: dict[str, Any]) -> dict[str, Any]:
            """Which card wins a trick (index into cards, in play order) and the trick's card points.

            Rules the schema cannot state: every card is a card of the game's pack, and a card given in
            two notations (`TH`, `10h`) counts twice."""
            options = _cards_request(game, data, "cards")
            winner, points = trick_game.trick_winner(data["trump"], data["cards"], options)
            return {"winner": winner, "points": points, **rules_echo(options)}

    if isinstance(game, TrickGame) and game.announces_melds:
        meld_game: TrickGame[Any, Any, Any] = game

        @post("/melds/evaluate", "evaluateMelds", s.melds_request, s.melds_response, example=ex.melds)
        def evaluate_melds(data: dict[str, Any]) -> dict[str, Any]:
            """Every announcement (meld) a hand holds, with its points, for the given trump suit.

            Rules the schema cannot state: every card is a card of the game's pack, and a card given in
            two notations (`TH`, `10h`) counts twice."""
            options = _cards_request(game, data, "hand")
            melds = meld_game.evaluate_melds(data["hand"], data["trump"], options)
            return {"melds": melds, "total": sum(m["points"] for m in melds), **rules_echo(options)}

    @post("/deals", "deal", s.deal_request, s.deal_response, example=ex.deal, answer_example=ex.deal_answer)
    def deals(data: dict[str, Any]) -> dict[str, Any]:
        """Deal from a deck, or from the pack shuffled by a seed (sha256-fisher-yates/1).

        With `views: [seat, ...]` the answer adds, for each seat asked, the dealt state as `states/view` gives
        it, the deal's events as that seat saw them and its legal actions (the seat to act's; empty for the
        others).

        Rules across fields that the schema cannot state: `dealer` is less than `players`; a `deck` holds exactly
        the pack for this player count and these options (a 422 at the field otherwise)."""
        options, transition, deck = _deal(game, data)
        answer = {
            "state": transition.state,
            "events": list(transition.events),
            "deck_commitment": deck_commitment(deck),
            **rules_echo(options),
        }
        table = _table_views(game, data, data["players"])
        if table is not None:
            table.saw(None, transition.events)
            answer["views"] = table.of(transition.state)
        return answer

    @post("/legal-actions", "legalActions", s.state_request, s.legal_actions_response, example=ex.state)
    def legal_actions(data: dict[str, Any]) -> dict[str, Any]:
        """Every legal action of the seat to act, as it would be submitted.

        Rules across fields that the schema cannot state: the state must be consistent (every card of the pack
        exactly once, seats in order, `dealer` and `to_act` less than `players`, chips and points adding up);
        otherwise the answer is a 422 `/invalid-state` listing every problem."""
        state = _checked(game, data["state"])
        return {
            "phase": state.phase,
            "to_act": state.to_act,
            "actions": game.legal_actions(state),
            **rules_echo(game.options_of(state)),
        }

    @post(
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
        state = _checked(game, data["state"])
        table = _table_views(game, data, state.players)
        transition = game.apply(state, data["action"])
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

    @post("/states/validate", "validateState", s.state_request, s.validate_response, example=ex.state)
    def validate(data: dict[str, Any]) -> dict[str, Any]:
        """Every inconsistency of a state (card conservation, hand sizes, turn, chips), not just the first."""
        problems = game.validate(data["state"])
        return {
            "valid": not problems,
            "problems": listed(
                [{"code": p.code, "pointer": "/state" + p.pointer, "message": p.message} for p in problems], None
            ),
            **rules_echo(game.options_of(data["state"])),
        }

    @post("/states/view", "viewState", s.view_request, s.view_response, example=ex.view)
    def view(data: dict[str, Any]) -> dict[str, Any]:
        """The state as one seat may see it: hidden cards are "??".

        Rules across fields that the schema cannot state: the state must be consistent (every card of the pack
        exactly once, seats in order, `dealer` and `to_act` less than `players`, chips and points adding up);
        otherwise the answer is a 422 `/invalid-state` listing every problem. `seat` is less than
        `players`."""
        state = _checked(game, data["state"])
        if not 0 <= data["seat"] < state.players:
            raise InvalidInput([Problem("invalid_seat", f"seat must be 0..{state.players - 1}", "/seat")])
        return {"state": game.view(state, data["seat"]), **rules_echo(game.options_of(state))}

    @post(
        "/records/adjudicate",
        "adjudicateRecord",
        s.record_request,
        s.adjudicate_response,
        example=ex.record,
        plain=RecordReader(game, s),
    )
    def adjudicate(data: dict[str, Any]) -> dict[str, Any] | Response:
        """Replay a record: deal, then every action in order; the first illegal one is named with its rule.

        With `views: [seat, ...]` (beside `record`) the answer adds, for each seat asked: the final state
        (after the last legal action) as `states/view` gives it; every event of the record, from the deal on,
        as that seat saw it when it happened (a card hidden then stays "??" in the event even when it is shown
        later: the final state's view shows what was revealed); and the legal actions that seat may take in
        the final state.

        Rules across fields that the schema cannot state: `dealer` is less than `players`; a `deck` holds exactly
        the pack for this player count and these options."""
        record = data["record"]
        options, transition, deck = _deal(game, record, "/record")
        table = _table_views(game, data, record["players"])
        state, events = transition.state, list(transition.events)
        if table is not None:
            table.saw(None, transition.events)
        applied, error = 0, None
        action: ActionBase
        for index, action in enumerate(record["actions"]):
            try:
                transition = game.apply(state, action)
            except IllegalAction as illegal:
                error = {
                    "index": index,
                    "code": illegal.code,
                    "rule": illegal.rule,
                    "message": illegal.message,
                    "legal_actions": illegal.legal_actions,
                }
                break
            if table is not None:
                table.saw(state, transition.events)
            state = transition.state
            events.extend(transition.events)
            applied += 1
        result = game.result(state)
        verdict = "illegal" if error else ("complete" if result is not None else "in_progress")
        body = {
            "verdict": verdict,
            "applied": applied,
            "error": error,
            "state": state,
            "result": result,
            "events": events,
            "deck_commitment": deck_commitment(deck),
            **rules_echo(options),
        }
        if table is None:
            return answer(body)  # the state as its schema dumps it: a dataclass's fields in order, arrays for tuples
        body["views"] = table.of(state)
        return body

    return blp


def _hands_request(game: HandGame[Any, Any, Any], data: dict[str, Any]) -> tuple[Any, Any, list[Any] | None]:
    """The options, the checked hands and the declarations (None when there are none) of a hands request."""
    options = data.get("options") or game.options(None)
    return options, _checked_hands(game, data["hands"]), _declarations(data)


def _evaluated(
    game: HandGame[Any, Any, Any], hands: Any, declarations: list[Any] | None, options: Any
) -> list[dict[str, Any]]:
    """Each hand with its evaluation: the shared table answer, or its declared reading."""
    if declarations is None:
        return _results(hands, _ranks(game, hands, options))
    return [_evaluation(e) for e in game.evaluate_declared_hands(hands, declarations, options)]


def _cards_request(game: Game[Any, Any, Any], data: dict[str, Any], key: str) -> Any:
    """The options of a request about some cards (``data[key]``), once they are distinct cards of the pack."""
    problems = check_cards(data[key], game.full_pack(), f"/{key}")
    if problems:
        raise InvalidInput(problems)
    return data.get("options") or game.options(None)


def _declarations(data: dict[str, Any]) -> list[Any] | None:
    """The declarations of a hands request (one per hand), or None when there are none."""
    declarations = data.get("declarations")
    if declarations is None:
        return None
    if len(declarations) != len(data["hands"]):
        raise InvalidInput([Problem("declarations_length", "give one declaration (or null) per hand", "/declarations")])
    return list(declarations)


def answer(body: dict[str, Any]) -> Response:
    """A 200 built from plain JSON values as they are (no schema dump: the hot endpoints build exactly what
    their response schema would write)."""
    return current_app.json.response(body)  # type: ignore[no-any-return]


def _checked_hands(game: HandGame[Any, Any, Any], hands: Any) -> Any:
    """The parsed hands, once every hand holds ``hand_size`` distinct cards of the pack (422 listing the rest;
    hands the plain reader read are known to)."""
    if not isinstance(hands, PackHands):
        game.check_hands(hands)
    return hands


def _ranks(game: HandGame[Any, Any, Any], hands: Any, options: Any) -> list[HandRank]:
    """Each hand's evaluation (found as the plain reader read the hands, else looked up now)."""
    if isinstance(hands, PackHands) and hands.ranks is not None:
        return hands.ranks
    return game.ranks(hands, options)


def _results(hands: Sequence[list[str]], ranks: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each hand as sent (canonical codes) with its shared, precomputed evaluation."""
    return [{"hand": hand, **rank} for hand, rank in zip(hands, ranks, strict=True)]


def _evaluation(evaluation: Any) -> dict[str, Any]:
    out = {
        "hand": list(evaluation.hand),
        "category": evaluation.category,
        "strength": evaluation.strength,
        "description": evaluation.description,
    }
    if evaluation.interpretation is not None:
        out["interpretation"] = evaluation.interpretation
    return out
