"""Deals from a real table (docs/api.md section 18): nobody knows the deck, only what was seen.

A table deal is dealt from ``seen`` (each seat's hand as far as the table saw it, the turn-up) as from a deck whose
unseen cards are ``"??"`` (:data:`~service.rules.cards.HIDDEN`): the state holds them as a seat's view does, and every
rule of the game runs on it. An action that names a card shows it (:func:`shown`): a ``"??"`` of that seat's hand
becomes the card (:func:`reveal`) before the game applies the action, so a deal whose every card was seen plays
exactly as a dealt one. What only a card nobody saw could decide is left undecided (:func:`missing`); what the seen
cards prove broken is illegal, with its proof (:class:`SeenReplay`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from service.rules.actions import ActionBase
from service.rules.base import Check, LegalAction, Transition, cards_problem
from service.rules.cards import HIDDEN, SUITS, Card, suit
from service.rules.errors import IllegalAction, InvalidInput, Problem
from service.rules.frozen import evolve
from service.rules.game import Game
from service.rules.seats import deal_order, replace_seat

TABLE_RULE = "table"
"""The rule a table deal's own refusals cite: what the table saw (each rules text's "At a real table")."""

Shown = list[tuple[int, Card]]
"""Cards an action shows from a seat's hand: ``(seat, card)``."""


@dataclass(frozen=True)
class Seen:
    """What a table saw of a deal (docs/api.md 18): each seat's hand as dealt, ``"??"`` for a card nobody saw (None,
    or a seat past the end: a hand nobody saw), and the trump turn-up where the game has one (None: unknown)."""

    hands: tuple[tuple[Card, ...] | None, ...] = ()
    turn_up: Card | None = None

    @classmethod
    def of(cls, raw: Mapping[str, Any]) -> Seen:
        """A request's ``seen`` (hands as lists) as a value."""
        hands = tuple(None if hand is None else tuple(hand) for hand in raw.get("hands") or ())
        return cls(hands, raw.get("turn_up"))


# -- the deal --------------------------------------------------------------------------------------------------
def has_turn_up(game: Game[Any, Any, Any]) -> bool:
    """Whether the game turns a trump up at the deal (Briscola, Briscan, Brisque): its state has a ``turn_up``."""
    return "turn_up" in {f.name for f in dataclasses.fields(game.state_type)}


def seen_deck(
    game: Game[Any, Any, Any], players: int, dealer: int, options: Any, seen: Seen, pointer: str = "/seen"
) -> tuple[Card, ...]:
    """The deck a table deal is dealt from: the pack's size, each seen card where the deal puts it (a seat's k-th
    card in the k-th round of the dealing order, the turn-up after the hands: docs/api.md 5), ``"??"`` elsewhere.
    Raises InvalidInput (at ``pointer``) for a card not in the pack, a card seen twice, a hand of too many cards, or
    a seat not at the table. A turn-up not given is dealt unseen, ``"??"``: the trump is then unknown
    (:func:`trump_unseen`)."""
    pack = game.pack(players, options)
    size: int = game.hand_size  # type: ignore[attr-defined]  # every game deals hands of one size
    problems: list[Problem] = []
    if len(seen.hands) > players:
        problems.append(Problem("invalid_seat", f"{players} players hold {players} hands", f"{pointer}/hands"))
    earlier: set[Card] = set()
    for seat, hand in enumerate(seen.hands[:players]):
        if hand is None:
            continue
        at = f"{pointer}/hands/{seat}"
        if len(hand) > size:
            problems.append(Problem(Check.hand_size, f"a hand is dealt {size} cards, not {len(hand)}", at))
        problems += _seen_problems(hand, pack, earlier, at)
    if seen.turn_up is not None:
        at = f"{pointer}/turn_up"
        problems += [Problem(p.code, p.message, at) for p in _seen_problems((seen.turn_up,), pack, earlier, at)]
    hook = getattr(game, "seen_problems", None)  # a game's cards every table sees (Old Brag's face-up cards)
    if hook is not None and not problems:
        problems += hook(players, options, seen, pointer)
    if problems:
        raise InvalidInput(problems)
    deck = [HIDDEN] * len(pack)
    order = deal_order(dealer, players)
    for seat, hand in enumerate(seen.hands[:players]):
        for k, card in enumerate(hand or ()):
            deck[k * players + order.index(seat)] = card
    if seen.turn_up is not None:
        deck[size * players] = seen.turn_up
    return tuple(deck)


