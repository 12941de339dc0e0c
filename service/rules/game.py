"""The one shape every game has: a :class:`Game` object with the same verbs (DESIGN.md).

``deal``, ``legal_actions``, ``apply``, ``validate``, ``view`` and ``result`` for every game;
``evaluate``/``compare`` for hand games; ``trick_winner`` for trick games. States are frozen dataclasses;
``apply`` returns a new state and the events it caused, or raises :class:`IllegalAction` and changes
nothing (verify, then apply).
"""

from __future__ import annotations

import functools
import itertools
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass
from enum import StrEnum
from typing import (
    Annotated,
    Any,
    ClassVar,
    Generic,
    NamedTuple,
    Protocol,
    TypeVar,
    get_args,
    get_origin,
    get_type_hints,
)

from service.rules import names
from service.rules.actions import ActionBase, Play
from service.rules.bounds import PACK_CARDS, GameId, Phase, Players, Seat
from service.rules.cards import HIDDEN, Card, check_cards, parse_suit_text, suit_text_notation
from service.rules.equity import Equity, equity
from service.rules.errors import IllegalAction, InvalidInput, InvalidState, Problem, excerpt
from service.rules.frozen import build, evolve
from service.rules.names import ENGLISH
from service.rules.options import OptionSpec, build_options, option_specs
from service.rules.seats import deal_hands, deal_order, next_seat, next_seats
from service.rules.tables import LAZY_ANSWERS, HandRank, HandTable, Percentile, TableData, answer_token
from service.rules.tricks import Trick, draw_after_trick, parse_suit

Event = dict[str, Any]
"""Something the service did or saw happen: ``{"type": ..., ...}`` (antes, deals, draws, pots won)."""
Result = dict[str, Any]
"""The outcome of a finished deal: ``winners``, ``points``/``payouts``, ``reason`` and more (docs/api.md 7)."""
LegalAction = dict[str, Any]
"""An action exactly as it would be submitted, or with ``min``/``max`` for a free amount."""

TakeTrick = Callable[
    [int, tuple[Card, ...], tuple[Card, ...] | None], tuple[Trick, tuple[Card, ...] | None, tuple[int, ...]]
]
"""A full trick taken (:meth:`TrickGame.trick_taker`): from its leader, its cards and the stock, the trick's record,
the stock left and the seats that draw."""
TIE = "tie"
"""What decided a comparison whose best hands are equal."""

RULES_VERSION = "2026.11-3"
"""Changes whenever any verdict for the same request could change."""


@dataclass(frozen=True)
class StateBase:
    """The fields every game's state starts with."""

    game: GameId
    players: Players
    dealer: Seat
    phase: Phase
    to_act: Seat | None


Check = StrEnum(
    "Check",
    (
        "invalid_players invalid_dealer wrong_game seat_count seat_order hand_size card_not_in_pack duplicate_card "
        "missing_card"
    ),
)
"""The problem codes every game's ``validate`` shares (each game's own are an enum in its ``validate.py``)."""

Refusal = StrEnum("Refusal", "deal_over unknown_action not_your_turn")
"""The codes every game's refusals (:class:`IllegalAction`) share (each game's own are an enum beside its class)."""


def _codes(*groups: Iterable[StrEnum]) -> list[str]:
    """The codes of ``groups`` (enums, or tuples of their members) in order, each once."""
    return list(dict.fromkeys(code.value for group in groups for code in group))


def seat_count_problems(seats: Sized, players: int) -> list[Problem]:
    """A problem unless a state lists one seat per player."""
    if len(seats) != players:
        return [Problem(Check.seat_count, f"{players} players need {players} seats", "/seats")]
    return []


def seat_order_problems(seat: int, index: int) -> list[Problem]:
    """A problem unless the record listed at ``index`` of a state's seats is seat ``index``'s."""
    if seat != index:
        return [
            Problem(Check.seat_order, f"seats must be listed in order: expected seat {index}", f"/seats/{index}/seat")
        ]
    return []


@dataclass(frozen=True)
class SeatBase:
    """The fields every game's per-seat record starts with: the seat and the cards in its hand."""

    seat: Seat
    hand: Annotated[tuple[Card, ...], PACK_CARDS]


S = TypeVar("S", bound=StateBase)
Opts = TypeVar("Opts")
A = TypeVar("A", bound=ActionBase)


