"""Analysis (docs/api.md section 19): what each decision of a record cost, by the suggestions' own policy.

A record is replayed as ``records/adjudicate`` replays it (:func:`replayed`: the state before each applied action);
each action of an analysed seat that had a choice (more than one way to act: :func:`had_choice`) is a decision,
weighed by :func:`service.rules.bots.weigh` exactly as ``actions/suggest`` weighs ``{state before it, seat, level,
seed}``: the same worlds, the same values, the same answer. The chosen action is valued in the same samples (where
the policy did not list it, it is weighed beside the candidates). ``best`` is the suggestion's action (the first
candidate but for a seeded bluff, which a betting policy makes in place of a fold) and ``loss`` what the choice gave
up against it, never negative; the loss is labelled by the game's :class:`Scale` and scored from 0 to 100
(:func:`accuracy`). A table record (section 18) is replayed as ``records/adjudicate`` replays it (``seen``); a seat
knew its own hand, so a decision's state gets the seat's cards nobody saw from what the record shows later
(:func:`own_cards`), and a decision whose cards the record never shows is left out (counted as ``unseen``).

Work is bounded, never timed: a request's work is its decisions times the level's samples (:func:`samples`), at
most :func:`budget` (about 64 decisions at ``normal``); past it :func:`check_work` refuses it, saying what fits.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.rules.actions import ActionBase, wire
from service.rules.base import LegalAction, Transition
from service.rules.bots import weigh
from service.rules.bots.betting import budget_of
from service.rules.bots.common import Candidate, Suggestion, rounded
from service.rules.bots.pimc import budget as trick_budget
from service.rules.cards import HIDDEN, Card
from service.rules.errors import InvalidInput, Problem
from service.rules.frozen import evolve
from service.rules.game import Game
from service.rules.hand_game import HandGame
from service.rules.records import Refused, replay, replay_seen
from service.rules.seats import replace_seat
from service.rules.seen import Seen, shown, unseen_cards
from service.rules.trace import Trace

LEVELS = ("easy", "normal")
"""The levels an analysis runs at (docs/api.md 19): ``hard`` would cost a whole deal too much."""
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
POLICY = "analysis/1"
"""The analysis's name and version: suggestion (``actions/suggest``'s policies) run over a replay."""
BUDGET_DECISIONS = 64
"""A request's work may reach this many decisions at ``normal`` (a whole two-player Briscola deal has 40 at most)."""


@dataclass(frozen=True)
class Scale:
    """A game's losses in words: the unit of its values, and the loss that makes an inaccuracy (a mistake twice
    it, a blunder three times), as lichess's 10, 20 and 30 points of winning chance (docs/analysis.md)."""

    unit: str
    inaccuracy: float

    @property
    def thresholds(self) -> dict[str, float]:
        """Each label's least loss (``good``: any loss above 0)."""
        step = self.inaccuracy
        return {"good": 0.0, "inaccuracy": step, "mistake": rounded(2 * step), "blunder": rounded(3 * step)}


TRICK_UNIT = "expected card points of the deal for the seat's side, 20 more for a deal won (docs/suggestions.md)"
SCALES: dict[str, Scale] = {
    "briscola": Scale(TRICK_UNIT, 4.0),
    "briscola-chiamata": Scale(
        "expected card points of the deal for the seat's side, 20 for a unit of the seat's payout", 4.0
    ),
    "briscan": Scale("expected margin of the deal's score over the opponent, 20 more for a deal won", 20.0),
    "brisque": Scale("expected margin of the deal's score over the opponent, 20 more for a deal won", 10.0),
    "three-card-brag": Scale("expected chips from the decision on", 1.0),
    "old-brag": Scale("expected chips from the decision on (the 31 phase: chance of staying under 32)", 0.5),
    "broggin": Scale("expected chips from the decision on (the exchange: equity share of the hand drawn)", 0.5),
}
"""Each game's unit and inaccuracy, chosen from measured loss distributions (docs/analysis.md)."""


def scale_of(game: Game[Any, Any, Any]) -> Scale:
    """The game's :class:`Scale`."""
    return SCALES[game.id]


def label(loss: float, scale: Scale) -> str:
    """``best`` for no loss, else the worst label whose threshold the loss reaches."""
    if loss <= 0:
        return "best"
    reached = [name for name, least in scale.thresholds.items() if loss >= least]
    return reached[-1]


def accuracy(loss: float, scale: Scale) -> float:
    """A decision's accuracy, 0 to 100: lichess's ``103.1668 exp(-0.04354 d) - 3.1669`` clamped, ``d`` the loss in
    points of winning chance as the scale reads it (an inaccuracy's loss is 10, a mistake's 20, a blunder's 30);
    100 for no loss."""
    if loss <= 0:
        return 100.0
    chance = 10.0 * loss / scale.inaccuracy
    return rounded(min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * chance) - 3.1669)))


def samples(game: Game[Any, Any, Any], level: str) -> int:
    """The samples one suggestion at ``level`` rests on: the worlds of a trick game, the equity samples of a
    betting game (the unit of an analysis's work)."""
    if isinstance(game, HandGame):
        return budget_of(game, level).samples
    return trick_budget(game.id, level).worlds