def _seen_problems(cards: Sequence[Card], pack: Sequence[Card], earlier: set[Card], at: str) -> list[Problem]:
    """A seen hand's problems: a card not in the pack, or seen before (``earlier``, which this adds to); a ``"??"``
    is no card."""
    problems = []
    for i, card in enumerate(cards):
        if card == HIDDEN:
            continue
        if card not in pack:
            problems.append(Problem(Check.card_not_in_pack, f"'{card}' is not in this deal's pack", f"{at}/{i}"))
        elif card in earlier:
            problems.append(Problem(Check.duplicate_card, f"'{card}' is seen twice", f"{at}/{i}"))
        earlier.add(card)
    return problems


# -- a turn-up nobody saw ----------------------------------------------------------------------------------------
UNSEEN_TRUMP = suit(HIDDEN)
"""The ``trump`` of a state whose turn-up nobody saw (``"?"``, the suit of ``"??"``: the state derives it as ever)."""


def turn_up_event(card: Card) -> dict[str, Any]:
    """The deal's ``turn_up`` event: the card and its suit, the trump; of a turn-up nobody saw, ``"??"`` and null
    (a table deal's, docs/api.md 18: the game's ``unseen_events``)."""
    return {"type": "turn_up", "card": card, "trump": None if card == HIDDEN else suit(card)}


def trump_unseen(state: Any) -> bool:
    """Whether ``state`` is of a deal whose turn-up nobody saw (``turn_up`` ``"??"``): its trump is unknown."""
    return getattr(state, "turn_up", None) == HIDDEN


def turn_up_unseen(why: str, pointer: str = "/state/turn_up") -> InvalidInput:
    """The 422 of an operation that the trump decides, on a state whose turn-up nobody saw (docs/api.md 18)."""
    return InvalidInput([Problem("turn_up_unseen", f"nobody saw the turn-up, and {why}", pointer)])


def trumps_possible(game: Game[Any, Any, Any], state: Any) -> list[str]:
    """The suits the trump of ``state`` may be: those of the cards its unseen turn-up may be, in suit order."""
    return [s for s in SUITS if any(suit(c) == s for c in unseen_cards(game, state))]


def whatever_trump(game: Any, state: Any) -> Callable[[int, tuple[Card, ...]], Any]:
    """The record of a full trick of a deal whose turn-up nobody saw (the game's ``trick_recorder``): the same for
    every trump the turn-up may give, else a 422 ``turn_up_unseen`` (the trick's winner depends on the trump)."""
    records = [game.trick_recorder(evolve(state, {"trump": trump})) for trump in trumps_possible(game, state)]

    def record(leader: int, cards: tuple[Card, ...]) -> Any:
        done = {each(leader, cards) for each in records}
        if len(done) != 1:
            raise turn_up_unseen(f"the trump decides who takes the trick {' '.join(cards)}")
        return done.pop()

    return record


def turn_up_candidates(game: Game[Any, Any, Any], players: int, options: Any, seen: Seen) -> list[Card]:
    """The cards an unseen turn-up may be: the pack's cards not seen in a hand, in pack order."""
    held = {c for hand in seen.hands for c in hand or ()}
    return [c for c in game.pack(players, options) if c not in held]


