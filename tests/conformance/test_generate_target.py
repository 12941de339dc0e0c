"""``conformance generate`` without --out writes a checkout's conformance/, never the installed package's copy
(bin/serve installs the package into site-packages: the pack was written there and the checkout left as it
was). The installed package stands in as a folder of copied packages; the pack as two small files."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import service.conformance as conformance
from service.cli import main
from service.conformance import generate

ROOT = Path(__file__).resolve().parents[2]
FILES = {"manifest.json": b'{"rules_version": "t"}\n', "briscola.jsonl": b"{}\n"}


def make_packages(root: Path, text: str = "x = 1\n") -> None:
    for package in ("service", "schemas"):
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_text(text)


@pytest.fixture()
def installed(tmp_path, monkeypatch) -> Path:
    """site-packages with the package (and its own copy of the pack beside it); the pack's build stubbed."""
    site = tmp_path / "site-packages"
    make_packages(site)
    monkeypatch.setattr(conformance, "SOURCE_DIR", site / "conformance")
    monkeypatch.setattr(generate, "pack", lambda: dict(FILES))
    return site


def checkout(root: Path, text: str = "x = 1\n") -> Path:
    (root / "conformance").mkdir(parents=True)
    (root / "conformance" / "manifest.json").write_text("{}")
    (root / "pyproject.toml").write_text('[project]\nname = "card-arbiter"\n')
    make_packages(root, text)
    return root


def generated(cwd: Path, monkeypatch):
    monkeypatch.chdir(cwd)
    return CliRunner().invoke(main, ["conformance", "generate"])


def test_installed_it_writes_the_checkout_you_are_in(installed, tmp_path, monkeypatch) -> None:
    clone = checkout(tmp_path / "clone")
    (clone / "docs").mkdir()
    result = generated(clone / "docs", monkeypatch)
    assert result.exit_code == 0, result.output
    assert (clone / "conformance" / "briscola.jsonl").read_bytes() == FILES["briscola.jsonl"]
    assert not (installed / "conformance").exists()
    assert f"in {clone / 'conformance'}" in result.stdout and "the checkout you are in" in result.stdout


def test_installed_code_other_than_the_checkouts_is_refused(installed, tmp_path, monkeypatch) -> None:
    clone = checkout(tmp_path / "clone", text="x = 2\n")  # changed since it was installed
    (clone / "service" / "new.py").write_text("")
    result = generated(clone, monkeypatch)
    assert result.exit_code == 2
    assert "3 files differ: schemas/__init__.py, service/__init__.py, service/new.py" in result.stderr
    assert "install it again" in result.stderr
    assert not (clone / "conformance" / "briscola.jsonl").exists() and not (installed / "conformance").exists()


def test_outside_a_checkout_it_writes_here_and_says_why(installed, tmp_path, monkeypatch) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = generated(elsewhere, monkeypatch)
    assert result.exit_code == 0, result.output
    assert (elsewhere / "conformance" / "manifest.json").is_file() and not (installed / "conformance").exists()
    assert "not in a card-arbiter checkout" in result.stdout and str(installed) in result.stdout


def test_run_from_a_checkout_it_writes_that_checkout(monkeypatch, tmp_path) -> None:
    from service.conformance.target import target

    assert conformance.SOURCE_DIR == ROOT / "conformance"  # the tests run from the checkout (editable install)
    chosen = target(tmp_path)
    assert chosen.folder == ROOT / "conformance" and chosen.why == "the checkout the package runs from"
