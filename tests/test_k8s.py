"""deploy/k8s: every manifest valid against the Kubernetes schemas (offline), and consistent with the app,
the image and gunicorn's settings (kubectl apply -k deploy/k8s would deploy it)."""

from __future__ import annotations

import ast
import copy
import re
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
BASE = ROOT / "deploy" / "k8s"
KUBERNETES_VERSION = "1.37.0"  # a current release; kubernetes-validate is pinned in the lock
MASTER_MIB = 129  # measured (docs/deploy.md "Kubernetes"): gunicorn's master with the tables it loads before forking
WORKER_MIB = 134  # a sync worker after mixed traffic (the container's soak after its warm-up)
WORKER_PEAK_MIB = 212  # a worker that built four Broggin tables and answered every worst request (bench/worst.py)
UNITS = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30}


def render(base: Path = BASE) -> list[dict]:
    """What ``kustomize build`` makes of a base that only lists its resources (no transformers)."""
    kustomization = yaml.safe_load((base / "kustomization.yaml").read_text())
    assert set(kustomization) <= {"apiVersion", "kind", "resources"}, "render() handles a plain base only"
    assert kustomization["kind"] == "Kustomization"
    documents = []
    for resource in kustomization["resources"]:
        documents.extend(d for d in yaml.safe_load_all((base / resource).read_text()) if d)
    return documents


def by_kind() -> dict[str, dict]:
    return {doc["kind"]: doc for doc in render()}


def pod_spec() -> dict:
    return by_kind()["Deployment"]["spec"]["template"]["spec"]


def containers() -> dict[str, dict]:
    return {c["name"]: c for c in pod_spec()["containers"]}


