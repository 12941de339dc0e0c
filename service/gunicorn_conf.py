"""gunicorn settings for card-arbiter: sync workers (the engine is CPU-bound and stateless).

Shipped in the package, so every way of serving finds them wherever it runs: ``gunicorn --config
python:service.gunicorn_conf service.wsgi:app`` (bin/serve, ``card-arbiter serve``, the container's entrypoint,
deploy/k8s, the bench). In production a buffering proxy stands in front (deploy/nginx.conf): slow clients tie up
nginx, not a worker. The container and deploy/k8s bind gunicorn to 127.0.0.1:8001 (HOST, PORT) behind nginx on
port 8000.
"""

import multiprocessing
import os
import tempfile

from service import refusals

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
worker_class = "sync"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# A request's own deadline (service/rules/deadline.py) comes first: past it a 503 with Retry-After, the worker
# kept; five sixths of the timeout unless CARD_ARBITER_DEADLINE says (seconds; 0: none).
os.environ.setdefault("CARD_ARBITER_DEADLINE", str(timeout * 5 / 6))
graceful_timeout = 20
keepalive = 2
max_requests = 10_000
max_requests_jitter = 1_000
# gunicorn reads whatever nginx passes (deploy/nginx.conf refuses first: a request line over 8 KB is its 414, a
# header line over 8 KB or 1,000 header lines its 431): a request line of up to 8,190 bytes (gunicorn's most),
# 2,048 header lines (nginx adds three) of up to 8.5 KiB (nginx appends to X-Forwarded-For). Alone, gunicorn
# reads at most 17 MiB of headers; what it refuses is problem+json too (service/refusals.py).
limit_request_line = 8190
limit_request_fields = 2048
limit_request_field_size = 8704
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
# One JSON object per line for access, error and application logs; LOG_FORMAT=text for plain lines.
logger_class = "service.api.logs.GunicornLogger"
refusals.install()  # gunicorn's own refusals as problem+json, in the master and every worker it forks
worker_abort = refusals.worker_abort  # a request past `timeout` is answered 503 with Retry-After, not 500
# Build the evaluation tables once in the master, shared copy-on-write by every worker.
preload_app = True

# /metrics adds up every worker's counts: prometheus_client's multiprocess mode, one fresh folder per start
# (removed when the master exits; a folder given is the deployment's and stays).
made_metrics_dir = (
    None if os.environ.get("PROMETHEUS_MULTIPROC_DIR") else tempfile.mkdtemp(prefix="card-arbiter-metrics-")
)
os.environ["PROMETHEUS_MULTIPROC_DIR"] = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or str(made_metrics_dir)


def child_exit(server, worker):  # noqa: ARG001 - gunicorn's hook signature
    """Forget a dead worker's live gauges (its counters stay counted)."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def on_starting(server):  # noqa: ARG001 - gunicorn's hook signature
    """A given metrics folder (an emptyDir outlives a container restart) starts without old workers' files."""
    import glob

    for stale in glob.glob(os.path.join(os.environ["PROMETHEUS_MULTIPROC_DIR"], "*.db")):
        os.remove(stale)


def on_exit(server):  # noqa: ARG001 - gunicorn's hook signature
    """The metrics folder this start made goes with the master (each start would otherwise leave one in /tmp)."""
    if made_metrics_dir is not None:
        import shutil

        shutil.rmtree(made_metrics_dir, ignore_errors=True)


# The probes' own listener (service/probes.py): a thread of this master answers /healthz and /readyz on
# PROBE_PORT (PORT + 1 unless given; "off" for none), however busy the sync workers are.
probe_port = os.environ.get("PROBE_PORT") or str(int(os.environ.get("PORT", "8000")) + 1)


def when_ready(server):
    """Start the probes' listener once the master listens (a port taken stops the start: probes must answer)."""
    if probe_port != "off":
        from service import probes

        server.probes = probes.start(
            os.environ.get("HOST", "0.0.0.0"), int(probe_port), lambda: probes.workers_alive(server)
        )
        server.log.info("Probes on %s:%s (service/probes.py)", os.environ.get("HOST", "0.0.0.0"), probe_port)


def post_fork(server, worker):  # noqa: ARG001 - gunicorn's hook signature
    """A worker does not keep the master's probe socket."""
    listener = getattr(server, "probes", None)
    if listener is not None:
        listener.socket.close()
