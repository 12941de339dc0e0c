"""A vector: one request, the whole answer expected, the rules it exercises (docs/api.md section 14).

A case module yields :class:`Case` objects (what to ask and why); :mod:`.generate` answers each with the
service's own app and writes it as a vector. A vector's ``id`` is ``<game>/<operation>/<key>-<digest>``: the
operation's short name, a readable key chosen by the case (none for bulk cases) and the first hex digits of the
SHA-256 of the canonical request, so an id is stable across regenerations and file moves and never names
another request.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

DIGEST_LENGTH = 10
KEY = re.compile(r"^[a-z0-9][a-z0-9._+-]*$")


def canonical(value: Any) -> str:
    """JSON with sorted keys and no spaces: the bytes a digest is taken of, the same in every run."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def slug(text: str) -> str:
    """A readable id part: lower case, runs of anything but letters, digits, ``.``, ``+`` and ``-`` as ``-``."""
    return re.sub(r"[^a-z0-9.+-]+", "-", text.lower()).strip("-") or "x"


@dataclass(frozen=True)
class Case:
    """A request worth a vector, and what it shows.

    ``game``: the file it goes in (a game id, or ``service`` for what no game owns); ``body`` the JSON body, or
    ``text`` a raw one (malformed JSON); ``group`` what kind of vector it is (``refusal``, ``category-boundary``
    ...), ``tags`` more ways to find it (``code:not_your_turn``, ``option:a23_rank``, ``wild-cards``);
    ``key`` the readable part of the id (None: the digest alone, for bulk cases)."""

    game: str
    method: str
    path: str
    rules: tuple[str, ...]
    description: str
    group: str
    key: str | None = None
    body: Any = None
    text: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    tags: tuple[str, ...] = ()

    @property
    def operation(self) -> str:
        return f"{self.method} {self.path}"

    def request(self) -> dict[str, Any]:
        """The request as a vector gives it: ``method``, ``path``, and ``headers``, ``body`` or ``text`` when
        there are any."""
        request: dict[str, Any] = {"method": self.method, "path": self.path}
        if self.headers:
            request["headers"] = dict(sorted(self.headers.items()))
        if self.text is not None:
            request["text"] = self.text
        elif self.body is not None:
            request["body"] = self.body
        return request

    def digest(self) -> str:
        """The first hex digits of the SHA-256 of the canonical request."""
        return hashlib.sha256(canonical(self.request()).encode()).hexdigest()[:DIGEST_LENGTH]

    def id(self) -> str:
        digest = self.digest()
        key = f"{slug(self.key)}-{digest}" if self.key else digest
        return f"{self.game}/{operation_name(self.game, self.path)}/{key}"


def operation_name(game: str, path: str) -> str:
    """An operation's short name: the path after ``/v1/{game}/`` with ``.`` for ``/`` (``hands.evaluate``);
    ``catalog`` for ``GET /v1/{game}``, the path's words for anything else (``v1.games``)."""
    prefix = f"/v1/{game}"
    if path == prefix:
        return "catalog"
    if path.startswith(prefix + "/"):
        return slug(path[len(prefix) + 1 :].replace("/", "."))
    return slug(path.strip("/").replace("/", "."))


def vector(case: Case, status: int, content_type: str, body: Any) -> dict[str, Any]:
    """The vector of ``case`` answered ``status`` with ``body`` (a problem's ``instance`` left out: it names the
    request, not the answer)."""
    if isinstance(body, dict) and content_type == "application/problem+json":
        body = {k: v for k, v in body.items() if k != "instance"}
    out: dict[str, Any] = {
        "id": case.id(),
        "game": case.game,
        "operation": case.operation,
        "group": case.group,
    }
    if case.tags:
        out["tags"] = sorted(set(case.tags))
    out |= {
        "request": case.request(),
        "expect": {"status": status, "content_type": content_type, "body": body},
        "rules": list(dict.fromkeys(case.rules)),
        "description": case.description,
    }
    return out


def retagged(found: dict[str, Any], tags: tuple[str, ...]) -> dict[str, Any]:
    """The vector ``found`` with ``tags`` added to its own, in their place (after ``group``)."""
    merged = sorted({*found.get("tags", ()), *tags})
    if merged == found.get("tags", []):
        return found
    items = [(k, v) for k, v in found.items() if k != "tags"]
    at = [k for k, _ in items].index("group") + 1
    return dict([*items[:at], ("tags", merged), *items[at:]])