def budget(game: Game[Any, Any, Any]) -> int:
    """The most work (decisions times samples) one request may ask for."""
    return BUDGET_DECISIONS * samples(game, "normal")


def check_work(game: Game[Any, Any, Any], decisions: int, level: str) -> None:
    """Raise InvalidInput unless ``decisions`` at ``level`` fit the budget: at ``/level`` when an easier level
    fits them, else at ``/seats``, saying how many fit at each level."""
    most = budget(game)
    if decisions * samples(game, level) <= most:
        return
    fits = {lvl: most // samples(game, lvl) for lvl in LEVELS}
    told = ", ".join(f"{fits[lvl]} at {lvl}" for lvl in LEVELS)
    message = (
        f"{decisions} decisions at {level} are {decisions * samples(game, level):,} samples, over the budget of "
        f"{most:,}: at most {told} (analyse fewer seats, or an easier level)"
    )
    easier = any(decisions <= fits[lvl] for lvl in LEVELS)
    raise InvalidInput([Problem("analysis_too_big", message, "/level" if easier else "/seats")])


@dataclass(frozen=True)
class Step:
    """An applied action of a record: its index, the action, and the state before it."""

    index: int
    action: ActionBase
    before: Any


@dataclass(frozen=True)
class Decision:
    """One decision weighed: the chosen action and its value, the best (the suggestion) and what the choice lost,
    its label, and every candidate weighed (best first)."""

    index: int
    seat: int
    action: LegalAction
    value: float
    best: Candidate
    loss: float
    label: str
    policy: str
    considered: tuple[Candidate, ...]


@dataclass(frozen=True)
class SeatSummary:
    """One seat's decisions in all: how many, their total loss, the mean accuracy (None without a decision), and
    each label's count."""

    seat: int
    decisions: int
    loss: float
    accuracy: float | None
    labels: dict[str, int]
    unseen: int = 0
    """The seat's decisions left out: a table record never shows the cards it held then (:func:`own_cards`)."""


class _Befores(Trace[Any]):
    """A replay's observer that keeps each applied action with the state before it."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        super().__init__(game)
        self.kept: list[Step] = []

    def applied(self, index: int, action: ActionBase, before: Any, transition: Transition[Any]) -> None:
        self.kept.append(Step(index, action, before))


def replayed(
    game: Game[Any, Any, Any], first: Transition[Any], actions: Sequence[ActionBase], seen: Seen | None = None
) -> tuple[list[Step], Any, Refused | None]:
    """The record replayed as ``records/adjudicate`` replays it (:func:`~service.rules.records.replay`, or
    :func:`~service.rules.records.replay_seen` for a table record's ``seen``): each applied action with the state
    before it, the last state and the refusal (None when every action was legal)."""
    kept = _Befores(game)
    if seen is None:
        state, _, _, refused = replay(game, first, actions, trace=kept, keep_events=False)
    else:
        state, _, _, refused = replay_seen(game, first, actions, seen, trace=kept, keep_events=False)
    return kept.kept, state, refused


def had_choice(game: Game[Any, Any, Any], state: Any, seat: int) -> bool:
    """Whether ``seat`` had more than one way to act in ``state`` (a free amount, a discard or a declaration
    listed once counts as more than one where it leaves a choice)."""
    ways = 0
    for listed in game.view_legal_actions(state, seat):
        if "min" in listed:
            ways += 1 + (listed["max"] is None or listed["max"] > listed["min"])
        elif "max_cards" in listed:
            ways += 1 + (listed["max_cards"] > 0)
        elif "domains" in listed:
            ways += 1 + any(len(cards) > 1 for cards in listed["domains"].values())
        else:
            ways += 1
        if ways > 1:
            return True
    return False


def decisions_of(game: Game[Any, Any, Any], steps: Iterable[Step], seats: Sequence[int]) -> list[Step]:
    """The steps that are decisions: an action of a seat in ``seats`` that had a choice."""
    return [s for s in steps if s.action.seat in seats and had_choice(game, s.before, s.action.seat)]


def table_decisions(
    game: Game[Any, Any, Any], steps: Sequence[Step], last: Any, seats: Sequence[int]
) -> tuple[list[Step], dict[int, int]]:
    """:func:`decisions_of` for a table record's steps (``last``: the state after them): each decision's state with
    the seat's own cards filled in (:func:`own_cards`), and how many decisions of each seat were left out because
    the record never shows the cards the seat held then."""
    afters = [s.before for s in steps[1:]] + [last]
    chosen, unseen = [], dict.fromkeys(seats, 0)
    for at, step in enumerate(steps):
        if step.action.seat not in seats or not had_choice(game, step.before, step.action.seat):
            continue
        before = own_cards(game, steps, afters, at)
        if before is None:
            unseen[step.action.seat] += 1
        else:
            chosen.append(Step(step.index, step.action, before))
    return chosen, unseen


def own_cards(game: Game[Any, Any, Any], steps: Sequence[Step], afters: Sequence[Any], at: int) -> Any | None:
    """The state before ``steps[at]`` with the acting seat's cards nobody saw (``"??"``) filled in, or None where
    the record does not tell them: the seat saw its own hand, and the record shows those cards as the seat shows
    them from that action on, until its hand takes a card nobody saw (after which a card shown may be that one).
    The cards fill the hand's ``"??"`` in the order they were shown. A state whose seat's view hides its own cards
    anyway (a blind Brag seat) is left as it is. ``afters[j]`` is the state after ``steps[j]``."""
    state, seat = steps[at].before, steps[at].action.seat
    need = state.seats[seat].hand.count(HIDDEN)
    if not need or not _sees_own(game, state, seat, need):
        return state
    cards: list[Card] = []
    for j in range(at, len(steps)):
        before, held = steps[j].before, steps[j].before.seats[seat].hand
        revealed = [c for s, c in shown(game, before, steps[j].action) if s == seat and c not in held and c != HIDDEN]
        cards += [c for c in dict.fromkeys(revealed) if c not in cards]
        if len(cards) >= need or afters[j].seats[seat].hand.count(HIDDEN) > held.count(HIDDEN) - len(revealed):
            break
    if len(cards) < need:
        return None
    filled, fill = [], iter(cards)
    for card in state.seats[seat].hand:
        filled.append(next(fill) if card == HIDDEN else card)
    return evolve(state, {"seats": replace_seat(state.seats, seat, hand=tuple(filled))})


def _sees_own(game: Game[Any, Any, Any], state: Any, seat: int, need: int) -> bool:
    """Whether ``seat``'s view of ``state`` shows its own hand (it would show cards put in place of its ``"??"``)."""
    probe, stand_in = list(state.seats[seat].hand), iter(unseen_cards(game, state)[:need])
    probe = [next(stand_in, HIDDEN) if c == HIDDEN else c for c in probe]
    probed = evolve(state, {"seats": replace_seat(state.seats, seat, hand=tuple(probe))})
    return bool(game.view(probed, seat) != game.view(state, seat))


def analyse(game: Game[Any, Any, Any], steps: Iterable[Step], level: str, seed: str) -> list[Decision]:
    """Each decision of ``steps`` weighed (:func:`decide`)."""
    return [decide(game, step, level, seed) for step in steps]


def decide(game: Game[Any, Any, Any], step: Step, level: str, seed: str) -> Decision:
    """One decision: weighed as ``actions/suggest`` weighs it, the chosen action valued in the same samples."""
    seat, chosen = step.action.seat, wire(step.action)
    found = weigh(game, step.before, seat, level, seed)
    considered = found.considered
    mine = _find(considered, chosen)
    if mine is None:  # not listed (a free amount above its least): weighed beside the candidates
        considered = weigh(game, step.before, seat, level, seed, also=(chosen,)).considered
        mine = _find(considered, chosen) or Candidate(chosen, 0.0, 0)
    best = _find(considered, found.action) or _suggested(found)
    loss = rounded(max(0.0, best.value - mine.value))
    return Decision(
        step.index, seat, mine.action, mine.value, best, loss, label(loss, scale_of(game)), found.policy, considered
    )


def _suggested(found: Suggestion) -> Candidate:
    found_action = _key(found.action)
    return next(c for c in found.considered if _key(c.action) == found_action)


def _find(considered: Sequence[Candidate], action: Mapping[str, Any]) -> Candidate | None:
    """The candidate that is ``action`` (lists compared as sets: a discard's or a meld's cards in any order)."""
    wanted = _key(action)
    return next((c for c in considered if _key(c.action) == wanted), None)


def _key(action: Any) -> str:
    return json.dumps(_unordered(action), sort_keys=True, separators=(",", ":"))


def _unordered(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _unordered(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return sorted((_unordered(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    return value


def summary(
    decisions: Sequence[Decision], seats: Sequence[int], scale: Scale, unseen: Mapping[int, int] | None = None
) -> list[SeatSummary]:
    """Each seat's decisions in all: their count, total loss, mean accuracy and label counts, and the decisions
    left out as ``unseen`` (:func:`table_decisions`)."""
    out = []
    for seat in seats:
        own = [d for d in decisions if d.seat == seat]
        labels = {name: sum(1 for d in own if d.label == name) for name in LABELS}
        mean = rounded(sum(accuracy(d.loss, scale) for d in own) / len(own)) if own else None
        left = (unseen or {}).get(seat, 0)
        out.append(SeatSummary(seat, len(own), rounded(sum(d.loss for d in own)), mean, labels, left))
    return out


__all__ = [
    "LABELS",
    "LEVELS",
    "POLICY",
    "SCALES",
    "Decision",
    "Scale",
    "SeatSummary",
    "Step",
    "accuracy",
    "analyse",
    "budget",
    "check_work",
    "decide",
    "decisions_of",
    "had_choice",
    "label",
    "own_cards",
    "replayed",
    "samples",
    "scale_of",
    "summary",
    "table_decisions",
]
