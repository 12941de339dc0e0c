"""What each seat may know at a table, derived from the full trace of a deal, not from the view code.

A seat may know a card it was dealt and looked at, drew, or took in an exchange; every seat may know a card
that was played, turned up, dealt face up, exchanged for the turn-up, announced in a meld or shown at a
showdown. Some cards in a state or an event only name a card (Briscola chiamata's called card, a Broggin
declaration, the options) without telling where it lies: those positions are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import orjson

HIDDEN = "??"
NAME_ONLY = frozenset({"options", "called_card", "domains", "assignments", "declared", "interpretation"})
"""Keys whose cards name a card rather than show one."""
HIDDEN_VALUES = frozenset({"total"})
"""Keys of events whose value a view may blank (null): an Old Brag 31-phase count of hidden cards."""


def shown_cards(node: Any, pack: frozenset[str]) -> set[str]:
    """Every card of ``pack`` that ``node`` (a state, events, legal actions) shows where it lies (walked with a
    stack: the suite's random playthroughs ask this of every view of every state)."""
    found: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            called = item.get("type") == "call"  # Briscola chiamata's call names the called card
            values = [v for k, v in item.items() if k not in NAME_ONLY and not (called and k == "card")]
        elif isinstance(item, list):
            values = item
        else:
            if isinstance(item, str) and item in pack:
                found.add(item)
            continue
        for value in values:
            if isinstance(value, str):
                if value in pack:
                    found.add(value)
            elif isinstance(value, dict | list):
                stack.append(value)
    return found


def masked(view: Any, full: Any, pack: frozenset[str], where: str = "") -> list[str]:
    """Where ``view`` is not ``full`` with some cards hidden ("??") or some counts blanked (null). Walked with a
    stack, equal parts skipped at C speed and a hidden card checked in place (the suite's random playthroughs ask
    this of every view of every state); a place's path is spelled out only where something is wrong."""
    out: list[str] = []
    stack: list[tuple[Any, Any, Any]] = [] if view == full else [(view, full, where)]  # pushed only where unequal
    while stack:
        seen, value, path = stack.pop()
        if isinstance(value, dict):
            if not isinstance(seen, dict) or seen.keys() != value.keys():
                out.append(f"{_spelled(path)}: keys {seen!r} vs {value!r}")
                continue
            items: Any = ((key, seen[key], item) for key, item in value.items())
        elif isinstance(value, list):
            if not isinstance(seen, list) or len(seen) != len(value):
                out.append(f"{_spelled(path)}: {seen!r} vs {value!r}")
                continue
            items = ((i, v, f) for i, (v, f) in enumerate(zip(seen, value, strict=True)))
        else:
            if not (seen == HIDDEN and value in pack):
                out.append(f"{_spelled(path)}: {seen!r} is not {value!r} or hidden")
            continue
        for key, inner_seen, inner in items:
            if inner_seen == inner or (inner_seen is None and key in HIDDEN_VALUES):
                continue
            if isinstance(inner, str) and inner_seen == HIDDEN and inner in pack:
                continue  # a hidden card: the commonest difference, checked without a push
            stack.append((inner_seen, inner, (path, key)))
    return out


def _spelled(path: Any) -> str:
    """A place's path from its (parent, key) links: ``/seats/0/hand/2``."""
    keys: list[str] = []
    while isinstance(path, tuple):
        path, key = path
        keys.append(str(key))
    return path + "".join(f"/{key}" for key in reversed(keys))


class SeatKnowledge:
    """The cards each seat may know so far, learned event by event from the full answers."""

    def __init__(self, pack: Iterable[str], dealt: dict[str, Any], events: list[dict[str, Any]]) -> None:
        self.pack = frozenset(pack)
        self.public: set[str] = set()
        self.own: list[set[str]] = [set() for _ in dealt["seats"]]
        self.face_up: str | None = None
        self.contenders: set[int] = set()
        self.busted: set[int] = set()
        self.partner_revealed = False
        self._pattern: re.Pattern[bytes] | None = None
        for seat in dealt["seats"]:
            if not seat.get("blind", False):  # Three Card Brag: a blind player has not looked
                self.own[seat["seat"]] |= set(seat["hand"])
        self.learn(None, events, dealt)

    def may_know(self, seat: int) -> set[str]:
        return self.public | self.own[seat]

    def learn(self, before: dict[str, Any] | None, events: list[dict[str, Any]], after: dict[str, Any]) -> None:
        """Take in one transition: its full events and the states before and after it."""
        for event in events:
            kind = event["type"]
            if kind in ("play", "face_up"):
                self.public.add(event["card"])
            elif kind == "trick":
                self.public |= set(event["cards"])
            elif kind == "turn_up":
                self.public.add(event["card"])
                self.face_up = event["card"]
            elif kind in ("exchange_turnup", "exchange_seven"):
                self.public |= {event["gave"], event["took"]}
                self.face_up = event["gave"]
            elif kind == "draw":
                self.own[event["seat"]].add(event["card"])
                if event["card"] == self.face_up:  # the face-up card under the stock, drawn last
                    self.public.add(event["card"])
            elif kind == "show":
                self.public |= set(event["hand"])
            elif kind == "announce":
                self.public |= {card for meld in event["melds"] for card in meld["cards"]}
            elif kind == "hit":
                self.own[event["seat"]].add(event["card"])
                self.contenders.add(event["seat"])
            elif kind == "stand":
                self.contenders.add(event["seat"])
            elif kind == "bust":
                self.busted.add(event["seat"])
            elif kind == "partner_revealed":
                self.partner_revealed = True
            elif kind == "look":
                self.own[event["seat"]] |= set(after["seats"][event["seat"]]["hand"])
            elif kind == "phase" and event["phase"] == "declare":  # Broggin: the showdown lays the hands down
                self.public |= {c for s in after["seats"] if not s["folded"] for c in s["hand"]}
        if before is not None:  # cards that came into a hand (a draw, an exchange) are its holder's
            for old, new in zip(before["seats"], after["seats"], strict=True):
                if not new.get("blind", False):
                    self.own[new["seat"]] |= set(new["hand"]) - set(old["hand"])
        if after["game"] == "old-brag" and after["phase"] == "complete":  # Pot III contenders within 31 show
            for seat in self.contenders - self.busted:
                self.public |= set(after["seats"][seat]["hand"]) | set(after["seats"][seat]["drawn"])

    def leaks(self, seat: int, node: Any) -> set[str]:
        """Cards that ``node`` shows and ``seat`` may not know. First every string of the pack anywhere in the
        node's JSON (names included, at C speed): where the seat may know all of them, nothing leaks; else the
        walk that tells a shown card from a named one."""
        known = self.may_know(seat)
        if known.issuperset(m.decode() for m in self._strings().findall(orjson.dumps(node))):
            return set()
        return shown_cards(node, self.pack) - known

    def _strings(self) -> re.Pattern[bytes]:
        """A JSON string that is a card of the pack, its quotes around it."""
        if self._pattern is None:
            cards = sorted(self.pack, key=len, reverse=True)
            self._pattern = re.compile(b'"(' + b"|".join(re.escape(c.encode()) for c in cards) + b')"')
        return self._pattern

    def check_view(self, seat: int, view: dict[str, Any], state: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """One seat's view (``state``, ``events``, ``legal_actions``) against the full state and events: the
        full ones with cards hidden and nothing else changed, no card the seat may not know, its own cards
        shown where it knows them, its own events in full."""
        seat_view, seat_events = view["state"], view["events"]
        assert masked(seat_view, state, self.pack) == [], seat
        assert masked(seat_events, events, self.pack) == [], seat
        for part in ("state", "events", "legal_actions"):
            leaked = self.leaks(seat, view[part])
            assert not leaked, f"seat {seat} is shown {sorted(leaked)} in its {part}: {view[part]}"
        hand = state["seats"][seat]["hand"]
        shown = seat_view["seats"][seat]["hand"]
        if set(hand) <= self.may_know(seat):  # its own cards, where it knows them, are shown
            assert shown == hand
        else:  # only a blind Three Card Brag player does not know its own cards
            assert state["seats"][seat]["blind"] and shown == [HIDDEN] * len(hand)
        for mine, full in zip(seat_events, events, strict=True):
            if full.get("seat") == seat:
                assert mine == full  # the seat's own events are shown in full
            elif mine.get("total") is not None:  # an Old Brag count: only of cards the seat may know
                counted = state["seats"][full["seat"]]
                assert set(counted["hand"]) | set(counted["drawn"]) <= self.may_know(seat), (seat, full)
        if seat_view.get("partner") is not None:  # Briscola chiamata: the partner once the called card is out
            assert self.partner_revealed, seat
