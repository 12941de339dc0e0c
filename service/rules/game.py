"""The one shape every game has: a :class:`Game` object with the same verbs (DESIGN.md).

``deal``, ``legal_actions``, ``apply``, ``validate``, ``view`` and ``result`` for every game;
``evaluate``/``compare`` for hand games; ``trick_winner`` for trick games. States are frozen dataclasses;
``apply`` returns a new state and the events it caused, or raises :class:`IllegalAction` and changes
nothing (verify, then apply).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from service.rules.actions import ActionBase
from service.rules.bounds import GameId, Phase, Players, Seat
from service.rules.cards import HIDDEN, Card, check_cards, parse_suit_text, suit_text_notation
from service.rules.errors import IllegalAction, InvalidInput, InvalidState, Problem
from service.rules.options import OptionSpec, build_options, option_specs
from service.rules.tables import HandRank, HandTable, TableData

Event = dict[str, Any]
"""Something the service did or saw happen: ``{"type": ..., ...}`` (antes, deals, draws, pots won)."""
Result = dict[str, Any]
"""The outcome of a finished deal: ``winners``, ``points``/``payouts``, ``reason`` and more (API.md 7)."""
LegalAction = dict[str, Any]
"""An action exactly as it would be submitted, or with ``min``/``max`` for a free amount."""

RULES_VERSION = "2026.11-1"
"""Changes whenever any verdict for the same request could change."""


@dataclass(frozen=True)
class StateBase:
    """The fields every game's state starts with."""

    game: GameId
    players: Players
    dealer: Seat
    phase: Phase
    to_act: Seat | None


S = TypeVar("S", bound=StateBase)
Opts = TypeVar("Opts")
A = TypeVar("A", bound=ActionBase)


@dataclass(frozen=True)
class Transition(Generic[S]):
    """A new state and the events that led to it."""

    state: S
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Evaluation:
    """One evaluated hand (API.md section 2, ``hands/evaluate``)."""

    hand: tuple[Card, ...]
    category: str
    strength: int
    description: str
    interpretation: dict[str, Any] | None = None


@dataclass(frozen=True)
class Comparison:
    """Hands ranked best first, equal hands grouped; ``deciding`` says what separated the top two."""

    ranking: list[list[int]]
    winners: list[int]
    deciding: str


