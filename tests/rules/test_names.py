"""The names tables (service/rules/names/, docs/api.md section 12): an English word for every id the engine uses,
native words that their sources hold (as docs/rules/<game>.md's Names table quotes them), no word of the Briscan
seed's machine translation."""

from __future__ import annotations

import re
import typing
from collections.abc import Iterator

import pytest

from service.rules import names
from service.rules.broggin.cards import SWEDISH_NAMES, TRUMPS, parse_broggin
from service.rules.cards import ITALIAN_SUITS
from service.rules.game import Game
from service.rules.hand_game import HandGame
from service.rules.names.briscan import MISTRANSLATIONS
from service.rules.names.terms import Cited, Inflected, RulesFile, Seed, Service, Term
from service.rules.old_brag import events as old_brag_events
from service.rules.registry import GAMES
from service.rules.trick_game import TrickGame
from service.rules.tricks import SUIT_WORDS
from tests.docs.markdown import doc_path, names_rows, section

SPEC_LANGUAGES = {
    "three-card-brag": ("en", "sv"),
    "old-brag": ("en", "sr-Latn"),
    "broggin": ("en", "sv"),
    "briscola": ("en", "sv", "it"),
    "briscola-chiamata": ("en", "sv", "it"),
    "briscan": ("en", "sv"),
    "brisque": ("en", "sv"),
}
"""docs/api.md section 12: English and the languages of each game's sources."""


def _literals(hint: object, field: str) -> set[str]:
    """Every string a ``Literal`` of ``field`` can be, anywhere in the TypedDicts under ``hint``."""
    found: set[str] = set()
    seen: set[int] = set()

    def walk(node: object, name: str | None) -> None:
        if id(node) in seen:
            return
        seen.add(id(node))
        origin = typing.get_origin(node)
        if origin is typing.Literal and name == field:
            found.update(a for a in typing.get_args(node) if isinstance(a, str))
        for arg in typing.get_args(node):
            walk(arg, name)
        if typing.is_typeddict(node):
            for key, value in typing.get_type_hints(node).items():
                walk(value, key)

    walk(hint, None)
    return found


def vocabulary(game: Game) -> dict[str, set[str]]:
    """Every id the engine gives ``game``, by kind."""
    pack = game.full_pack()
    kinds: dict[str, set[str]] = {
        "action": set(game.action_types()),
        "phase": set(game.phases),
        "reason": _literals(game.result_type, "reason"),
    }
    if game.id == "broggin":
        realm = [c for c in pack if c not in TRUMPS]
        kinds |= {"suit": {c[1:] for c in realm}, "rank": {c[0] for c in realm}, "card": set(TRUMPS)}
    else:
        kinds |= {"suit": {c[1] for c in pack}, "rank": {c[0] for c in pack}}
    if isinstance(game, HandGame):
        kinds["category"] = set(game.categories())
        kinds["deciding"] = set(game.ranking.decides)
    if isinstance(game, TrickGame) and game.announces_melds:
        kinds["meld"] = set(game.meld_kinds)
        kinds["bonus"] = set().union(*(_literals(event, "kind") for event in game.event_types))
    if game.id == "old-brag":
        kinds["pot"] = set(typing.get_args(old_brag_events.Pot))
        kinds["reason"] |= set().union(*(_literals(event, "reason") for event in game.event_types))
    return kinds


def native_terms() -> Iterator[tuple[str, str, str, str, Term]]:
    """Every native term and form: (game, language, kind, id, term)."""
    for game_id in GAMES:
        for language, kinds in names.table(game_id).items():
            if language == names.ENGLISH:
                continue
            for kind, terms in kinds.items():
                for id_, found in terms.items():
                    yield game_id, language, kind, id_, found
                    for form in found.forms.values():
                        yield game_id, language, kind, id_, form
        for id_, found in names.GRAMMARS.get(game_id, {}).items():
            for each in (found, *found.forms.values()):
                yield game_id, names.languages(game_id)[1], "grammar", id_, each


