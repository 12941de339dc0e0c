"""Plain Briscola: the deal as states (rules/briscola.md 3(b)), the seed's example deal 3(d), S4, S6, S7."""

from __future__ import annotations

import dataclasses

import pytest
from marshmallow import ValidationError

from service.rules.briscola import Briscola
from service.rules.briscola.chiamata import Bid
from service.rules.briscola.state import BriscolaCarry, BriscolaState
from service.rules.errors import IllegalAction, InvalidInput
from service.rules.shuffle import shuffle
from service.rules.tricks import Trick
from tests.actions import act, load
from tests.conftest import deck_for
from tests.rules.briscola.seed_example import EXAMPLE_DECK, EXAMPLE_PLAYS

GAME = Briscola()
DEFAULT = GAME.options(None)
YOU, ADA = 0, 1  # Ada deals; "Spelaren till höger om givaren spelar ut": You are the seat after the dealer.


def deal(players: int, dealer: int, deck, **options) -> BriscolaState:
    return GAME.deal(players, dealer, GAME.options(options or None), deck).state


def play(state: BriscolaState, card: str):
    return GAME.apply(state, act(GAME, state.to_act, "play", card=card))


def adjudicate(players, dealer, deck, cards, options=None, carry=None):
    """What records/adjudicate does: deal from the deck, then apply each action in order."""
    state = GAME.deal(players, dealer, GAME.options(options), deck, carry).state
    events = []
    for card in cards:
        transition = play(state, card)
        state = transition.state
        events.append(transition.events)
        assert GAME.validate(state) == []
    return state, events


def hand(state, seat):
    return sorted(state.seats[seat].hand)


def draws(events):
    return [(e["seat"], e["card"]) for e in events if e["type"] == "draw"]


# -- the seed's example deal ---------------------------------------------------------------------------


def test_seed_example_deal():
    state = deal(2, ADA, EXAMPLE_DECK)
    assert state.to_act == YOU and state.trump == "S" and state.turn_up == "5S"
    assert state.stock[-1] == "5S" and len(state.stock) == 34
    assert hand(state, YOU) == sorted(["AH", "4S", "QC"])
    assert hand(state, ADA) == sorted(["3H", "KD", "7C"])


def test_seed_example_first_four_tricks_with_every_draw():
    state = deal(2, ADA, EXAMPLE_DECK)
    # lead, reply, winner, trick points, running You-Ada, draws (winner first), hands after the draw
    table = [
        ("QC", "7C", YOU, 3, (3, 0), [(YOU, "3S"), (ADA, "JH")], ["AH", "4S", "3S"], ["3H", "KD", "JH"]),
        ("4S", "JH", YOU, 2, (5, 0), [(YOU, "6D"), (ADA, "AS")], ["AH", "3S", "6D"], ["3H", "KD", "AS"]),
        ("6D", "KD", ADA, 4, (5, 4), [(ADA, "2C"), (YOU, "7H")], ["AH", "3S", "7H"], ["3H", "AS", "2C"]),
        ("3H", "AH", YOU, 21, (26, 4), None, ["3S", "7H"], ["AS", "2C"]),
    ]
    for number, (lead, reply, winner, points, score, drawn, yours, adas) in enumerate(table, start=1):
        first = play(state, lead)
        second = play(first.state, reply)
        state = second.state
        trick = [e for e in second.events if e["type"] == "trick"][0]
        assert trick == {"type": "trick", "winner": winner, "cards": [lead, reply], "points": points}, number
        assert (state.seats[YOU].points, state.seats[ADA].points) == score, number
        assert state.to_act == winner and state.leader == winner
        if drawn is not None:
            assert draws(second.events) == drawn, number
            assert hand(state, YOU) == sorted(yours) and hand(state, ADA) == sorted(adas)
        else:  # trick 4's draws are not stated ("You ?, Ada ?")
            assert [s for s, _ in draws(second.events)] == [YOU, ADA]
            assert set(yours) <= set(state.seats[YOU].hand) and set(adas) <= set(state.seats[ADA].hand)
        assert GAME.validate(state) == []
    assert (state.seats[YOU].points, state.seats[ADA].points) == (26, 4)
    assert GAME.result(state) is None