class Transition(NamedTuple, Generic[S]):
    """A new state and the events that led to it (a named pair: made once per action, cheaply)."""

    state: S
    events: tuple[Event, ...] = ()


class Dealt(NamedTuple):
    """The cards of a deal: each seat's hand, the rest of the deck (top first) and the dealing order."""

    hands: tuple[tuple[Card, ...], ...]
    rest: tuple[Card, ...]
    order: list[int]


@dataclass(frozen=True)
class Evaluation:
    """One evaluated hand (docs/api.md section 2, ``hands/evaluate``)."""

    hand: tuple[Card, ...]
    category: str
    strength: int
    description: str
    interpretation: dict[str, Any] | None = None


Declarations = Sequence[Mapping[str, Card] | None]
"""Each hand's declared wild cards (``{wild card: card}``, Broggin's BRG-A3), or None: its best reading."""


@dataclass(frozen=True)
class Comparison:
    """Hands ranked best first, equal hands grouped; ``deciding`` says what separated the top two."""

    ranking: list[list[int]]
    winners: list[int]
    deciding: str


class Game(ABC, Generic[S, Opts, A]):
    """A registered game. Subclasses fill the class attributes and the verbs; its generic arguments
    (``Game[State, Options, Action]``) give its :attr:`state_type`, :attr:`options_type`, :attr:`actions` and
    :attr:`carry_type` (see :meth:`__init_subclass__`)."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_type: ClassVar[type[Any]]
    """The game's options (a frozen dataclass): the second generic argument."""
    state_type: ClassVar[type[Any]]
    """The game's state (a frozen dataclass): the first generic argument."""
    phases: ClassVar[tuple[str, ...]]
    """The phase words of the game's states, in the order a deal goes through them."""
    actions: ClassVar[tuple[type[ActionBase], ...]]
    """The game's action classes (their union is ``A``), in the order the catalog lists their types."""
    problem_codes: ClassVar[tuple[type[StrEnum], ...]]
    """The enums of the problem codes the game's own state checks give (its ``validate.py``), besides
    :class:`Check`; each is listed in the game's rules file."""
    refusal_codes: ClassVar[tuple[type[StrEnum], ...]]
    """The enums of the codes the game's own refusals give (its :meth:`apply`), besides :class:`Refusal`: every
    code a raise site uses is one of them (the 409's ``code`` enum; see :meth:`refusals`)."""
    absent_codes: ClassVar[tuple[str, ...]] = ()
    """Codes of the enums a game shares with another (Brisque with Briscan) that this one never gives: its
    variant lacks the rule (:meth:`refusals` and :meth:`checks` leave them out)."""
    replayed_refusals: ClassVar[tuple[StrEnum, ...]] = ()
    """The refusal codes (of :meth:`refusals`) the game's ``validate`` gives too: those of a call its state lists
    that was not legal (a Briscola chiamata auction call), besides its :attr:`problem_codes` (see :meth:`checks`)."""
    event_types: ClassVar[tuple[type, ...]]
    result_type: ClassVar[type]
    carry_type: ClassVar[type[Any] | None] = None
    """What travels from one deal to the next (a carried pot, a match score): a frozen dataclass whose
    defaults are a first deal, taken as ``carry`` by a deal request and a record and kept in the state (the type
    of the state's ``carry``); None where nothing does."""

    match_end: ClassVar[tuple[str, str] | None] = None
    """The code and rule of a deal played after the one that decided the match (Briscola's ``match_over``,
    BRI-A12); None where a match is a session with no end of its own (the betting games, Briscola chiamata)."""

    def match_winners(self, result: Result) -> list[int] | None:
        """Every seat of the side that won the match the deal of ``result`` decided, or None while the match goes
        on (always, where a match has no end of its own: :attr:`match_end`)."""
        return None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game class that names its types (``HandGame[OldBragState, OldBragOptions, OldBragAction]``) takes
        them as its :attr:`state_type`, :attr:`options_type`, :attr:`actions` (the action union's members, in
        order) and :attr:`carry_type` (its state's ``carry`` field's type, if it has one), unless its body sets
        them. (``typing`` caches a parametrized class by equal arguments, and unions are equal in any order: two
        games naming the same state and options with one union in two orders would share the first's order.)"""
        super().__init_subclass__(**kwargs)
        for base in cls.__dict__.get("__orig_bases__", ()):
            origin = get_origin(base)
            arguments = get_args(base)
            if not (isinstance(origin, type) and issubclass(origin, Game)) or isinstance(arguments[0], TypeVar):
                continue
            state, options, action = arguments
            named = {
                "state_type": state,
                "options_type": options,
                "actions": get_args(action) or (action,),
                "carry_type": get_type_hints(state).get("carry"),
            }
            for attribute, value in named.items():
                if attribute not in cls.__dict__:  # what the class body says stands
                    setattr(cls, attribute, value)

    # -- cards and options -------------------------------------------------------------------------
    card_notation: ClassVar[str]
    """Every text :meth:`parse_card` accepts, as a regular expression (docs/api.md section 3; schema ``pattern``)."""
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

    pack_options: ClassVar[tuple[str, ...]] = ()
    """The options that change the pack (:meth:`pack`), each with its allowed values listed."""

    def pack(self, players: int, options: Opts) -> tuple[Card, ...]:
        """The pack for a deal: the full pack less what the player count or the options remove."""
        return self.full_pack()

    def pack_sizes(self) -> tuple[int, int]:
        """The fewest and the most cards a deal's pack holds, over every player count and every value of the
        options that change the pack (:attr:`pack_options`): the bounds of a deal's ``deck``."""
        defaults = self.options(None)
        allowed = {spec.name: spec.allowed or () for spec in self.option_specs()}
        sizes = {
            len(self.pack(players, evolve(defaults, dict(zip(self.pack_options, values, strict=True)))))
            for players in self.player_counts()
            for values in itertools.product(*(allowed[name] for name in self.pack_options))
        }
        return min(sizes), max(sizes)

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
                    Check.invalid_players,
                    f"{self.name} takes {self.min_players} to {self.max_players} players, not {players}",
                    "/players",
                )
            )
        elif not 0 <= dealer < players:
            problems.append(Problem(Check.invalid_dealer, f"dealer must be a seat 0..{players - 1}", "/dealer"))
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

    def check_deal(self, players: int, dealer: int, options: Opts, deck: Sequence[Card], carry: Any = None) -> None:
        """Raise InvalidInput unless the table (:meth:`check_table`), what it carries in (:meth:`check_carry`) and
        the deck (:meth:`check_deck`) hold."""
        problems = self.check_table(players, dealer, options) or self.check_carry(players, options, carry)
        if problems:
            raise InvalidInput(problems)
        self.check_deck(players, options, deck)

    def deal_cards(self, players: int, dealer: int, deck: Sequence[Card], cards_each: int) -> Dealt:
        """``cards_each`` cards to every seat, one at a time from the top of ``deck`` in dealing order (docs/api.md
        section 5): the hands, the rest of the deck and the dealing order (the dealer's next seat first)."""
        order = deal_order(dealer, players)
        hands, position = deal_hands(deck, dealer, players, cards_each, order)
        return Dealt(tuple(hands), tuple(deck[position:]), order)

    def opening(
        self, players: int, dealer: int, phase: str, to_act: int | None, options: Opts, carry: Any = None
    ) -> dict[str, Any]:
        """The fields every dealt state starts with (:class:`StateBase`, the options and, where the game has one,
        the ``carry``), as keywords."""
        fields = {"game": self.id, "players": players, "dealer": dealer, "phase": phase, "to_act": to_act}
        fields["options"] = options
        if self.carry_type is not None:
            fields["carry"] = carry
        return fields

    @abstractmethod
    def deal(self, players: int, dealer: int, options: Opts, deck: Sequence[Card], carry: Any = None) -> Transition[S]:
        """The state after the deal (and any automatic steps such as antes); ``carry`` (the game's
        ``carry_type``, None: a first deal) is what the deal carries in from the one before."""

    def deal_checked(
        self, players: int, dealer: int, options: Opts, deck: Sequence[Card], carry: Any = None
    ) -> Transition[S]:
        """:meth:`deal`, for a caller that has checked the table, the carry and the deck itself (:meth:`check_deal`
        would find nothing): a replay whose input was checked whole, a deck the seeded shuffle made of the pack."""
        return self.deal(players, dealer, options, deck, carry)

    # -- play --------------------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, state: S) -> list[LegalAction]:
        """Every legal action for the seat to act; empty when the deal is over."""

    @abstractmethod
    def apply(self, state: S, action: A) -> Transition[S]:
        """The state after ``action``; raises IllegalAction (changing nothing) when it is not legal."""

    def validate(self, state: S) -> list[Problem]:
        """Every inconsistency of ``state`` (card conservation, hand sizes, turn, chips): first the table (player
        count, dealer, options) and the game's id, then what it carries in, then, when those hold, the game's own
        :meth:`check_state`."""
        options = self.options_of(state)
        problems = self.check_table(state.players, state.dealer, options)
        if state.game != self.id:
            message = f"this state is of {excerpt(state.game)}, not '{self.id}'"
            problems.append(Problem(Check.wrong_game, message, "/game"))
        problems = problems or self.check_carry(state.players, options, getattr(state, "carry", None))
        return problems or self.check_state(state)

    @abstractmethod
    def check_state(self, state: S) -> list[Problem]:
        """The game's own consistency checks of a state whose table and game id hold (its ``validate.py``)."""

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

    private_action_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Action types whose listed fields only the acting seat may know (Broggin's discards); the others see
    such cards as ``"??"``. Every other action is public."""

    def view_action(self, action: LegalAction, seat: int) -> LegalAction:
        """An action (as :func:`~service.rules.actions.wire` gives it) as ``seat`` saw it taken."""
        private = self.private_action_fields.get(action.get("type", ""), ())
        if not private or action.get("seat") == seat:
            return action
        return {key: _unknown(value) if key in private else value for key, value in action.items()}

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

    def refusals(self) -> list[str]:
        """Every code the game's refusals can give: :class:`Refusal`'s, then the game's own, each once (less
        :attr:`absent_codes`)."""
        return [code for code in _codes(Refusal, *self.refusal_codes) if code not in self.absent_codes]

    def checks(self) -> list[str]:
        """Every code the game's ``validate`` can give (the ``code`` enum of its problems): :class:`Check`'s, the
        game's own (:attr:`problem_codes`), then its :attr:`replayed_refusals`, each once (less
        :attr:`absent_codes`)."""
        codes = _codes(Check, *self.problem_codes, self.replayed_refusals)
        return [code for code in codes if code not in self.absent_codes]

    players_note: ClassVar[str] = ""
    """Said when a player count is refused, besides the counts allowed."""

    def player_counts(self) -> tuple[int, ...]:
        """Every number of players the game is played by (``check_table`` says why another is refused)."""
        return tuple(range(self.min_players, self.max_players + 1))

    def languages(self) -> tuple[str, ...]:
        """The languages of the game's names (BCP 47 tags, English first: docs/api.md section 12)."""
        return names.languages(self.id)

    def names(self) -> dict[str, dict[str, dict[str, str]]]:
        """The game's names table as the catalog gives it: ``{language: {kind: {id: term}}}``."""
        return names.texts(names.table(self.id))

    def word(self, language: str, kind: str, id_: str) -> str:
        """The word for ``id_`` of ``kind`` (``deciding``, ``category``...) in ``language``, else in English."""
        return names.word(self.id, language, kind, id_)

    def action_types(self) -> list[str]:
        """The ``type`` words of the game's actions (docs/api.md section 6)."""
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


