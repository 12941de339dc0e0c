"""Names and descriptions in the games' own languages over HTTP (docs/api.md section 12): the catalog's `languages`
and `names`, `Accept-Language` on the hands operations, `Content-Language` and `Vary` on every answer, and the
same codes and strengths in every language."""

from __future__ import annotations

import itertools

import pytest

from service.rules import names
from service.rules.hand_game import HandGame
from service.rules.registry import GAMES
from tests.contract.committed import committed_document

HAND_GAMES = [game_id for game_id, game in GAMES.items() if isinstance(game, HandGame)]
OPERATIONS = ("evaluate", "compare")


def sample_hands(game_id: str, count: int = 40) -> list[list[str]]:
    """``count`` hands spread over the whole pack."""
    game = GAMES[game_id]
    every = itertools.combinations(game.full_pack(), game.hand_size)
    return [list(hand) for hand in itertools.islice(every, 0, None, 997)][:count]


def post(client, game_id: str, operation: str, body: dict, language: str | None = None):
    headers = {} if language is None else {"Accept-Language": language}
    return client.post(f"/v1/{game_id}/hands/{operation}", json=body, headers=headers)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_catalog_entry_gives_the_languages_and_names(client, game_id: str) -> None:
    entry = client.get(f"/v1/{game_id}").get_json()
    listed = next(g for g in client.get("/v1/games").get_json()["games"] if g["id"] == game_id)
    game = GAMES[game_id]
    assert entry["languages"] == listed["languages"] == list(game.languages())
    assert entry["names"] == listed["names"] == names.texts(names.table(game_id))
    assert set(entry["names"]) == set(entry["languages"])
    assert set(entry["names"]["en"]["action"]) == set(entry["actions"])
    if isinstance(game, HandGame):
        assert set(entry["names"]["en"]["category"]) == set(entry["categories"])


@pytest.mark.parametrize("game_id", HAND_GAMES)
@pytest.mark.parametrize("operation", OPERATIONS)
def test_every_language_keeps_the_codes_and_strengths(client, game_id: str, operation: str) -> None:
    body = {"hands": sample_hands(game_id)}
    english = post(client, game_id, operation, body).get_json()
    game = GAMES[game_id]
    for language in game.languages():
        response = post(client, game_id, operation, body, language)
        assert response.status_code == 200
        assert response.headers["Content-Language"] == language
        assert "Accept-Language" in response.headers.get_all("Vary")[0]
        answer = response.get_json()
        said = [result.pop("description") for result in answer["results"]]
        words = [result.pop("description") for result in english["results"]] if language == "en" else None
        assert answer["results"] == [{k: v for k, v in r.items() if k != "description"} for r in english["results"]]
        opts = game.options(None)
        hands = body["hands"]
        assert said == game.describe(hands, game.ranks(hands, opts), opts, language)
        if words is not None:
            assert said == words
        if operation == "compare":
            text = answer.pop("deciding_text")
            assert text == names.word(game_id, language, "deciding", answer["deciding"])
            assert {k: v for k, v in answer.items()} == {k: v for k, v in english.items() if k != "deciding_text"}


PICKS = {
    "three-card-brag": {
        "sv-SE": "sv",
        "da, sv;q=0.5, en;q=0.4": "sv",
        "sv;q=0.3, en": "en",
        "*": "en",
        "en;q=0, *": "sv",
        "sr-Latn": "en",
    },
    "old-brag": {"sr-Latn-RS": "sr-Latn", "sr": "sr-Latn", "sv": "en"},
    "broggin": {
        "SV-se;Q=0.9": "sv",
        "fr-FR": "en",
        "sv;q=2": "en",  # malformed: English, never an error
        ";;": "en",
        "sv" + ", x" * 600: "en",
    },
}
"""Each hand game's ``Accept-Language`` headers and the language each picks."""


@pytest.mark.parametrize(
    ("game_id", "header", "language"),
    [(game_id, header, language) for game_id, picks in PICKS.items() for header, language in picks.items()],
)
@pytest.mark.parametrize("operation", OPERATIONS)
def test_accept_language_picks_the_best_supported(client, game_id, header, language, operation) -> None:
    response = post(client, game_id, operation, {"hands": sample_hands(game_id, 2)}, header)
    assert response.status_code == 200
    assert response.headers["Content-Language"] == language
    assert response.headers["Vary"] == "Accept-Language"


