"""Prometheus metrics: requests by endpoint and status, and their latency."""

from __future__ import annotations

import os
import time
from typing import Any

from flask import Flask, Response, g, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest, multiprocess

REGISTRY = CollectorRegistry()
REQUESTS = Counter(
    "card_arbiter_requests_total", "HTTP requests answered.", ["method", "endpoint", "status"], registry=REGISTRY
)
LATENCY = Histogram("card_arbiter_request_seconds", "Time to answer a request.", ["endpoint"], registry=REGISTRY)


METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
"""The methods labelled as themselves; any other is ``other`` (a client cannot make new label values)."""
OTHER = "other"


def labels() -> tuple[str, str]:
    """The method and endpoint labels of this request: known methods and the routes of the app only."""
    method = request.method if request.method in METHODS else OTHER
    return method, request.url_rule.rule if request.url_rule is not None else OTHER


def install(app: Flask) -> None:
    """Count and time every request."""

    @app.before_request
    def start_timer() -> None:
        g.started = time.perf_counter()

    counters: dict[tuple[str, str, int], Any] = {}  # each label set's child, found once (the sets are few)
    timers: dict[str, Any] = {}

    @app.after_request
    def record(response: Response) -> Response:
        method, endpoint = labels()
        status = response.status_code
        counter = counters.get((method, endpoint, status))
        if counter is None:
            counter = counters[method, endpoint, status] = REQUESTS.labels(method, endpoint, str(status))
        counter.inc()
        if "started" in g:
            timer = timers.get(endpoint)
            if timer is None:
                timer = timers[endpoint] = LATENCY.labels(endpoint)
            timer.observe(time.perf_counter() - g.started)
        return response


def render_metrics() -> tuple[bytes, str]:
    """The metrics in Prometheus text format: every gunicorn worker's together when PROMETHEUS_MULTIPROC_DIR
    is set (deploy/gunicorn.conf.py sets it), else this process's own."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        merged = CollectorRegistry()
        multiprocess.MultiProcessCollector(merged)
        return generate_latest(merged), CONTENT_TYPE_LATEST
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
