"""Logs a person and a machine can read: one JSON object per line (``LOG_FORMAT=json``, the default) or
plain text (``LOG_FORMAT=text``, for development), for gunicorn's access and error logs and the app's own.

An access line has timestamp, level, method, route (the URL rule, or null when none matched), path, status,
duration_ms, pid and request_id; never a body. gunicorn takes it with ``logger_class =
"service.api.logs.GunicornLogger"`` (service/gunicorn_conf.py).
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import os
import sys
from typing import Any

from gunicorn.glogging import Logger as _GunicornBase

from service.api.requestid import ENVIRON_ID, ENVIRON_ROUTE, IN_FLIGHT, current_request_id

FIELDS = ("method", "route", "path", "status", "duration_ms", "request_id")
APP_LOGGERS = ("card_arbiter", "flask.app")
MAX_PATH = 256


def log_format() -> str:
    """``json`` unless ``LOG_FORMAT=text``."""
    return "text" if os.environ.get("LOG_FORMAT", "json").lower() == "text" else "json"


class RequestIdFilter(logging.Filter):
    """Adds the current request's id to application records logged inside a request."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "request_id", None) is None:
            record.request_id = current_request_id()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "timestamp": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "pid": record.process,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            if hasattr(record, name):
                line[name] = getattr(record, name)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=True, default=str)


class TextFormatter(logging.Formatter):
    """A readable line, with the request's fields at the end."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s [%(process)d] %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        extra = " ".join(f"{n}={getattr(record, n)}" for n in FIELDS if getattr(record, n, None) is not None)
        text = super().format(record)
        return f"{text} {extra}" if extra else text


def formatter() -> logging.Formatter:
    return TextFormatter() if log_format() == "text" else JsonFormatter()


def configure_app_logging(stream: Any = None) -> None:
    """Send the application's loggers to ``stream`` (stderr) in the chosen format, with request ids."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(formatter())
    handler.addFilter(RequestIdFilter())
    for name in APP_LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(logging.INFO)
        logger.propagate = False


def access_fields(status: int | None, environ: dict[str, Any], seconds: float) -> dict[str, Any]:
    """The fields of an access line (never the body)."""
    path = environ.get("PATH_INFO", "")
    return {
        "method": environ.get("REQUEST_METHOD", "")[:16],
        "route": environ.get(ENVIRON_ROUTE),
        "path": path if len(path) <= MAX_PATH else path[:MAX_PATH] + "…",
        "status": status,
        "duration_ms": round(seconds * 1000, 3),
        "request_id": environ.get(ENVIRON_ID),
    }


def answered_status(resp: Any) -> int | None:
    """The status gunicorn answered: the app's, or that of gunicorn's own error answer (its ``status`` text)."""
    code = getattr(resp, "status_code", None)
    if code is None and isinstance(getattr(resp, "status", None), str):
        head = resp.status.split(" ", 1)[0]
        code = int(head) if head.isdigit() else None
    return code if isinstance(code, int) else None


def aborted_fields(status: int | None) -> dict[str, Any]:
    """The path, request id and status of the request gunicorn answers itself: the request in flight when the
    worker timeout aborted it (:data:`~service.api.requestid.IN_FLIGHT`), answered 503 (service/refusals.py)."""
    from service import refusals

    fields: dict[str, Any] = {}
    if not refusals.aborted():
        return fields
    if IN_FLIGHT:
        path = IN_FLIGHT["path"]
        fields = {"method": IN_FLIGHT["method"][:16], "request_id": IN_FLIGHT["id"]}
        fields["path"] = path if len(path) <= MAX_PATH else path[:MAX_PATH] + "…"
    if status == 500:
        fields["status"] = 503
    return fields


class GunicornLogger(_GunicornBase):  # type: ignore[misc]
    """gunicorn's logger with JSON (or text) lines for its access and error logs and the app's loggers."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.setFormatter(formatter())
        configure_app_logging()

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: dt.timedelta) -> None:
        if not getattr(self, "access_log_enabled", True):
            return
        fields = access_fields(answered_status(resp), environ, request_time.total_seconds())
        if "PATH_INFO" not in environ:  # gunicorn's own error answer (a request aborted at the worker timeout)
            fields.update(aborted_fields(fields["status"]))
        route = fields["route"] or fields["path"]
        self.access_log.info("%s %s %s", fields["method"], route, fields["status"], extra=fields)
