"""Prometheus metrics: requests by endpoint and status, and their latency."""

from __future__ import annotations

import os
import time
from typing import Any

from flask import Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest, multiprocess
from werkzeug.routing import Rule

REGISTRY = CollectorRegistry()
REQUESTS = Counter(
    "card_arbiter_requests_total", "HTTP requests answered.", ["method", "endpoint", "status"], registry=REGISTRY
)
LATENCY = Histogram("card_arbiter_request_seconds", "Time to answer a request.", ["endpoint"], registry=REGISTRY)


METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
"""The methods labelled as themselves; any other is ``other`` (a client cannot make new label values)."""
OTHER = "other"


STARTED = "card_arbiter.started"
"""The ``environ`` key of the request's start (``time.perf_counter()``)."""
_counters: dict[tuple[str, str, int], Any] = {}  # each label set's child, found once (the sets are few)
_timers: dict[str, Any] = {}


def start(environ: dict[str, Any]) -> None:
    """Note when the request began."""
    environ[STARTED] = time.perf_counter()


def record(environ: dict[str, Any], rule: Rule | None, response: Response) -> None:
    """Count the answer by method, route and status, and time it by route (known methods and the routes of
    the app only: a client cannot make new label values)."""
    method = environ["REQUEST_METHOD"]
    method = method if method in METHODS else OTHER
    endpoint = rule.rule if rule is not None else OTHER
    status = response.status_code
    counter = _counters.get((method, endpoint, status))
    if counter is None:
        counter = _counters[method, endpoint, status] = REQUESTS.labels(method, endpoint, str(status))
    counter.inc()
    started = environ.get(STARTED)
    if started is not None:
        timer = _timers.get(endpoint)
        if timer is None:
            timer = _timers[endpoint] = LATENCY.labels(endpoint)
        timer.observe(time.perf_counter() - started)


def render_metrics() -> tuple[bytes, str]:
    """The metrics in Prometheus text format: every gunicorn worker's together when PROMETHEUS_MULTIPROC_DIR
    is set (service/gunicorn_conf.py sets it), else this process's own."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        merged = CollectorRegistry()
        multiprocess.MultiProcessCollector(merged)
        return generate_latest(merged), CONTENT_TYPE_LATEST
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