def test_seed_example_full_synthetic_replay():
    """Tricks 5-20 are invented (3(d) I-4) but follow every stated fact of the seed's example."""
    state, events = adjudicate(2, ADA, EXAMPLE_DECK, EXAMPLE_PLAYS)
    tricks = state.tricks
    assert len(tricks) == 20
    trump_ace = [k for k, t in enumerate(tricks) if t.cards == ("3S", "AS")]
    assert trump_ace and 4 <= trump_ace[0] <= 15 and tricks[trump_ace[0]].winner == ADA
    assert tricks[trump_ace[0]].points == 21 and tricks[trump_ace[0]].leader == YOU
    # "Ada vinner sticket innan högen tar slut, så hon drar det sista dolda kortet och du får 5♠"
    assert tricks[16].winner == ADA
    assert draws(events[33])[-1] == (YOU, "5S") and draws(events[33])[0][0] == ADA
    assert all(not draws(e) for e in events[34:])  # "Tre stick återstår och inget att dra"
    last_three = tricks[17:]
    yours = [t.cards[0] if t.leader == YOU else t.cards[1] for t in last_three if t.winner == YOU]
    assert sorted(yours) == ["5S", "KC"]
    result = GAME.result(state)
    assert result["points"] == [68, 52] and result["winners"] == [YOU] and result["reason"] == "points"
    assert result["match"]["score"] == [1, 0] and not result["match"]["over"]  # "en giv mot noll"


def test_stock_arithmetic_two_players():
    # 40 - 6 = 34 in the stock including the turn-up: 17 draw rounds, then 3 tricks without drawing.
    state, events = adjudicate(2, ADA, EXAMPLE_DECK, EXAMPLE_PLAYS)
    with_draws = [k for k in range(1, len(events), 2) if draws(events[k])]
    assert len(with_draws) == 17 and with_draws == list(range(1, 35, 2))


# -- S4, S6, S7 --------------------------------------------------------------------------------------


def test_S4_four_players_points_to_team_P2_P4():
    # P1..P4 counter-clockwise are seats 0..3; the dealer is seat 3, so seat 0 leads.
    hands = {0: ["JC", "KH", "QH"], 1: ["3C", "KD", "QD"], 2: ["2S", "7H", "6H"], 3: ["AS", "7D", "6D"]}
    deck = deck_for(hands, 4, 3, GAME.full_pack(), then=["5S"])
    state = deal(4, 3, deck)
    assert state.trump == "S"
    for card in ["JC", "3C", "2S", "AS"]:
        state = play(state, card).state
    assert state.tricks[-1] == Trick(0, ("JC", "3C", "2S", "AS"), 3, 23)
    assert [seat.points for seat in state.seats] == [0, 0, 0, 23]  # P4 = seat 3, partner of P2 = seat 1
    assert state.to_act == 3 and [len(s.hand) for s in state.seats] == [3, 3, 3, 3]
    finished = finish(state)
    result = GAME.result(finished)
    assert result["teams"] == [[0, 2], [1, 3]]
    assert result["team_points"][1] == finished.seats[1].points + finished.seats[3].points >= 23
    assert sum(result["team_points"]) == 120


def finish(state):
    while state.to_act is not None:
        state = GAME.apply(state, load(GAME, GAME.legal_actions(state)[0])).state
    return state


def tied_deal(**options):
    """A seeded two-player deal that ends 60-60 when each seat plays its first legal card."""
    state = deal(2, 1, shuffle(GAME.full_pack(), "tie35"), **options)
    return finish(state)


def test_S6_sixty_all_is_a_drawn_deal():
    state = tied_deal()
    result = GAME.result(state)
    assert result["points"] == [60, 60]
    assert result["winners"] == [] and result["decided_by"] == "draw"
    assert result["match"]["score"] == [0, 0]  # a drawn deal counts for nobody


def test_BRI_A2_last_trick_takes_a_sixty_all_deal():
    state = tied_deal(tie_rule="last_trick")
    result = GAME.result(state)
    assert result["points"] == [60, 60]
    assert result["winners"] == [state.tricks[-1].winner] == [0]
    assert result["decided_by"] == "last_trick"


