"""Briscola chiamata (rules/briscola.md 3(b')): auction, call, secret partner, settlement; S8-S11."""

from __future__ import annotations

import dataclasses
import random

import pytest
from marshmallow import ValidationError

from service.rules.briscola import BriscolaChiamata
from service.rules.briscola.chiamata import Bid, multiplier, settlement
from service.rules.errors import IllegalAction
from service.rules.shuffle import shuffle
from tests.actions import act, load
from tests.conftest import deck_for

GAME = BriscolaChiamata()
DEALER = 4  # P5 deals; P1 (seat 0) is the dealer's right and speaks first
P1, P2, P3, P4, P5 = range(5)
DECK = shuffle(GAME.full_pack(), "s9")  # P4 holds 2H, P1 holds KC


def deal(deck=DECK, dealer=DEALER, **options):
    return GAME.deal(5, dealer, GAME.options(options or None), deck).state


def run(state, *calls):
    for seat, kind, fields in calls:
        state = GAME.apply(state, act(GAME, seat, kind, **fields)).state
        assert GAME.validate(state) == []
    return state


def bid(seat, **fields):
    return (seat, "bid", fields)


def passes(seat):
    return (seat, "pass", {})


S8_CALLS = [
    bid(P1, rank="A"),
    bid(P2, rank="K"),
    passes(P3),
    bid(P4, rank="7"),
    passes(P5),
    bid(P1, rank="2"),
    bid(P2, points=65),
    passes(P4),
    passes(P1),
]


def playout(state, seed):
    """Random legal play to the end (seeded)."""
    rng = random.Random(seed)
    while state.to_act is not None:
        state = GAME.apply(state, load(GAME, rng.choice(GAME.legal_actions(state)))).state
        assert GAME.validate(state) == []
    return state


def test_deal_all_forty_cards_eight_each():
    state = deal()
    assert [len(s.hand) for s in state.seats] == [8] * 5
    assert sorted(c for s in state.seats for c in s.hand) == sorted(GAME.full_pack())
    assert state.phase == "auction" and state.to_act == P1
    assert "2H" in state.seats[P4].hand and "KC" in state.seats[P1].hand


def test_S8_auction_won_by_two_at_65():
    state = deal()
    for k, (seat, kind, fields) in enumerate(S8_CALLS):
        assert state.phase == "auction" and state.to_act == seat, k
        transition = GAME.apply(state, act(GAME, seat, kind, **fields))
        state = transition.state
    assert transition.events[-1] == {"type": "auction_won", "seat": P2, "rank": "2", "points": 65}
    passed = {c.seat for c in state.auction if c.type == "pass"}
    assert passed == {P1, P3, P4, P5}  # "every other player has passed"
    assert state.phase == "call" and state.caller == P2 and state.to_act == P2
    assert GAME.legal_actions(state) == [{"seat": P2, "type": "choose_suit", "suit": s} for s in "SHDC"]


def test_S8_turns_skip_players_who_passed():
    state = run(deal(), *S8_CALLS[:5])
    assert state.to_act == P1
    state = run(state, *S8_CALLS[5:7])
    assert state.to_act == P4  # P3 and P5 have passed for good
    legal = GAME.legal_actions(state)
    assert {"seat": P4, "type": "pass"} in legal
    assert not any("rank" in a for a in legal)  # after the Two only points
    assert [a["points"] for a in legal if "points" in a] == list(range(66, 121))


def s9_state():
    return run(deal(), *S8_CALLS, (P2, "choose_suit", {"suit": "coppe"}))


def test_S9_called_card_and_trump():
    state = s9_state()
    assert state.called_card == "2H" and state.trump == "H" and state.phase == "play"
    assert state.partner is None and state.to_act == P1  # BRI-A9 default: dealer's right leads


@pytest.mark.parametrize(
    ("seed", "taken", "payouts"),
    [(0, 70, [-1, 2, -1, 1, -1]), (6, 64, [1, -2, 1, -1, 1])],
    ids=["S9_takes_70", "S9_takes_64"],
)
def test_S9_settlement(seed, taken, payouts):
    state = playout(s9_state(), seed)
    result = GAME.result(state)
    assert result["partner"] == P4 and state.partner == P4 and not result["alone"]
    assert result["team_points"] == [taken, 120 - taken] and result["target"] == 65
    assert result["payouts"] == payouts and sum(result["payouts"]) == 0
    assert result["winners"] == ([P2, P4] if taken >= 65 else [P1, P3, P5])


