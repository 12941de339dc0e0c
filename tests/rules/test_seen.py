"""Table deals (docs/api.md 18): random deals played through the engine, judged again from what a table saw.

A dealt record's actions replayed from ``seen`` in place of its deck get the dealt record's verdict and result
(or ``undecided`` exactly where only an unseen card decides); with every hand seen, always the dealt answer.
"""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any

import pytest

from service.conformance.cases.records import TRUMP_DECIDES, WHATEVER_TRUMP, briscola_plays
from service.rules.cards import HIDDEN
from service.rules.errors import IllegalAction, InvalidInput
from service.rules.frozen import evolve
from service.rules.game import Game
from service.rules.records import judge_turn_up, replay, replay_seen, verdict
from service.rules.registry import GAMES
from service.rules.seats import replace_seat
from service.rules.seen import (
    Seen,
    apply_seen,
    has_turn_up,
    legal_seen,
    reveal,
    seen_deck,
    trump_unseen,
    trumps_possible,
    unheld,
    unseen_cards,
)
from service.rules.tricks import Trick
from tests.actions import load
from tests.simulation import Deal, carries, carry_of, play, tables, variants

TABLE_GAMES = ("briscola", "briscola-chiamata", "briscan", "brisque")
"""The games whose table records are judged (docs/api.md 18)."""


def random_deal(game_id: str, k: int) -> Deal:
    """The ``k``-th random deal of a game: its option sets, tables and carries taken in turn."""
    game = GAMES[game_id]
    options = variants(game)[k % len(variants(game))]
    counts = tables(game, options)
    return play(game, counts[k % len(counts)], f"table-{k}", options, carry=carries(game)[k % len(carries(game))])


def seen_of(deal: Deal, seats: tuple[int, ...] = ()) -> Seen:
    """What a table saw of ``deal``: the hands of ``seats`` as dealt, and the turn-up where the game has one."""
    start = deal.start.state
    hands = tuple(tuple(s.hand) if s.seat in seats else None for s in start.seats)
    return Seen(hands, getattr(start, "turn_up", None))


def judged(deal: Deal, seen: Seen | None, actions: list[Any] | None = None) -> tuple[str, Any, Any, int, Any]:
    """The verdict on ``deal``'s record (its actions, or ``actions``) dealt from its deck, or (``seen``) at a table:
    the verdict, the result, what is missing, how many actions were applied and the refusal."""
    game: Game[Any, Any, Any] = deal.game
    moves = [load(game, step.action) for step in deal.steps] if actions is None else actions
    if seen is None:
        state, _, applied, refused = replay(game, deal.start, moves)
    else:
        options, start = game.options(deal.options), deal.start.state
        carry = None if deal.carry is None else carry_of(game, deal.carry)
        deck = seen_deck(game, deal.players, start.dealer, options, seen)
        first = game.deal_checked(deal.players, start.dealer, options, deck, carry)
        state, _, applied, refused = replay_seen(game, first, moves, seen)
    outcome, result, missing = verdict(game, state, refused)
    return outcome, result, missing, applied, refused


@pytest.mark.parametrize("game_id", TABLE_GAMES)
@pytest.mark.parametrize("k", range(12))
def test_a_table_record_gets_the_dealt_answer(game_id, k):
    """Nothing seen but what the actions showed, every hand seen, or one: the dealt record's verdict and result. (A
    random dealt deal is a random completion of the cards its table did not see: so a legal table record is never
    called illegal.)"""
    deal = random_deal(game_id, k)
    dealt = judged(deal, None)
    for seats in ((), tuple(range(deal.players)), (k % deal.players,)):
        outcome, result, missing, applied, refused = judged(deal, seen_of(deal, seats))
        assert (outcome, result, applied, refused) == dealt[:1] + dealt[1:2] + dealt[3:], seats
        assert missing == []