def test_S7_packs_and_trick_counts():
    three = GAME.pack(3, DEFAULT)
    assert len(three) == 39 and "2C" not in three
    six = GAME.pack(6, DEFAULT)
    assert len(six) == 36 and not [c for c in six if c[0] == "2"]
    assert len(GAME.pack(2, DEFAULT)) == len(GAME.pack(4, DEFAULT)) == 40
    for players, tricks in ((2, 20), (3, 13), (4, 10), (6, 6)):
        state = finish(deal(players, 0, shuffle(GAME.pack(players, DEFAULT), "s7")))
        assert len(state.tricks) == tricks
        assert sum(s.points for s in state.seats) == 120


def test_BRI_A1_three_player_removed_options():
    assert "2S" not in GAME.pack(3, GAME.options({"three_player_removed": "2S"}))
    assert GAME.options({"three_player_removed": "2♣"}).three_player_removed == "2C"
    assert GAME.options({"three_player_removed": "2-bastoni"}).three_player_removed == "2C"
    twos = GAME.pack(3, GAME.options({"three_player_removed": "all_twos"}))
    assert len(twos) == 36
    state = finish(deal(3, 0, shuffle(twos, "a1"), three_player_removed="all_twos"))
    assert len(state.tricks) == 12 and GAME.validate(state) == []
    with pytest.raises(InvalidInput):
        GAME.options({"three_player_removed": "TS"})


def test_five_players_play_chiamata():
    with pytest.raises(InvalidInput):
        GAME.deal(5, 0, DEFAULT, GAME.full_pack())


# -- teams and the match -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "teams", "options"),
    [
        (2, [[0], [1]], {}),
        (3, [[0], [1], [2]], {}),
        (4, [[0, 2], [1, 3]], {}),
        (6, [[0, 2, 4], [1, 3, 5]], {}),
        (6, [[0, 3], [1, 4], [2, 5]], {"six_player_teams": "3x2"}),
    ],
)
def test_sides_and_results(players, teams, options):
    opts = GAME.options(options or None)
    state = finish(GAME.deal(players, 1, opts, shuffle(GAME.pack(players, opts), "teams")).state)
    result = GAME.result(state)
    assert result["teams"] == teams
    assert result["team_points"] == [sum(result["points"][s] for s in team) for team in teams]
    assert sum(result["points"]) == 120
    best = max(result["team_points"])
    if result["team_points"].count(best) == 1:
        assert result["winners"] == teams[result["team_points"].index(best)]
        if len(teams) == 2:
            assert best >= 61
    else:
        assert result["winners"] == []


def test_BRI_A12_match_score():
    state = GAME.deal(2, ADA, GAME.options(None), EXAMPLE_DECK, BriscolaCarry((1, 0))).state
    for card in EXAMPLE_PLAYS:
        state = play(state, card).state
    match = GAME.result(state)["match"]
    assert match == {
        "deals_to_win": 2,
        "score_before": [1, 0],
        "score": [2, 0],
        "match_score": "2-0",
        "over": True,
        "winners": [YOU],
    }
    assert GAME.result(state)["carry"] == {"match_score": [0, 0]}  # the match is over: the next deal starts anew
    state, _ = adjudicate(2, ADA, EXAMPLE_DECK, EXAMPLE_PLAYS, {"deals_to_win": 3}, BriscolaCarry((0, 1)))
    assert GAME.result(state)["match"]["score"] == [1, 1] and not GAME.result(state)["match"]["over"]
    assert GAME.result(state)["carry"] == {"match_score": [1, 1]}


def test_BRI_A12_match_score_is_no_option():
    with pytest.raises(InvalidInput) as refused:
        GAME.options({"match_score": "1-0"})
    assert [(p.code, p.pointer) for p in refused.value.problems] == [("moved_option", "/options/match_score")]