def test_S9_settlement_table():
    assert settlement(P2, P4, True, 1) == [-1, 2, -1, 1, -1]
    assert settlement(P2, P4, False, 1) == [1, -2, 1, -1, 1]


def s10_state():
    calls = [bid(P1, rank="K"), *[passes(s) for s in (P2, P3, P4, P5)], (P1, "choose_suit", {"suit": "♣"})]
    return run(deal(), *calls)


def test_S10_caller_holds_the_called_card_and_plays_alone():
    state = s10_state()
    assert state.called_card == "KC" and "KC" in state.seats[P1].hand and state.partner is None
    state = playout(state, 51)
    result = GAME.result(state)
    assert result["alone"] and result["partner"] == P1 and result["teams"] == [[P1], [P2, P3, P4, P5]]
    assert result["points"][P1] == 61 and result["target"] == 61
    assert result["payouts"] == [4, -1, -1, -1, -1]
    assert settlement(P1, P1, False, 1) == [-4, 1, 1, 1, 1]


def test_S11_rank_bids_go_strictly_down():
    state = run(deal(), bid(P1, rank="3"))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, P2, "bid", rank="A"))
    assert err.value.code == "bid_not_lower" and err.value.rule == "3(b')2"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, P2, "bid", rank="3"))
    assert err.value.code == "bid_not_lower"
    ranks = [a["rank"] for a in GAME.legal_actions(state) if "rank" in a]
    assert ranks == list("KQJ76542")


def test_bid_needs_exactly_one_of_rank_or_points():
    state = deal()
    for fields in ({}, {"rank": "A", "points": 70}):
        with pytest.raises(IllegalAction) as err:  # the engine checks a Bid built by hand
            GAME.apply(state, Bid(P1, **fields))
        assert err.value.code == "invalid_bid"
        with pytest.raises(ValidationError) as refused:  # and the action schema refuses it on the wire
            act(GAME, P1, "bid", **fields)
        assert refused.value.messages == {"_schema": ["'bid' takes exactly one of rank, points"]}
    with pytest.raises(ValidationError) as refused:  # a rank the auction does not have: the schema's enum
        act(GAME, P1, "bid", rank="T")
    assert list(refused.value.messages) == ["rank"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, P1, "bid", points=70))
    assert err.value.code == "points_before_two"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, P1, "play", card=state.seats[P1].hand[0]))
    assert err.value.code == "wrong_phase"
    assert GAME.apply(state, act(GAME, P1, "bid", rank="K")).state.auction[0].rank == "K"
    with pytest.raises(ValidationError):  # the ranks as card codes write them (an enum a client can generate)
        act(GAME, P1, "bid", rank="k")


def test_point_bids_rise_and_120_ends_the_auction():
    state = run(deal(), bid(P1, rank="2"), bid(P2, points=61))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, P3, "bid", points=61))
    assert err.value.code == "bid_out_of_range"
    with pytest.raises(IllegalAction):
        GAME.apply(state, act(GAME, P3, "bid", points=121))
    state = run(state, bid(P3, points=120))
    assert state.phase == "call" and state.caller == P3


def test_BRI_A8_all_pass_throws_the_deal_in():
    state = run(deal(), *[passes(s) for s in (P1, P2, P3, P4, P5)])
    assert state.phase == "complete" and state.to_act is None
    result = GAME.result(state)
    assert result["reason"] == "thrown_in" and result["winners"] == [] and result["payouts"] == [0] * 5
    assert result["next_dealer"] == P1  # "the deal passes to the next dealer": the dealer's right
    other = run(deal(dealer=P2), *[passes(s) for s in (P3, P4, P5, P1, P2)])
    assert GAME.result(other)["next_dealer"] == P3


def test_BRI_A8_dealer_must_bid():
    state = run(deal(all_pass="dealer_must_bid"), *[passes(s) for s in (P1, P2, P3, P4)])
    legal = GAME.legal_actions(state)
    assert state.to_act == P5 and legal and all(a["type"] == "bid" for a in legal)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, P5, "pass"))
    assert err.value.code == "dealer_must_bid" and err.value.rule == "BRI-A8"
    state = run(state, bid(P5, rank="2"))
    assert state.phase == "call" and state.caller == P5


