"""openapi-python-client generates a client from the committed openapi.yaml with no warning, and that client
alone plays a seeded deal of every game to the end against the service on a local port, then has the record
adjudicated `complete`."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import pytest

from schemas.derive import camel
from service.rules.registry import GAMES
from tests.clients.tools import SPEC
from tests.contract.committed import committed_document

pytestmark = pytest.mark.clients

SEED = "generated-client"
MAX_ACTIONS = 500
"""Far more than any deal takes when every seat plays its first legal action."""


def test_the_client_generates_without_warnings(python_client):
    _, warnings = python_client
    assert warnings == []


def test_the_contract_and_the_metrics_reach_the_client(python_client, live_url):
    package, _ = python_client

    def get(operation: str) -> Any:
        module = importlib.import_module(f"{package.__name__}.api.operations.{operation}")
        with package.Client(base_url=live_url, raise_on_unexpected_status=True, httpx_args={"trust_env": False}) as c:
            return module.sync(client=c)

    committed = SPEC.read_text(encoding="utf-8")
    assert get("openapi_yaml") == committed
    assert get("openapi_json").to_dict() == committed_document()
    assert "# TYPE" in get("metrics")


class GameApi:
    """One game's operations and models in the generated package, found by the names the contract gives."""

    def __init__(self, package: ModuleType, game_id: str) -> None:
        self.package = package
        self.snake = game_id.replace("-", "_")
        self.prefix = camel(game_id)
        self.models = importlib.import_module(f"{package.__name__}.models")

    def model(self, name: str) -> Any:
        return getattr(self.models, self.prefix + name)

    def body(self, name: str, data: dict[str, Any]) -> Any:
        """A request body as the generated model ``name`` (the game's prefix added); a missing model fails (a body
        typed ``Any`` would mean the contract lost its shape)."""
        return self.model(name).from_dict(data)

    def call(self, client: Any, verb: str, body: Any = None) -> Any:
        """Call an operation; fail with the problem details if the answer is not a 200."""
        module = importlib.import_module(f"{self.package.__name__}.api.{self.snake}.{self.snake}_{verb}")
        kwargs = {"client": client} if body is None else {"client": client, "body": body}
        answer = module.sync_detailed(**kwargs)
        assert answer.status_code == 200, (verb, answer.status_code, answer.content[:2000])
        return answer.parsed


def test_the_names_and_a_description_in_the_games_language_reach_the_client(python_client, live_url):
    """The catalog's names are typed by language and kind (``names.sv.card``, ``names.sr_latn``), and a hands
    operation takes ``Accept-Language`` as a parameter of its own."""
    package, _ = python_client
    broggin, old_brag = GameApi(package, "broggin"), GameApi(package, "old-brag")
    with package.Client(base_url=live_url, raise_on_unexpected_status=True, httpx_args={"trust_env": False}) as client:
        entry = broggin.call(client, "entry")
        assert entry.languages == ["en", "sv"]
        assert entry.names.sv.card["Witch"] == "Häxan" and entry.names.en.card["Witch"] == "Witch"
        assert entry.names.sv.category["four_horsemen"] == "De fyra ryttarna"
        serbian = old_brag.call(client, "entry").names.sr_latn
        assert serbian.phase["betting"] == "Klađenje" and serbian.action["fold"] == "Dalje"
        module = importlib.import_module(f"{package.__name__}.api.old_brag.old_brag_evaluate_hands")
        body = old_brag.model("HandsRequest").from_dict({"hands": [["AS", "AH", "AC"]]})
        answer = module.sync_detailed(client=client, body=body, accept_language="sr-Latn-RS")
        assert answer.status_code == 200 and answer.headers["content-language"] == "sr-Latn"
        assert answer.parsed.results[0].description == "Tri prirodna Keca"


