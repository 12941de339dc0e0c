"""Old Brag hand evaluation (rules/old-brag.md 4(c)): examples O1-O15 and every hand against brute force."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest

from service.rules.cards import french_pack
from service.rules.old_brag import OldBrag
from service.rules.old_brag.options import OldBragOptions

GAME = OldBrag()
DEFAULT = OldBragOptions()


def opts(**changes: Any) -> OldBragOptions:
    return GAME.options(changes)


def ev(*hand: str, options: OldBragOptions = DEFAULT) -> Any:
    cards = [GAME.parse_card(c) for c in hand]
    return GAME.evaluate([cards], options)[0]


def cmp(a: list[str], b: list[str], options: OldBragOptions = DEFAULT) -> Any:
    return GAME.compare([[GAME.parse_card(c) for c in a], [GAME.parse_card(c) for c in b]], options)


BEST_KING_PRIAL = ["K♠", "K♥", "K♦"]


def test_O1_natural_prial_of_aces_is_the_best_hand() -> None:
    e = ev("A♠", "A♥", "A♣")
    assert e.category == "prial"
    assert e.description == "Natural prial of aces"
    assert e.strength == max(h.strength for h in GAME.evaluate(list(itertools.combinations(french_pack(), 3)), DEFAULT))
    assert e.interpretation is None


def test_O2_ace_of_diamonds_counts_natural_and_ties_O1() -> None:
    e = ev("A♦", "A♠", "A♥")
    assert e.description == "Natural prial of aces"
    assert e.interpretation == {"AD": "A"}
    assert e.strength == ev("A♠", "A♥", "A♣").strength
    c = cmp(["A♠", "A♥", "A♣"], ["A♦", "A♠", "A♥"])
    assert c.ranking == [[0, 1]] and c.deciding == "tie"


def test_O3_bragger_prial_of_aces() -> None:
    e = ev("A♠", "A♥", "J♣")
    assert e.description == "Bragger prial of aces"
    assert e.interpretation == {"JC": "A"}
    assert e.strength < ev("A♠", "A♥", "A♣").strength
    assert e.strength > ev(*BEST_KING_PRIAL).strength
    assert cmp(["A♠", "A♥", "A♣"], ["A♠", "A♥", "J♣"]).deciding == "natural"


def test_O4_three_braggers_make_a_bragger_prial_of_aces() -> None:
    e = ev("A♦", "J♣", "9♦")
    assert e.description == "Bragger prial of aces"
    assert e.interpretation == {"AD": "A", "JC": "A", "9D": "A"}
    assert e.strength == ev("A♠", "A♥", "J♣").strength


def test_O5_natural_kings_beat_bragger_kings() -> None:
    c = cmp(["K♠", "K♥", "K♦"], ["K♣", "J♣", "9♦"])
    assert c.winners == [0] and c.deciding == "natural"


def test_O6_bragger_prial_of_kings() -> None:
    e = ev("K♣", "J♣", "9♦")
    assert e.category == "prial" and e.description == "Bragger prial of kings"
    assert e.interpretation == {"JC": "K", "9D": "K"}


def test_O7_bragger_kings_beat_natural_queens() -> None:
    c = cmp(["Q♠", "Q♥", "Q♦"], ["K♣", "J♣", "9♦"])
    assert c.winners == [1] and c.deciding == "rank"


def test_O8_nines_natural_by_default_bragger_with_only_ace_diamond_natural() -> None:
    assert ev("9♦", "9♠", "9♥").description == "Natural prial of nines"
    assert ev("9♦", "9♠", "9♥").strength == ev("9♣", "9♠", "9♥").strength
    strict = opts(only_ace_diamond_natural=True)
    e = ev("9♦", "9♠", "9♥", options=strict)
    assert e.description == "Bragger prial of nines"
    assert e.strength < ev("9♣", "9♠", "9♥", options=strict).strength
    assert e.strength > ev("8♣", "8♠", "8♥", options=strict).strength
    # A♦ stays natural under the option
    assert ev("A♦", "A♠", "A♥", options=strict).strength == ev("A♣", "A♠", "A♥", options=strict).strength


def test_O9_nine_of_diamonds_as_a_king_beats_natural_nines() -> None:
    e = ev("9♦", "9♠", "K♥")
    assert e.category == "pair"
    assert e.description == "Bragger pair of kings, nine kicker"
    assert e.interpretation == {"9D": "K"}
    assert e.strength > ev("9♣", "9♠", "K♥").strength
    assert cmp(["9♦", "9♠", "K♥"], ["9♣", "9♠", "K♥"]).deciding == "rank"


def test_O10_natural_pair_beats_bragger_pair_unless_pair_natural_priority_false() -> None:
    c = cmp(["K♠", "K♥", "5♦"], ["K♣", "J♣", "5♥"])
    assert c.winners == [0] and c.deciding == "natural"
    assert ev("K♣", "J♣", "5♥").description == "Bragger pair of kings, five kicker"
    hoyle = opts(pair_natural_priority=False)
    c = cmp(["K♠", "K♥", "5♦"], ["K♣", "J♣", "5♥"], hoyle)
    assert c.ranking == [[0, 1]] and c.deciding == "tie"
    assert ev("K♠", "K♥", "5♦", options=hoyle).strength == ev("K♣", "J♣", "5♥", options=hoyle).strength
    # under Hoyle's reading the kicker decides before the natural flag
    assert cmp(["K♠", "K♥", "5♦"], ["K♣", "J♣", "6♥"], hoyle).winners == [1]
    assert cmp(["K♠", "K♥", "5♦"], ["K♣", "J♣", "6♥"]).winners == [0]


def test_O11_equal_natural_pairs_compare_the_kicker() -> None:
    c = cmp(["K♠", "K♥", "7♦"], ["K♣", "K♦", "5♥"])
    assert c.winners == [0] and c.deciding == "kicker"


def test_O12_ace_of_diamonds_as_a_king_not_ace_high() -> None:
    e = ev("A♦", "K♥", "5♣")
    assert e.category == "pair"
    assert e.description == "Bragger pair of kings, five kicker"
    assert e.interpretation == {"AD": "K"}
    assert e.strength > ev("A♠", "K♥", "5♣").strength


def test_O13_high_cards_compare_card_by_card() -> None:
    c = cmp(["A♠", "K♥", "5♣"], ["A♥", "K♠", "4♦"])
    assert c.winners == [0] and c.deciding == "kicker"
    assert ev("A♠", "K♥", "5♣").category == "high_card"
    assert ev("A♠", "K♥", "5♣").description == "High card A-K-5"
    assert cmp(["Q♠", "J♥", "5♣"], ["K♥", "2♠", "3♦"]).deciding == "rank"


def test_O14_jack_of_clubs_in_a_natural_pair_of_jacks() -> None:
    e = ev("J♣", "J♠", "5♥")
    assert e.description == "Natural pair of jacks, five kicker"
    assert e.strength == ev("J♦", "J♠", "5♥").strength
    assert ev("J♣", "J♠", "5♥", options=opts(only_ace_diamond_natural=True)).description == (
        "Bragger pair of jacks, five kicker"
    )


def test_O15_prial_of_twos_beats_pair_of_aces() -> None:
    c = cmp(["2♠", "2♥", "2♦"], ["A♠", "A♥", "3♦"])
    assert c.winners == [0] and c.deciding == "category"


def test_fewer_braggers_better_option() -> None:
    one, two = ["K♠", "K♥", "J♣"], ["K♠", "J♣", "9♦"]
    assert cmp(one, two).ranking == [[0, 1]]
    c = cmp(one, two, opts(fewer_braggers_better=True))
    assert c.winners == [0] and c.deciding == "braggers"


def test_ace_prial_max_one_bragger_option() -> None:
    literal = opts(ace_prial_max_one_bragger=True)
    assert ev("A♠", "A♥", "J♣", options=literal).description == "Bragger prial of aces"
    # three braggers: no ace prial with two wilds, so the best alternative is all three wild as Kings
    e = ev("A♦", "J♣", "9♦", options=literal)
    assert e.category == "prial" and e.description == "Bragger prial of kings"
    assert e.interpretation == {"AD": "K", "JC": "K", "9D": "K"}
    # a natural Ace and two braggers cannot make a prial at all: bragger pair of aces, king kicker
    e = ev("A♠", "J♣", "9♦", options=literal)
    assert e.description == "Bragger pair of aces, king kicker"
    assert ev("A♠", "J♣", "9♦").description == "Bragger prial of aces"


def test_OB_A8_ace_prial_max_one_bragger_best_alternative_for_the_three_braggers() -> None:
    """Only the Aces are limited to "jednog Bregera"; Kings "mogu sadržati i Bregere" (plural) and 4(c) lets
    every bragger be a wild card of any rank, so the best alternative reading of A♦ J♣ 9♦ is a bragger prial
    of Kings, which beats the readings the rules file names as examples (bragger Jacks or Nines)."""
    literal = opts(ace_prial_max_one_bragger=True)
    three = ev("A♦", "J♣", "9♦", options=literal)
    assert three.strength == ev("K♠", "J♣", "9♦", options=literal).strength  # a two-wild King prial is allowed
    assert three.strength == ev("K♠", "A♦", "J♣", options=literal).strength  # A♦ may be a wild King
    assert three.strength > ev("J♠", "J♣", "9♦", options=literal).strength  # bragger Jacks
    assert three.strength > ev("9♠", "A♦", "9♦", options=literal).strength  # bragger Nines
    assert three.strength < ev("K♠", "K♥", "K♦", options=literal).strength  # natural Kings
    assert three.strength < ev("A♠", "A♥", "J♣", options=literal).strength  # a one-bragger Ace prial
    assert ev("A♦", "A♠", "J♣", options=literal).description == "Bragger prial of aces"  # A♦ natural + one
    # the default: one- and two-bragger Ace prials are equal
    assert ev("A♦", "J♣", "9♦").strength == ev("A♠", "A♥", "J♣").strength


def test_OB_A7_no_flushes_or_runs() -> None:
    run_flush = ev("4♠", "3♠", "2♠")
    assert run_flush.category == "high_card" and run_flush.description == "High card 4-3-2"
    assert cmp(["4♠", "3♠", "2♠"], ["5♥", "3♦", "2♣"]).winners == [1]
    assert cmp(["Q♠", "K♠", "A♠"], ["2♥", "2♦", "3♣"]).winners == [1]
    assert GAME.categories() == ["prial", "pair", "high_card"]


def test_any_bragger_in_hand_makes_at_least_a_pair() -> None:
    table = GAME.evaluate(list(itertools.combinations(french_pack(), 3)), DEFAULT)
    for e in table:
        if set(e.hand) & {"AD", "JC", "9D"}:
            assert e.category != "high_card", e.hand
            assert e.interpretation is not None and set(e.interpretation) == set(e.hand) & {"AD", "JC", "9D"}
        else:
            assert e.interpretation is None


def test_order_of_cards_in_a_hand_does_not_matter() -> None:
    a = ev("K♣", "J♣", "5♥")
    b = ev("5♥", "J♣", "K♣")
    assert (a.strength, a.description, a.interpretation) == (b.strength, b.description, b.interpretation)


# -- the brute-force reference -----------------------------------------------------------------------------
RANK_VALUE = {r: 14 - i for i, r in enumerate("AKQJT98765432")}
WILDS = {"AD", "JC", "9D"}


def reference_score(hand: tuple[str, ...], options: OldBragOptions) -> tuple[int, ...]:
    """Best score over every reading, written independently of the engine: each bragger either stays
    itself or is replaced by every one of the 13 ranks; the score is a flat tuple."""
    best: tuple[int, ...] | None = None
    slots = []
    for card in hand:
        if card in WILDS:
            slots.append([("self", card)] + [("wild", r) for r in "AKQJT98765432"])
        else:
            slots.append([("self", card)])
    for reading in itertools.product(*slots):
        score = score_reading(hand, reading, options)
        if score is not None and (best is None or score > best):
            best = score
    assert best is not None
    return best


def score_reading(
    hand: tuple[str, ...], reading: tuple[tuple[str, str], ...], options: OldBragOptions
) -> tuple[int, ...] | None:
    ranks: list[int] = []
    bragger_like: list[bool] = []  # counts against "natural"
    wild_count = 0
    for card, (how, what) in zip(hand, reading, strict=True):
        if how == "self":
            ranks.append(RANK_VALUE[card[0]])
            counts_natural = card not in WILDS or card == "AD" or not options.only_ace_diamond_natural
            bragger_like.append(not counts_natural)
        else:
            ranks.append(RANK_VALUE[what])
            bragger_like.append(True)
            wild_count += 1
    counts = Counter(ranks)
    ((top, n),) = counts.most_common(1)
    if n == 3:
        if top == 14 and options.ace_prial_max_one_bragger and wild_count >= 2:
            return None
        braggers = sum(bragger_like)
        return (3, top, 0 if braggers else 1, -braggers if options.fewer_braggers_better else 0)
    if n == 2:
        kicker = next(r for r in ranks if r != top)
        natural = not any(b for r, b in zip(ranks, bragger_like, strict=True) if r == top)
        return (2, top, int(natural) if options.pair_natural_priority else 0, kicker)
    return (1, *sorted(ranks, reverse=True))


OPTION_SETS = {
    "defaults": {},
    "pair_natural_priority_false": {"pair_natural_priority": False},
    "only_ace_diamond_natural": {"only_ace_diamond_natural": True},
    "fewer_braggers_better": {"fewer_braggers_better": True},
    "ace_prial_max_one_bragger": {"ace_prial_max_one_bragger": True},
}


@pytest.mark.exhaustive
@pytest.mark.parametrize("raw", list(OPTION_SETS.values()), ids=list(OPTION_SETS))
def test_every_hand_against_brute_force(raw: dict[str, Any]) -> None:
    options = opts(**raw)
    hands = list(itertools.combinations(french_pack(), 3))
    assert len(hands) == 22_100
    scores = [reference_score(h, options) for h in hands]
    dense = {s: i + 1 for i, s in enumerate(sorted(set(scores)))}
    results = GAME.evaluate(hands, options)
    for hand, score, result in zip(hands, scores, results, strict=True):
        assert result.strength == dense[score], (hand, score, result)
        if result.interpretation:
            # the reading the engine reports is one of the best readings
            reading = tuple(
                ("self", c)
                if c not in WILDS or result.interpretation[c] == c[0]
                else ("wild", result.interpretation[c])
                for c in hand
            )
            assert score_reading(hand, reading, options) == score, (hand, result.interpretation)
    # compare agrees with the reference on a sample of pairs, batch of 10,000 hands included
    batch = hands[:10_000]
    ranking = GAME.compare(batch, options).ranking
    flat = [dense[scores[i]] for group in ranking for i in group]
    assert flat == sorted(flat, reverse=True)