# -- what a state holds ------------------------------------------------------------------------------------------
def located(value: Any) -> Iterator[str]:
    """Every string held in the tuples of ``value`` (a state, nested dataclasses and tuples): the cards that lie
    somewhere (hands, stock, tricks, discards), not a single named card (a turn-up's or called card's field)."""
    if isinstance(value, tuple):
        for item in value:
            if isinstance(item, str):
                yield item
            else:
                yield from located(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            inner = getattr(value, f.name)
            if isinstance(inner, tuple) or dataclasses.is_dataclass(inner):
                yield from located(inner)


def known_cards(game: Game[Any, Any, Any], state: Any) -> set[Card]:
    """The cards of the pack that ``state`` shows somewhere."""
    pack = set(game.full_pack())
    return {c for c in located(state) if c in pack}


def holds_unseen(state: Any) -> bool:
    """Whether some card of ``state`` is one nobody saw (``"??"``)."""
    return HIDDEN in located(state)


def unseen_cards(game: Game[Any, Any, Any], state: Any) -> list[Card]:
    """The cards of this deal's pack that ``state`` does not show, in pack order: those its ``"??"`` may be."""
    known = known_cards(game, state)
    return [c for c in game.pack(state.players, game.options_of(state)) if c not in known]


def table_cards_problem(every: Sequence[Card], pack: Sequence[Card], pointer: str) -> list[Problem]:
    """Card conservation where some cards are unseen: the seen cards are distinct cards of ``pack``, and the
    ``"??"`` are exactly as many as the cards of the pack not seen (:func:`~service.rules.game.cards_problem`
    when every card was seen)."""
    hidden = sum(1 for c in every if c == HIDDEN)
    if not hidden:
        return cards_problem(every, pack, pointer)
    seen = [c for c in every if c != HIDDEN]
    problems = [p for p in cards_problem(seen, pack, pointer) if p.code != Check.missing_card]
    unseen = len(set(pack) - set(seen))
    if not problems and unseen != hidden:
        message = f"{hidden} cards unseen ('??') where the pack leaves {unseen} unseen"
        problems.append(Problem(Check.missing_card, message, pointer))
    return problems


# -- actions on unseen cards ------------------------------------------------------------------------------------
def shown(game: Game[Any, Any, Any], state: Any, action: ActionBase) -> Shown:
    """The cards ``action`` shows from its seat's hand: a game's ``shown_cards`` where it has one (a meld, an
    exchanged seven, a discard), else the card of a ``play``."""
    hook = getattr(game, "shown_cards", None)
    if hook is not None:
        return list(hook(state, action))
    card = getattr(action, "card", None)
    return [(action.seat, card)] if action.type == "play" and isinstance(card, str) else []


def reveal(state: Any, seat: int, card: Card) -> Any:
    """``state`` with ``card`` in place of the first ``"??"`` of ``seat``'s hand (the caller checked it has one)."""
    hand = list(state.seats[seat].hand)
    hand[hand.index(HIDDEN)] = card
    return evolve(state, {"seats": replace_seat(state.seats, seat, hand=tuple(hand))})


def showing(game: Game[Any, Any, Any], state: Any, action: ActionBase) -> tuple[Any, list[tuple[int, Card]]]:
    """``state`` with the cards ``action`` names put in its seat's hand where the seat may hold them (a ``"??"``
    of its hand becomes each, unless the state shows it elsewhere: a :data:`~service.rules.base.TableRefusal`
    ``card_seen``), and the cards so revealed. A card the seat's seen hand lacks is left to the game's own refusal."""
    revealed: list[tuple[int, Card]] = []
    known: set[Card] | None = None
    for seat, card in shown(game, state, action):
        if not 0 <= seat < state.players:
            continue
        hand = state.seats[seat].hand
        if card in hand or HIDDEN not in hand or card not in game.full_pack():
            continue
        known = known_cards(game, state) if known is None else known
        if card in known:
            raise game.illegal(state, "card_seen", TABLE_RULE, f"{card} was seen elsewhere in this deal")
        state = reveal(state, seat, card)
        known.add(card)
        revealed.append((seat, card))
    return state, revealed


def unheld(game: Game[Any, Any, Any], state: Any, seat: int, card: Card) -> str | None:
    """Why ``seat``'s hand in ``state`` cannot hold the unseen ``card`` though nobody saw it elsewhere (a game's
    ``unheld``: Briscan's and Brisque's strict play in a trick the seat followed without it), or None."""
    hook = getattr(game, "unheld", None)
    return None if hook is None else hook(state, seat, card)


def apply_seen(game: Game[Any, Any, Any], state: Any, action: ActionBase) -> Transition[Any]:
    """``action`` applied to a state that may hold unseen cards: its cards shown (:func:`showing`), each one the
    seat may hold (:func:`unheld`: else the game's ``check_held`` refuses it), then the game's ``apply``. The same as
    ``apply`` on a state whose cards were all seen. (A record's replay, :class:`SeenReplay`, proves the earlier
    action illegal instead.)"""
    if not holds_unseen(state):
        return game.apply(state, action)
    shown_state, revealed = showing(game, state, action)
    check_held = getattr(game, "check_held", None)  # a game's refusal of a card the seat cannot hold
    if check_held is not None:
        for seat, card in revealed:
            check_held(state, seat, card)
    return game.apply(shown_state, action)


def legal_seen(game: Game[Any, Any, Any], state: Any) -> list[LegalAction]:
    """The legal actions of a state that may hold unseen cards: the game's, and for the seat to act a card play of
    every unseen card the rules would allow were it that seat's (docs/api.md 18), in pack order after the seen
    cards'."""
    legal = game.legal_actions(state)
    seat = state.to_act
    if seat is None or HIDDEN not in state.seats[seat].hand:
        return legal
    listed = [a for a in legal if HIDDEN not in _cards_of(a)]
    keys = {repr(a) for a in listed}
    for card in unseen_cards(game, state):
        if unheld(game, state, seat, card) is not None:
            continue
        for action in game.legal_actions(reveal(state, seat, card)):
            named = _cards_of(action)
            if (card in named or not named) and HIDDEN not in named and repr(action) not in keys:
                keys.add(repr(action))
                listed.append(action)
    return listed


def _cards_of(action: LegalAction) -> list[str]:
    """The card strings an action as listed names (its ``card``, its lists' and melds' cards)."""
    out: list[str] = []
    for key, value in action.items():
        if key == "type":
            continue
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, list):
            for item in value:
                out += [item] if isinstance(item, str) else _cards_of(item) if isinstance(item, dict) else []
    return out


