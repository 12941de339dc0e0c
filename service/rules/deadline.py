"""A request's own deadline: the HTTP layer sets it as a request begins (:func:`start`) and lifts it as it ends
(:func:`stop`); the work loops that can run long (equity sampling, suggestions' worlds, rollouts and searches,
replays of records and matches) call :func:`check`, which raises :class:`DeadlineExceeded` once it has passed.

No deadline is set outside a request (the CLI, the bench, the tests of the engine), and then :func:`check`
never raises. It only ever ends the work: an answer given within the deadline is the same bytes as without one.
Cheap enough for a hot loop (one context-variable read, and a clock read while a deadline is set); loops that
turn millions of times call it every few hundred turns. The variable is per thread and per context, so a
threaded server's requests keep their own.
"""

from __future__ import annotations

import time
from contextvars import ContextVar

_deadline: ContextVar[float | None] = ContextVar("deadline", default=None)


class DeadlineExceeded(Exception):
    """The request's deadline passed before its work was done: the service is busy, the request may be sent
    again."""


def start(seconds: float | None) -> None:
    """A deadline ``seconds`` from now for the work that follows (None or 0: none)."""
    _deadline.set(time.monotonic() + seconds if seconds else None)


def stop() -> None:
    """No deadline any more."""
    _deadline.set(None)


def check() -> None:
    """Raise :class:`DeadlineExceeded` if a deadline is set and has passed."""
    deadline = _deadline.get()
    if deadline is not None and time.monotonic() > deadline:
        raise DeadlineExceeded(f"the request ran past its deadline of {deadline:.0f} (monotonic seconds)")


__all__ = ["DeadlineExceeded", "check", "start", "stop"]
