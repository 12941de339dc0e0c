"""gunicorn settings for card-arbiter: sync workers (the engine is CPU-bound and stateless)."""

import multiprocessing
import os
import tempfile

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
worker_class = "sync"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 2
max_requests = 10_000
max_requests_jitter = 1_000
limit_request_line = 8190
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
# Build the evaluation tables once in the master, shared copy-on-write by every worker.
preload_app = True

# /metrics adds up every worker's counts: prometheus_client's multiprocess mode, one fresh folder per start.
os.environ["PROMETHEUS_MULTIPROC_DIR"] = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or tempfile.mkdtemp(
    prefix="card-arbiter-metrics-"
)


def child_exit(server, worker):  # noqa: ARG001 - gunicorn's hook signature
    """Forget a dead worker's live gauges (its counters stay counted)."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
