"""The committed pack (conformance/): a fresh generation gives the same bytes, it replays 100% in-process and
covers every code, option and operation of every game; a mutant engine fails it."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from service.conformance import SOURCE_DIR
from service.conformance.cases.common import operations
from service.conformance.client import InProcess
from service.conformance.generate import UNREACHABLE, Answers, pack
from service.conformance.run import load_pack, replay
from service.rules.registry import GAMES

REGENERATE = (
    "the committed pack differs from a fresh generation: run `card-arbiter conformance generate` and commit "
    "conformance/"
)


@pytest.fixture(scope="module")
def committed() -> list[dict]:
    return load_pack(SOURCE_DIR)[1]


@pytest.fixture(scope="module")
def answers() -> Answers:
    """The app's answers, each request asked once in the module: the fresh generation and the in-process replay
    ask the same requests (every vector's), so the second of them reads the app's answers the first one got. The
    app is the one `card-arbiter conformance generate` asks (not the suite's shared ``app``, which the tests before
    have used)."""
    return Answers(InProcess())


class Asked:
    """A transport (:class:`~service.conformance.client.Transport`) answering through :func:`answers`."""

    def __init__(self, answers: Answers) -> None:
        self.send = answers.full


@pytest.mark.slow  # the whole pack generated again (the longest unmarked test: 67 s under load); CI runs it
@pytest.mark.xdist_group("pack")  # with the replay: one worker asks the app each request once
def test_the_committed_pack_is_a_fresh_generation(answers) -> None:
    fresh = pack(ask=answers)
    on_disk = {path.name: path.read_bytes() for path in SOURCE_DIR.iterdir() if path.suffix in (".jsonl", ".json")}
    assert sorted(on_disk) == sorted(fresh), REGENERATE
    for name, data in fresh.items():
        assert on_disk[name] == data, f"{name}: {REGENERATE}"


@pytest.mark.slow  # every vector of the pack replayed; CI runs it
@pytest.mark.xdist_group("pack")
def test_the_pack_replays_in_process(answers, committed) -> None:
    outcomes = list(replay(Asked(answers), committed))
    failed = [f"{o.vector['id']}: {o.message}" for o in outcomes if o.status != "passed"]
    assert failed == []
    assert len(outcomes) == len(committed) > 1000


def codes(vectors: list[dict], game: str) -> Iterator[str]:
    """``refusal code X`` and ``problem code X`` for every code the answers of a game's vectors give."""
    for vector in vectors:
        body = vector["expect"]["body"]
        if vector["game"] != game or not isinstance(body, dict):
            continue
        if vector["expect"]["status"] == 409:
            yield f"refusal code {body['code']}"
        if isinstance(body.get("error"), dict):
            yield f"refusal code {body['error']['code']}"
        for problem in body.get("problems") or []:
            yield f"problem code {problem['code']}"


def wire_refused(vectors: list[dict], game: str) -> set[str]:
    """Codes whose vector shows the wire refusing the state or action first (a 422)."""
    return {
        f"{kind} code {tag.removeprefix('code:')}"
        for v in vectors
        if v["game"] == game and "wire-refused" in v.get("tags", []) and v["expect"]["status"] == 422
        for tag in v["tags"]
        if tag.startswith("code:")
        for kind in ("refusal", "problem")
    }


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_refusal_and_problem_code_has_a_vector(committed, game_id: str) -> None:
    game = GAMES[game_id]
    given = set(codes(committed, game_id)) | wire_refused(committed, game_id)
    assert len(given) > 10  # the answers are read
    listed = {f"refusal code {c}" for c in game.refusals()} | {f"problem code {c}" for c in game.checks()}
    assert sorted(listed - given) == sorted(UNREACHABLE.get(game_id, {}))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_code_of_a_match_has_a_vector(committed, game_id: str) -> None:
    """Every code a match's ``error`` can give besides an illegal action's (those are the records'): a deal after an
    unfinished one, a dealer out of turn, a deal after the deciding one."""
    from schemas.operations.matches import match_codes

    game = GAMES[game_id]
    given = {
        v["expect"]["body"]["error"]["code"]
        for v in committed
        if v["game"] == game_id
        and v["operation"].endswith("/matches/adjudicate")
        and v["expect"]["status"] == 200
        and v["expect"]["body"]["error"] is not None
    }
    assert sorted(set(match_codes(game)) - set(game.refusals()) - given) == []
    assert "not_your_turn" in given  # an illegal action of a deal


def test_a_hit_on_an_empty_stock_needs_more_cards_than_the_seats_can_hold() -> None:
    """Old Brag's ``stock_empty`` (UNREACHABLE): with the stock empty all 52 cards are held, but no valid state
    lets the seats hold that much, counting every card at its least (an ace 1)."""
    from service.rules.old_brag.pot3 import LIMIT_31, card_value_31

    game = GAMES["old-brag"]
    least = [1 if card[0] == "A" else card_value_31(card) for card in game.full_pack()]
    bust = LIMIT_31 + max(least)  # 31 before the last card, then one card more
    assert sum(least) > (game.max_players - 1) * bust + LIMIT_31


def test_brisque_lists_no_trump_ace_exchanged_and_refuses_a_trump_ace_meld_first(app) -> None:
    """Brisque's ``absent_codes``: Briscan's ``trump_ace_exchanged`` is not Brisque's (no trump-ace meld, an
    announced one is refused as meld_not_allowed)."""
    from service.conformance.cases import crafted
    from service.conformance.simulate import dump_state
    from service.rules.briscan.variants import BRISQUE, TRUMP_ACE

    game = GAMES["brisque"]
    assert TRUMP_ACE not in BRISQUE.meld_kinds
    assert "trump_ace_exchanged" in GAMES["briscan"].refusals()
    assert "trump_ace_exchanged" not in game.refusals() + game.checks()
    state, action, _ = crafted.found(game, "too_many_melds")
    announce = {**action, "melds": [{"kind": TRUMP_ACE, "cards": ["A" + state.trump]}]}
    answer = app.test_client().post("/v1/brisque/actions", json={"state": dump_state(game, state), "action": announce})
    assert (answer.status_code, answer.json["code"]) == (409, "meld_not_allowed")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_post_operation_has_vectors_answering_200_and_4xx(committed, game_id: str) -> None:
    statuses: dict[str, set[int]] = {}
    for vector in committed:
        if vector["game"] == game_id and vector["request"]["method"] == "POST":
            operation = vector["request"]["path"].removeprefix(f"/v1/{game_id}/")
            statuses.setdefault(operation, set()).add(vector["expect"]["status"] // 100)
    assert {op: statuses.get(op, set()) >= {2, 4} for op in operations(GAMES[game_id])} == dict.fromkeys(
        operations(GAMES[game_id]), True
    )


def test_the_manifest_counts_every_file(committed) -> None:
    manifest = json.loads((SOURCE_DIR / "manifest.json").read_text(encoding="utf-8"))
    assert set(manifest["files"]) == {*GAMES, "service"}
    assert manifest["total"] == len(committed) == sum(f["vectors"] for f in manifest["files"].values())
    for game, entry in manifest["files"].items():
        assert sum(entry["operations"].values()) == entry["vectors"] == sum(v["game"] == game for v in committed)


def test_ids_are_unique_and_name_their_request(committed) -> None:
    from service.conformance.vector import Case

    ids = [v["id"] for v in committed]
    assert len(ids) == len(set(ids))
    for vector in committed[::50]:
        request = vector["request"]
        case = Case(
            vector["game"],
            request["method"],
            request["path"],
            (),
            "",
            "",
            None,
            body=request.get("body"),
            text=request.get("text"),
            headers=request.get("headers") or {},
        )
        assert vector["id"].endswith(case.digest())
        assert vector["id"].startswith(f"{vector['game']}/")


def test_every_rule_cited_is_a_heading_of_the_games_rules_file(committed) -> None:
    """A vector's ``rules`` are rule ids (a heading's first word) or section titles of docs/rules/<game>.md."""
    from tests.docs.markdown import doc_path, headings

    for game_id in GAMES:
        titles = headings(doc_path(game_id).read_text(encoding="utf-8"))
        known = {title.split()[0] for title in titles if title.split()} | set(titles)
        cited = {rule for v in committed if v["game"] == game_id for rule in v["rules"]}
        assert len(cited) > 5
        assert sorted(cited - known) == [], game_id


def default_of(body: dict, name: str, default: object) -> dict:
    """The request ``body`` without the option ``name`` (a state's options hold every option: its default)."""
    from service.conformance.cases.option_effects import without

    if "state" in body:
        return {**body, "state": {**body["state"], "options": {**body["state"]["options"], name: default}}}
    return without(body, name)


def options_of(body: dict) -> dict:
    inner = body.get("record") or body.get("state") or body
    return inner.get("options") or {}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_option_has_an_effect_vector_or_none_in_its_game(committed, game_id: str) -> None:
    """Per option, two vectors tagged with it whose requests differ only in the option and whose answers differ
    beyond the options they echo; unless the rules file says the option changes nothing in this game (INERT)."""
    from service.conformance.cases.option_effects import INERT, stripped
    from service.conformance.vector import canonical
    from tests.docs.markdown import doc_path

    mine = [v for v in committed if v["game"] == game_id and v["request"]["method"] == "POST"]
    by_request = {canonical(v["request"]): v for v in mine}
    shown = set()
    for spec in GAMES[game_id].option_specs():
        for v in mine:
            body = v["request"]["body"] if isinstance(v["request"].get("body"), dict) else {}
            if f"option:{spec.name}" not in v.get("tags", []) or options_of(body).get(spec.name, spec.default) == (
                spec.default
            ):
                continue
            other = by_request.get(canonical({**v["request"], "body": default_of(body, spec.name, spec.default)}))
            if other and stripped(other["expect"]) != stripped(v["expect"]) and v["expect"]["status"] == 200:
                shown.add(spec.name)
                break
    inert = INERT.get(game_id, {})
    assert sorted({spec.name for spec in GAMES[game_id].option_specs()} - shown) == sorted(inert)
    lines = doc_path(game_id).read_text(encoding="utf-8").splitlines()
    for name in inert:
        assert any(f"`{name}`" in line and "no effect" in line for line in lines), name