@dataclass(frozen=True)
class HandRanking(Generic[Opts]):
    """How a hand game ranks hands: its categories, its table of every hand, and what its comparison key says."""

    categories: tuple[str, ...]
    """Hand categories, best first."""
    table: Callable[[Opts], HandTable]
    """Every hand's evaluation under the options (shipped for the defaults, else built once and cached)."""
    build: Callable[[Opts], TableData]
    """The table for the options, built from the rules (what ships for the defaults, and the cache's source)."""
    deciding: Callable[[Any, Any], str]
    """What separates the comparison keys of the best hand and the second best (``category``, ``rank``...)."""
    decides: tuple[str, ...]
    """Every word ``deciding`` gives, :data:`TIE` included: the vocabulary of a comparison's ``deciding``."""
    key: Callable[[HandTable, HandRank], Any] = HandTable.key
    """A hand's comparison key (higher is better, equal ties) from its table and evaluation."""
    interpretation: Any = None
    """The type of what each wild card stood for (an evaluation's ``interpretation``); None: no wild cards."""
    describe: Callable[[HandTable, Sequence[Card], HandRank, Any, str], str] | None = None
    """An evaluated hand's description in a language of the game's names (table, hand, evaluation, options,
    language), built with that language's grammar from the names table; None: English only."""


