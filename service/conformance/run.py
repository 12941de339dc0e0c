"""Replaying the pack: each vector's request sent, its whole answer compared with the expected one.

A vector passes when the status, the media type and the body are the expected ones (a problem's ``instance``
left out). A client's :class:`~service.conformance.expectations.Expectations` turn a failure it expects into an
``expected-fail`` (and a pass it expected to fail into an ``unexpected-pass``), and skip what it asks to skip.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from service.conformance import MANIFEST
from service.conformance.client import Transport
from service.conformance.compare import first_difference, shown
from service.conformance.expectations import Expectations
from service.conformance.vector import operation_name

STATUSES = ("passed", "failed", "expected-fail", "unexpected-pass", "skipped")
UNEXPECTED = ("failed", "unexpected-pass")


class PackError(Exception):
    """The pack cannot be read, or a file is not the one its manifest names."""


def read_manifest(folder: Path) -> dict[str, Any]:
    try:
        manifest: dict[str, Any] = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise PackError(f"{folder / MANIFEST}: {error}") from None
    return manifest


def load_pack(folder: Path, games: Sequence[str] = ()) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The manifest and the vectors of ``games`` (every file when empty), each file checked against the
    SHA-256 the manifest gives."""
    manifest = read_manifest(folder)
    files = manifest.get("files", {})
    unknown = sorted(set(games) - set(files))
    if unknown:
        raise PackError(f"no vectors for {', '.join(unknown)} (the pack has {', '.join(sorted(files))})")
    vectors = []
    for game in games or sorted(files):
        entry = files[game]
        path = folder / entry["path"]
        try:
            data = path.read_bytes()
        except OSError as error:
            raise PackError(f"{path}: {error}") from None
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise PackError(f"{path} is not the file the manifest names (its SHA-256 differs): regenerate the pack")
        vectors += [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]
    return manifest, vectors


@dataclass(frozen=True)
class Outcome:
    vector: dict[str, Any]
    status: str
    message: str = ""

    @property
    def operation_name(self) -> str:
        return operation_name(self.vector["game"], self.vector["request"]["path"])


def answered(transport: Transport, request: dict[str, Any]) -> dict[str, Any]:
    """The answer to ``request`` as a vector's ``expect`` holds it (a problem's ``instance`` left out)."""
    status, media_type, body = transport.send(request)
    if media_type == "application/problem+json" and isinstance(body, dict):
        body = {k: v for k, v in body.items() if k != "instance"}
    return {"status": status, "content_type": media_type, "body": body}


def check(transport: Transport, vector: dict[str, Any]) -> str | None:
    """None when the answer is the expected one, else its first difference in a few words."""
    difference = first_difference(vector["expect"], answered(transport, vector["request"]))
    if difference is None:
        return None
    return f"{difference.pointer}: expected {shown(difference.expected)}, got {shown(difference.actual)}"


def outcome(transport: Transport, vector: dict[str, Any], expectations: Expectations | None) -> Outcome:
    expected = expectations.of(vector["id"]) if expectations else None
    if expected is not None and expected.expected == "skip":
        return Outcome(vector, "skipped", expected.reason)
    difference = check(transport, vector)
    if expected is not None:
        if difference is None:
            return Outcome(
                vector, "unexpected-pass", f"passed, but expected to fail ({expected.pattern}): {expected.reason}"
            )
        return Outcome(vector, "expected-fail", f"{expected.reason} ({difference})")
    return Outcome(vector, "passed") if difference is None else Outcome(vector, "failed", difference)


def replay(
    transport: Transport,
    vectors: Iterable[dict[str, Any]],
    expectations: Expectations | None = None,
    progress: Callable[[int], None] = lambda done: None,
) -> Iterator[Outcome]:
    for done, vector in enumerate(vectors, 1):
        yield outcome(transport, vector, expectations)
        progress(done)


def report_line(item: Outcome) -> str:
    """One line for a vector whose result was not the one expected: its id, operation and first difference."""
    label = "FAIL" if item.status == "failed" else "XPASS"
    return f"{label} {item.vector['id']} {item.vector['operation']} {item.message}"


def _by_operation(outcomes: Sequence[Outcome]) -> list[tuple[str, str, Counter[str]]]:
    """The results counted per game and operation, in that order."""
    counts: dict[tuple[str, str], Counter[str]] = {}
    for item in outcomes:
        counts.setdefault((item.vector["game"], item.operation_name), Counter())[item.status] += 1
    return [(game, op, found) for (game, op), found in sorted(counts.items())]


def summary(outcomes: Sequence[Outcome]) -> str:
    """A table of results per game and operation, and a last line with the totals."""
    header = ["game", "operation", *STATUSES]
    rows = [[game, op, *(str(c[s]) for s in STATUSES)] for game, op, c in _by_operation(outcomes)]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in [header, *rows]]
    total = Counter(item.status for item in outcomes)
    verdict = "as expected" if not any(total[s] for s in UNEXPECTED) else "NOT as expected"
    lines.append(f"{len(outcomes)} vectors: " + ", ".join(f"{total[s]} {s}" for s in STATUSES) + f" ({verdict})")
    return "\n".join(lines)


def report(outcomes: Sequence[Outcome], rules_version: Any, against: str) -> dict[str, Any]:
    """The run as one JSON object (``conformance run --json``): the pack's ``rules_version``, what was run
    against, whether every result was as expected, the totals, the counts per game and operation, and every
    result other than a pass with its vector's id and, for a failure, the first difference."""
    total = Counter(item.status for item in outcomes)
    return {
        "rules_version": rules_version,
        "against": against,
        "as_expected": as_expected(outcomes),
        "totals": {"vectors": len(outcomes), **{status: total[status] for status in STATUSES}},
        "operations": [
            {"game": game, "operation": op, **{status: found[status] for status in STATUSES}}
            for game, op, found in _by_operation(outcomes)
        ],
        "results": [
            {
                "id": item.vector["id"],
                "game": item.vector["game"],
                "operation": item.vector["operation"],
                "status": item.status,
                "message": item.message,
            }
            for item in outcomes
            if item.status != "passed"
        ],
    }


def as_expected(outcomes: Iterable[Outcome]) -> bool:
    return not any(item.status in UNEXPECTED for item in outcomes)
