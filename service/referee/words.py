"""A game's options as people read them: each option's name in words (``max_raise_increment``: "Highest raise
increment"), its values in words (``null``: "no limit", ``true``: "yes", ``"threes_high"``: "threes high").

Derived from what the catalog already says of each option (its name, type, allowed values, whether it may be
null), never a table written per option; the identifier stays beside the words (and names the control).
"""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup, escape

LIMITS = {("max", False): "highest", ("max", True): "most", ("min", False): "lowest", ("min", True): "fewest"}
"""``max``/``min`` in words, by whether what they bound is counted (a plural: "most raises")."""

_LETTERS_DIGITS = re.compile(r"^([a-z]{2,})(\d+)$")


PLAYER_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
"""The number words an option's name opens with when it is for that many players only (``six_player_teams``)."""


def option_players(name: str) -> int | None:
    """The player count an option is for (``three_player_removed``: 3), None for an option of every count."""
    tokens = name.split("_")
    return PLAYER_COUNTS.get(tokens[0]) if len(tokens) > 2 and tokens[1] == "player" else None


def option_label(name: str) -> str:
    """An option's identifier in words: ``max_raise_increment`` "Highest raise increment", ``max_raises`` "Most
    raises", ``points_min`` "Fewest points", ``pot3_ace`` "Pot 3 ace", ``six_player_teams`` "Teams (six
    players)"."""
    tokens = name.split("_")
    if option_players(name) is not None:
        return option_label("_".join(tokens[2:])) + f" ({tokens[0]} players)"
    for end in (0, -1):
        if len(tokens) > 1 and tokens[end] in ("max", "min"):
            bound = tokens.pop(end)
            tokens.insert(0, LIMITS[bound, tokens[0 if end == 0 else -1].endswith("s")])
            break
    words = [" ".join(m.groups()) if (m := _LETTERS_DIGITS.match(t)) else t for t in tokens]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def state_words(state_type: type[Any]) -> dict[str, str]:
    """Every field of a game's state and of its seats in words (``main_pot`` "Main pot", ``put_in`` "Put in"),
    for what the page shows of the table at a step."""
    seat_type = typing.get_args(typing.get_type_hints(state_type).get("seats", tuple[()]))[:1]
    types = [state_type, *(t for t in seat_type if dataclasses.is_dataclass(t))]
    return {f.name: option_label(f.name) for t in types for f in dataclasses.fields(t)}


def value_words(spec: Mapping[str, Any], value: Any) -> str:
    """An option's value as people read it: null as "no limit" for a number (every nullable number is a cap)
    or "none", true and false as "yes" and "no", a word's underscores as spaces, a number as it is."""
    if value is None:
        return "no limit" if "integer" in str(spec.get("type")) else "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.replace("_", " ")
    return str(value)


def option_words(spec: Mapping[str, Any]) -> dict[str, Any]:
    """What the page says of one option: its label in words and the words of every value it names (each keyed
    by the value's JSON), for the script as for the server's own rendering."""
    values: list[Any] = [spec.get("default"), *(spec.get("allowed") or ())]
    if spec.get("type") == "boolean":
        values += [True, False]
    if spec.get("nullable"):
        values.append(None)
    return {
        "label": option_label(str(spec["name"])),
        "values": {json.dumps(v): value_words(spec, v) for v in values},
    }


def identifier(name: str) -> Markup:
    """An identifier as HTML that a narrow column breaks after an underscore, never inside a word."""
    return Markup("_<wbr>").join(escape(part) for part in name.split("_"))