class Game(ABC, Generic[S, Opts, A]):
    """A registered game. Subclasses fill the class attributes and the verbs."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_type: ClassVar[type[Any]]
    state_type: ClassVar[type[Any]]
    phases: ClassVar[tuple[str, ...]]
    """The phase words of the game's states, in the order a deal goes through them."""
    actions: ClassVar[tuple[type[ActionBase], ...]]
    """The game's action classes (their union is ``A``), in the order the catalog lists their types."""
    event_types: ClassVar[tuple[type, ...]]
    """The typed dicts of the events the game writes, one per ``type`` word (service/rules/events.py)."""
    result_type: ClassVar[type]
    """The typed dict of the game's result (API.md section 7)."""
    rules_file: ClassVar[str]
    carry_type: ClassVar[type[Any] | None] = None
    """What travels from one deal to the next (a carried pot, a match score): a frozen dataclass whose
    defaults are a first deal, taken as ``carry`` by a deal request and a record and kept in the state; None
    where nothing does."""

    # -- cards and options -------------------------------------------------------------------------
    card_notation: ClassVar[str]
    """Every text :meth:`parse_card` accepts, as a regular expression (API.md section 3; schema ``pattern``)."""
    suit_notation: ClassVar[str] = suit_text_notation()
    """Every text :meth:`parse_suit` accepts, as a regular expression."""

    @abstractmethod
    def parse_card(self, text: str) -> Card:
        """The canonical code of a card in any notation the game accepts; raises CardError."""

    def parse_suit(self, text: str) -> str:
        """A suit letter (``S H D C``) from a letter or a symbol, any case; raises CardError."""
        return parse_suit_text(text)

    @abstractmethod
    def full_pack(self) -> tuple[Card, ...]:
        """Every card of the game's pack in canonical order (``GET /v1/{game}``, field ``pack``)."""

    def pack(self, players: int, options: Opts) -> tuple[Card, ...]:
        """The pack for a deal: the full pack less what the player count or the options remove."""
        return self.full_pack()

    def options(self, raw: Mapping[str, Any] | None, pointer: str = "/options") -> Opts:
        """The options object for ``raw``; raises InvalidInput listing every bad option."""
        built: Opts = build_options(self.options_type, raw, pointer)
        return built

    def option_specs(self) -> list[OptionSpec]:
        return option_specs(self.options_type)

    # -- deals -------------------------------------------------------------------------------------
    def check_table(self, players: int, dealer: int, options: Opts) -> list[Problem]:
        """Problems with the player count and dealer seat."""
        problems = []
        if not self.min_players <= players <= self.max_players:
            problems.append(
                Problem(
                    "invalid_players",
                    f"{self.name} takes {self.min_players} to {self.max_players} players, not {players}",
                    "/players",
                )
            )
        elif not 0 <= dealer < players:
            problems.append(Problem("invalid_dealer", f"dealer must be a seat 0..{players - 1}", "/dealer"))
        return problems

    def check_deck(self, players: int, options: Opts, deck: Sequence[Card], pointer: str = "/deck") -> None:
        """Raise InvalidInput unless ``deck`` is exactly the pack for this deal, in some order."""
        pack = self.pack(players, options)
        problems = check_cards(deck, pack, pointer)
        if not problems and len(deck) != len(pack):
            missing = sorted(set(pack) - set(deck))
            problems.append(
                Problem(
                    "incomplete_deck",
                    f"the deck must hold all {len(pack)} cards of the pack; missing {missing}",
                    pointer,
                )
            )
        if problems:
            raise InvalidInput(problems)

    def check_carry(self, players: int, options: Opts, carry: Any) -> list[Problem]:
        """Problems with what a deal carries in (``carry``, pointers under ``/carry``) at this table."""
        return []

    @abstractmethod
    def deal(self, players: int, dealer: int, options: Opts, deck: Sequence[Card], carry: Any = None) -> Transition[S]:
        """The state after the deal (and any automatic steps such as antes); ``carry`` (the game's
        ``carry_type``, None: a first deal) is what the deal carries in from the one before."""

    # -- play --------------------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, state: S) -> list[LegalAction]:
        """Every legal action for the seat to act; empty when the deal is over."""

    @abstractmethod
    def apply(self, state: S, action: A) -> Transition[S]:
        """The state after ``action``; raises IllegalAction (changing nothing) when it is not legal."""

    @abstractmethod
    def validate(self, state: S) -> list[Problem]:
        """Every inconsistency of ``state`` (card conservation, hand sizes, turn, chips)."""

    @abstractmethod
    def view(self, state: S, seat: int) -> S:
        """``state`` as ``seat`` may see it: hidden cards are ``"??"``."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result of a finished deal, or None while it goes on."""

    # -- what one seat may see ---------------------------------------------------------------------
    private_events: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Event types whose listed keys only the event's own ``seat`` may know (a drawn card); the others see
    such a card as ``"??"`` and any other such value (a total that counts hidden cards) as null. Every
    other event is public."""

    def face_up(self, state: S) -> frozenset[Card]:
        """Cards lying face up in ``state``, seen by every seat: drawing one tells nobody anything new."""
        return frozenset()

    def view_event(self, event: Event, seat: int, before: S | None) -> Event:
        """``event`` as ``seat`` saw it happen; ``before`` is the state the action was applied to (None for
        the deal's events)."""
        private = self.private_events.get(event.get("type", ""), ())
        if not private or event.get("seat") == seat:
            return event
        if before is not None and event.get("card") in self.face_up(before):
            return event
        return {key: _unknown(value) if key in private else value for key, value in event.items()}

    def view_events(self, events: Sequence[Event], seat: int, before: S | None) -> list[Event]:
        """Events of one transition as ``seat`` saw them (see :meth:`view_event`)."""
        return [self.view_event(event, seat, before) for event in events]

    def view_legal_actions(self, state: S, seat: int, legal: Sequence[LegalAction] | None = None) -> list[LegalAction]:
        """The legal actions that ``seat`` may take now: the seat to act's, or none (a Briscan or Brisque
        seven exchange and initial carte blanche may also belong to the seat not to act). ``legal``: the
        state's legal actions, when already listed."""
        listed = self.legal_actions(state) if legal is None else legal
        return [action for action in listed if action.get("seat") == seat]

    def options_of(self, state: S) -> Opts:
        """The options a state carries."""
        opts: Opts = getattr(state, "options")  # noqa: B009 - every game's state has options
        return opts

    # -- shared helpers ----------------------------------------------------------------------------
    def require_valid(self, state: S) -> None:
        """Raise InvalidState listing every problem of ``state``."""
        problems = self.validate(state)
        if problems:
            raise InvalidState(problems)

    def illegal(self, state: S, code: str, rule: str, message: str) -> IllegalAction:
        """An IllegalAction that lists what would have been legal."""
        return IllegalAction(code, rule, message, self.legal_actions(state))

    players_note: ClassVar[str] = ""
    """Said when a player count is refused, besides the counts allowed."""

    def player_counts(self) -> tuple[int, ...]:
        """Every number of players the game is played by (``check_table`` says why another is refused)."""
        return tuple(range(self.min_players, self.max_players + 1))

    def action_types(self) -> list[str]:
        """The ``type`` words of the game's actions (API.md section 6)."""
        return [cls.type for cls in self.actions]

    def check_turn(self, state: S, action: ActionBase) -> None:
        """Raise IllegalAction unless the deal goes on, ``action`` is of a known type and it is its seat's turn."""
        if state.to_act is None:
            raise self.illegal(state, "deal_over", "flow", "the deal is over: no action is legal")
        if type(action) not in self.actions:
            raise self.illegal(state, "unknown_action", "flow", f"'{action.type}' is not an action of {self.name}")
        if action.seat != state.to_act:
            raise self.illegal(
                state, "not_your_turn", "turn", f"it is seat {state.to_act}'s turn, not seat {action.seat}'s"
            )


class HandGame(Game[S, Opts, A]):
    """A game whose hands are evaluated and compared (Brag, Old Brag, Broggin)."""

    hand_size: ClassVar[int]

    @abstractmethod
    def categories(self) -> list[str]:
        """Hand categories, best first."""

    @abstractmethod
    def hand_table(self, options: Opts) -> HandTable:
        """Every hand's evaluation under ``options`` (shipped for the defaults, else built once and cached)."""

    @abstractmethod
    def table_data(self, options: Opts) -> TableData:
        """Build the table for ``options`` from the rules (what ships for the defaults, and the cache's source)."""

    def ranks(self, hands: Iterable[Sequence[Card]], options: Opts) -> list[HandRank]:
        """The evaluation of each hand (canonical distinct cards, already checked against the pack), shared by
        every hand that has it: a table lookup per hand."""
        return self.hand_table(options).lookup(hands)

    def evaluate(self, hands: Sequence[Sequence[Card]], options: Opts) -> list[Evaluation]:
        """Evaluate each hand (canonical cards, already checked against the pack)."""
        return [
            Evaluation(tuple(hand), r["category"], r["strength"], r["description"], r.get("interpretation"))
            for hand, r in zip(hands, self.ranks(hands, options), strict=True)
        ]

    @abstractmethod
    def compare(self, hands: Sequence[Sequence[Card]], options: Opts) -> Comparison:
        """Rank the hands best first."""

    def warm(self) -> None:
        """Load the evaluation table for the default options ahead of the first request."""
        self.hand_table(self.options(None))

    supports_declarations: ClassVar[bool] = False
    """Whether a hand may come with declared wild cards (Broggin's BRG-A3): ``{wild card: card}``."""

    def evaluate_declared_hands(
        self, hands: Sequence[Sequence[Card]], declarations: Sequence[Mapping[str, Card] | None], options: Opts
    ) -> list[Evaluation]:
        """Evaluate hands, each with its declaration (None: the best reading). Only where supported."""
        raise NotImplementedError(f"{self.name} has no declared wild cards")

    def compare_declared_hands(
        self, hands: Sequence[Sequence[Card]], declarations: Sequence[Mapping[str, Card] | None], options: Opts
    ) -> Comparison:
        """Rank hands, each with its declaration (None: the best reading). Only where supported."""
        raise NotImplementedError(f"{self.name} has no declared wild cards")

    def check_hands(self, hands: Sequence[Sequence[Card]], pointer: str = "/hands") -> None:
        """Raise InvalidInput unless every hand holds ``hand_size`` distinct cards of the pack."""
        pack = frozenset(self.full_pack())
        problems: list[Problem] = []
        for i, hand in enumerate(hands):
            if len(hand) != self.hand_size or len(set(hand)) != len(hand) or not pack.issuperset(hand):
                problems.extend(self.hand_problems(hand, f"{pointer}/{i}"))
        if problems:
            raise InvalidInput(problems)

    def hand_problems(self, hand: Sequence[Card], pointer: str) -> list[Problem]:
        """What is wrong with one hand: its size, or cards not in the pack or held twice."""
        if len(hand) != self.hand_size:
            message = f"a {self.name} hand holds {self.hand_size} cards, not {len(hand)}"
            return [Problem("invalid_hand_size", message, pointer)]
        return check_cards(hand, self.full_pack(), pointer)


class TrickGame(Game[S, Opts, A]):
    """A trick-taking game (Briscola, Briscola chiamata, Briscan, Brisque)."""

    private_events: ClassVar[Mapping[str, tuple[str, ...]]] = {"draw": ("card",)}
    """A card drawn from the stock or talon is known to its drawer only, unless it lay face up."""

    announces_melds: ClassVar[bool] = False
    """Whether hands hold announcements (melds) to evaluate (Briscan, Brisque)."""
    meld_kinds: ClassVar[tuple[str, ...]] = ()
    """The words of the meld vocabulary (which of them a variant scores is a rule: a 409 names it)."""

    def evaluate_melds(self, hand: Sequence[Card], trump: str, options: Opts) -> list[dict[str, Any]]:
        """Every meld ``hand`` holds with ``trump`` as trumps: ``{kind, cards, points}``. Only where announced."""
        raise NotImplementedError(f"{self.name} has no announcements")

    @abstractmethod
    def trick_winner(
        self, trump: str, cards: Sequence[Card], options: Opts, phase: str | None = None
    ) -> tuple[int, int]:
        """The index (into ``cards``, in play order) of the card that wins, and the trick's card points."""


def ranking_groups(keys: Sequence[Any]) -> list[list[int]]:
    """Indices grouped by equal key, best (highest) first."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    groups: list[list[int]] = []
    for i in order:
        if groups and keys[groups[-1][0]] == keys[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def hide(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The same number of cards, every one hidden."""
    return tuple(HIDDEN for _ in cards)


def _unknown(value: Any) -> Any:
    """A value a seat may not know: a card hidden, cards hidden one by one, anything else null."""
    if isinstance(value, str):
        return HIDDEN
    if isinstance(value, (list, tuple)):
        return [HIDDEN for _ in value]
    return None


def cards_problem(state_cards: Sequence[Card], pack: Sequence[Card], pointer: str) -> list[Problem]:
    """Card conservation: ``state_cards`` (every card the state holds) must be ``pack`` exactly."""
    problems = []
    seen: dict[Card, int] = {}
    for card in state_cards:
        seen[card] = seen.get(card, 0) + 1
    extra = sorted(c for c in seen if c not in set(pack))
    twice = sorted(c for c, n in seen.items() if n > 1 and c in set(pack))
    missing = sorted(set(pack) - set(seen))
    if extra:
        problems.append(Problem("card_not_in_pack", f"cards not in this deal's pack: {extra}", pointer))
    if twice:
        problems.append(Problem("duplicate_card", f"cards held more than once: {twice}", pointer))
    if missing:
        problems.append(Problem("missing_card", f"cards of the pack that the state lacks: {missing}", pointer))
    return problems


__all__ = [
    "ActionBase",
    "Comparison",
    "Evaluation",
    "Event",
    "Game",
    "HandGame",
    "IllegalAction",
    "InvalidInput",
    "InvalidState",
    "LegalAction",
    "Problem",
    "Result",
    "RULES_VERSION",
    "StateBase",
    "TrickGame",
    "Transition",
    "ranking_groups",
]
