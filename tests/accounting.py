"""Every collected test is run and reported, once: a pytest plugin (tests/conftest.py registers it).

Two ways a suite can lose tests without anyone being told: two items sharing a node id (pytest-xdist keys
its work by node id and sends only one of them: schemathesis 4 under pytest 9.2 gave every operation's test
the same id, and 76 of 77 never ran under bin/test), and items collected but never reported. Collection
fails on the first; the run fails on the second, with or without xdist."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pytest


class Accounting:
    """Counts node ids as collected (here, or by xdist's workers) and as reported, and fails when they differ."""

    def __init__(self) -> None:
        self.collected: Counter[str] | None = None
        self.reported: Counter[str] = Counter()

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        if session.items and not hasattr(session.config, "workerinput"):
            self.collected = once(item.nodeid for item in session.items)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: object, ids: list[str]) -> None:
        # Every worker collects the same ids (xdist checks that): one worker's list is the run's.
        if self.collected is None:
            self.collected = once(ids)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        # One report a test: its call's, or its setup's when the setup failed or skipped it.
        if report.when == "call" or (report.when == "setup" and not report.passed):
            self.reported[report.nodeid] += 1

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        # A worker runs only its share; the controller (or a run without xdist) accounts for them all.
        worker = hasattr(session.config, "workerinput")
        stopped = session.shouldstop or session.shouldfail or exitstatus == pytest.ExitCode.INTERRUPTED
        if self.collected is None or worker or stopped or session.config.option.collectonly:
            return
        missing = sorted((self.collected - self.reported).elements())
        if not missing:
            return
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_sep(
                "=", f"{len(missing)} of {self.collected.total()} collected items never reported", red=True
            )
            for nodeid in missing[:50]:
                reporter.write_line(f"not run: {nodeid}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def once(nodeids: Iterable[str]) -> Counter[str]:
    """The node ids counted, unless two items share one: then a usage error (the run stops, before any test)."""
    counted = Counter(nodeids)
    twice = sorted(nodeid for nodeid, count in counted.items() if count > 1)
    if twice:
        raise pytest.UsageError(
            f"{len(twice)} node ids are shared by more than one collected item (xdist would run only one of each): "
            + ", ".join(twice)
        )
    return counted


def register(config: pytest.Config) -> None:
    """Adds the accounting to a run (not to xdist's workers twice: each worker is a run of its own)."""
    if not config.pluginmanager.has_plugin("accounting"):
        config.pluginmanager.register(Accounting(), "accounting")
