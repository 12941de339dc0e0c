"""One reading of a body: no object of it names a key twice (``{"ante": "x", "ante": 1}`` is refused, not read
as its last value).

Cheap for every body: outside strings, JSON has exactly one ``:`` per key, so a text with ``c`` colons has at
most ``c`` keys, and a parsed document whose objects hold ``c`` keys lost none to a duplicate. The keys are
counted outer objects first and the count stops once it reaches ``c`` (a body of hands has one colon and one
key: nothing below is visited). Only when the parsed objects hold fewer keys than there are colons (colons
inside strings, or a key given twice) is the text read again with every pair kept, to find the duplicate.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

Path = tuple[str | int, ...]


class _Pairs(list[tuple[str, Any]]):
    """An object's members as written, every pair kept (the exact reading's objects; a list, as arrays are)."""


def duplicate_key(text: str, document: Any) -> tuple[Path, str] | None:
    """The first duplicated key of ``text`` (parsed as ``document``): the path of the object holding it and the
    key; None when every object's keys are distinct."""
    colons = text.count(":")
    if not colons or _holds_keys(document, colons):
        return None
    return _first_duplicate(json.loads(text, object_pairs_hook=_Pairs))


LONG = 256
"""Containers of more members or items than this are counted last (:func:`_holds_keys`)."""


def _holds_keys(document: Any, colons: int) -> bool:
    """Whether ``document``'s objects hold at least ``colons`` keys, counted outer objects first, a level at a
    time, stopping as soon as they do (whatever the order, the answer is whether they hold that many). Members or items
    all objects (an array of actions) are counted at C speed, all lists (an array of hands) joined at C speed, all
    scalars (a hand, an object of options) passed over at C speed. Containers longer than :data:`LONG` are counted
    after all the others, with what they hold: a body of the right shape but for one long array (50,000 empty
    objects, 12,000 hands where one card goes) reaches its count first and never walks the array (2 to 3 ms of
    a request's 7)."""
    count = len(document) if type(document) is dict else 0
    level: list[Any] = [document]
    long: list[Any] | None = []
    while count < colons:
        if not level:
            if not long:
                return False
            level, long = long, None  # the long ones, and all they hold, in turn
        below: list[Any] = []
        for container in level:
            if long is not None and len(container) > LONG:
                long.append(container)
                continue
            items = container.values() if type(container) is dict else container
            kinds = set(map(type, items))
            if kinds == _OBJECTS:
                count += sum(map(len, items))
                if count >= colons:
                    return True
                below.extend(filter(None, items))  # an empty object holds nothing below
            elif kinds == _LISTS:  # a list of lists (hands, a deck's cards): one list of their items, at C speed
                inner = list(itertools.chain.from_iterable(items))
                if not _CONTAINERS.isdisjoint(map(type, inner)):
                    below.append(inner)
            elif not kinds.isdisjoint(_CONTAINERS):
                for item in items:
                    if type(item) is dict:
                        count += len(item)
                        below.append(item)
                    elif type(item) is list:
                        below.append(item)
        level = below
    return True


_OBJECTS = {dict}
_LISTS = {list}
_CONTAINERS = {dict, list}


def _first_duplicate(document: Any) -> tuple[Path, str] | None:
    """The first object naming a key twice (outer objects first, then in document order), and the key."""
    level: list[tuple[Path, Any]] = [((), document)]
    while level:
        below: list[tuple[Path, Any]] = []
        for path, value in level:
            if isinstance(value, _Pairs):
                seen: set[str] = set()
                for key, _ in value:
                    if key in seen:
                        return path, key
                    seen.add(key)
                below += [((*path, key), item) for key, item in value if isinstance(item, list)]
            elif isinstance(value, list):
                below += [((*path, i), item) for i, item in enumerate(value) if isinstance(item, list)]
        level = below
    return None
