"""``records/adjudicate``: the seeded deals of :mod:`.corpus` as records played to the end (``complete``), cut
halfway (``in_progress``) and with an action the rules refuse put in at a known index (``illegal``); every
seat's view of one complete record per game; the traces (``trace: true``) of two."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from service.conformance.cases.common import SECTIONS, post
from service.conformance.cases.corpus import corpus
from service.conformance.cases.play import tags_of
from service.conformance.cases.refusals import probes
from service.conformance.simulate import Played, dump_state, load_action, refusal
from service.conformance.vector import Case
from service.rules.briscola.cards import PACK as BRISCOLA_PACK
from service.rules.cards import HIDDEN
from service.rules.game import Game
from service.rules.records import Verdict, replay_seen, verdict
from service.rules.registry import GAMES
from service.rules.seen import Seen, apply_seen, seen_deck
from service.rules.trick_game import TrickGame


def table_cases(game: Game[Any, Any, Any]) -> Iterator[Case]:
    """A trick game's first seeded deal as a table record (docs/api.md 18: only the turn-up seen): complete with the
    dealt result; and its first card played again by the next seat: ``card_seen``, with its proof."""
    played = corpus(game)[0]
    turn_up = getattr(played.states[0], "turn_up", None)
    record = table_record(played, {} if turn_up is None else {"turn_up": turn_up})
    what = "only the turn-up seen" if turn_up is not None else "no card seen"
    yield table_case(
        game,
        record,
        f"A seeded deal as a table record ({what}): complete, with the dealt record's result.",
        "record-table",
    )
    if turn_up is not None:
        yield from turn_up_cases(game, {**record, "seen": {}})
    actions = played.actions
    first = next(i for i, a in enumerate(actions) if a["type"] == "play")
    again = {"seat": played.states[first + 1].to_act, "type": "play", "card": actions[first]["card"]}
    yield table_case(
        game,
        {**record, "actions": [*actions[: first + 1], again]},
        "A table record whose card is played a second time, by the next seat: illegal, card_seen, with the play that "
        "showed it as proof.",
        "record-table-illegal",
    )


def turn_up_cases(game: Game[Any, Any, Any], record: dict[str, Any]) -> Iterator[Case]:
    """A table record of a game with a turn-up, nobody having seen it (docs/api.md 18): judged by every turn-up it
    admits (``turn_ups``), as a record and as a match of one deal; the deal from ``seen`` without the turn-up (its
    state's ``turn_up`` "??", ``trump`` "?"), and a trick that deal's trump decides: 422 ``turn_up_unseen``."""
    flow = SECTIONS["flow"]
    yield table_case(
        game,
        record,
        "A seeded deal as a table record without its turn-up: replayed once per card the turn-up may be, the verdict "
        "every turn-up it admits gives (undecided, the turn-up missing, where they differ), with `turn_ups`.",
        "record-table-turn-up",
    )
    match = {
        "players": record["players"],
        "deals": [{"dealer": record["dealer"], "seen": {}, "actions": record["actions"]}],
    }
    if "options" in record:
        match["options"] = record["options"]
    yield post(
        game,
        "matches/adjudicate",
        {"match": match},
        (flow,),
        "The same table deal without its turn-up as a match: its deal's `turn_ups`, the match undecided where the "
        "deal is.",
        "match-table-turn-up",
    )
    options = game.options(record.get("options"))
    deal = {"players": 2, "dealer": 0, "seen": {}}
    yield post(game, "deals", deal, (flow,), 'A deal whose turn-up nobody saw: turn_up "??", trump "?".', "deal-table")
    state = game.deal_checked(2, 0, options, seen_deck(game, 2, 0, options, Seen())).state
    led = apply_seen(game, state, load_action(game, {"seat": 1, "type": "play", "card": "AS"})).state
    crossed = {"seat": 0, "type": "play", "card": "KH"}
    yield post(
        game,
        "actions",
        {"state": dump_state(game, led), "action": crossed},
        (flow,),
        "A trick the trump decides (the ace of spades led, a king of hearts played) in a deal whose turn-up nobody "
        "saw: 422 turn_up_unseen at /state/turn_up.",
        "actions-turn-up-unseen",
    )


def briscola_plays(pairs: list[tuple[str, str]], trump: str) -> list[tuple[int, str]]:
    """A two-player Briscola deal, dealer 0 (seat 1 leads): trick ``t`` is ``pairs[t]``, its leader's card first, each
    trick's winner (by ``trump``) leading the next; its plays as ``(seat, card)``."""
    game, leader, plays = GAMES["briscola"], 1, []
    for a, b in pairs:
        plays += [(leader, a), (1 - leader, b)]
        leader = leader if game.trick_winner(trump, (a, b), None)[0] == 0 else 1 - leader
    return plays


def briscola_table_record(pairs: list[tuple[str, str]], turn_up: str | None = None) -> dict[str, Any]:
    """A two-player Briscola table record of ``pairs`` (:func:`briscola_plays`), played as the deal of turn-up ``2D``
    plays it, with the turn-up seen or not."""
    actions = [{"seat": s, "type": "play", "card": c} for s, c in briscola_plays(pairs, "D")]
    return {"players": 2, "dealer": 0, "seen": {} if turn_up is None else {"turn_up": turn_up}, "actions": actions}


SUITED = [(c[k], c[k + 1]) for c in ([c for c in BRISCOLA_PACK if c[1] == s] for s in "SHDC") for k in range(0, 10, 2)]
"""The Briscola pack in twenty pairs of one suit, the higher card first: a trick of each is the first card's whatever
the trump."""
LAST_THREE = [("7C", "6C"), ("3D", "2D"), ("3H", "2H")]
WHATEVER_TRUMP = [p for p in SUITED if p not in LAST_THREE] + LAST_THREE
"""Seat 1 leads and takes every trick (the higher card first); seat 0, last to draw, draws the turn-up and plays 6C,
2D and 2H last: the turn-up is one of them, three suits, and no trick's winner depends on it."""
TRUMP_DECIDES = [p for p in SUITED if p not in LAST_THREE] + [("7C", "6C"), ("3D", "2H"), ("3H", "2D")]
"""As :data:`WHATEVER_TRUMP`, the last two tricks crossed: 3D 2H (seat 1 leads the last trick: hearts are not
trumps) and 3H 2D, which the two of diamonds takes where diamonds are trumps and the three of hearts where clubs are."""


def briscola_turn_up_cases(game: Game[Any, Any, Any]) -> Iterator[Case]:
    """Two Briscola table records without the turn-up, made by hand (docs/api.md 18): every trick decided whatever
    the trump (complete, three turn-ups of three suits admitted), and the last trick the trump decides (undecided,
    the turn-up missing), then the same with the turn-up given (complete)."""
    if game.id != "briscola":
        return
    for pairs, turn_up, what in (
        (WHATEVER_TRUMP, None, "no trick's winner depends on the trump: complete, three turn-ups admitted"),
        (TRUMP_DECIDES, None, "the last trick's winner depends on the trump: undecided, missing_turn_up"),
        (TRUMP_DECIDES, "2D", "the last trick's winner decided by the turn-up given: complete"),
    ):
        record = briscola_table_record(pairs, turn_up)
        said = (
            f"A Briscola table record made by hand, {'no turn-up' if turn_up is None else 'the turn-up'} seen: {what}."
        )
        yield table_case(game, record, said, "record-table-turn-up")


def renege_case(game: Game[Any, Any, Any]) -> Iterator[Case]:
    """Briscan's or Brisque's first seeded deal whose final phase has a seat that must follow, as a table record
    (only the turn-up seen) where that seat plays a card the rules refuse, then legal plays to the end: illegal at
    the renege, proved by a card the rule asked for that the seat showed (a meld's, or a later play)."""
    for played, index, actions in _reneges(game, random.Random(f"renege/{game.id}")):
        yield table_case(
            game,
            table_record(played, {"turn_up": played.states[0].turn_up}, actions),
            f"A table record with a renege at action {index} in the final phase (only the turn-up seen): illegal "
            "there, with what proves it (a card of the seat's shown before, or played later, that the rule asked "
            "for).",
            "record-table-illegal",
        )
        return


def later_renege_case(game: Game[Any, Any, Any]) -> Iterator[Case]:
    """Briscan's or Brisque's first seeded deal with a renege in the final phase that only a later play proves: a
    table record (only the turn-up seen) where a seat that must follow plays a card the rules refuse, holding cards
    nobody saw, then legal plays to the end, in which it plays a card the rule asked for: illegal at the renege,
    proved by the renege and that later play."""
    for played, index, actions in _reneges(game, random.Random(f"renege-later/{game.id}")):
        seen = {"turn_up": played.states[0].turn_up}
        error = table_refusal(game, played, seen, actions)
        if error is None or len(error.get("proof", {}).get("actions", ())) != 2:
            continue
        later = error["proof"]["actions"][1]
        yield table_case(
            game,
            table_record(played, seen, actions),
            f"A table record with a renege at action {index} in the final phase (only the turn-up seen) that the "
            f"seat's later play at action {later} proves: illegal at the renege, proved by the two actions.",
            "record-table-illegal",
        )
        return


def _reneges(game: Game[Any, Any, Any], rng: random.Random) -> Iterator[tuple[Played, int, list[dict[str, Any]]]]:
    """Every renege of a Briscan or Brisque seeded deal's final phase (none for another game), in the corpus's
    order: the deal, the index of the play a seat that must follow makes instead with a card the rules refuse
    (drawn from ``rng``), and its actions then, legal plays (drawn from ``rng``) to the end."""
    legal_plays = getattr(game, "legal_plays", None)
    if legal_plays is None:
        return
    for played in corpus(game):
        for index, state in enumerate(played.states[:-1]):
            seat = state.to_act
            if state.phase != "final" or not state.trick or played.actions[index]["type"] != "play":
                continue
            refused = [c for c in state.seats[seat].hand if c not in legal_plays(state, seat)]
            if not refused:
                continue
            actions = [*played.actions[:index], {"seat": seat, "type": "play", "card": rng.choice(refused)}]
            state = game.play_to_trick(state, seat, actions[-1]["card"]).state
            while state.to_act is not None:
                action = rng.choice([a for a in game.legal_actions(state) if a["type"] == "play"])
                actions.append(action)
                state = game.apply(state, load_action(game, action)).state
            yield played, index, actions


def table_refusal(
    game: Game[Any, Any, Any], played: Played, seen: dict[str, Any], actions: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The engine's refusal of a seeded deal's ``actions`` at a table that saw ``seen`` (None: none refused)."""
    return _replayed_seen(game, played, seen, actions)[3]


def hand_table_cases(game: Game[Any, Any, Any]) -> Iterator[Case]:
    """A hand game's shortest seeded deal decided at a showdown, as a table record: nothing seen but what the deal
    shows everyone (``undecided``, missing the cards of each hand shown), then with those hands seen and each card
    drawn named (``complete``, the dealt result)."""
    flow = SECTIONS["flow"]
    undecided = [p for p in corpus(game) if table_verdict(game, p, seen_at_deal(game, p, ()), p.actions).missing]
    if not undecided:  # pragma: no cover - every hand game's corpus has a showdown
        return
    played = min(undecided, key=lambda p: len(p.actions))
    public, named = seen_at_deal(game, played, ()), named_actions(played)
    needed = table_verdict(game, played, public, named).missing
    record = table_record(played, public)
    shown = table_record(played, seen_at_deal(game, played, tuple(m["seat"] for m in needed)), named)
    for table, what, group in (
        (
            record,
            "A seeded deal as a table record, no hand seen: undecided, missing the cards of each hand its "
            "showdown showed.",
            "record-table-undecided",
        ),
        (
            shown,
            "The same table record with the hands its showdown showed seen and each card drawn named: complete, with "
            "the dealt record's result.",
            "record-table",
        ),
    ):
        yield table_case(game, table, what, group)
    match = {k: v for k, v in record.items() if k in ("players", "options", "carry")}
    match["deals"] = [{"dealer": record["dealer"], "seen": public, "actions": record["actions"]}]
    yield post(
        game,
        "matches/adjudicate",
        {"match": match},
        (flow,),
        "The undecided table record as a match of one deal: the match is undecided, `missing` naming the deal.",
        "match-table-undecided",
    )


def named_actions(played: Played) -> list[dict[str, Any]]:
    """A seeded deal's actions, each stating the cards it drew as a table sees them at the end: an Old Brag hit its
    card, a Broggin exchange from the stock its ``drawn``."""
    out = []
    for index, action in enumerate(played.actions):
        before, after = played.states[index], played.states[index + 1]
        if action["type"] == "hit":
            action = {**action, "card": before.stock[0]}
        elif (
            action["type"] == "exchange" and action.get("drawn") is None and len(before.stock) >= len(action["discard"])
        ):
            held = before.seats[action["seat"]].hand
            action = {**action, "drawn": [c for c in after.seats[action["seat"]].hand if c not in held]}
        out.append(action)
    return out


NAMING = {"old-brag": "hit", "broggin": "exchange"}
"""The action of a hand game that names a card at a table: Old Brag's hit its card, Broggin's exchange its
discards."""


def card_seen_cases(game: Game[Any, Any, Any]) -> Iterator[Case]:
    """A hand game's first seeded deal with an action that names a card (:data:`NAMING`), as a table record that
    saw the next seat's hand, whose first such action names a card of that hand: illegal, ``card_seen``, proved by
    the seen hand that holds it."""
    kind = NAMING.get(game.id)
    for played in corpus(game):
        index = next((i for i, a in enumerate(played.actions) if a["type"] == kind), None)
        if index is None:
            continue
        seat = played.actions[index]["seat"]
        other = (seat + 1) % played.record["players"]
        seen = seen_at_deal(game, played, (other,))
        card = played.states[0].seats[other].hand[-1]
        named = {"card": card} if kind == "hit" else {"discard": [card]}
        actions = [*played.actions[:index], {**played.actions[index], **named}]
        yield table_case(
            game,
            table_record(played, seen, actions),
            f"A table record whose {kind} names a card of another seat's seen hand: illegal, card_seen, with the "
            "seen hand that holds it as proof.",
            "record-table-illegal",
        )
        return


def seen_at_deal(game: Game[Any, Any, Any], played: Played, seats: tuple[int, ...]) -> dict[str, Any]:
    """What a table saw of a seeded deal (docs/api.md 18's ``seen``): the hands of ``seats``, and of the others what
    the deal shows everyone (a bystander's view: an Old Brag face-up card)."""
    start = played.states[0]
    public = game.view(start, -1)
    hands: list[list[str] | None] = [
        list(start.seats[s].hand if s in seats else public.seats[s].hand) for s in range(start.players)
    ]
    hands = [None if hand is None or set(hand) == {HIDDEN} else hand for hand in hands]
    while hands and hands[-1] is None:
        hands.pop()
    return {"hands": hands} if hands else {}


def table_verdict(
    game: Game[Any, Any, Any], played: Played, seen: dict[str, Any], actions: list[dict[str, Any]]
) -> Verdict:
    """The engine's verdict on a seeded deal's ``actions`` at a table that saw ``seen``."""
    state, _, _, refused = _replayed_seen(game, played, seen, actions)
    return verdict(game, state, refused)


def _replayed_seen(
    game: Game[Any, Any, Any], played: Played, seen: dict[str, Any], actions: list[dict[str, Any]]
) -> Any:
    """A seeded deal's ``actions`` replayed at a table that saw ``seen`` (:func:`replay_seen`'s answer)."""
    start, table = played.states[0], Seen.of(seen)
    deck = seen_deck(game, start.players, start.dealer, start.options, table)
    first = game.deal_checked(start.players, start.dealer, start.options, deck, getattr(start, "carry", None))
    loaded = [load_action(game, a) for a in actions]
    return replay_seen(game, first, loaded, table, keep_events=False)


def table_case(game: Game[Any, Any, Any], record: dict[str, Any], description: str, group: str) -> Case:
    """A case of ``records/adjudicate`` judging a table record (docs/api.md 18) under the rules of play."""
    return post(game, "records/adjudicate", {"record": record}, (SECTIONS["flow"],), description, group)


def table_record(played: Played, seen: dict[str, Any], actions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A seeded deal as a table record (docs/api.md 18): its table, what the table saw (``seen``) in place of its seed
    or deck, and its actions (``actions`` in their place where given)."""
    record = {k: v for k, v in played.record.items() if k not in ("seed", "deck")}
    return {**record, "seen": seen, **({} if actions is None else {"actions": actions})}


def cases(game: Game[Any, Any, Any], ask: Any) -> Iterator[Case]:
    if isinstance(game, TrickGame):
        yield from table_cases(game)
        yield from renege_case(game)
        yield from later_renege_case(game)
        yield from briscola_turn_up_cases(game)
    elif hasattr(game, "missing_cards"):
        yield from hand_table_cases(game)
        yield from card_seen_cases(game)
    flow, scoring = SECTIONS["flow"], SECTIONS["scoring"]
    rng = random.Random(f"records/{game.id}")
    for number, played in enumerate(corpus(game)):
        record, actions = played.record, played.actions
        tags = tags_of(played)
        views = {"views": list(range(record["players"]))} if number == 0 else {}
        yield post(
            game,
            "records/adjudicate",
            {"record": record, **views},
            (flow, scoring),
            f"A seeded deal of {record['players']} played to the end: complete, with its result"
            + (" and every seat's view of every event." if views else "."),
            "record-complete",
            None,
            [*tags, *(["views"] if views else [])],
        )
        if number < 2:  # docs/api.md section 11: the first deal's trace with every seat's, the second's alone
            what = "with its trace: the deal's events and one step per action" + (", per seat" if views else "")
            body = {"record": record, **views, "trace": True}
            yield post(game, "records/adjudicate", body, (flow,), f"A seeded deal {what}.", "record-trace", None, tags)
        half = len(actions) // 2
        yield post(
            game,
            "records/adjudicate",
            {"record": {**record, "actions": actions[:half]}},
            (flow,),
            f"The first {half} actions of a seeded deal: in progress.",
            "record-in-progress",
            None,
            tags,
        )
        index = len(actions) // 3
        state = played.states[index]
        for probe in probes(game, state, game.legal_actions(state), {}, rng):
            refused = refusal(game, state, probe)
            if refused is not None:
                yield post(
                    game,
                    "records/adjudicate",
                    {"record": {**record, "actions": [*actions[:index], probe, *actions[index:]]}},
                    (refused.rule,),
                    f"A seeded deal with an action the rules refuse at index {index} ({refused.code}): illegal, "
                    "the state after the last legal action.",
                    "record-illegal",
                    None,
                    [*tags, f"code:{refused.code}"],
                )
                break
