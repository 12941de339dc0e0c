"""The container image, built once per run (and reused across runs while its build inputs are the same)."""

from __future__ import annotations

import pytest

from tests.e2e.containers import Image, build


@pytest.fixture(scope="session")
def image() -> Image:
    return build()
