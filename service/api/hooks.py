"""Every request's two hooks: one before its view, one after it, each doing every concern in order.

Before: the request's deadline (:mod:`service.rules.deadline`, lifted as the request is torn down), the
request id (:mod:`service.api.requestid`), the timer (:mod:`service.api.metrics`), the body's first look
(:mod:`service.api.guard`). After: the id on the answer, the common headers (:mod:`service.api.headers`), the
metrics. One hook each way rather than one per concern, reading the
request once: Flask pays a context lookup for every use of ``request`` and a check for every hook, which on
the small requests is a good part of their time.
"""

from __future__ import annotations

from flask import Flask, Response, request

from service.api import guard, metrics, requestid
from service.api.headers import Headers
from service.rules import deadline


def install(app: Flask) -> None:
    """Run :func:`before` ahead of every other hook of ``app`` and the after-hook last."""
    headers = Headers(app)
    seconds = app.config.get("REQUEST_DEADLINE")

    def before() -> Response | None:
        deadline.start(seconds)  # the request's own deadline (service/rules/deadline.py), lifted by end()
        req = request._get_current_object()  # type: ignore[attr-defined]
        environ = req.environ
        requestid.assign(environ)
        metrics.start(environ)
        return guard.check_body(req)

    def after(response: Response) -> Response:
        req = request._get_current_object()  # type: ignore[attr-defined]
        environ, rule = req.environ, req.url_rule
        requestid.answer(environ, rule, response)
        headers.add(req, response)
        metrics.record(environ, rule, response)
        return response

    def end(_error: BaseException | None) -> None:
        deadline.stop()

    app.before_request_funcs.setdefault(None, []).insert(0, before)
    app.teardown_request_funcs.setdefault(None, []).append(end)
    app.after_request_funcs.setdefault(None, []).insert(0, after)  # hooks run last registered first
