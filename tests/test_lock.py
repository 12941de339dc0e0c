"""The hashed lock files agree with pyproject.toml, and every install goes through them (bin/lock)."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lockfile", ROOT / "bin" / "lockfile.py")
assert _spec is not None and _spec.loader is not None
lockfile = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lockfile)

PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)(?:\s*;\s*([^\\]+?))?\s*\\?$")
ENVIRONMENT = {
    "python_version": "3.11",
    "python_full_version": "3.11.7",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "implementation_name": "cpython",
    "platform_machine": "x86_64",
}


def pins(lock: Path) -> dict[str, tuple[str, list[str]]]:
    """name -> (version, hashes) for every pin that applies on Linux, Python 3.11."""
    found: dict[str, tuple[str, list[str]]] = {}
    name = None
    for line in lock.read_text().splitlines():
        match = PIN.match(line)
        if match:
            name = None
            marker = match.group(3)
            from packaging.markers import Marker

            if marker is None or Marker(marker).evaluate(ENVIRONMENT):
                name = canonicalize_name(match.group(1))
                found[name] = (match.group(2), [])
        elif name and line.strip().startswith("--hash=sha256:"):
            found[name][1].append(line.strip().removeprefix("--hash=sha256:").rstrip(" \\"))
    return found


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


@pytest.mark.parametrize("which", ["service", "test"])
def test_the_lock_was_generated_from_the_current_dependency_lists(which):
    assert lockfile.stamped_digest(lockfile.LOCKS[which]) == lockfile.dependency_digest(), (
        f"pyproject.toml's dependencies changed since {lockfile.LOCKS[which].name} was made: run bash bin/lock"
    )


@pytest.mark.parametrize(("which", "extras"), [("service", ()), ("test", ("test",))])
def test_every_requirement_is_satisfied_by_a_hashed_pin(which, extras):
    locked = pins(lockfile.LOCKS[which])
    wanted = [Requirement(r) for r in project()["dependencies"]]
    wanted += [Requirement(r) for extra in extras for r in project()["optional-dependencies"][extra]]
    for requirement in wanted:
        if requirement.marker is not None and not requirement.marker.evaluate(ENVIRONMENT):
            continue
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{requirement} is not in {which}.lock: run bash bin/lock"
        version, hashes = locked[name]
        assert requirement.specifier.contains(version, prereleases=True), f"{name}=={version} breaks {requirement}"
    assert all(len(h) == 64 for _, hashes in locked.values() for h in hashes)
    assert all(hashes for _, hashes in locked.values()), "every pin has its hashes"


def test_the_service_lock_pins_the_same_versions_as_the_test_lock():
    service, test = pins(lockfile.LOCKS["service"]), pins(lockfile.LOCKS["test"])
    assert set(service) <= set(test)
    assert {n: v for n, (v, _) in service.items()} == {n: test[n][0] for n in service}


def test_the_digest_follows_the_dependency_lists(tmp_path):
    text = (ROOT / "pyproject.toml").read_text()
    changed = tmp_path / "pyproject.toml"
    changed.write_text(text.replace('"flask>=', '"flask>=3.0, ', 1) if '"flask>=' in text else text + "\n")
    assert lockfile.dependency_digest(changed) != lockfile.dependency_digest()
    same = tmp_path / "same.toml"
    same.write_text(text.replace('description = "', 'description = "Still ', 1))
    assert lockfile.dependency_digest(same) == lockfile.dependency_digest()


@pytest.mark.parametrize(
    ("script", "lock"),
    [
        ("bin/test", "requirements/test.lock"),
        ("bin/serve", "requirements/service.lock"),
        ("Dockerfile", "requirements/service.lock"),
    ],
)
def test_installs_go_through_the_lock(script, lock):
    text = (ROOT / script).read_text()
    assert f"--require-hashes -r {lock}" in text and "--no-deps" in text
    assert "-e '.[test]'" not in text and "install --quiet ." not in text
