"""``card-arbiter adjudicate`` for matches and archives: a match read beside records (docs/api.md section 15) and
printed for people, and many records or matches judged at once, ``--jobs N`` processes in-process or
``--concurrency N`` requests in flight against ``--url``, the answers kept in input order.

Numbering for people: seats and deals keep their JSON numbers (seat 0, deal 0); the actions a person typed count
from 1 ("illegal at action 6" is the action at index 5).
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

Judged = tuple[int, Any]
"""(HTTP status, decoded answer) of one record or match."""
Call = Callable[[str, str, Any], Judged]


def is_match(item: Any) -> bool:
    """Whether an item of a file is a match: ``{"match": ...}`` (a request body) or a bare match (``deals``)."""
    return isinstance(item, dict) and ("match" in item or ("deals" in item and "actions" not in item))


def request_of(game: str, item: Any) -> tuple[str, Any]:
    """The path and body that judge ``item``: a match's ``matches/adjudicate``, a record's ``records/adjudicate``
    (a request body, with views or trace, is sent as it is)."""
    if is_match(item):
        return f"/v1/{game}/matches/adjudicate", item if "match" in item else {"match": item}
    body = item if isinstance(item, dict) and "record" in item else {"record": item}
    return f"/v1/{game}/records/adjudicate", body


def action_number(index: int) -> int:
    """An action's number for people: the action at index 0 is action 1."""
    return index + 1


def seats_text(seats: Iterable[int]) -> str:
    listed = list(seats)
    if not listed:
        return "nobody"
    words = [str(s) for s in listed]
    return ("seat " if len(words) == 1 else "seats ") + (
        words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    )


def where_written(error: dict[str, Any]) -> str:
    """Where a match written as text has its fault: " (line 7, column 4)"; nothing for JSON."""
    return f" (line {error['line']}, column {error['column']})" if "line" in error else ""


def deal_line(deal: dict[str, Any]) -> str:
    """One deal of a match on one line: its verdict, and its winners, or its illegal action (with its line and
    column in a text)."""
    head = f"deal {deal['index']}: {deal['verdict'].replace('_', ' ')}, {deal['applied']} action(s)"
    error = deal.get("error")
    if error:
        return (
            f"{head}; illegal at action {action_number(error['index'])}{where_written(error)}: {error['code']} "
            f"(rule {error['rule']}): {error['message']}"
        )
    result = deal.get("result")
    if result is None:
        return head
    name = "points" if isinstance(result.get("points"), list) else "payouts"
    scores = result.get(name)
    shown = f" ({name} {', '.join(str(s) for s in scores)})" if isinstance(scores, list) else ""
    return f"{head}; {seats_text(result.get('winners') or [])} won{shown}"


def match_text(answer: dict[str, Any], table: Callable[[list[list[Any]], list[str]], str]) -> str:
    """A match's verdict for people: each deal on a line, the standings as a table (``table`` writes it), the
    winners with the deciding deal, and what made it illegal."""
    lines = [f"match: {answer['verdict'].replace('_', ' ')} ({len(answer['deals'])} deal(s) played)"]
    lines += [deal_line(deal) for deal in answer["deals"]]
    standings = answer["standings"]
    columns = [name for name in ("points", "payouts") if standings and name in standings[0]]
    rows = [[s["seat"], s["deals_won"], *(s[c] for c in columns)] for s in standings]
    lines += ["standings:", table(rows, ["seat", "deals won", *columns])]
    if answer["decided_by"] is not None:
        lines.append(f"winner: {seats_text(answer['winners'])}, decided by deal {answer['decided_by']}")
    elif answer["winners"]:
        lines.append(f"winner: {seats_text(answer['winners'])} (the most summed payouts)")
    elif answer["verdict"] == "complete":
        lines.append("winner: nobody (a drawn match)")
    error = answer.get("error")
    if error and error.get("index") is None:
        lines.append(f"deal {error['deal']} should not have been played: {error['code']} (rule {error['rule']})")
        lines.append(f"  {error['message']}")
    elif error:
        at = f"deal {error['deal']}, action {action_number(error['index'])}{where_written(error)}"
        lines.append(f"illegal: {at}: {error['code']}")
    return "\n".join(lines)


def match_line(number: int, answer: dict[str, Any]) -> str:
    """A match of an archive on one line."""
    verdict = answer["verdict"].replace("_", " ")
    error = answer.get("error")
    if error and error.get("index") is None:
        return f"line {number}: match illegal at deal {error['deal']} ({error['code']}, rule {error['rule']})"
    if error:
        at = f"deal {error['deal']}, action {action_number(error['index'])}"
        return f"line {number}: match illegal at {at} ({error['code']}, rule {error['rule']})"
    decided = f", decided by deal {answer['decided_by']}" if answer["decided_by"] is not None else ""
    return f"line {number}: match {verdict}, winners {answer['winners']}{decided}"


# -- many at once -----------------------------------------------------------------------------------------
R = TypeVar("R")
_local = threading.local()
_work: Any = None
"""What ``--jobs`` workers inherit through fork: the items, how one is judged in-process (the parent's app, built
before the fork) and what the caller keeps of each answer. A worker is sent an item's index only."""


def _kept_at(index: int) -> Any:
    """What the caller keeps of item ``index``, judged and digested in this (forked) worker."""
    items, one, told = _work
    return told(index, one(items[index]))


def judged_all(
    game: str,
    items: list[Any],
    one: Callable[[Any], Judged],
    told: Callable[[int, Judged], R],
    *,
    jobs: int = 1,
    concurrency: int = 1,
    remote: Callable[[], Call] | None = None,
    unsent: Callable[[Any], Judged | None] = lambda item: None,
) -> Iterator[R]:
    """What the caller keeps of each item's answer (``told(i, (status, answer))`` for ``items[i]``), in input
    order, as each is known: each item judged by ``one`` in this process; or by ``jobs`` processes forked from
    it, each sent an item's index, judging it with ``one`` (the parent's in-process app) and sending back only
    what ``told`` keeps (no record nor answer crosses between processes: the parent has little to do but
    print); or by ``concurrency`` requests in flight against a service (each thread with its own connection
    from ``remote``; an item ``unsent`` answers, a line that is not JSON or a text read here, is never sent)."""
    global _work
    if jobs > 1 and remote is None:
        _work = (items, one, told)
        chunk = max(1, min(64, len(items) // (jobs * 8)))
        try:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                yield from pool.imap(_kept_at, range(len(items)), chunksize=chunk)
        finally:
            _work = None
        return
    if concurrency > 1 and remote is not None:
        make = remote

        def call(item: Any) -> Judged:
            caller = getattr(_local, "caller", None)
            if caller is None:
                caller = _local.caller = make()
            return caller("POST", *request_of(game, item))

        with ThreadPoolExecutor(concurrency) as pool:
            answers = pool.map(call, [item for item in items if unsent(item) is None])
            for i, item in enumerate(items):
                local = unsent(item)
                yield told(i, local if local is not None else next(answers))
        return
    for i, item in enumerate(items):
        yield told(i, one(item))


__all__ = ["is_match", "judged_all", "match_line", "match_text", "request_of", "where_written"]
