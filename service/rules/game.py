"""The one shape every game has: a :class:`Game` object with the same verbs (DESIGN.md).

``deal``, ``legal_actions``, ``apply``, ``validate``, ``view`` and ``result`` for every game;
``evaluate``/``compare`` for hand games; ``trick_winner`` for trick games. States are frozen dataclasses;
``apply`` returns a new state and the events it caused, or raises :class:`IllegalAction` and changes
nothing (verify, then apply).
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar, get_args, get_origin, get_type_hints

from service.rules import names
from service.rules.actions import ActionBase
from service.rules.base import A, Check, Dealt, Event, LegalAction, Opts, Refusal, Result, S, TableRefusal, Transition
from service.rules.cards import HIDDEN, Card, check_cards, parse_suit_text, suit_text_notation
from service.rules.errors import IllegalAction, InvalidInput, InvalidState, Problem, excerpt
from service.rules.frozen import evolve
from service.rules.options import OptionSpec, build_options, option_specs
from service.rules.seats import deal_hands, deal_order


def _codes(*groups: Iterable[str]) -> list[str]:
    """The codes of ``groups`` (enums, or sequences of codes) in order, each once."""
    return list(dict.fromkeys(str(code) for group in groups for code in group))


def _unknown(value: Any) -> Any:
    """A value a seat may not know: a card hidden, cards hidden one by one, anything else null."""
    if isinstance(value, str):
        return HIDDEN
    if isinstance(value, (list, tuple)):
        return [HIDDEN for _ in value]
    return None


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
    refusal_codes: ClassVar[str]
    """The codes the game's own refusals give (its :meth:`apply`), separated by spaces, besides :class:`Refusal`'s
    and a table deal's :class:`TableRefusal`: every code a raise site uses is one of them (the 409's ``code`` enum;
    see :meth:`refusals`)."""
    absent_codes: ClassVar[tuple[str, ...]] = ()
    """Codes of the enums a game shares with another (Brisque with Briscan) that this one never gives: its
    variant lacks the rule (:meth:`refusals` and :meth:`checks` leave them out)."""
    replayed_refusals: ClassVar[tuple[str, ...]] = ()
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

    unseen_events: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Event types whose listed keys a table deal may not know (docs/api.md 18: a turn-up nobody saw): a card
    ``"??"``, any other value null, for every seat."""

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
        """Every code the game's refusals can give: :class:`Refusal`'s, then the game's own (:attr:`refusal_codes`),
        then :class:`TableRefusal`'s, each once (less :attr:`absent_codes`)."""
        codes = _codes(Refusal, self.refusal_codes.split(), TableRefusal)
        return [code for code in codes if code not in self.absent_codes]

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
