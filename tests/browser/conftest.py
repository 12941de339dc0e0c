"""The referee page in a real browser: Debian's chromium driven by Playwright, one browser for the session.

The service runs in-process on a free loopback port (werkzeug's threaded server). Every test gets a fresh
context whose page records what must never happen: a request outside the service, an uncaught error, a console
error. Without chromium (or Playwright) the tests skip, except in CI (``CI=true``), where they fail: ``bin/test``
installs chromium with apt-get.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from service.api.app import create_app

CHROMIUM = os.environ.get("CARD_ARBITER_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
FAILED_LOAD = "Failed to load resource: the server responded with a status of"
"""Chromium's console line for any answer of 400 or more, a fetch's included: expected where a test asks for a
problem, never elsewhere."""


def _missing(why: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"the browser tests need {why} (bin/test installs chromium with apt-get)")
    pytest.skip(f"no browser: {why}")


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The service, in-process on a free loopback port."""
    server = make_server("127.0.0.1", 0, create_app({"WARM_TABLES": False}), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless chromium for the whole session."""
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _missing(f"chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - the test extra installs it
        _missing("the playwright package")
    from playwright.sync_api import expect

    # a page's assertions wait as long as its actions do (a hint's Monte Carlo on a loaded 2-core machine
    # takes seconds; Playwright's own 5 s made such waits fail under load, not the page)
    expect.set_options(timeout=10_000)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class Watch:
    """What a page did that it must not: requests outside the service, uncaught errors, console errors."""

    base: str
    outside: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def attach(self, page: Any) -> Any:
        page.on("request", lambda r: None if r.url.startswith(self.base + "/") else self.outside.append(r.url))
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.on("console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None)
        return page

    def check(self, problems_expected: bool = False) -> None:
        assert not self.outside, f"requests outside the service: {self.outside}"
        assert not self.page_errors, f"uncaught errors: {self.page_errors}"
        errors = [e for e in self.console_errors if not (problems_expected and e.startswith(FAILED_LOAD))]
        assert not errors, f"console errors: {errors}"


@dataclass
class Session:
    """A fresh browser context for a test, and the watch over its pages."""

    browser: Any
    base: str
    watch: Watch
    contexts: list[Any] = field(default_factory=list)
    problems_expected: bool = False
    """Set by a test that asks for a problem: Chromium then logs the answer's status as a console error."""

    def page(self, path: str = "", *, width: int = 360, javascript: bool = True, **options: Any) -> Any:
        """A new page in a new context (a phone's width by default), at ``path`` when given."""
        context = self.browser.new_context(
            viewport={"width": width, "height": 800}, java_script_enabled=javascript, **options
        )
        context.set_default_timeout(10_000)
        self.contexts.append(context)
        page = self.watch.attach(context.new_page())
        if path:
            page.goto(self.base + path)
        return page


@pytest.fixture
def session(browser: Any, base_url: str) -> Iterator[Session]:
    watch = Watch(base_url)
    found = Session(browser, base_url, watch)
    try:
        yield found
    finally:
        for context in found.contexts:
            context.close()
    watch.check(found.problems_expected)