class HandGame(Game[S, Opts, A]):
    """A game whose hands are evaluated and compared (Brag, Old Brag, Broggin)."""

    hand_size: ClassVar[int]
    ranking: ClassVar[HandRanking[Any]]

    def categories(self) -> list[str]:
        """Hand categories, best first."""
        return list(self.ranking.categories)

    def hand_table(self, options: Opts) -> HandTable:
        """Every hand's evaluation under ``options`` (shipped for the defaults, else built once and cached)."""
        return self.ranking.table(options)

    def table_data(self, options: Opts) -> TableData:
        """Build the table for ``options`` from the rules (what ships for the defaults, and the cache's source)."""
        return self.ranking.build(options)

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

    def describe(
        self, hands: Sequence[Sequence[Card]], ranks: Sequence[HandRank], options: Opts, language: str
    ) -> list[str]:
        """Each evaluated hand's description in ``language`` (one of :meth:`languages`; English: the evaluation's
        own). Each answer of the table is described once per language and kept beside the table (as many texts
        as the table has answers, which its size counts; as many as it keeps written, where it writes them as
        they are asked)."""
        describe = self.ranking.describe
        if language == ENGLISH or describe is None or language not in self.languages():
            return [rank["description"] for rank in ranks]
        table = self.hand_table(options)
        texts: dict[Any, str] = table.derived.setdefault(f"descriptions:{language}", {})
        if not table.complete and len(texts) >= LAZY_ANSWERS:
            texts.clear()
        out = []
        for hand, rank in zip(hands, ranks, strict=True):
            # a complete table's answers live as long as it: one text per answer object; else per answer's value
            token: Any = id(rank) if table.complete else answer_token(rank)
            text = texts.get(token)
            if text is None:
                text = texts[token] = describe(table, hand, rank, options, language)
            out.append(text)
        return out

    def percentiles(self, hands: Iterable[Sequence[Card]], options: Opts) -> list[Percentile]:
        """Where each hand (canonical distinct cards of the pack) stands among every hand of the full pack, by
        strength (docs/api.md section 10)."""
        table = self.hand_table(options)
        return [table.percentile(found["strength"]) for found in table.lookup(hands)]

    def equity(
        self,
        hand: Sequence[Card],
        opponents: int | Sequence[Sequence[Card]],
        options: Opts,
        dead: Sequence[Card] = (),
        method: str = "auto",
        samples: int | None = None,
        seed: str | None = None,
    ) -> Equity:
        """How ``hand`` fares against ``opponents`` (how many, or each one's known cards) with ``dead`` cards out of
        play: exact counts or a seeded Monte Carlo (:mod:`service.rules.equity`); raises InvalidInput."""
        return equity(self.hand_table(options), hand, opponents, dead, method, samples, seed)

    def compare(self, hands: Sequence[Sequence[Card]], options: Opts) -> Comparison:
        """Rank the hands best first."""
        table = self.hand_table(options)
        return self.comparison([self.ranking.key(table, found) for found in table.lookup(hands)])

    def comparison(self, keys: Sequence[Any]) -> Comparison:
        """Hands ranked by their comparison keys, equal keys grouped; ``deciding`` names what separated the top
        two groups (``tie`` when nothing did)."""
        ranking = ranking_groups(keys)
        if len(ranking) == 1 or len(ranking[0]) > 1:
            deciding = TIE
        else:
            deciding = self.ranking.deciding(keys[ranking[0][0]], keys[ranking[1][0]])
        return Comparison(ranking, list(ranking[0]), deciding)

    def warm(self) -> None:
        """Load the evaluation table for the default options ahead of the first request."""
        self.hand_table(self.options(None))

    supports_declarations: ClassVar[bool] = False
    """Whether a hand may come with declared wild cards (Broggin's BRG-A3): ``{wild card: card}``."""

    def evaluate_declared_hands(
        self, hands: Sequence[Sequence[Card]], declarations: Declarations, options: Opts, language: str = ENGLISH
    ) -> list[Evaluation]:
        """Evaluate hands, each with its declaration (None: the best reading), described in ``language`` (one of
        :meth:`languages`). Only where supported."""
        raise NotImplementedError(f"{self.name} has no declared wild cards")

    def compare_declared_hands(
        self, hands: Sequence[Sequence[Card]], declarations: Declarations, options: Opts
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

    def seat_problems(self, seat: int, hand: Sequence[Card], index: int) -> list[Problem]:
        """What is wrong with the record listed at ``index`` of a state's seats: its seat number, its hand's size."""
        problems = seat_order_problems(seat, index)
        if len(hand) != self.hand_size:
            message = f"a {self.name} hand holds {self.hand_size} cards"
            problems.append(Problem(Check.hand_size, message, f"/seats/{index}/hand"))
        return problems

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
        record, players = self.trick_recorder(state), state.players

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
        """``actions`` from ``start`` (up to ``end``, all by default) applied while the game :meth:`plays_freely`
        and each is a ``play`` of a card its seat holds, in turn, a whole trick at a time: the state after the last
        whole trick and the index of the first action left (``start`` and ``state`` if none). The same state as
        :meth:`apply` one action at a time, without the states between or any event: for a replay that keeps
        neither (records.replay). It stops at the trick where an action is not such a play; apply takes it from
        there and refuses what it must."""
        end = len(actions) if end is None else end
        if start >= end or not self.plays_freely(state):
            return state, start
        table: TrickTable = state  # type: ignore[assignment]
        players = state.players
        held = [list(s.hand) for s in table.seats]  # the hands as the plays leave them, the draws fill them
        gains = [0] * players
        stock = getattr(state, self.stock_field) if self.stock_field is not None else None
        tricks, trick, leader = list(table.tricks), list(table.trick), table.leader
        seat: int = state.to_act  # type: ignore[assignment]  # a seat is to act where plays are free
        following = next_seats(players)
        record = self.trick_recorder(state)  # each trick taken as trick_taker takes it, without its call a trick
        # the plays of whole tricks only: the trick under way (if any) completed, then as many whole tricks as there are
        need = players - len(trick)
        stop = start if end - start < need else end - (end - start - need) % players
        index = whole = start  # whole: the index after the last whole trick taken
        for action in actions[start:stop]:  # one loop over the plays, a trick taken as its last card is played
            if type(action) is not Play or action.seat != seat:
                break
            card = action.card
            try:
                held[seat].remove(card)
            except ValueError:  # not held
                break
            trick.append(card)
            index += 1
            if len(trick) < players:
                seat = following[seat]
                continue
            assert leader is not None  # plays are free only once somebody leads
            done = record(leader, tuple(trick))
            winner = done.winner
            if stock:
                before = stock
                stock, drew = draw_after_trick(before, winner, players)
                for s, c in zip(drew, before):  # noqa: B905 - a card for each seat that draws
                    held[s].append(c)
            gains[winner] += done.points
            tricks.append(done)
            trick, leader, seat, whole = [], winner, winner, index
        if whole != index:
            # a trick cut short: the whole tricks before it taken again, and only those (the hands as they left them)
            return self.take_tricks(state, actions, start, whole)
        index = whole
        if index == start:
            return state, start
        hands = [tuple(h) for h in held]
        return self.trick_taken(self.seated(state, hands, gains, tuple(tricks), stock, {}), []).state, index


def trick_record(
    score: Callable[[tuple[Card, ...]], tuple[int, int]], players: int, leader: int, trick: tuple[Card, ...]
) -> Trick:
    """The record of the full ``trick`` led by ``leader``: ``score`` says which card wins it (its index in play
    order) and its points; the winner is that card's seat."""
    index, points = score(trick)
    winner = (leader + index) % players
    return build(Trick, {"leader": leader, "cards": trick, "winner": winner, "points": points})


class HoldsCards(Protocol):
    """A seat record of a trick game: its number and its hand."""

    @property
    def seat(self) -> int: ...

    @property
    def hand(self) -> tuple[Card, ...]: ...


class TrickTable(Protocol):
    """What every trick game's state holds: seats with hands, the trick in progress and its leader, the
    finished tricks."""

    @property
    def seats(self) -> tuple[HoldsCards, ...]: ...

    @property
    def leader(self) -> int | None: ...

    @property
    def trick(self) -> tuple[Card, ...]: ...

    @property
    def tricks(self) -> tuple[Trick, ...]: ...


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
        problems.append(Problem(Check.card_not_in_pack, f"cards not in this deal's pack: {extra}", pointer))
    if twice:
        problems.append(Problem(Check.duplicate_card, f"cards held more than once: {twice}", pointer))
    if missing:
        problems.append(Problem(Check.missing_card, f"cards of the pack that the state lacks: {missing}", pointer))
    return problems


__all__ = [
    "ActionBase",
    "Comparison",
    "Declarations",
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
