"""The package and the image carry the pack; an installed package finds it under <prefix>/share/card-arbiter."""

from __future__ import annotations

import tomllib
from pathlib import Path

import service.conformance as conformance
from tests.installed import install_data_files

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_and_the_image_carry_the_pack() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    files = config["tool"]["setuptools"]["data-files"]["/".join(conformance.DATA_DIR)]
    assert {"conformance/*.jsonl", "conformance/manifest.json"} <= set(files)
    assert "COPY conformance ./conformance" in (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert conformance.SOURCE_DIR == ROOT / "conformance" and conformance.pack_dir() == conformance.SOURCE_DIR


def test_an_installed_package_reads_the_pack_from_its_data_files(tmp_path, monkeypatch) -> None:
    shared = tmp_path / "share" / "card-arbiter" / "conformance"
    shared.mkdir(parents=True)
    (shared / "manifest.json").write_text("{}", encoding="utf-8")

    install_data_files(
        monkeypatch,
        tmp_path,
        ("share", "card-arbiter", "rules", "manifest.json"),
        ("share", "card-arbiter", "conformance", "manifest.json"),
    )
    monkeypatch.setattr(conformance, "SOURCE_DIR", tmp_path / "no-checkout")
    assert conformance.pack_dir() == shared