# -- a table record replayed ------------------------------------------------------------------------------------
@dataclass
class Proved:
    """An earlier action the cards shown later prove illegal: its index and refusal, and the proof."""

    index: int
    refusal: IllegalAction
    proof: dict[str, Any]


@dataclass
class _Held:
    """An action of a seat whose hand held unseen cards: the state it was applied to (its cards shown)."""

    index: int
    state: Any
    action: ActionBase


@dataclass
class SeenReplay:
    """A table record's actions applied one by one (:meth:`apply`, the step of :func:`records.replay`): each
    action's cards shown before the game applies it, where each card was first seen remembered for a proof, and
    every earlier action of a seat re-judged when its hand shows a card it held then (a renege a card shown later
    proves: :attr:`proved`)."""

    game: Game[Any, Any, Any]
    seen: Seen
    players: int
    first_seen: dict[Card, int | None] = field(default_factory=dict)
    """Where each card was first seen: an action's index, or None (the seen hands, the turn-up)."""
    proved: list[Proved] = field(default_factory=list)
    index: int = 0
    _held: dict[int, list[_Held]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for hand in self.seen.hands:
            self.first_seen.update((c, None) for c in hand or () if c != HIDDEN)
        if self.seen.turn_up is not None:
            self.first_seen[self.seen.turn_up] = None

    def apply(self, state: Any, action: ActionBase) -> Transition[Any]:
        """The next step of the replay (the actions come in order, from index 0)."""
        index, self.index = self.index, self.index + 1
        try:
            shown_state, revealed = showing(self.game, state, action)
        except IllegalAction as seen_elsewhere:
            raise self._with_proof(self._first_refusal(state, action, seen_elsewhere), state, action, index) from None
        try:
            transition = self.game.apply(shown_state, action)
        except IllegalAction as refusal:
            raise self._with_proof(refusal, state, action, index) from None
        for seat, card in revealed:
            self.first_seen.setdefault(card, index)
            self._rejudge(seat, card, index)
        pack = self.game.full_pack()
        for card in _cards_of(_fields(action)):
            if card in pack:
                self.first_seen.setdefault(card, index)
        self._remember(shown_state, transition.state, action, index)
        return transition

    def _first_refusal(self, state: Any, action: ActionBase, seen_elsewhere: IllegalAction) -> IllegalAction:
        """The refusal of an action that names a card seen elsewhere: the game's own when it is out of turn or the
        deal is over (those come first), else ``seen_elsewhere``."""
        if action.seat == state.to_act:
            return seen_elsewhere
        try:
            self.game.apply(state, action)
        except IllegalAction as refusal:
            return refusal
        return seen_elsewhere

    def _remember(self, before: Any, after: Any, action: ActionBase, index: int) -> None:
        """Keep ``action`` for re-judging while its seat's hand held unseen cards; forget a seat's kept actions
        once its hand grows (a card shown later may have been drawn after them)."""
        for seat in range(self.players):
            if len(after.seats[seat].hand) > len(before.seats[seat].hand):
                self._held.pop(seat, None)
        seat = action.seat
        if 0 <= seat < self.players and HIDDEN in before.seats[seat].hand:
            self._held.setdefault(seat, []).append(_Held(index, before, action))

    def _rejudge(self, seat: int, card: Card, index: int) -> None:
        """Each kept action of ``seat`` applied again with ``card`` (shown now, held then) in its hand: one the rules
        refuse is proved illegal by the action that showed it."""
        kept = self._held.get(seat, [])
        for held in list(kept):
            if HIDDEN not in held.state.seats[seat].hand:
                continue
            try:
                self.game.apply(reveal(held.state, seat, card), held.action)
            except IllegalAction as refusal:
                kept.remove(held)
                proof = {"actions": [held.index, index], "hands": self._hands(held.state, seat)}
                self.proved.append(Proved(held.index, refusal, proof))

    def _with_proof(self, refusal: IllegalAction, state: Any, action: ActionBase, index: int) -> IllegalAction:
        """``refusal`` of the action at ``index`` with what proves it: the actions that showed the card elsewhere or
        another card of the seat's, and the seat's hand as seen."""
        actions, holders = [index], {action.seat}
        for card in _cards_of(_fields(action)):
            where = self.first_seen.get(card)
            if where is not None and where != index:
                actions.insert(0, where)
            holders.update(s for s in range(self.players) if card in state.seats[s].hand)  # a seen hand holds it
        hands = [h for seat in sorted(holders) for h in self._hands(state, seat)]
        return ProvedAction(
            refusal.code,
            refusal.rule,
            refusal.message,
            legal_seen(self.game, state),
            {"actions": sorted(set(actions)), "hands": hands},
        )

    def _hands(self, state: Any, seat: int) -> list[dict[str, Any]]:
        """The seen cards of ``seat``'s hand in ``state`` (none where it is not a seat of the table)."""
        if not 0 <= seat < self.players:
            return []
        return [{"seat": seat, "cards": [c for c in state.seats[seat].hand if c != HIDDEN]}]

    def earliest(self) -> Proved | None:
        """The earliest action a card shown later proved illegal, if any."""
        return min(self.proved, key=lambda p: p.index, default=None)


@dataclass
class ProvedAction(IllegalAction):
    """An :class:`IllegalAction` of a table record, with its ``proof``: the indexes of the actions and the seen
    hands that prove it."""

    proof: dict[str, Any] = field(default_factory=dict)


def _fields(action: ActionBase) -> dict[str, Any]:
    """An action's fields as a listed action has them (for the cards it names)."""
    return {f.name: _plain(getattr(action, f.name)) for f in dataclasses.fields(action)}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _fields(value)  # type: ignore[arg-type]
    if isinstance(value, Mapping):
        return list(value)  # a declaration's trump cards
    return value


# -- the verdict -----------------------------------------------------------------------------------------------
def unshown(hands: Mapping[int, Sequence[Card]]) -> list[dict[str, int]]:
    """What a showdown of ``hands`` (``{seat: cards}``) lacks: each seat holding cards nobody saw, and how many
    (``[{seat, cards}]``, by seat; empty when every card was shown)."""
    counts = ((seat, sum(1 for c in cards if c == HIDDEN)) for seat, cards in sorted(hands.items()))
    return [{"seat": seat, "cards": n} for seat, n in counts if n]


def missing(game: Game[Any, Any, Any], state: Any) -> list[dict[str, int]]:
    """The seats whose unseen cards the deal's result depends on, and how many of them (``[{seat, cards}]``; empty
    when the seen cards decide it, or the deal goes on): a game's ``missing_cards`` where it has one."""
    hook = getattr(game, "missing_cards", None)
    if hook is None or not holds_unseen(state):
        return []
    return list(hook(state))


__all__ = [
    "TABLE_RULE",
    "UNSEEN_TRUMP",
    "ProvedAction",
    "Seen",
    "SeenReplay",
    "apply_seen",
    "holds_unseen",
    "known_cards",
    "legal_seen",
    "missing",
    "reveal",
    "seen_deck",
    "showing",
    "table_cards_problem",
    "trump_unseen",
    "turn_up_event",
    "trumps_possible",
    "turn_up_candidates",
    "turn_up_unseen",
    "unheld",
    "unseen_cards",
    "unshown",
    "whatever_trump",
]
