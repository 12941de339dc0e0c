"""The games whose hands are evaluated and compared (Three Card Brag, Old Brag, Broggin): :class:`HandGame`, how
it ranks hands (:class:`HandRanking`) and what an evaluation and a comparison give."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic

from service.rules.base import A, Check, Opts, S, seat_order_problems
from service.rules.cards import Card, check_cards
from service.rules.equity import Equity, equity
from service.rules.errors import InvalidInput, Problem
from service.rules.game import Game
from service.rules.names import ENGLISH
from service.rules.tables import LAZY_ANSWERS, HandRank, HandTable, Percentile, TableData, answer_token

TIE = "tie"
"""What decided a comparison whose best hands are equal."""


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