def test_the_seeds_phrases_come_back(client) -> None:
    brag = post(client, "three-card-brag", "evaluate", {"hands": [["K♣", "KH", "kd"]]}, "sv").get_json()
    assert brag["results"][0]["description"] == "Triss i kungar"
    old = post(client, "old-brag", "evaluate", {"hands": [["AS", "AH", "AC"], ["QS", "QH", "QD"]]}, "sr")
    assert [r["description"] for r in old.get_json()["results"]] == ["Tri prirodna Keca", "Tri prirodne Dame"]
    compared = post(client, "broggin", "compare", {"hands": [["Häxan", "Magikern", "Narren", "Döden"]] * 1}, "sv")
    assert compared.get_json()["deciding_text"] == "lika"  # one hand: a tie ("precis lika")


def test_declared_trumps_are_described_in_the_language(client) -> None:
    body = {"hands": [["4Sw", "KSt", "Fool", "Merchant"]], "declarations": [{"Narren": "4Co", "Köpmannen": "KCo"}]}
    english = post(client, "broggin", "evaluate", body).get_json()["results"][0]
    swedish = post(client, "broggin", "evaluate", body, "sv").get_json()["results"][0]
    assert {**swedish, "description": None} == {**english, "description": None}
    assert "bestämt" in swedish["description"] and "declared" in english["description"]


@pytest.mark.parametrize("operation", OPERATIONS)
def test_a_problem_says_it_is_english(client, operation: str) -> None:
    response = post(client, "three-card-brag", operation, {"hands": [["KS", "KS", "KD"]]}, "sv")
    assert response.status_code == 422
    assert response.headers["Content-Language"] == "en" and response.headers["Vary"] == "Accept-Language"


def test_other_operations_do_not_speak(client) -> None:
    response = client.post("/v1/briscola/tricks/winner", json={"trump": "S", "cards": ["3H", "AH"]})
    assert "Content-Language" not in response.headers


def test_the_plain_path_and_the_schema_path_agree_in_every_language(client) -> None:
    """Canonical codes take the plain reader, other notations the schema: the same Swedish either way."""
    plain = post(client, "three-card-brag", "evaluate", {"hands": [["TS", "TH", "2D"]]}, "sv").get_json()
    schema = post(client, "three-card-brag", "evaluate", {"hands": [["10s", "T♥", "2D"]]}, "sv").get_json()
    assert plain["results"][0]["description"] == schema["results"][0]["description"] == "Par i tior med två"


def test_the_contract_types_every_language_and_kind() -> None:
    """openapi.yaml: `names` is typed by language (English required) and each language by kind, every kind of
    every table a property (a generated client gets attributes, not an untyped map); the hands operations
    document `Accept-Language` and the headers of their answers."""
    spec = committed_document()
    schemas = spec["components"]["schemas"]
    languages = {tag for game_id in GAMES for tag in names.table(game_id)}
    kinds = {kind for game_id in GAMES for table in names.table(game_id).values() for kind in table}
    assert set(schemas["Names"]["properties"]) == languages and schemas["Names"]["required"] == ["en"]
    assert schemas["Names"]["additionalProperties"] is False
    assert set(schemas["NameKinds"]["properties"]) == kinds and schemas["NameKinds"]["additionalProperties"] is False
    assert {"languages", "names"} <= set(schemas["GameEntry"]["required"])
    for game_id in HAND_GAMES:
        for verb in OPERATIONS:
            operation = spec["paths"][f"/v1/{game_id}/hands/{verb}"]["post"]
            assert [p["name"] for p in operation["parameters"]] == ["Accept-Language"]
            assert set(operation["responses"]["200"]["headers"]) == {"Content-Language", "Vary"}


def test_every_hands_operation_speaks_the_games_languages() -> None:
    """Every operation of the hands room (evaluate, compare, and any added beside them, such as ``hands/equity``)
    answers descriptions, so it takes ``Accept-Language`` and says its language (``routes.post(...,
    spoken=True)`` and ``HandGame.describe``)."""
    spec = committed_document()
    hands_paths = [path for path in spec["paths"] if "/hands/" in path]
    assert len(hands_paths) >= len(HAND_GAMES) * len(OPERATIONS)
    for path in hands_paths:
        operation = spec["paths"][path]["post"]
        assert "Accept-Language" in [p["name"] for p in operation.get("parameters", [])], path
        assert {"Content-Language", "Vary"} <= set(operation["responses"]["200"].get("headers", {})), path
