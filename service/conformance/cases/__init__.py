"""The cases of the pack, one module per operation or concern; :data:`MODULES` lists them in order.

Each module has ``cases(game, ask)``, yielding :class:`~service.conformance.vector.Case` objects for one game
(``ask`` answers a request in-process, for cases that search for an answer worth a vector), and may have
``service_cases(ask)`` for what no game owns. Adding a kind of vector (a new operation, record traces) is one
module here and one entry in :data:`MODULES`. Hand-picked cases name the rule id they cite; bulk cases come
from seeded random play (:mod:`service.conformance.simulate`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.conformance.cases import (
    analyze,
    catalog,
    crafted,
    deals,
    equity,
    examples,
    hands,
    malformed,
    matches,
    melds,
    names,
    notation,
    option_effects,
    play,
    records,
    refusals,
    states,
    suggest,
    tricks,
)

Ask = Callable[[dict[str, Any]], tuple[int, Any]]
"""Answer a vector's request in-process: (status, body)."""

MODULES = (
    catalog,
    examples,
    hands,
    tricks,
    melds,
    deals,
    play,
    refusals,
    states,
    crafted,
    records,
    matches,
    option_effects,
    names,
    equity,
    notation,
    suggest,
    analyze,
    malformed,
)