def gunicorn_setting(name: str) -> int:
    tree = ast.parse((ROOT / "service" / "gunicorn_conf.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return int(ast.literal_eval(node.value))
    raise AssertionError(f"{name} is not set in service/gunicorn_conf.py")


def quantity(text: str) -> float:
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(Ki|Mi|Gi|m)?", str(text))
    assert match, text
    number, unit = float(match.group(1)), match.group(2)
    return number / 1000 if unit == "m" else number * UNITS.get(unit or "", 1)


def test_the_base_has_every_resource_once():
    kinds = sorted(doc["kind"] for doc in render())
    assert kinds == ["Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Service"]
    assert all(doc["metadata"]["name"] == "card-arbiter" for doc in render())


@pytest.mark.parametrize("doc", render(), ids=lambda d: d["kind"])
def test_every_manifest_is_valid_for_kubernetes(doc):
    kubernetes_validate.validate(doc, KUBERNETES_VERSION, strict=True)


def test_the_validation_can_fail():
    wrong = copy.deepcopy(by_kind()["Deployment"])
    wrong["spec"]["template"]["spec"]["containers"][0]["livenessProbe"]["httpGet"]["port"] = [8000]
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(wrong, KUBERNETES_VERSION, strict=True)
    unknown = copy.deepcopy(by_kind()["Service"])
    unknown["spec"]["portz"] = []
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(unknown, KUBERNETES_VERSION, strict=True)


def test_the_probes_ask_paths_the_app_answers(client):
    app = containers()["app"]
    paths = {app[p]["httpGet"]["path"] for p in ("startupProbe", "livenessProbe", "readinessProbe")}
    assert app["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert app["readinessProbe"]["httpGet"]["path"] == "/readyz"
    rules = {rule.rule for rule in client.application.url_map.iter_rules()}
    for path in paths:
        assert path in rules and client.get(path).status_code == 200


def test_the_pod_runs_locked_down():
    spec = pod_spec()
    assert spec["securityContext"]["runAsNonRoot"] is True and spec["securityContext"]["runAsUser"] == 10001
    mounts = {}
    for container in containers().values():
        context = container["securityContext"]
        assert context["readOnlyRootFilesystem"] is True and context["allowPrivilegeEscalation"] is False
        assert context["capabilities"]["drop"] == ["ALL"] and context.get("privileged", False) is False
        mounts[container["name"]] = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    volumes = {v["name"]: v for v in spec["volumes"]}
    env = {e["name"]: e["value"] for e in containers()["app"]["env"]}
    for container, paths in mounts.items():
        assert "/tmp" in paths, f"{container} writes only to emptyDir volumes"
        assert all("emptyDir" in volumes[name] for name in paths.values())
    assert env["PROMETHEUS_MULTIPROC_DIR"] in mounts["app"]


def test_gunicorn_sits_on_loopback_behind_the_shipped_nginx():
    app, proxy = containers()["app"], containers()["proxy"]
    env = {e["name"]: e["value"] for e in app["env"]}
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    assert env["HOST"] == "127.0.0.1" and f"server 127.0.0.1:{env['PORT']};" in nginx
    # the probes' paths go to the master's own listener (service/probes.py), on the port nginx names for them
    assert f"upstream card_arbiter_probes {{\n        server 127.0.0.1:{env['PROBE_PORT']};" in nginx
    for path in ("/healthz", "/readyz"):
        assert f"location = {path} {{\n            proxy_pass http://$probes_upstream;" in nginx
    assert "ports" not in app, "only nginx is reachable from outside the pod"
    (port,) = proxy["ports"]
    assert f"listen {port['containerPort']} " in nginx and port["name"] == "http"
    assert "/app/deploy/nginx.conf" in proxy["command"] and app["image"] == proxy["image"]
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "deploy/nginx.conf" in dockerfile and "WORKDIR /app" in dockerfile
    assert app["command"][-1] == "service.wsgi:app" and "python:service.gunicorn_conf" in app["command"]
    service = by_kind()["Service"]
    assert service["spec"]["ports"][0]["targetPort"] == "http"
    assert (
        service["spec"]["selector"].items() <= by_kind()["Deployment"]["spec"]["template"]["metadata"]["labels"].items()
    )


def test_resources_follow_the_workers():
    app = containers()["app"]
    workers = int({e["name"]: e["value"] for e in app["env"]}["WEB_CONCURRENCY"])
    requests, limits = app["resources"]["requests"], app["resources"]["limits"]
    assert quantity(requests["memory"]) >= (MASTER_MIB + workers * WORKER_MIB) * 2**20  # the master, every worker
    metrics = next(v for v in pod_spec()["volumes"] if v["name"] == "metrics")["emptyDir"]
    in_memory = quantity(metrics["sizeLimit"]) if metrics.get("medium") == "Memory" else 0
    assert quantity(limits["memory"]) >= (MASTER_MIB + workers * WORKER_PEAK_MIB) * 2**20 + in_memory
    assert quantity(limits["cpu"]) >= quantity(requests["cpu"]) >= workers / 2
    for container in containers().values():
        assert {"cpu", "memory"} <= set(container["resources"]["requests"]) & set(container["resources"]["limits"])


def test_graceful_shutdown_outlasts_gunicorns():
    spec = pod_spec()
    pause = int(containers()["app"]["lifecycle"]["preStop"]["exec"]["command"][-1])
    assert spec["terminationGracePeriodSeconds"] >= pause + gunicorn_setting("graceful_timeout")
    assert "-s quit" in " ".join(containers()["proxy"]["lifecycle"]["preStop"]["exec"]["command"])


def test_the_autoscaler_and_the_budget_keep_the_service_up():
    hpa, pdb = by_kind()["HorizontalPodAutoscaler"], by_kind()["PodDisruptionBudget"]
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "card-arbiter"}
    (metric,) = hpa["spec"]["metrics"]
    assert metric["containerResource"]["name"] == "cpu" and metric["containerResource"]["container"] == "app"
    assert hpa["spec"]["minReplicas"] >= 2 and pdb["spec"]["maxUnavailable"] < hpa["spec"]["minReplicas"]
    selector = by_kind()["Deployment"]["spec"]["selector"]["matchLabels"]
    assert pdb["spec"]["selector"]["matchLabels"] == selector
