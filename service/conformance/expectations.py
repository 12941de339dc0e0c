"""A client's expectations file: ``{id or glob: {expected: "fail" | "skip", reason}}`` (docs/api.md section 14).

An exact id wins over a glob; among globs (``fnmatch``: ``*``, ``?``, ``[...]``) the first in the file does.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

KINDS = ("fail", "skip")


class Expectation(NamedTuple):
    expected: str
    reason: str
    pattern: str


class Expectations:
    def __init__(self, entries: Mapping[str, Any]) -> None:
        problems = []
        self.entries: dict[str, Expectation] = {}
        for pattern, entry in entries.items():
            if not isinstance(entry, dict) or entry.get("expected") not in KINDS:
                problems.append(f'{pattern}: expected {{"expected": "fail" | "skip", "reason": "..."}}')
                continue
            self.entries[pattern] = Expectation(entry["expected"], str(entry.get("reason", "")), pattern)
        if problems:
            raise ValueError("; ".join(problems))

    @classmethod
    def read(cls, path: str | Path) -> Expectations:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("an expectations file is a JSON object: {id or glob: {expected, reason}}")
        return cls(data)

    def of(self, vector_id: str) -> Expectation | None:
        """What the file expects of ``vector_id``, or None (it should pass)."""
        if vector_id in self.entries:
            return self.entries[vector_id]
        for pattern, entry in self.entries.items():
            if fnmatch.fnmatchcase(vector_id, pattern):
                return entry
        return None

    def unused(self, vector_ids: Iterable[str]) -> list[tuple[str, str]]:
        """(entry, why) for each entry that applies to none of ``vector_ids``: it matches none (a typo, or a
        vector the pack no longer has), or every one it matches is taken by an exact id or an earlier glob."""
        ids = list(vector_ids)
        used = {found.pattern for found in map(self.of, ids) if found is not None}
        return [
            (
                pattern,
                "every vector it matches is taken by an exact id or an earlier glob"
                if any(fnmatch.fnmatchcase(vector_id, pattern) for vector_id in ids)
                else "matches no vector of the pack",
            )
            for pattern in self.entries
            if pattern not in used
        ]