@pytest.mark.parametrize("game_id", TABLE_GAMES)
@pytest.mark.parametrize("k", range(4))
def test_a_table_record_cut_short_is_in_progress(game_id, k):
    """A table record of a deal not played out is in progress, as the dealt one is."""
    deal = random_deal(game_id, k)
    cut = [load(deal.game, step.action) for step in deal.steps[: len(deal.steps) // 2]]
    assert judged(deal, seen_of(deal), cut)[0] == judged(deal, None, cut)[0] == "in_progress"


def test_a_table_deal_holds_unseen_cards_where_the_deck_is_unknown():
    """Dealt from ``seen``, a Briscola state holds "??" for each card nobody saw: the seen hand and the turn-up are
    where the deal puts them, the stock is unseen but its last card, the turn-up."""
    game = GAMES["briscola"]
    options = game.options(None)
    deck = seen_deck(game, 2, 0, options, Seen(((), ("AS", HIDDEN, "3C")), "5D"))
    state = game.deal_checked(2, 0, options, deck).state
    assert state.seats[1].hand == ("AS", HIDDEN, "3C") and state.seats[0].hand == (HIDDEN,) * 3
    assert state.stock[-1] == "5D" and set(state.stock[:-1]) == {HIDDEN} and state.trump == "D"
    assert game.validate(state) == []


def test_has_turn_up_names_the_games_that_turn_a_trump_up():
    assert [g for g in TABLE_GAMES if has_turn_up(GAMES[g])] == ["briscola", "briscan", "brisque"]


def briscola_table(seen: Seen, *lines: str) -> tuple[str, Any, Any, int, Any]:
    """A two-player Briscola table record, dealer 0 (seat 1 leads), judged: its actions ``"seat card"``."""
    game = GAMES["briscola"]
    options = game.options(None)
    first = game.deal_checked(2, 0, options, seen_deck(game, 2, 0, options, seen))
    moves = [load(game, {"seat": int(s), "type": "play", "card": c}) for s, c in (line.split() for line in lines)]
    state, _, applied, refused = replay_seen(game, first, moves, seen)
    outcome, result, missing = verdict(game, state, refused)
    return outcome, result, missing, applied, refused


def test_a_card_played_twice_is_illegal_with_the_play_that_showed_it():
    outcome, _, _, applied, refused = briscola_table(Seen((), "5D"), "1 AS", "0 KC", "0 AS")
    assert outcome == "illegal" and applied == 2 and refused["code"] == "not_your_turn"
    outcome, _, _, applied, refused = briscola_table(Seen((), "5D"), "1 AS", "0 KC", "1 2C", "0 AS")
    assert (outcome, applied, refused["code"]) == ("illegal", 3, "card_seen")
    assert refused["proof"] == {"actions": [0, 3], "hands": [{"seat": 0, "cards": []}]}
    assert all(a["card"] not in ("AS", "KC", "2C", "5D") for a in refused["legal_actions"])


def test_the_turn_up_under_the_stock_cannot_be_played():
    outcome, _, _, applied, refused = briscola_table(Seen((), "5D"), "1 5D")
    assert (outcome, applied, refused["code"]) == ("illegal", 0, "card_seen")


def test_a_card_a_fully_seen_hand_lacks_is_not_held():
    seen = Seen((None, ("AS", "KC", "2H")), "5D")
    outcome, _, _, applied, refused = briscola_table(seen, "1 3S")
    assert (outcome, applied, refused["code"]) == ("illegal", 0, "card_not_in_hand")
    assert refused["proof"]["hands"] == [{"seat": 1, "cards": ["AS", "KC", "2H"]}]
    assert briscola_table(seen, "1 KC", "0 3S")[0] == "in_progress"


def reneged(game_id: str, k: int) -> tuple[Deal, list[Any], int] | None:
    """The ``k``-th random deal played to its final phase, where a seat that must follow plays a card the rules
    refuse (forced onto the table), then legal plays to the end: the deal, its actions and the renege's index."""
    deal = random_deal(game_id, k)
    game = deal.game
    rng = random.Random(k)
    for index, step in enumerate(deal.steps):
        state = step.before
        seat = state.to_act
        if state.phase != "final" or not state.trick or step.action["type"] != "play":
            continue
        refused = [c for c in state.seats[seat].hand if c not in game.legal_plays(state, seat)]
        if not refused:
            continue
        moves = [load(game, s.action) for s in deal.steps[:index]]
        card = rng.choice(refused)
        moves.append(load(game, {"seat": seat, "type": "play", "card": card}))
        state = game.play_to_trick(state, seat, card).state
        while state.to_act is not None:
            action = rng.choice([a for a in game.legal_actions(state) if a["type"] == "play"])
            moves.append(load(game, action))
            state = game.apply(state, moves[-1]).state
        return deal, moves, index
    return None


RENEGES = 12
"""How many reneges each follow-suit test takes: the first random deals where a seat had to follow."""


@functools.cache
def reneges(game_id: str) -> list[tuple[Deal, list[Any], int]]:
    """The first :data:`RENEGES` random deals of ``game_id`` with a renege (:func:`reneged`): a deal where no seat
    had to follow in the final phase is passed over, not a test skipped."""
    found = (reneged(game_id, k) for k in itertools.count())
    cases = list(itertools.islice((f for f in found if f is not None), RENEGES))
    assert len(cases) == RENEGES
    return cases


@pytest.mark.parametrize("game_id", ["briscan", "brisque"])
@pytest.mark.parametrize("n", range(RENEGES))
def test_a_renege_is_proved_by_the_card_the_seat_showed_later(game_id, n):
    """Where every card is shown by the end, the seat's hand at the renege is the one hand the seen cards allow (a
    brute force over its possible hands has one): the table record is illegal where the dealt one is, with the
    same code, proved by the renege and the later play of a card the rule asked for."""
    deal, moves, index = reneges(game_id)[n]
    dealt = judged(deal, None, moves)
    table = judged(deal, seen_of(deal), moves)
    assert dealt[0] == table[0] == "illegal" and dealt[3] == table[3] == index
    assert table[4]["code"] == dealt[4]["code"] and table[4]["rule"] == dealt[4]["rule"]
    proof, held = table[4]["proof"]["actions"], deal.steps[index].before.seats[moves[index].seat].hand
    assert proof[0] == index
    if len(proof) == 1:  # the hand as seen then already held a card the rule asked for (the turn-up, a meld's)
        assert table[4]["proof"]["hands"][0]["cards"] and set(table[4]["proof"]["hands"][0]["cards"]) <= set(held)
    else:
        later = moves[proof[1]]
        assert len(proof) == 2 and later.seat == moves[index].seat and later.card in held


@pytest.mark.parametrize("game_id", ["briscan", "brisque"])
def test_a_state_never_gives_a_seat_a_card_its_strict_play_proves_it_lacked(game_id):
    """On each state after a renege at a table, a seat may hold an unseen card (`legal-actions` lists it, `actions`
    applies it) exactly where that card in its hand keeps every final-phase trick legal (a brute force over the
    unseen cards against the game's own check, `states/validate`'s must_follow); the play a record's replay takes
    as the renege's proof is refused by `actions`, card_not_in_hand. Over the reneges a later play proves (the
    others are refused where they stand: the seen hand held what the rule asked for)."""
    later = [
        case for case in reneges(game_id) if len(judged(case[0], seen_of(case[0]), case[1])[4]["proof"]["actions"]) == 2
    ]
    assert len(later) >= 3
    for case in later:
        _check_held(*case)


def _check_held(deal: Deal, moves: list[Any], index: int) -> None:
    game, seen = deal.game, seen_of(deal)
    seat, checked = moves[index].seat, 0
    for j in range(index + 1, len(moves)):
        state, refused = table_replay(deal, moves[:j], seen)
        if refused is not None:
            break
        if state.to_act != seat or HIDDEN not in state.seats[seat].hand:
            continue
        for card in unseen_cards(game, state):
            broken = any(p.code == "must_follow" for p in game.validate(reveal(state, seat, card)))
            assert (unheld(game, state, seat, card) is not None) == broken, (j, card)
            assert not broken or card not in {a.get("card") for a in legal_seen(game, state)}
            checked += broken
        if table_replay(deal, moves[: j + 1], seen)[1] is not None:  # this play proves the renege
            with pytest.raises(IllegalAction) as proving:
                apply_seen(game, state, moves[j])
            assert proving.value.code == "card_not_in_hand" and "strict play" in proving.value.message
    assert checked, "some unseen card was one the seat's strict play proves it lacked"


def table_replay(deal: Deal, moves: list[Any], seen: Seen) -> tuple[Any, Any]:
    """The state a table that saw ``seen`` holds after ``moves``, and the replay's refusal (None: all legal)."""
    game = deal.game
    options, start = game.options(deal.options), deal.start.state
    carry = None if deal.carry is None else carry_of(game, deal.carry)
    deck = seen_deck(game, deal.players, start.dealer, options, seen)
    first = game.deal_checked(deal.players, start.dealer, options, deck, carry)
    state, _, _, refused = replay_seen(game, first, moves, seen)
    return state, refused


def table_state(deal: Deal, moves: list[Any], seen: Seen) -> Any:
    """The state a table that saw ``seen`` holds after ``moves`` (all legal there)."""
    state, refused = table_replay(deal, moves, seen)
    assert refused is None
    return state


@pytest.mark.parametrize("game_id", ["briscan", "brisque"])
@pytest.mark.parametrize("n", range(RENEGES))
def test_a_renege_proof_holds_for_every_hand_the_seat_may_have_held(game_id, n):
    """Brute force over the seat's possible hands at the renege: every hand the seen cards allow (its seen cards,
    the card a later play showed, and any unseen cards in its other places) makes the rules refuse the play, so
    the proof never calls a legal play illegal."""
    deal, moves, index = reneges(game_id)[n]
    game, seen = deal.game, seen_of(deal)
    refused = judged(deal, seen, moves)[4]
    state = table_state(deal, moves[:index], seen)
    seat = moves[index].seat
    later = [moves[j].card for j in refused["proof"]["actions"][1:]]
    hand = [c for c in state.seats[seat].hand if c != HIDDEN] + later
    pool = [c for c in unseen_cards(game, state) if c not in later]
    free = len(state.seats[seat].hand) - len(hand)
    completions = list(itertools.combinations(pool, free))
    assert 0 < len(completions) <= 20_000
    for others in completions:
        held = evolve(state, {"seats": replace_seat(state.seats, seat, hand=tuple(hand) + others)})
        with pytest.raises(IllegalAction):
            game.apply(held, moves[index])


HAND_TABLE_GAMES = ("three-card-brag", "old-brag", "broggin")
"""The hand games whose table records are judged: a showdown of hands nobody saw is undecided."""


def showed(deal: Deal) -> tuple[int, ...]:
    """The seats whose hands the deal's showdown showed (its ``show`` events)."""
    return tuple(sorted({e["seat"] for step in deal.steps for e in step.transition.events if e["type"] == "show"}))


def public_seen(deal: Deal, seats: tuple[int, ...] = ()) -> Seen:
    """What a table saw of a hand game's deal: the hands of ``seats``, and of the others what the deal shows
    everyone (a bystander's view: Old Brag's face-up cards)."""
    start = deal.start.state
    public = deal.game.view(start, -1)
    hands = tuple(tuple(start.seats[s].hand if s in seats else public.seats[s].hand) for s in range(deal.players))
    return Seen(hands)


def named(deal: Deal) -> list[Any]:
    """The deal's actions, each stating the cards it drew (what the table saw at the end): an Old Brag hit its
    card, a Broggin exchange from the stock its ``drawn``."""
    out = []
    for step in deal.steps:
        action = dict(step.action)
        if action["type"] == "hit":
            action["card"] = next(e["card"] for e in step.transition.events if e["type"] == "hit")
        if (
            action["type"] == "exchange"
            and action.get("drawn") is None
            and len(step.before.stock) >= len(action["discard"])
        ):
            before = step.before.seats[action["seat"]].hand
            action["drawn"] = [c for c in step.after.seats[action["seat"]].hand if c not in before]
        out.append(load(deal.game, action))
    return out


@pytest.mark.parametrize("game_id", HAND_TABLE_GAMES)
@pytest.mark.parametrize("k", range(16))
def test_a_hand_games_table_record_with_every_card_shown_gets_the_dealt_answer(game_id, k):
    """Every hand seen and every card drawn named: the dealt record's verdict, result and refusal."""
    deal = random_deal(game_id, k)
    actions = named(deal)
    dealt = judged(deal, None)
    assert judged(deal, public_seen(deal, tuple(range(deal.players))), actions) == dealt
    assert judged(deal, public_seen(deal, showed(deal)), actions)[0] in (dealt[0], "undecided")


@pytest.mark.parametrize("game_id", HAND_TABLE_GAMES)
@pytest.mark.parametrize("k", range(16))
def test_a_hand_games_table_record_is_undecided_only_where_unseen_cards_decide(game_id, k):
    """Nothing seen but what the deal shows everyone: the dealt answer where no card decides it (a pot won by folds),
    else ``undecided`` with what is missing, never illegal."""
    deal = random_deal(game_id, k)
    dealt = judged(deal, None)
    outcome, result, missing, applied, refused = judged(deal, public_seen(deal))
    assert (applied, refused) == (dealt[3], None)
    if outcome == dealt[0]:
        assert (result, missing) == dealt[1:3]
    else:
        assert (outcome, dealt[0], result) == ("undecided", "complete", None) and missing
        assert all(m["cards"] > 0 for m in missing) and len({m["seat"] for m in missing}) == len(missing)


@pytest.mark.parametrize("k", range(16))
def test_a_three_card_brag_showdown_needs_both_hands(k):
    """Three Card Brag: the hands a see showed, seen (and any other): the dealt answer; nothing seen: the same, but
    ``undecided`` where a showdown decides the pot, missing each shown seat's three cards."""
    deal = random_deal("three-card-brag", k)
    dealt = judged(deal, None)
    shown = showed(deal)
    for seats in (shown, tuple(sorted({*shown, k % deal.players}))):
        assert judged(deal, seen_of(deal, seats)) == dealt, seats
    outcome, result, missing, applied, refused = judged(deal, seen_of(deal))
    if shown:
        assert (outcome, result, applied) == ("undecided", None, dealt[3])
        assert missing == [{"seat": seat, "cards": 3} for seat in shown]
    else:
        assert (outcome, result, missing, applied, refused) == dealt


# -- a turn-up nobody saw (docs/api.md 18) ----------------------------------------------------------------------
TURN_UP_GAMES = ("briscola", "briscan", "brisque")


def briscola_deck(plays: list[tuple[int, str]], turn_up: str) -> tuple[str, ...]:
    """A deck that deals ``plays`` (two players, dealer 0) with ``turn_up`` turned up: each seat receives its cards in
    the order it plays them (three dealt, then one drawn after each trick), so the turn-up is the last card the
    loser of the last trick with drawing plays."""
    game, trump = GAMES["briscola"], turn_up[1]
    order = {seat: [c for s, c in plays if s == seat] for seat in (0, 1)}
    hands = [order[seat][k] for k in range(3) for seat in (1, 0)]  # dealing order: seat 1 first, the dealer last
    stock = []
    for t in range(17):
        (first, a), (_, b) = plays[2 * t], plays[2 * t + 1]
        winner = first if game.trick_winner(trump, (a, b), None)[0] == 0 else 1 - first
        stock += [order[winner][3 + t], order[1 - winner][3 + t]]
    assert stock[-1] == turn_up
    return (*hands, turn_up, *stock[:-1])


def briscola_judged(plays: list[tuple[int, str]], seen: Seen | None, deck: tuple[str, ...] | None = None) -> Any:
    """The verdict on a two-player Briscola record of ``plays`` from ``deck``, or at a table from ``seen``: a
    :class:`TurnUpJudged` where the turn-up was not seen."""
    game = GAMES["briscola"]
    options = game.options(None)
    moves = [load(game, {"seat": s, "type": "play", "card": c}) for s, c in plays]
    deck = seen_deck(game, 2, 0, options, seen) if deck is None else deck
    first = game.deal_checked(2, 0, options, deck)
    if seen is None:
        state, _, _, refused = replay(game, first, moves)
        return verdict(game, state, refused)
    judged = judge_turn_up(game, deck, first, moves, seen)
    if judged is not None:
        return judged
    state, _, _, refused = replay_seen(game, first, moves, seen)
    return verdict(game, state, refused)


def test_a_deal_without_its_turn_up_is_dealt_with_it_unseen():
    """The turn-up not given, the deal is dealt with it "??" and the trump "?": a valid state."""
    for game_id in TURN_UP_GAMES:
        game = GAMES[game_id]
        options = game.options(None)
        state = game.deal_checked(2, 0, options, seen_deck(game, 2, 0, options, Seen())).state
        assert (state.turn_up, state.trump) == (HIDDEN, "?") and trump_unseen(state)
        assert game.validate(state) == [], game_id
        assert {a["type"] for a in legal_seen(game, state)} == {"play"}


def test_a_trick_the_trump_decides_needs_the_turn_up():
    """A state whose turn-up nobody saw takes a trick whose winner no trump changes, and refuses (422
    ``turn_up_unseen`` at /state/turn_up) to take one the trump decides."""
    game = GAMES["briscola"]
    options = game.options(None)
    state = game.deal_checked(2, 0, options, seen_deck(game, 2, 0, options, Seen())).state
    state = apply_seen(game, state, load(game, {"seat": 1, "type": "play", "card": "AS"})).state
    same = apply_seen(game, state, load(game, {"seat": 0, "type": "play", "card": "3S"})).state
    assert same.tricks[-1].winner == 1 and same.seats[1].points == 21 and game.validate(same) == []
    with pytest.raises(InvalidInput) as refused:
        apply_seen(game, state, load(game, {"seat": 0, "type": "play", "card": "3H"}))
    assert [(p.code, p.pointer) for p in refused.value.problems] == [("turn_up_unseen", "/state/turn_up")]


def test_the_trump_is_known_where_only_one_suit_is_unseen():
    """Every card of three suits seen, the turn-up is of the fourth: its tricks are taken."""
    game = GAMES["briscola"]
    state = game.deal_checked(2, 0, game.options(None), seen_deck(game, 2, 0, game.options(None), Seen())).state
    assert trumps_possible(game, state) == list("SHDC")
    seen = evolve(state, {"stock": (*(c for c in game.full_pack() if c[1] != "C"), *(HIDDEN,) * 3, HIDDEN)[-34:]})
    assert trumps_possible(game, seen) == ["C"]


def test_briscola_needs_the_trump_to_exchange_the_turn_up():
    """With an exchange the options allow (BRI-A5), a 422 turn_up_unseen; without, the exchange's own refusal."""
    game = GAMES["briscola"]
    exchange = load(game, {"seat": 1, "type": "exchange_turnup"})
    for mode, refused in (("two", InvalidInput), ("none", IllegalAction)):
        options = game.options({"turnup_exchange": mode})
        state = game.deal_checked(2, 0, options, seen_deck(game, 2, 0, options, Seen())).state
        with pytest.raises(refused):
            apply_seen(game, state, exchange)


def test_unseen_cards_are_no_trumps_for_briscans_last_cards_bonus():
    """A final hand of cards nobody saw is not "all trumps" (2(c) last cards), whether the trump is known or the
    turn-up unseen (its trump "?" is the suit of "??"): the bonus waits for the cards."""
    game = GAMES["briscan"]
    options = game.options(None)
    for turn_up in (None, "8S"):
        state = game.deal_checked(2, 0, options, seen_deck(game, 2, 0, options, Seen((), turn_up))).state
        spent = evolve(state, {"tricks": (Trick(1, ("AS", "KS"), 1, 15),) * game.talon_tricks, "talon": ()})
        assert all(bonus.kind != "last_cards" for seat in game.expected_bonuses(spent) for bonus in seat), turn_up


@pytest.mark.parametrize("game_id", ["briscan", "brisque"])
def test_briscan_needs_the_trump_to_announce_or_exchange(game_id):
    game = GAMES[game_id]
    options = game.options(None)
    state = game.deal_checked(2, 0, options, seen_deck(game, 2, 0, options, Seen())).state
    for action in (
        {"seat": 1, "type": "exchange_seven"},
        {"seat": 1, "type": "announce", "melds": [{"kind": "marriage", "cards": ["KS", "QS"]}]},
    ):
        with pytest.raises(InvalidInput) as refused:
            apply_seen(game, state, load(game, action))
        assert refused.value.problems[0].code == "turn_up_unseen"


def test_a_briscola_record_without_its_turn_up_whose_tricks_no_trump_changes_is_complete():
    plays = briscola_plays(WHATEVER_TRUMP, "D")
    dealt = briscola_judged(plays, None, briscola_deck(plays, "2H"))
    judged = briscola_judged(plays, Seen())
    assert dealt.word == "complete" and dealt.result["points"] == [0, 120]
    assert (judged.verdict, judged.turn_ups, judged.missing_turn_up) == (dealt, ["2H", "2D", "6C"], False)
    assert briscola_judged(plays, Seen((), "2D")) == dealt


def test_a_briscola_record_whose_last_trick_the_trump_decides_is_undecided():
    plays = briscola_plays(TRUMP_DECIDES, "D")
    judged = briscola_judged(plays, Seen())
    assert judged.verdict == ("undecided", None, []) and judged.missing_turn_up
    assert judged.turn_ups == ["2D", "6C"]  # 2H: seat 0 would take the 19th trick, and lead the 20th
    dealt = briscola_judged(plays, None, briscola_deck(plays, "2D"))
    assert dealt.word == "complete" and dealt.result["points"] == [10, 110]
    assert briscola_judged(plays, Seen((), "2D")) == dealt
    assert briscola_judged(plays, Seen((), "6C")).result["points"] == [0, 120]
    assert briscola_judged(plays, Seen((), "2H")).word == "illegal"


def test_a_record_no_turn_up_admits_is_illegal_with_the_furthest_replay():
    plays = [(1, "AS"), (0, "KC"), (1, "2C"), (0, "AS")]
    judged = briscola_judged(plays, Seen())
    assert judged.verdict.word == "illegal" and judged.turn_ups == [] and not judged.missing_turn_up
    state, _, applied, refused = replay_seen(
        GAMES["briscola"],
        judged.first,
        [load(GAMES["briscola"], {"seat": s, "type": "play", "card": c}) for s, c in plays],
        judged.seen,
    )
    assert (applied, refused["code"], refused["proof"]["actions"]) == (3, "card_seen", [0, 3])


@pytest.mark.parametrize("game_id", TURN_UP_GAMES)
@pytest.mark.parametrize("k", range(16))
def test_dropping_the_turn_up_never_calls_a_record_illegal_nor_changes_its_result(game_id, k):
    """A random deal's record without its turn-up (no hand seen, one, or every hand): never illegal; where complete, the
    dealt result; the dealt turn-up is one it admits; undecided only with the turn-up missing."""
    deal = random_deal(game_id, k)
    game = deal.game
    dealt = judged(deal, None)
    moves = [load(game, step.action) for step in deal.steps]
    options, start = game.options(deal.options), deal.start.state
    carry = None if deal.carry is None else carry_of(game, deal.carry)
    for seats in ((), (k % deal.players,), tuple(range(deal.players))):
        seen = Seen(seen_of(deal, seats).hands)
        deck = seen_deck(game, deal.players, start.dealer, options, seen)
        first = game.deal_checked(deal.players, start.dealer, options, deck, carry)
        found = judge_turn_up(game, deck, first, moves, seen)
        assert found is not None and found.verdict.word != "illegal" and start.turn_up in found.turn_ups
        if found.verdict.word == "complete":
            assert found.verdict.result == dealt[1]
        else:
            assert found.verdict.word == "undecided" and found.missing_turn_up, found.verdict
        assert dealt[0] == "complete"
