"""The bare Flask baseline for bench/run.py: the least any endpoint taking the same body can do.

``POST /echo`` parses the body and returns it (``jsonify(request.get_json())``), ``POST /ok`` parses it and
answers ``{"ok": true}``; ``GET /healthz`` tells the bench it is up. Run on the same gunicorn settings as the
service (``gunicorn --config python:service.gunicorn_conf bench.bare:app``).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify, request

app = Flask("bare")


@app.post("/echo")
def echo() -> Any:
    return jsonify(request.get_json())


@app.post("/ok")
def ok() -> Any:
    request.get_json()
    return jsonify({"ok": True})


@app.get("/healthz")
def healthz() -> Any:
    return jsonify({"status": "ok"})
