"""Which of a game's languages answers a request: ``Accept-Language`` (RFC 9110 section 12.5.4) by the lookup
of RFC 4647 section 3.4.

The ranges are tried by weight (``q``, 1 when absent), the header's order among equal weights; each range is
looked up by truncation (``sv-SE`` finds ``sv``, ``sr-Latn-RS`` finds ``sr-Latn``), ``sr`` alone finds the
Serbian the seed is written in (Latin script), ``*`` is the first language not refused, and ``q=0`` refuses a
language. Nothing found, no header, or a header that is not a list of language ranges: the first language
(English). Never an error.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

MAX_HEADER = 1024
"""The longest header read (a browser's is under 100 characters); longer is taken as absent."""
MAX_RANGES = 32
"""The most ranges read; more is taken as absent."""
ALIASES = {"sr": "sr-Latn"}
"""A range that names a language of the table by another tag: Serbian alone is the seed's, in Latin script."""

_RANGE = re.compile(r"\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*")
_WEIGHT = re.compile(r"[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)")
_SPACE = " \t"


def ranges(header: str) -> list[tuple[str, float]] | None:
    """The header's language ranges with their weights, in its order; None when it is not a list of ranges."""
    if len(header) > MAX_HEADER:
        return None
    found: list[tuple[str, float]] = []
    for element in header.split(","):
        element = element.strip(_SPACE)
        if not element:
            continue  # an empty list element (RFC 9110 section 5.6.1)
        tag, _, weight = element.partition(";")
        tag, weight = tag.strip(_SPACE), weight.strip(_SPACE)
        if not _RANGE.fullmatch(tag):
            return None
        q = 1.0
        if weight or ";" in element:
            matched = _WEIGHT.fullmatch(weight)
            if matched is None:
                return None
            q = float(matched.group(1))
        found.append((tag, q))
        if len(found) > MAX_RANGES:
            return None
    return found


def lookup(language_range: str, supported: Sequence[str]) -> str | None:
    """The supported tag a range finds (case-insensitive), truncating it subtag by subtag; None if none."""
    tags = {tag.lower(): tag for tag in supported}
    candidate = language_range.lower()
    while candidate:
        found = tags.get(candidate) or tags.get(ALIASES.get(candidate, "").lower())
        if found is not None:
            return found
        candidate = candidate.rpartition("-")[0]
        if len(candidate) > 2 and candidate[-2] == "-":  # a singleton (an extension) goes with what follows
            candidate = candidate[:-2]
    return None


def negotiate(header: str | None, supported: Sequence[str]) -> str:
    """The best of ``supported`` (English first) for an ``Accept-Language`` header (None: absent)."""
    default = supported[0]
    weighted = ranges(header) if header is not None else None
    if not weighted:
        return default
    refused = {lookup(tag, supported) for tag, q in weighted if q == 0 and tag != "*"}
    for tag, _ in sorted((entry for entry in weighted if entry[1] > 0), key=lambda entry: -entry[1]):
        if tag == "*":
            found = next((language for language in supported if language not in refused), None)
        else:
            found = lookup(tag, supported)
        if found is not None and found not in refused:
            return found
    return default