def test_BRI_A12_match_score_must_fit_the_table():
    with pytest.raises(InvalidInput) as refused:
        GAME.deal(2, 0, GAME.options(None), GAME.full_pack(), BriscolaCarry((1, 0, 0)))
    assert refused.value.problems[0].pointer == "/carry/match_score"
    with pytest.raises(InvalidInput) as refused:  # the match is already won
        GAME.deal(2, 0, GAME.options(None), GAME.full_pack(), BriscolaCarry((2, 1)))
    assert refused.value.problems[0].code == "match_over"


# -- play rules and errors -----------------------------------------------------------------------------


def test_any_card_may_be_played():
    state = deal(2, ADA, EXAMPLE_DECK)
    state = play(state, "QC").state
    legal = GAME.legal_actions(state)
    assert legal == [{"seat": ADA, "type": "play", "card": c} for c in state.seats[ADA].hand]


def test_illegal_actions():
    state = deal(2, ADA, EXAMPLE_DECK)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, ADA, "play", card="3H"))
    assert err.value.code == "not_your_turn" and err.value.legal_actions == GAME.legal_actions(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, YOU, "play", card="3H"))
    assert err.value.code == "card_not_in_hand"
    with pytest.raises(ValidationError) as refused:  # a play names its card: the action schema says so
        GAME.apply(state, act(GAME, YOU, "play"))
    assert refused.value.messages == {"card": ["Missing data for required field."]}
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, YOU, "exchange_turnup"))
    assert err.value.code == "exchange_not_allowed" and err.value.rule == "BRI-A5"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, Bid(YOU, rank="A"))  # chiamata's bid
    assert err.value.code == "unknown_action"
    done = finish(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(done, act(GAME, YOU, "play", card="AS"))
    assert err.value.code == "deal_over"
    assert GAME.legal_actions(done) == []


# -- BRI-A5: exchanging the turn-up ---------------------------------------------------------------------


def test_BRI_A5_two_of_trumps_takes_the_turn_up():
    hands = {0: ["2S", "KH", "QH"], 1: ["3C", "KD", "QD"]}
    deck = deck_for(hands, 2, 1, GAME.full_pack(), then=["AS"])
    state = deal(2, 1, deck, turnup_exchange="two")
    assert {"seat": 0, "type": "exchange_turnup"} in GAME.legal_actions(state)
    after = GAME.apply(state, act(GAME, 0, "exchange_turnup"))
    assert after.events == ({"type": "exchange_turnup", "seat": 0, "gave": "2S", "took": "AS"},)
    assert "AS" in after.state.seats[0].hand and after.state.stock[-1] == "2S"
    assert after.state.to_act == 0 and GAME.validate(after.state) == []
    assert {"type": "exchange_turnup", "seat": 0} not in GAME.legal_actions(after.state)
    finished = finish(after.state)
    assert GAME.validate(finished) == [] and sum(s.points for s in finished.seats) == 120


def test_BRI_A5_seven_then_two():
    hands = {0: ["7S", "KH", "QH"], 1: ["2S", "KD", "QD"]}
    deck = deck_for(hands, 2, 1, GAME.full_pack(), then=["KS"])
    state = deal(2, 1, deck, turnup_exchange="seven_then_two")
    state = GAME.apply(state, act(GAME, 0, "exchange_turnup")).state
    assert state.stock[-1] == "7S" and "KS" in state.seats[0].hand
    state = play(state, "KH").state
    assert {"seat": 1, "type": "exchange_turnup"} in GAME.legal_actions(state)
    state = GAME.apply(state, act(GAME, 1, "exchange_turnup")).state
    assert state.stock[-1] == "2S" and "7S" in state.seats[1].hand
    assert GAME.validate(state) == []
    # the two cannot take a high turn-up under seven_then_two
    deck = deck_for({0: ["2S", "KH", "QH"], 1: ["7S", "KD", "QD"]}, 2, 1, GAME.full_pack(), then=["KS"])
    state = deal(2, 1, deck, turnup_exchange="seven_then_two")
    assert all(a["type"] == "play" for a in GAME.legal_actions(state))


# -- view and validate -----------------------------------------------------------------------------------


def test_view_hides_other_hands_and_the_stock_but_not_the_turn_up():
    state = play(deal(2, ADA, EXAMPLE_DECK), "QC").state
    seen = GAME.view(state, ADA)
    assert seen.seats[ADA].hand == state.seats[ADA].hand
    assert seen.seats[YOU].hand == ("??", "??")
    assert seen.stock[:-1] == ("??",) * 33 and seen.stock[-1] == "5S"
    assert seen.trick == ("QC",) and seen.turn_up == "5S"


def test_validate_finds_every_problem():
    state = play(deal(2, ADA, EXAMPLE_DECK), "QC").state
    assert GAME.validate(state) == []
    seats = list(state.seats)
    seats[ADA] = dataclasses.replace(seats[ADA], hand=("3H", "3H", "7C"), points=5)
    bad = dataclasses.replace(state, seats=tuple(seats), to_act=YOU)
    codes = {p.code for p in GAME.validate(bad)}
    assert {"duplicate_card", "missing_card", "points", "turn"} <= codes
    short = dataclasses.replace(state, stock=state.stock[1:], trick=(*state.trick, state.stock[0]))
    assert "stock_size" in {p.code for p in GAME.validate(short)}
    wrong = dataclasses.replace(state, tricks=(Trick(YOU, ("AC", "2C"), ADA, 11),))
    codes = {p.code for p in GAME.validate(wrong)}
    assert {"trick_winner", "duplicate_card", "stock_size", "leader"} <= codes


@pytest.mark.parametrize(
    "changes",
    [
        {"to_act": 7},
        {"to_act": -1},
        {"leader": -3},
        {"leader": 9},
        {"players": 9},
        {"dealer": -1},
        {"phase": "bidding"},
        {"trump": "X"},
        {"trump": ""},
        {"turn_up": "AS"},
        {"seats": ()},
        {"stock": ()},
        {"trick": ("QC", "AH", "4S")},
        {"tricks": (Trick(-1, ("AS",), 5, -2),)},
        {"game": "briscan"},
        {"phase": "complete", "to_act": None},
    ],
)
def test_validate_never_crashes(changes):
    state = play(deal(2, ADA, EXAMPLE_DECK), "QC").state
    problems = GAME.validate(dataclasses.replace(state, **changes))
    assert problems
    assert all(p.code and p.message for p in problems)


@pytest.mark.parametrize(
    ("mode", "turn_up", "face_up", "valid"),
    [
        ("none", "KS", "2S", False),
        ("two", "KS", "2S", True),
        ("two", "4S", "2S", True),
        ("two", "KS", "7S", False),  # only the two swaps under "two"
        ("seven_then_two", "KS", "7S", True),
        ("seven_then_two", "KS", "2S", True),  # K -> 7 -> 2
        ("seven_then_two", "7S", "2S", True),
        ("seven_then_two", "5S", "7S", False),  # the seven takes only a turn-up above it
        ("seven_then_two", "5S", "2S", False),  # and the two only a seven
        ("seven_then_two", "KS", "2H", False),  # not a trump
    ],
)
def test_BRI_A5_validate_face_up_must_be_reachable(mode, turn_up, face_up, valid):
    """A state whose face-up card under the stock no BRI-A5 exchange could have put there is invalid."""
    deck = deck_for({0: [face_up, "KH", "QH"], 1: ["3C", "KD", "QD"]}, 2, 1, GAME.full_pack(), then=[turn_up])
    state = deal(2, 1, deck, turnup_exchange=mode)
    assert state.stock[-1] == turn_up and GAME.validate(state) == []
    hand = tuple(turn_up if c == face_up else c for c in state.seats[0].hand)
    swapped = dataclasses.replace(
        state,
        seats=(dataclasses.replace(state.seats[0], hand=hand), state.seats[1]),
        stock=(*state.stock[:-1], face_up),
    )
    codes = [p.code for p in GAME.validate(swapped)]
    assert codes == ([] if valid else ["turn_up"])


def test_validate_reports_every_problem_with_a_bad_trump():
    state = play(deal(2, ADA, EXAMPLE_DECK), "QC").state
    codes = {p.code for p in GAME.validate(dataclasses.replace(state, trump="X", to_act=YOU, stock=state.stock[1:]))}
    assert {"trump", "turn", "stock_size"} <= codes


@pytest.mark.parametrize(("players", "with_draw"), [(2, 17), (3, 10), (4, 7), (6, 3)])
def test_3b7_tricks_with_drawing_then_three_without(players, with_draw):
    """3(b)7: 2p 17 + 3, 3p 10 + 3, 4p 7 + 3, 6p 6 = 3 + 3; everyone holds three cards while the stock lasts."""
    state = deal(players, 0, shuffle(GAME.pack(players, DEFAULT), f"3b7-{players}"))
    drawn_after = []
    while state.to_act is not None:
        transition = GAME.apply(state, load(GAME, GAME.legal_actions(state)[0]))
        state = transition.state
        if any(e["type"] == "trick" for e in transition.events):
            drawn_after.append(bool(draws(transition.events)))
            if state.stock:
                assert [len(s.hand) for s in state.seats] == [3] * players
    assert drawn_after == [True] * with_draw + [False] * 3


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_BRI_A7_the_turn_up_goes_to_the_last_player_in_draw_order(players):
    """3(b)6 / BRI-A7: on the final draw round the winner draws first, the others follow in play order, and
    the last of them gets the face-up turn-up ("det kortet är det sista någon drar")."""
    state = deal(players, 1, shuffle(GAME.pack(players, DEFAULT), f"a7-{players}"))
    turn_up = state.turn_up
    while len(state.stock) > players or state.trick:
        state = GAME.apply(state, load(GAME, GAME.legal_actions(state)[0])).state
    last_round = state.stock
    assert len(last_round) == players and last_round[-1] == turn_up
    drawn: list = []
    while not drawn:
        transition = GAME.apply(state, load(GAME, GAME.legal_actions(state)[0]))
        state, drawn = transition.state, draws(transition.events)
    winner = state.tricks[-1].winner
    assert drawn == [((winner + k) % players, last_round[k]) for k in range(players)]
    assert drawn[-1] == ((winner + players - 1) % players, turn_up) and state.stock == ()
    assert turn_up in state.seats[(winner + players - 1) % players].hand


def with_points(state, points, **options):
    """A finished state with the seats' card points replaced (result() reads only points and tricks)."""
    seats = tuple(dataclasses.replace(seat, points=p) for seat, p in zip(state.seats, points, strict=True))
    opts = dataclasses.replace(state.options, **options)
    return dataclasses.replace(state, seats=seats, options=opts)


def test_BRI_A4_three_players_highest_total_wins_a_tie_for_highest_is_drawn():
    done = finish(deal(3, 0, shuffle(GAME.pack(3, DEFAULT), "a4")))
    assert GAME.result(with_points(done, [40, 50, 30]))["winners"] == [1]  # highest, though below 61
    for tie_rule in ("draw", "last_trick"):  # BRI-A4 has no options: tie_rule does not apply
        result = GAME.result(with_points(done, [50, 50, 20], tie_rule=tie_rule))
        assert result["winners"] == [] and result["decided_by"] == "draw"
        assert result["match"]["score"] == [0, 0, 0]


@pytest.mark.parametrize("players", [4, 6])
def test_BRI_A2_teams_sixty_all(players):
    done = finish(deal(players, 0, shuffle(GAME.pack(players, DEFAULT), f"a2-{players}")))
    points = [30, 20, 30, 40] if players == 4 else [20, 20, 20, 20, 20, 20]
    drawn = GAME.result(with_points(done, points))
    assert drawn["team_points"] == [60, 60] and drawn["winners"] == []
    decided = GAME.result(with_points(done, points, tie_rule="last_trick"))
    last = done.tricks[-1].winner
    assert last in decided["winners"] and decided["winners"] == [s for s in range(players) if s % 2 == last % 2]
    won = GAME.result(with_points(done, [31, 20, 30, 39] if players == 4 else [21, 20, 20, 20, 20, 19]))
    assert won["team_points"] == [61, 59] and won["winners"] == list(range(0, players, 2))  # "61 vinner"