def submitted(legal: dict[str, Any]) -> dict[str, Any]:
    """A legal action as it is submitted: a free amount chosen (its minimum), no discard for an exchange."""
    action = {k: v for k, v in legal.items() if k not in ("min", "max", "max_cards", "domains")}
    if "min" in legal:
        action["amount"] = legal["min"]
    if "max_cards" in legal:
        action.setdefault("discard", [])
    if "domains" in legal:
        action.setdefault("assignments", {wild: cards[0] for wild, cards in legal["domains"].items()})
    return action


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_seeded_deal_played_to_the_end_and_adjudicated(python_client, live_url, game_id):
    package, _ = python_client
    api = GameApi(package, game_id)
    with package.Client(base_url=live_url, raise_on_unexpected_status=True, httpx_args={"trust_env": False}) as client:
        entry = api.call(client, "entry")
        assert entry.id == game_id
        table = {"players": entry.players.min_, "dealer": entry.players.min_ - 1, "seed": SEED}
        # a deal from a seed is a model of its own (the deal body is one of two whole objects, not ``Any``)
        dealt = api.call(client, "deal", api.model("DealRequestFromSeed").from_dict(table))
        state, actions, result = dealt.state, [], None
        for _ in range(MAX_ACTIONS):
            legal = api.call(client, "legal_actions", api.model("StateRequest")(state=state))
            assert legal.actions, f"{game_id}: no legal action before the deal is over"
            action = submitted(legal.actions[0].to_dict())
            request = api.body("ActionRequest", {"state": state.to_dict(), "action": action})
            applied = api.call(client, "apply_action", request)
            actions.append(action)
            state, result = applied.state, applied.result
            if result is not None:
                break
        assert result is not None, f"{game_id}: no result after {MAX_ACTIONS} actions"
        record = {**table, "actions": actions}
        adjudicated = api.call(client, "adjudicate_record", api.body("RecordRequestAsJson", {"record": record}))
        assert adjudicated.verdict == "complete"
        assert adjudicated.applied == len(actions)
        assert adjudicated.state.to_dict() == state.to_dict()
        assert adjudicated.result.to_dict() == result.to_dict()
        # the body's other arm: the record as text (records/format), adjudicated to the same state
        notation = api.call(client, "format_record", api.body("FormatRequestRecord", {"record": record})).notation
        as_text = api.call(client, "adjudicate_record", api.body("RecordRequestAsText", {"notation": notation}))
        assert as_text.verdict == "complete" and as_text.state.to_dict() == state.to_dict()
        # a match of this one deal: complete or in progress by the game's target, never illegal
        match = {"players": table["players"], "deals": [{k: v for k, v in record.items() if k != "players"}]}
        judged = api.call(client, "adjudicate_match", api.body("MatchRequestAsJson", {"match": match}))
        assert judged.verdict in ("complete", "in_progress") and judged.error is None
        assert [deal.verdict for deal in judged.deals] == ["complete"]
        # a suggestion for the seat to act at the deal's start is one of its legal actions' kinds
        first = api.call(client, "legal_actions", api.model("StateRequest")(state=dealt.state))
        suggestion = api.call(client, "suggest_action", api.model("SuggestRequest")(state=dealt.state))
        assert suggestion.seat == first.to_act
        assert suggestion.action.to_dict()["type"] in {legal.to_dict()["type"] for legal in first.actions}
        # the trace, typed: each step's action as it was sent, the last step with nobody to act; seat 0's view
        body = {"record": record, "trace": True, "views": [0]}
        traced = api.call(client, "adjudicate_record", api.body("RecordRequestAsJson", body))
        assert [step.action.to_dict() for step in traced.steps] == actions
        assert traced.steps[-1].to_act is None and traced.steps[0].index == 0
        (view,) = traced.views
        assert [step.index for step in view.steps] == list(range(len(actions)))
        assert "winners" in result.to_dict()


@pytest.mark.parametrize("game_id", ["three-card-brag", "old-brag", "broggin"])
def test_equity_and_percentile_through_the_generated_client(python_client, live_url, game_id):
    """hands/equity in the generated client: opponents as known cards (one branch of its oneOf) and as a count
    (the other), and the percentile of an evaluation, as the engine gives them."""
    package, _ = python_client
    api = GameApi(package, game_id)
    game = GAMES[game_id]
    options = game.options(None)
    hand = list(game.full_pack()[: game.hand_size])
    known = list(game.full_pack()[-1:])
    with package.Client(base_url=live_url, raise_on_unexpected_status=True, httpx_args={"trust_env": False}) as client:
        body = api.body("EquityRequest", {"hand": hand, "opponents": [{"cards": known}], "dead": []})
        listed = api.call(client, "hands_equity", body)
        counted = api.call(client, "hands_equity", api.body("EquityRequest", {"hand": hand, "opponents": 1}))
        evaluated = api.call(client, "evaluate_hands", api.body("HandsRequest", {"hands": [hand]}))
    found = game.equity(hand, [known], options)
    assert (listed.counts.win, listed.counts.total, listed.method) == (found.counts.win, found.counts.total, "exact")
    assert counted.counts.win == game.equity(hand, 1, options).counts.win
    assert evaluated.results[0].percentile.to_dict() == game.percentiles([hand], options)[0]
    assert listed.percentile.to_dict() == evaluated.results[0].percentile.to_dict()
