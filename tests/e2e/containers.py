"""The image as bin/image builds it, and containers run from it as deploy/k8s runs them (the `container` tests).

The engine is bin/image's: docker where a Docker engine answers, else podman with the project's
deploy/podman/containers.conf (the host's network: every container here gets free loopback ports). One
image per set of build inputs: it carries their digest as a label, so a run reuses the image that an
earlier run built from the same files, and a machine-wide lock keeps parallel runs from building at once.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
LABEL = "org.card-arbiter.build-inputs"
BUILD_SECONDS = 1800  # a first build makes the Debian base too (debootstrap), on a loaded machine
LOCK = Path(tempfile.gettempdir()) / "card-arbiter-image.lock"


@dataclass(frozen=True)
class Engine:
    name: str  # docker or podman
    env: dict[str, str]

    def __call__(self, *args: str, check: bool = True, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        try:
            run = subprocess.run(
                [self.name, *args], env=self.env, capture_output=True, text=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired as late:  # a loaded machine, or another run holding podman's storage
            raise AssertionError(f"{self.name} {' '.join(args)} still ran after {timeout} s: {late.stderr!r}") from late
        if check and run.returncode != 0:
            raise AssertionError(f"{self.name} {' '.join(args)} exited {run.returncode}: {run.stderr[-2000:]}")
        return run


@dataclass(frozen=True)
class Image:
    engine: Engine
    id: str
    inputs: str  # the digest of its build inputs


def missing(what: str) -> None:
    """A missing engine fails in CI (bin/test installs podman there) and skips elsewhere."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} (bin/test installs podman, runc and debootstrap with apt-get as root)")
    pytest.skip(what)


def engine() -> Engine:
    """bin/image's choice: ENGINE, else docker with a running engine, else podman."""
    env = dict(os.environ)
    name = env.get("ENGINE")
    if not name:
        docker = shutil.which("docker") and subprocess.run(["docker", "info"], capture_output=True, check=False)
        name = "docker" if docker and docker.returncode == 0 else "podman" if shutil.which("podman") else None
    if name is None:
        missing("no container engine: neither a Docker engine nor podman")
    if name == "podman":
        env.setdefault("CONTAINERS_CONF", str(ROOT / "deploy" / "podman" / "containers.conf"))
    return Engine(str(name), env)


def copied_paths() -> list[Path]:
    """What the Dockerfile copies from the build context (COPY lines without --from), and what builds it."""
    paths = [ROOT / "Dockerfile", ROOT / ".dockerignore", ROOT / "bin" / "image"]
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        words = line.split()
        if words[:1] == ["COPY"] and not any(w.startswith("--from") for w in words):
            paths.extend(ROOT / w for w in words[1:-1] if not w.startswith("--"))
    return paths


def inputs_digest() -> str:
    """sha256 over the names and contents of every build input (the downloaded wheels follow the lock)."""
    digest = hashlib.sha256()
    for path in copied_paths():
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for file in files:
            if file.is_file() and file.suffix not in {".pyc", ".whl"} and "__pycache__" not in file.parts:
                digest.update(str(file.relative_to(ROOT)).encode() + b"\0" + file.read_bytes() + b"\0")
    return digest.hexdigest()


def labelled(engine: Engine, inputs: str) -> str | None:
    found = engine("images", "--quiet", "--no-trunc", "--filter", f"label={LABEL}={inputs}").stdout.split()
    return found[0] if found else None


def build() -> Image:
    """The image of the current tree: the one already built from the same inputs, else bin/image's."""
    chosen = engine()
    inputs = inputs_digest()
    with open(LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time on this machine; waiters then reuse it
        image = labelled(chosen, inputs)
        if image is None:
            run = subprocess.run(
                ["bash", "bin/image", "--label", f"{LABEL}={inputs}"],
                cwd=ROOT,
                env={**chosen.env, "ENGINE": chosen.name},
                capture_output=True,
                text=True,
                timeout=BUILD_SECONDS,
                check=False,
            )
            assert run.returncode == 0, f"bin/image failed:\n{run.stderr[-4000:]}"
            assert re.fullmatch(r"card-arbiter:\S+", run.stdout.splitlines()[-1]), run.stdout
            image = labelled(chosen, inputs)
            assert image is not None, "bin/image's image does not carry the build inputs' label"
    return Image(chosen, image, inputs)


def deployment() -> dict:
    """deploy/k8s's Deployment, as its file states it."""
    return yaml.safe_load((ROOT / "deploy" / "k8s" / "deployment.yaml").read_text())


def pod_spec() -> dict:
    return deployment()["spec"]["template"]["spec"]


def container_spec(name: str) -> dict:
    return next(c for c in pod_spec()["containers"] if c["name"] == name)


def run_options(proxy_port: int, app_port: int, probe_port: int) -> list[str]:
    """`run` options that hold the image's entrypoint to what the Deployment asks of its app container: its
    user, read-only root, dropped capabilities, a tmpfs for every volume (/tmp and the metrics folder) and
    its environment, on three free loopback ports (PROXY_PORT for nginx, APP_PORT for gunicorn, PROBE_PORT for
    the probes' listener: its default APP_PORT + 1 may be anything's on the host's network)."""
    context, app = pod_spec()["securityContext"], container_spec("app")
    options = ["--network", "host", "--user", f"{context['runAsUser']}:{context['runAsGroup']}", "--cap-drop", "ALL"]
    if app["securityContext"]["readOnlyRootFilesystem"]:
        options.append("--read-only")
    if not app["securityContext"]["allowPrivilegeEscalation"]:
        options += ["--security-opt", "no-new-privileges"]
    mounts = {m["mountPath"] for c in pod_spec()["containers"] for m in c.get("volumeMounts", [])}
    for path in sorted(mounts):
        options += ["--tmpfs", f"{path}:rw,mode=1777"]
    moved = {"HOST", "PORT", "PROBE_PORT"}  # the entrypoint's
    env = {e["name"]: e["value"] for e in app["env"] if e["name"] not in moved}
    env |= {"PROXY_PORT": str(proxy_port), "APP_PORT": str(app_port), "PROBE_PORT": str(probe_port)}
    for name, value in env.items():
        options += ["--env", f"{name}={value}"]
    # HEALTHCHECK needs systemd timers under podman: off here, the tests ask /healthz themselves.
    return [*options, "--no-healthcheck"]


@contextmanager
def running(image: Image, proxy_port: int, app_port: int, probe_port: int) -> Iterator[str]:
    """A detached container of the image's own command; yields its name, removed afterwards."""
    name = f"card-arbiter-test-{uuid.uuid4().hex[:12]}"
    image.engine("run", "--detach", "--name", name, *run_options(proxy_port, app_port, probe_port), image.id)
    try:
        yield name
    finally:
        image.engine("rm", "--force", name, check=False)


def logs(image: Image, name: str) -> tuple[str, str]:
    """The container's standard output and standard error so far."""
    run = image.engine("logs", name)
    return run.stdout, run.stderr
