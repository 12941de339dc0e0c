"""The accounting of every collected test (tests/accounting.py); shared fixtures: the app (tables built lazily),
a test client, the wheel; deck building and a trick asked."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest
from _pytest.mark.expression import Expression

from service.api.app import create_app
from service.rules.seats import deal_order
from tests import accounting, groups, heap


def pytest_configure(config: pytest.Config) -> None:
    accounting.register(config)
    config.pluginmanager.register(groups, "card-arbiter-groups")
    config.pluginmanager.register(heap, "card-arbiter-heap")


COSTLY_TO_COLLECT = {Path(__file__).parent / "contract" / "test_schemathesis.py": "contract"}
"""Modules whose every test carries one marker and whose collection alone costs much: schemathesis builds every
operation's coverage cases as it collects (some 40 s of CPU, in each xdist worker)."""


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """A module of COSTLY_TO_COLLECT is not collected when ``-m`` would deselect its marker anyway
    (`bin/test --fast`); otherwise pytest decides."""
    marker = COSTLY_TO_COLLECT.get(collection_path)
    expression = config.option.markexpr
    if marker is None or not expression:
        return None
    return not Expression.compile(expression).evaluate(lambda name, /, **kwargs: name == marker) or None


@pytest.fixture(scope="session")
def app():
    return create_app({"WARM_TABLES": False, "TESTING": True})


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], set[str]]:
    """The wheel `pip install .` builds from the tracked files (a packaging test's): the tracked paths, and the
    names the wheel holds."""
    root = Path(__file__).resolve().parents[1]
    tmp = tmp_path_factory.mktemp("wheel")
    tracked = subprocess.run(
        ["git", "ls-files", "pyproject.toml", "README.md", "service", "schemas", "docs", "conformance"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    source = tmp / "src"
    for name in tracked:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_bytes((root / name).read_bytes())
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp / "dist"), str(source)],
        check=True,
        capture_output=True,
    )
    (built,) = (tmp / "dist").glob("*.whl")
    return tracked, set(zipfile.ZipFile(built).namelist())


def deck_for(
    hands: dict[int, Sequence[str]], players: int, dealer: int, pack: Sequence[str], then: Sequence[str] = ()
) -> list[str]:
    """A whole deck that deals ``hands`` (seat -> cards, in the order each seat receives them),
    followed by ``then`` and the rest of ``pack`` (docs/api.md section 5: one card at a time, dealer's next first)."""
    order = deal_order(dealer, players)
    size = max((len(h) for h in hands.values()), default=0)
    used = {c for h in hands.values() for c in h} | set(then)
    spare = iter([c for c in pack if c not in used])
    deck = []
    for k in range(size):
        for seat in order:
            hand = hands.get(seat)
            deck.append(hand[k] if hand is not None else next(spare))
    deck.extend(then)
    deck.extend(spare)
    return deck


def trick_winner(client, base: str, trump: str, cards: Sequence[str]) -> tuple[int, int]:
    """``POST {base}/tricks/winner`` answered: the winning card's index and the trick's points."""
    body = client.post(f"{base}/tricks/winner", json={"trump": trump, "cards": list(cards)}).get_json()
    return body["winner"], body["points"]
