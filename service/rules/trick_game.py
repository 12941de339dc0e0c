"""The trick-taking games (Briscola, Briscola chiamata, Briscan, Brisque): :class:`TrickGame`, the steps of play
they share (a card to the trick, a full trick taken, the stock drawn), and the quiet replay's fast path by way of
:mod:`service.rules.trick_replay`."""

from __future__ import annotations

import functools
from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from service.rules.actions import ActionBase
from service.rules.base import A, Event, Opts, S, Transition
from service.rules.cards import Card
from service.rules.frozen import evolve
from service.rules.game import Game
from service.rules.seats import next_seat
from service.rules.seen import trump_unseen, whatever_trump
from service.rules.trick_replay import TrickTable, take_tricks, trick_record
from service.rules.tricks import Trick, draw_after_trick, parse_suit

TakeTrick = Callable[
    [int, tuple[Card, ...], tuple[Card, ...] | None], tuple[Trick, tuple[Card, ...] | None, tuple[int, ...]]
]
"""A full trick taken (:meth:`TrickGame.trick_taker`): from its leader, its cards and the stock, the trick's record,
the stock left and the seats that draw."""


class TrickGame(Game[S, Opts, A]):
    """A trick-taking game (Briscola, Briscola chiamata, Briscan, Brisque)."""

    private_events: ClassVar[Mapping[str, tuple[str, ...]]] = {"draw": ("card",)}
    """A card drawn from the stock or talon is known to its drawer only, unless it lay face up."""

    def deal(self, players: int, dealer: int, options: Opts, deck: Sequence[Card], carry: Any = None) -> Transition[S]:
        """The table, the carry and the deck checked (:meth:`check_deal`: InvalidInput), then
        :meth:`deal_checked`."""
        self.check_deal(players, dealer, options, deck, carry)
        return self.deal_checked(players, dealer, options, deck, carry)

    @abstractmethod
    def deal_checked(
        self, players: int, dealer: int, options: Opts, deck: Sequence[Card], carry: Any = None
    ) -> Transition[S]:
        """The state after the deal of a table, a carry and a deck that hold (the caller checked them)."""

    def parse_suit(self, text: str) -> str:
        """``S``, ``♠``, ``spade`` (a letter, a symbol, or an Italian, English or Swedish suit name) -> ``S``;
        raises CardError."""
        return parse_suit(text)

    announces_melds: ClassVar[bool] = False
    """Whether hands hold announcements (melds) to evaluate (Briscan, Brisque)."""
    meld_kinds: ClassVar[tuple[str, ...]] = ()
    """The words of the meld vocabulary (which of them a variant scores is a rule: a 409 names it)."""

    def evaluate_melds(self, hand: Sequence[Card], trump: str, options: Opts) -> list[dict[str, Any]]:
        """Every meld ``hand`` holds with ``trump`` as trumps: ``{kind, cards, points}``. Only where announced."""
        raise NotImplementedError(f"{self.name} has no announcements")

    @abstractmethod
    def trick_winner(self, trump: str, cards: Sequence[Card], options: Opts) -> tuple[int, int]:
        """The index (into ``cards``, in play order) of the card that wins, and the trick's card points."""

    # -- the steps of play every trick game shares -------------------------------------------------
    points_field: ClassVar[str] = "points"
    """The seat record's field that counts the card points taken in tricks."""
    stock_field: ClassVar[str | None] = "stock"
    """The state's field holding the cards drawn after each trick (None: no drawing)."""

    @abstractmethod
    def score_trick(self, state: S, cards: Sequence[Card]) -> tuple[int, int]:
        """The winning card's index in ``cards`` (play order) and the trick's card points, in ``state``."""

    def play_to_trick(
        self, state: S, seat: int, card: Card, also: Sequence[Event] = (), **changes: Any
    ) -> Transition[S]:
        """``seat`` plays ``card`` from its hand to the trick (the state takes ``changes`` too; ``also`` follows
        the ``play`` event): the turn passes to the next seat, or the full trick is finished."""
        table: TrickTable = state  # type: ignore[assignment]  # every trick game's state has these fields
        seats = table.seats
        held = seats[seat].hand
        at = held.index(card)  # the caller checked it is held (once: a hand holds distinct cards)
        hand = held[:at] + held[at + 1 :]
        trick = (*table.trick, card)
        play: Event = {"type": "play", "seat": seat, "card": card}
        players = state.players
        if len(trick) < players:
            changed = list(seats)
            changed[seat] = evolve(changed[seat], {"hand": hand})
            step = {"seats": tuple(changed), "trick": trick, "to_act": next_seat(seat, players)}
            after = evolve(state, step | changes if changes else step)
            return Transition(after, (play, *also) if also else (play,))
        hands = [s.hand for s in seats]
        hands[seat] = hand
        return self.finish_trick(state, hands, trick, [play, *also] if also else [play], changes)

    def finish_trick(
        self,
        state: S,
        hands: list[tuple[Card, ...]],
        trick: tuple[Card, ...],
        events: list[Event],
        changes: dict[str, Any],
    ) -> Transition[S]:
        """Score the full ``trick`` (``hands`` are the seats' hands after it, ``changes`` the state's other
        changes): :meth:`take_trick`, then :meth:`trick_taken` says what follows."""
        table: TrickTable = state  # type: ignore[assignment]
        leader = table.leader
        assert leader is not None  # a trick is played only once somebody leads
        stock_field = self.stock_field
        stock = getattr(state, stock_field) if stock_field is not None else None
        done, rest, drew = self.take_trick(state, leader, trick, stock)
        winner = done.winner
        events.append({"type": "trick", "winner": winner, "cards": list(trick), "points": done.points})
        if drew:
            assert stock is not None
            for s, c in zip(drew, stock):  # noqa: B905 - a card for each seat that draws
                hands[s] = (*hands[s], c)
            events += [{"type": "draw", "seat": s, "card": c} for s, c in zip(drew, stock)]  # noqa: B905
        gains = [0] * state.players
        gains[winner] = done.points
        return self.trick_taken(self.seated(state, hands, gains, (*table.tricks, done), rest, changes), events)

    def take_trick(
        self, state: S, leader: int, trick: tuple[Card, ...], stock: tuple[Card, ...] | None
    ) -> tuple[Trick, tuple[Card, ...] | None, tuple[int, ...]]:
        """The full ``trick`` led by ``leader`` taken (:meth:`trick_taker`): the trick's record, the stock left and
        the seats that draw, in draw order (the k-th takes the stock's k-th card)."""
        return self.trick_taker(state)(leader, trick, stock)

    def trick_taker(self, state: S) -> TakeTrick:
        """How a full trick is taken in ``state``'s deal, with what it reads of the state read once: the winner
        (:meth:`trick_recorder`) takes its points and leads next; then, where there is a ``stock``, every seat
        draws one card, the winner first (:func:`draw_after_trick`). :meth:`take_tricks` takes its tricks by the
        same two steps, written in its loop (a call a trick fewer): a game that takes a trick otherwise overrides
        both, or does not play freely."""
        players = state.players
        record = whatever_trump(self, state) if trump_unseen(state) else self.trick_recorder(state)  # docs/api.md 18

        def take(
            leader: int, trick: tuple[Card, ...], stock: tuple[Card, ...] | None
        ) -> tuple[Trick, tuple[Card, ...] | None, tuple[int, ...]]:
            done = record(leader, trick)
            rest, drew = draw_after_trick(stock, done.winner, players) if stock else (stock, ())
            return done, rest, drew

        return take

    def trick_recorder(self, state: S) -> Callable[[int, tuple[Card, ...]], Trick]:
        """The record of a full trick of ``state``'s deal from its leader and cards (:func:`trick_record` by
        :meth:`score_trick`), for the tricks of a deal taken one after another (a game whose scoring reads only
        what the deal fixes may read it once, and remember the records: they are immutable)."""
        return functools.partial(trick_record, functools.partial(self.score_trick, state), state.players)

    def seated(
        self,
        state: S,
        hands: list[tuple[Card, ...]],
        gains: list[int],
        tricks: tuple[Trick, ...],
        stock: tuple[Card, ...] | None,
        changes: dict[str, Any],
    ) -> S:
        """``state`` after whole tricks: the seats hold ``hands`` and took ``gains`` more points, ``tricks`` are
        finished, the last one's winner leads and is to act, the stock is what is left (and ``changes``). Each
        seat record is built once, and only where its hand or points changed (seat records are in seat order:
        ``seats[i].seat == i``)."""
        old = state.seats  # type: ignore[attr-defined]  # every trick game's state has seats
        seats = list(old)
        field = self.points_field
        for i, hand in enumerate(hands):
            if gains[i]:
                seats[i] = evolve(old[i], {"hand": hand, field: getattr(old[i], field) + gains[i]})
            elif hand is not old[i].hand:
                seats[i] = evolve(old[i], {"hand": hand})
        leader = tricks[-1].winner
        step = {"seats": tuple(seats), "trick": (), "tricks": tricks, "leader": leader, "to_act": leader}
        if self.stock_field is not None:
            step[self.stock_field] = stock
        return evolve(state, step | changes if changes else step)

    @abstractmethod
    def trick_taken(self, state: S, events: list[Event]) -> Transition[S]:
        """The state after a trick is taken (the winner on lead and to act): what else follows (the phase)."""

    def plays_freely(self, state: S) -> bool:
        """Whether from ``state`` to the deal's end the seat to act may play any card it holds and a play does
        nothing but go to the trick (:meth:`play_to_trick`), a trick taken changes nothing but what
        :meth:`take_trick` changes until the hands are empty, and :meth:`score_trick` reads nothing a play
        changes. Where it holds, :meth:`take_tricks` may take the deal's plays without a state between them."""
        return False

    def take_tricks(self, state: S, actions: Sequence[ActionBase], start: int, end: int | None = None) -> tuple[S, int]:
        """``actions`` from ``start`` (up to ``end``) taken a whole trick at a time while the game
        :meth:`plays_freely`: :func:`~service.rules.trick_replay.take_tricks` (none where the trump is unknown: each
        trick is then taken by :meth:`trick_taker`)."""
        if trump_unseen(state):
            return state, start
        return take_tricks(self, state, actions, start, end)