def test_BRI_A9_caller_leads():
    state = run(deal(chiamata_first_lead="caller"), *S8_CALLS, (P2, "choose_suit", {"suit": "H"}))
    assert state.to_act == P2 and state.leader == P2
    assert GAME.validate(playout(state, 3)) == []


def test_BRI_A10_points_only_auction():
    state = deal(auction="points_only", points_min=70)
    legal = GAME.legal_actions(state)
    assert not any("rank" in a for a in legal)
    assert [a["points"] for a in legal if "points" in a] == list(range(70, 121))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, P1, "bid", rank="A"))
    assert err.value.code == "invalid_bid"
    state = run(state, bid(P1, points=75), *[passes(s) for s in (P2, P3, P4, P5)])
    assert state.phase == "call" and len(GAME.legal_actions(state)) == 40
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, act(GAME, P1, "choose_suit", suit="S"))
    assert err.value.code == "missing_rank"
    state = run(state, (P1, "choose_suit", {"suit": "S", "rank": "A"}))
    assert state.called_card == "AS" and state.trump == "S"
    result = GAME.result(playout(state, 1))
    assert result["target"] == 75 and sum(result["payouts"]) == 0


def test_BRI_A10_multipliers_and_cappotto():
    opts = GAME.options({"score_multipliers": "subito_al_due"})
    bids = (None, 61, 70, 71, 80, 81, 91, 100, 101, 120)
    assert [multiplier(n, opts) for n in bids] == [1, 1, 1, 2, 2, 3, 4, 4, 5, 5]
    assert multiplier(101, GAME.options(None)) == 1
    state = run(
        deal(score_multipliers="subito_al_due"),
        bid(P1, rank="2"),
        bid(P2, points=81),
        *[passes(s) for s in (P3, P4, P5, P1)],
        (P2, "choose_suit", {"suit": "H"}),
    )
    result = GAME.result(playout(state, 0))
    assert result["multiplier"] == 3 and sorted(map(abs, result["payouts"])) == [3, 3, 3, 3, 6]


def test_BRI_A10_cappotto_doubles():
    # P1 holds the eight highest spades, calls the ace of spades (its own) and, leading trumps, takes all 120.
    strong = [c for c in GAME.full_pack() if c[1] == "S" and c not in ("4S", "2S")]
    deck = deck_for({P1: strong}, 5, DEALER, GAME.full_pack())
    state = run(
        deal(deck, cappotto_double=True),
        bid(P1, rank="A"),
        *[passes(s) for s in (P2, P3, P4, P5)],
        (P1, "choose_suit", {"suit": "S"}),
    )
    assert state.called_card == "AS" and state.to_act == P1
    rng = random.Random(0)
    while state.to_act is not None:  # P1 leads its highest spade; the others play anything
        legal = GAME.legal_actions(state)
        action = legal[0] if state.to_act == P1 else rng.choice(legal)
        state = GAME.apply(state, load(GAME, action)).state
    result = GAME.result(state)
    assert result["points"][P1] == 120 and result["alone"]
    assert result["cappotto"] and result["multiplier"] == 2 and result["payouts"] == [8, -2, -2, -2, -2]


def test_secret_partner_is_not_in_any_view():
    """Two deals that differ only in whether P3 or P4 holds the called card look the same to P1, P2, P5."""
    hands = {s: list(DECK[k::5][:8]) for k, s in enumerate([P1, P2, P3, P4, P5])}
    original = deal()
    assert [list(s.hand) for s in original.seats] == [hands[s] for s in range(5)]
    swapped = dict(hands)
    swapped[P3], swapped[P4] = hands[P4], hands[P3]
    other = deal(deck_for(swapped, 5, DEALER, GAME.full_pack()))
    calls = [*S8_CALLS, (P2, "choose_suit", {"suit": "H"})]
    a, b = run(original, *calls), run(other, *calls)
    assert "2H" in a.seats[P4].hand and "2H" in b.seats[P3].hand
    for seat in (P1, P2, P5):
        assert GAME.view(a, seat) == GAME.view(b, seat)
        assert GAME.view(a, seat).partner is None
    # Play on (the same cards, P3 and P4 exchanged) until the called card appears: then the partner is known.
    first = a
    while first.partner is None:
        action = GAME.legal_actions(first)[0]
        if action["card"] == "2H" or first.to_act not in (P3, P4):
            first = GAME.apply(first, load(GAME, action)).state
        else:
            hand = first.seats[first.to_act].hand
            card = next((c for c in hand if c != "2H"), hand[0])
            first = GAME.apply(first, act(GAME, first.to_act, "play", card=card)).state
    assert first.partner == P4 and GAME.view(first, P1).partner == P4


