"""What the wire may say of a value beyond its type: fixed bounds, or bounds each game sets.

The engine marks fields with these (``Annotated``); the wire layer (schemas/derive.py) turns them into
JSON Schema ranges, enums and consts, and refuses what lies outside with a 422 at the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from service.rules.options import CHIP_LIMIT


@dataclass(frozen=True)
class Bounds:
    """Marks an ``int`` with the least and most values the wire accepts (inclusive)."""

    minimum: int
    maximum: int


@dataclass(frozen=True)
class GameBound:
    """Marks a value whose allowed values the game sets: ``seat`` (0 .. max_players - 1), ``players`` (the
    counts the game is played by), ``phase`` (its phase words), ``meld_kind`` (its meld words) or ``game``
    (its id); or an array (or object) whose length it bounds: ``hand`` (at most a hand's cards, ``hand_size``),
    ``melds`` (at most the melds one announcement can hold, ``most_melds``), ``pack`` (at most the cards of the
    game's pack), ``table`` (at most one per seat, ``max_players``), ``tricks`` (at most the tricks of a deal:
    the pack's cards over the fewest players) or ``calls`` (at most the calls of an auction, ``most_calls``)."""

    what: str


@dataclass(frozen=True)
class LeastItems:
    """Marks an array (bounded by a :class:`GameBound`) that holds at least ``items`` items."""

    items: int


@dataclass(frozen=True)
class Notation:
    """Marks a ``str`` that is one of a closed set of words, in every spelling ``regex`` (a regular expression
    valid in Python and ECMA-262, unanchored) allows: Broggin's trump names as declaration keys."""

    regex: str


@dataclass(frozen=True)
class Words:
    """Marks a ``str`` that is one of ``words``, spelt exactly so (a closed vocabulary the engine writes in its
    answers: Old Brag's braggers, Broggin's trump names, what decided a comparison)."""

    words: tuple[str, ...]


Chips = Annotated[int, Bounds(-CHIP_LIMIT, CHIP_LIMIT)]
"""A chip amount or point count in an action: beyond ±10**9 it is refused before any rule is applied."""
Carried = Annotated[int, Bounds(0, CHIP_LIMIT)]
"""Chips or a score carried in from earlier deals (``carry``): 0 .. 10**9."""
Seat = Annotated[int, GameBound("seat")]
"""A seat number, 0 .. max_players - 1 (whether it is at this table is a rule across fields)."""
Players = Annotated[int, GameBound("players")]
"""A player count the game is played by."""
Phase = Annotated[str, GameBound("phase")]
"""One of the game's phase words."""
GameId = Annotated[str, GameBound("game")]
"""The game's id, as in the path."""
MeldKind = Annotated[str, GameBound("meld_kind")]
"""A word of the game's meld vocabulary."""
HAND = GameBound("hand")
"""Marks a ``tuple`` of cards taken from one hand: at most ``hand_size`` of them."""
MELDS = GameBound("melds")
"""Marks the melds of one announcement: at most ``most_melds`` of them."""
NOT_EMPTY = LeastItems(1)
"""Marks an array of at least one item: an announcement's melds, a meld's cards (no meld is empty)."""
PACK_CARDS = GameBound("pack")
"""Marks a ``tuple`` of cards of a state (a hand, the stock, a talon, discards): at most the pack's cards."""
PER_SEAT = GameBound("table")
"""Marks a ``tuple`` with at most one item per seat (a state's seats, a trick's cards, a score per side)."""
DEAL_TRICKS = GameBound("tricks")
"""Marks a state's finished tricks: at most the tricks of a deal."""
AUCTION_CALLS = GameBound("calls")
"""Marks an auction's calls: at most ``most_calls`` of them."""

__all__ = [
    "AUCTION_CALLS",
    "DEAL_TRICKS",
    "HAND",
    "MELDS",
    "NOT_EMPTY",
    "PACK_CARDS",
    "PER_SEAT",
    "Bounds",
    "Carried",
    "Chips",
    "GameBound",
    "GameId",
    "LeastItems",
    "MeldKind",
    "Notation",
    "Phase",
    "Players",
    "Seat",
    "Words",
]