GAME_IDS = sorted(GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_languages_are_english_and_the_sources(game_id: str) -> None:
    assert GAMES[game_id].languages() == SPEC_LANGUAGES[game_id]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_id_of_every_kind_has_an_english_name(game_id: str) -> None:
    english = names.table(game_id)["en"]
    for kind, ids in vocabulary(GAMES[game_id]).items():
        assert ids, kind
        missing = ids - set(english.get(kind, {}))
        assert not missing, (kind, missing)
        assert all(isinstance(english[kind][i].source, Service) for i in ids)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_id_a_table_names_is_one_of_the_engine(game_id: str) -> None:
    engine = vocabulary(GAMES[game_id])
    for language, kinds in names.table(game_id).items():
        for kind, terms in kinds.items():
            assert kind in engine, (language, kind)
            assert set(terms) <= engine[kind], (language, kind, set(terms) - engine[kind])


SOURCED = [pytest.param(*entry, id="-".join(entry[:4]) + ":" + entry[4].text) for entry in native_terms()]


@pytest.mark.parametrize(("game_id", "language", "kind", "id_", "found"), SOURCED)
def test_every_native_term_is_its_sources(game_id: str, language: str, kind: str, id_: str, found: Term) -> None:
    """A seed's or a rules file's term is in the sentence docs/rules/<game>.md's Names table quotes from that file."""
    source = found.source
    if isinstance(source, Seed | RulesFile):
        assert found.text.casefold() in source.quote.casefold()
        cells = names_rows(game_id).get((language, kind, id_, found.text), [])
        quote = "\u201c" + source.quote.replace("\n", " / ").replace("|", "\\|") + "\u201d"  # as a table cell has it
        quoted = [cell for cell in cells if f"`{source.file}`" in cell and quote in cell]
        assert quoted, f"docs/rules/{game_id}.md's Names table does not quote {source.file}: {quote}"
    elif isinstance(source, Cited):
        cited = doc_path(game_id).read_text(encoding="utf-8")
        assert source.reference in cited, f"docs/rules/{game_id}.md does not cite {source.reference!r}"
        assert found.text.casefold() in source.reference.casefold()
    else:
        assert isinstance(source, Inflected) and source.rule, (found, source)


@pytest.mark.parametrize(("game_id", "language", "kind", "id_", "found"), SOURCED)
def test_no_native_term_is_a_mistranslation(game_id: str, language: str, kind: str, id_: str, found: Term) -> None:
    words = set(re.findall(r"\w+", found.text.casefold()))
    assert not words & {w.casefold() for w in MISTRANSLATIONS}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rules_file_lists_every_native_term_with_its_source(game_id: str) -> None:
    """docs/rules/<game>.md's Names section has a row per term and form: language, kind, id, term, source."""
    listed = names_rows(game_id)
    for game, language, kind, id_, found in native_terms():
        if game == game_id:
            assert (language, kind, id_, found.text) in listed, (language, kind, id_, found.text)
    for key, cells in listed.items():
        assert all(cell for cell in cells), key  # where it comes from


def test_the_mistranslations_are_the_ones_docs_rules_names() -> None:
    """docs/rules/briscan.md's Names section names every word of the seed's machine translation that is no name."""
    said = section(doc_path("briscan").read_text(encoding="utf-8"), "Names")
    assert all(f'"{word}"' in said for word in MISTRANSLATIONS)


def test_the_words_accepted_on_input_are_the_tables() -> None:
    """The native words the service accepts are the names tables' (the single source), and only those."""
    briscola = names.table("briscola")
    assert {t.text: suit for suit, t in briscola["it"]["suit"].items()} == ITALIAN_SUITS
    assert set(SUIT_WORDS) == {t.text for lang in ("en", "sv", "it") for t in briscola[lang]["suit"].values()}
    swedish = names.table("broggin")["sv"]["card"]
    assert {trump: t.text for trump, t in swedish.items()} == SWEDISH_NAMES
    for trump, found in swedish.items():
        for text in (found.text, *(form.text for form in found.forms.values())):
            assert parse_broggin(text) == trump


def test_the_diacritics_are_kept() -> None:
    """Terms keep the seeds' spelling: Häxan, Värdshusvärden, Ständerna, Klađenje."""
    texts = {found.text for *_, found in native_terms()}
    assert {"Häxan", "Värdshusvärden", "Ständerna", "Klađenje", "Dalje", "De fyra ryttarna", "denari"} <= texts


def test_no_two_ids_of_a_kind_share_a_name() -> None:
    """A name tells its id from the others of its kind: Old Brag's two consolation pots were both "Utešni Pot"
    in Serbian, so a Serbian reader could not tell Pot I from Pot III."""
    for language, kinds in names.table("old-brag").items():
        for kind, terms in kinds.items():
            texts = [found.text.casefold() for found in terms.values()]
            shared = {text for text in texts if texts.count(text) > 1}
            assert not shared, (language, kind, shared)


def test_the_old_brag_rules_say_which_ids_the_seed_has_no_serbian_word_for() -> None:
    """Every id of Old Brag with an English name and no Serbian one is named in the rules file's Names section,
    and the section says what is shown instead."""
    table = names.table("old-brag")
    section = doc_path("old-brag").read_text(encoding="utf-8").split("\n## Names\n", 1)[1].split("\n## ", 1)[0]
    lacking = {
        id_
        for kind, terms in table[names.ENGLISH].items()
        for id_ in terms
        if id_ not in table["sr-Latn"].get(kind, {})
    }
    assert {"high_card", "hit", "stand"} <= lacking
    for id_ in lacking:
        assert f"`{id_}`" in section, id_
    assert "The seed has no word for" in section and "`names.en`" in section