def test_view_hides_the_other_hands():
    state = s9_state()
    seen = GAME.view(state, P3)
    assert seen.seats[P3].hand == state.seats[P3].hand
    assert all(s.hand == ("??",) * 8 for s in seen.seats if s.seat != P3)
    assert seen.called_card == "2H" and seen.caller == P2


def test_validate_finds_problems_and_never_crashes():
    state = s9_state()
    assert GAME.validate(state) == []
    leaked = dataclasses.replace(state, partner=P4)
    assert "partner" in {p.code for p in GAME.validate(leaked)}
    wrong_caller = dataclasses.replace(state, caller=P1)
    assert "caller" in {p.code for p in GAME.validate(wrong_caller)}
    bad_auction = dataclasses.replace(state, auction=state.auction[:3] + state.auction[4:])
    assert GAME.validate(bad_auction)
    for changes in (
        {"to_act": 9},
        {"leader": -1},
        {"leader": None},
        {"trump": None},
        {"trump": "Z"},
        {"called_card": None},
        {"called_card": "AH"},
        {"players": 4},
        {"phase": "nope"},
        {"caller": None},
        {"seats": ()},
        {"trick": ("AS", "AS")},
        {"auction": ()},
    ):
        problems = GAME.validate(dataclasses.replace(state, **changes))
        assert problems, changes


def test_secret_partner_not_in_events_or_views_until_the_called_card_is_played():
    """Two deals that differ only in whether P4 or P3 holds the called card 2H (P3's card X goes the other
    way). With the same actions, every event and every view of P1, P2 and P5 are identical until the called
    card is played ("ingen vet något förrän det dyker upp"); the events returned by /actions go to all."""
    hands = {k: list(DECK[k::5][:8]) for k in range(5)}
    x = hands[P3][0]
    swapped = {**hands, P3: ["2H", *hands[P3][1:]], P4: [x if c == "2H" else c for c in hands[P4]]}
    a = deal()
    b = deal(deck_for(swapped, 5, DEALER, GAME.full_pack()))
    assert "2H" in a.seats[P4].hand and "2H" in b.seats[P3].hand
    calls = [*S8_CALLS, (P2, "choose_suit", {"suit": "H"})]
    steps = [act(GAME, seat, kind, **fields) for seat, kind, fields in calls]
    steps += [None] * 35  # seven tricks of cards other than 2H and X
    for step in steps:
        if step is None:
            seat = a.to_act
            card = next(c for c in a.seats[seat].hand if c not in ("2H", x))
            step = act(GAME, seat, "play", card=card)
        ta, tb = GAME.apply(a, step), GAME.apply(b, step)
        a, b = ta.state, tb.state
        assert ta.events == tb.events
        assert all("partner" not in str(e) for e in ta.events)
        for seat in (P1, P2, P5):
            assert GAME.view(a, seat) == GAME.view(b, seat)
        assert a.partner is None and b.partner is None
    assert [len(s.hand) for s in a.seats] == [1] * 5
    while a.to_act is not None:  # the last trick: the called card turns up, and only now is the partner known
        seat = a.to_act
        ta, tb = (
            GAME.apply(a, act(GAME, seat, "play", card=a.seats[seat].hand[0])),
            GAME.apply(b, act(GAME, seat, "play", card=b.seats[seat].hand[0])),
        )
        a, b = ta.state, tb.state
    assert (a.partner, b.partner) == (P4, P3)
    assert GAME.result(a)["partner"] == P4 and GAME.result(b)["partner"] == P3
