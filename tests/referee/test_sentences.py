"""Every event of every game has a sentence (issue 31): the table of service/referee/sentences.py names every
event type a game declares, a template fits every event of real playthroughs, and the sentences read as the
issue writes them."""

from __future__ import annotations

import re
from typing import Any

import pytest

from service.referee import sentences
from service.referee.verdicts import suit_colours
from service.rules.registry import GAMES
from tests.referee.said_records import covering, declared
from tests.simulation import play


def text(markup: Any) -> str:
    """What a sighted reader sees: the cards' symbols, never the codes kept for screen readers."""
    return re.sub(r"<[^>]+>", "", re.sub(r'<span class="visually-hidden">[^<]*</span>', "", str(markup)))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_event_type_has_a_sentence_that_fits_every_event(game_id: str) -> None:
    game = GAMES[game_id]
    assert declared(game) <= set(sentences.SENTENCES), declared(game) - set(sentences.SENTENCES)
    for record in covering(game):
        deal = play(
            game, record["players"], record["seed"], record["options"], record["dealer"], carry=record.get("carry")
        )
        events = [*deal.start.events, *(e for step in deal.steps for e in step.transition.events)]
        for event in events:
            said = sentences.SENTENCES[event["type"]]["say"]
            assert any(sentences._fits(t, event) for t in said), event


def test_the_sentences_read_as_people_say_them() -> None:
    sayer = sentences.Sayer("briscola", suit_colours("briscola"))
    step = [
        {"type": "play", "seat": 0, "card": "7C"},
        {"type": "trick", "winner": 1, "cards": ["QC", "7C"], "points": 3},
        {"type": "draw", "seat": 1, "card": "3S"},
        {"type": "draw", "seat": 0, "card": "JH"},
    ]
    assert (
        text(sayer.step(step))
        == "Seat 0 plays 7♣. Seat 1 takes the trick (Q♣ 7♣): 3 points. Seat 1 draws, then seat 0."
    )
    deal = [{"type": "deal", "cards_each": 3, "first": 1}, {"type": "turn_up", "card": "5S", "trump": "S"}]
    assert text(sayer.deal(deal)) == "Three cards each; 5♠ turned up: spades are trumps."
    unseen = [deal[0], {"type": "turn_up", "card": "??", "trump": None}]  # a table deal's (docs/api.md 18)
    assert text(sayer.deal(unseen)) == "Three cards each; the turn-up unseen."
    assert '<span class="visually-hidden">7C</span>' in str(sayer.step(step))
    brag = sentences.Sayer("three-card-brag", suit_colours("three-card-brag"))
    assert text(brag.step([{"type": "raise", "seat": 2, "chips": 3, "amount": 4}])) == "Seat 2 raises to 4."


def test_native_terms_are_marked_with_their_language() -> None:
    sayer = sentences.Sayer("broggin", suit_colours("broggin"))
    said = str(sayer.step([{"type": "declare", "seat": 0, "assignments": {"Merchant": "1Co"}}]))
    assert '<span lang="sv">Köpmannen</span>' in said
    old = sentences.Sayer("old-brag", suit_colours("old-brag"))
    said = str(old.step([{"type": "pot_won", "pot": "pot1", "seat": 2, "amount": 3, "card": "6S"}]))
    assert '<span lang="sr-Latn">Utešni Pot I faze</span>' in said


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_action_as_sent_and_as_listed_has_a_sentence(game_id: str) -> None:
    game = GAMES[game_id]
    assert set(game.action_types()) <= set(sentences.ACTIONS), set(game.action_types()) - set(sentences.ACTIONS)
    sayer = sentences.Sayer(game_id, suit_colours(game_id))
    for record in covering(game):
        players, seed, options = record["players"], record["seed"], record["options"]
        deal = play(game, players, seed, options, record["dealer"], carry=record.get("carry"))
        for step in deal.steps:
            for action in [step.action, *step.legal]:
                said = sentences.ACTIONS[action["type"]]["say"]
                assert any(sentences._fits(t, action) for t in said), action
                assert text(sayer.action(action)).startswith(f"Seat {action['seat']} "), action


def test_an_action_reads_as_people_say_it() -> None:
    brag = sentences.Sayer("three-card-brag", suit_colours("three-card-brag"))
    assert text(brag.action({"seat": 0, "type": "raise", "min": 12, "max": None})) == "Seat 0 raises to 12 or more"
    assert text(brag.action({"seat": 1, "type": "raise", "amount": 20})) == "Seat 1 raises to 20"
    briscan = sentences.Sayer("briscan", suit_colours("briscan"))
    said = briscan.action({"seat": 0, "type": "announce", "melds": [{"kind": "marriage", "cards": ["KH", "QH"]}]})
    assert text(said) == "Seat 0 announces marriage (Äktenskap) with K♥ Q♥"


def test_a_seats_view_is_said_in_plain_text_without_what_it_hides() -> None:
    sayer = sentences.TextSayer("old-brag")
    hidden = [{"type": "hit", "seat": 1, "card": "??"}, {"type": "stand", "seat": 1}, {"type": "bust", "seat": 2}]
    assert sayer.lines(hidden) == ["seat 1 draws a card", "seat 1 stands", "seat 2 is bust"]
    trick = [{"type": "trick", "winner": 1, "cards": ["QC", "7C"], "points": 1}]
    assert sentences.TextSayer("briscola").lines(trick) == ["seat 1 takes the trick (QC 7C): 1 point"]
