"""Briscan's and Brisque's greedy rollout without states: :func:`~service.rules.bots.pimc.play_out` with the greedy
policy (:func:`~service.rules.bots.cheap.rollout_action`), played on lists in place of the game's ``apply``, as
:mod:`service.rules.bots.briscola_rollout` plays Briscola's.

The same deal to the same end, action for action, and the same :func:`~service.rules.bots.pimc.outcome`:
- on lead between tricks, the seat's first announcement the game lists (its melds by
  :func:`~service.rules.briscan.melds.candidates`, each refused as ``Briscan`` refuses it: the kinds allowed now,
  BSC-A6, A9 and A10; BSC-A7's ``melds_per_turn``; the reuse of cards, BSC-A2), then its trump seven exchange
  (2(b)4, BSC-A5), then greedy play; within a trick, greedy play among the legal plays (strict once the talon is
  empty, :func:`~service.rules.briscan.game.strict_plays`);
- Brisque's four kings or queens ending the deal ("vinner omedelbart spelet"), the draws (the winner first, the
  loser the turn-up last), the bonuses as ``Briscan.expected_bonuses`` scores them, the end after the last trick
  ("Sork" when one seat took them all) or at once at the target (BSC-A8 ``immediate``), and ``Briscan.result``.

A test plays both from every state of many deals under many option sets.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from service.rules.bots.briscola_rollout import WIN_BONUS, greedy
from service.rules.bots.cheap import worth
from service.rules.briscan.cards import PACK
from service.rules.briscan.game import Briscan, strict_plays
from service.rules.briscan.melds import Announcement, _ordered, candidates, reuse_problem
from service.rules.briscan.state import TRICKS, BriscanState
from service.rules.briscan.variants import CB_COURTS, CB_PIPS, QUARTET, TRUMP_ACE
from service.rules.cards import rank
from service.rules.tricks import beaten_by


@lru_cache(maxsize=64)
def stronger(game: Briscan, trump: str, options: Any) -> dict[str, frozenset[str]]:
    """For each card of the pack, the cards that take a trick it leads (by the game's own trick winner)."""
    return beaten_by(PACK, lambda w, c: game.trick_winner(trump, [w, c], options)[0] == 1)


class _Deal:
    """The deal on lists: hands, talon, melds and the counts the bonuses and the end read."""

    def __init__(self, game: Briscan, state: BriscanState) -> None:
        self.game, self.options, self.variant = game, state.options, game.variant
        self.trump, self.turn_up, self.dealer = state.trump, state.turn_up, state.dealer
        self.before = list(state.carry.game_score)
        self.hands = [list(s.hand) for s in state.seats]
        self.card_points = [s.card_points for s in state.seats]
        self.melds = [list(s.melds) for s in state.seats]
        self.talon = list(state.talon)
        self.exchanged_by = state.exchanged_by
        self.leader, self.trick = state.leader, list(state.trick)
        self.to_act: int = state.leader if state.to_act is None else state.to_act
        self.done = len(state.tricks)
        self.first = state.tricks[0].winner if state.tricks else None
        self.last_winner = state.tricks[-1].winner if state.tricks else None
        self.takers = {t.winner for t in state.tricks}
        self.won = [sum(1 for t in state.tricks if t.winner == s) for s in (0, 1)]
        self.final_takers = {t.winner for t in state.tricks[game.talon_tricks :]}
        ace = "A" + self.trump
        holder = next((s.seat for s in state.seats if ace in s.hand), None)
        for trick in state.tricks:
            holder = next(((trick.leader + i) % 2 for i, c in enumerate(trick.cards) if c == ace), holder)
        self.ace_holder = next(((state.leader + i) % 2 for i, c in enumerate(state.trick) if c == ace), holder)
        self.last_cards = [False, False]
        if self.done >= game.talon_tricks and not self.talon:
            self.last_cards = [self._all_trumps(game._final_hand(state, s)) for s in (0, 1)]
        self.ended = state.ended
        self.decisive: int | None = None
        """The seat whose announcement won the deal at once (Brisque's four kings or queens)."""

    def _all_trumps(self, cards: list[str]) -> bool:
        return len(cards) == self.variant.hand_size and all(c[1] == self.trump for c in cards)

    # -- the scores -----------------------------------------------------------------------------------
    def bonuses(self, seat: int) -> int:
        """The bonuses ``seat`` has earned so far (``Briscan.expected_bonuses``)."""
        opts, scores, total = self.options, self.variant.bonuses, 0
        if (
            seat == self.dealer
            and "turn_up" in scores
            and rank(self.turn_up) in "ATKQJ"
            and (not self.variant.turn_up_bonus_optional or opts.brisque_turnup_bonus)
        ):
            total += 10
        if "seven_exchange" in scores and self.exchanged_by == seat:
            total += opts.seven_exchange_points
        exchanged_ace = self.exchanged_by is not None and self.turn_up == "A" + self.trump
        if (
            "trump_ace" in scores
            and opts.trump_ace_bonus == "automatic_on_holding"
            and not exchanged_ace
            and self.ace_holder == seat
        ):
            total += 30
        if "last_cards" in scores and self.last_cards[seat]:
            total += 30
        if self.done == TRICKS:
            if "last_trick" in scores and self.last_winner == seat:
                total += 10
            if "last_tricks" in scores and self.final_takers == {seat}:
                total += 20
            if "most_cards" in scores and self.won[seat] > self.won[1 - seat]:
                total += 10
        return total

    def score(self, seat: int) -> int:
        return self.card_points[seat] + sum(m.points for m in self.melds[seat]) + self.bonuses(seat)

    def settle(self) -> None:
        """The deal's end after a trick, an announcement or an exchange (``Briscan._settle``)."""
        if self.ended:
            return
        if self.done == TRICKS:
            self.ended = "slam" if len(self.takers) == 1 else "points"
        elif self.options.win_check == "immediate":
            totals = [self.before[s] + self.score(s) for s in (0, 1)]
            if max(totals) >= self.options.target_score and totals[0] != totals[1]:
                self.ended = "target"

    # -- on lead between tricks ----------------------------------------------------------------------
    def announcement(self, seat: int) -> tuple[str, tuple[str, ...], int] | None:
        """The first meld ``Briscan.legal_actions`` lists for ``seat`` on lead, or None."""
        opts, variant = self.options, self.variant
        initial = variant.initial_carte_blanche(opts)
        if not self.done:
            kinds: tuple[str, ...] = (CB_COURTS, CB_PIPS) if initial else ()
        elif not self.talon and not opts.announce_after_talon:
            return None
        else:
            kinds = variant.meld_kinds
            if opts.trump_ace_bonus != "announce":
                kinds = tuple(k for k in kinds if k != TRUMP_ACE)
            if initial:
                kinds = tuple(k for k in kinds if k not in (CB_COURTS, CB_PIPS))
        if not kinds:
            return None
        prior = self.melds[seat]
        limit = opts.melds_per_turn
        if limit is not None and sum(1 for m in prior if m.trick == self.done) + 1 > limit:
            return None
        exchanged_ace = self.exchanged_by == seat and self.turn_up == "A" + self.trump
        for kind, cards, points in candidates(self.hands[seat], self.trump, opts, variant, maximal=False):
            if kind not in kinds or (kind == TRUMP_ACE and exchanged_ace):
                continue
            if reuse_problem(kind, cards, prior, opts) is None:
                return kind, cards, points
        return None

    def announce(self, seat: int, kind: str, cards: tuple[str, ...], points: int) -> None:
        self.melds[seat].append(Announcement(kind, _ordered(cards), points, self.done))
        if self.variant.quartet_ends_game and kind == QUARTET:
            self.ended = "four_kings" if rank(cards[0]) == "K" else "four_queens"
            self.decisive = seat
        self.settle()

    def may_exchange(self, seat: int) -> bool:
        """``Briscan.exchange_allowed`` for ``seat`` on lead between tricks."""
        talon = self.talon
        if not talon or self.exchanged_by is not None or talon[-1] != self.turn_up:
            return False
        if "7" + self.trump not in self.hands[seat]:
            return False
        if self.options.seven_exchange_requires_trick_win:
            return seat == self.leader and self.done > 0
        return self.variant.exchange_any_time or len(talon) >= 2

    def exchange(self, seat: int) -> None:
        seven, hand = "7" + self.trump, self.hands[seat]
        hand[hand.index(seven)] = self.turn_up
        self.talon[-1] = seven
        self.exchanged_by = seat
        self.settle()

    # -- the tricks ----------------------------------------------------------------------------------
    def took(self, winner: int, points: int) -> None:
        """A full trick taken by ``winner``: its points, the draws, the final hand's bonus, the end."""
        self.card_points[winner] += points
        self.done += 1
        self.takers.add(winner)
        self.won[winner] += 1
        self.last_winner = winner
        if self.first is None:
            self.first = winner
        if self.done > self.game.talon_tricks:
            self.final_takers.add(winner)
        talon = self.talon
        if talon:
            for s in (winner, 1 - winner)[: len(talon)]:
                card = talon.pop(0)
                self.hands[s].append(card)
                if card == "A" + self.trump:
                    self.ace_holder = s
            if not talon:
                self.last_cards = [self._all_trumps(self.hands[s]) for s in (0, 1)]
        self.leader = self.to_act = winner
        self.settle()

    def outcome(self, seat: int) -> float:
        """:func:`~service.rules.bots.pimc.outcome` of ``Briscan.result``: the margin of the deal scores, the win
        bonus more for the deal won (less for one lost)."""
        points = [self.score(s) for s in (0, 1)]
        if self.ended == "slam":
            winners = [self.first]
        elif self.decisive is not None:
            winners = [self.decisive]
        elif self.ended == "target":
            after = [self.before[s] + points[s] for s in (0, 1)]
            winners = [0 if after[0] > after[1] else 1]
        else:
            winners = [] if points[0] == points[1] else [0 if points[0] > points[1] else 1]
        bonus = WIN_BONUS if seat in winners else -WIN_BONUS if winners else 0.0
        return float(points[seat] - points[1 - seat] + bonus)


def play_out(game: Briscan, state: BriscanState, seat: int) -> float:
    """``state`` played to the end greedily: its outcome for ``seat``."""
    deal = _Deal(game, state)
    if state.to_act is None:
        if state.ended in ("four_kings", "four_queens"):
            deal.decisive = next(s.seat for s in state.seats if any(m.kind == QUARTET for m in s.melds))
        return deal.outcome(seat)
    trump, rule = deal.trump, deal.options.final_phase_rule
    value = worth(game, trump, deal.options)
    beats = stronger(game, trump, deal.options)
    hands, trick = deal.hands, deal.trick
    while not deal.ended:
        mover = deal.to_act
        cards = hands[mover]
        if not trick:
            found = deal.announcement(mover)
            if found is not None:
                deal.announce(mover, *found)
                continue
            if deal.may_exchange(mover):
                deal.exchange(mover)
                continue
            card = greedy(trump, (), cards, value)
        else:
            led = trick[0]
            legal = cards if deal.talon else strict_plays(cards, led, trump, rule)
            card = greedy(trump, beats[led] if value[led][0] else (), legal, value)
        cards.remove(card)  # the trump ace's holder stays the seat that played it (``ace_holder``)
        if not trick:
            trick.append(card)
            deal.to_act = 1 - mover
            continue
        led = trick[0]
        winner = mover if card in beats[led] else deal.leader
        trick.clear()
        deal.took(winner, value[led][0] + value[card][0])
    return deal.outcome(seat)


__all__ = ["play_out", "stronger"]
