"""X-Request-ID on every answer, the problem's instance, and the JSON log lines (service/api/requestid.py, logs.py)."""

from __future__ import annotations

import io
import json
import logging
import uuid

import pytest

from service.api import logs
from service.api.requestid import REQUEST_ID_NAMESPACE, instance_uri


@pytest.mark.parametrize("sent", ["abc-1", "a" * 128, "trace:01.HJ_x-9", "5b8a1c6e-0d1f-4c6b-9a51-2d6f0b7c2f10"])
def test_a_safe_client_id_comes_back(client, sent):
    response = client.get("/healthz", headers={"X-Request-ID": sent})
    assert response.status_code == 200 and response.headers["X-Request-ID"] == sent


@pytest.mark.parametrize("sent", [None, "", "a" * 129, "has space", "semi;colon", "ünï", "new\\nline", "<script>"])
def test_an_unsafe_or_missing_id_is_replaced_by_a_uuid4(client, sent):
    headers = {} if sent is None else {"X-Request-ID": sent}
    answered = client.get("/v1/games", headers=headers).headers["X-Request-ID"]
    assert answered != sent and uuid.UUID(answered).version == 4 and str(uuid.UUID(answered)) == answered


def test_each_request_gets_its_own_id(client):
    ids = {client.get("/healthz").headers["X-Request-ID"] for _ in range(5)}
    assert len(ids) == 5


def test_a_problem_names_the_request_in_instance(client):
    sent = str(uuid.uuid4())
    response = client.get("/v1/no-such-game", headers={"X-Request-ID": sent})
    assert response.status_code == 404 and response.mimetype == "application/problem+json"
    assert response.json["instance"] == f"urn:uuid:{sent}"


def test_a_non_uuid_id_is_named_by_its_uuid5(client):
    response = client.post(
        "/v1/three-card-brag/hands/evaluate",
        data="{",
        headers={"X-Request-ID": "order-77"},
        content_type="application/json",
    )
    assert response.status_code == 400 and response.headers["X-Request-ID"] == "order-77"
    assert response.json["instance"] == f"urn:uuid:{uuid.uuid5(REQUEST_ID_NAMESPACE, 'order-77')}"


def test_a_generated_id_is_the_instance_of_every_kind_of_problem(client):
    for response in (
        client.post("/v1/three-card-brag/hands/evaluate", json={"hands": [["AS"]]}),  # 422
        client.delete("/v1/games"),  # 405
        client.post("/v1/three-card-brag/hands/evaluate", data="x", content_type="text/plain"),  # 415
    ):
        assert response.status_code in (405, 415, 422)
        assert response.json["instance"] == f"urn:uuid:{response.headers['X-Request-ID']}"


def test_instance_uri_is_canonical_for_any_uuid_spelling():
    spelled = "5B8A1C6E0D1F4C6B9A512D6F0B7C2F10"
    assert instance_uri(spelled) == "urn:uuid:5b8a1c6e-0d1f-4c6b-9a51-2d6f0b7c2f10"


def _log_through(app, fmt, monkeypatch, path="/v1/no-such-game", request_id="log-42"):
    monkeypatch.setenv("LOG_FORMAT", fmt)
    stream = io.StringIO()
    logs.configure_app_logging(stream)
    try:

        @app.route(f"/__log_{fmt}")  # a view that logs, as the application's code does
        def speak():
            logging.getLogger("card_arbiter").warning("evaluated %d hands", 3)
            return {"ok": True}

        app.test_client().get(f"/__log_{fmt}", headers={"X-Request-ID": request_id})
    finally:
        for name in logs.APP_LOGGERS:
            logging.getLogger(name).handlers = []
            logging.getLogger(name).propagate = True
    return stream.getvalue().splitlines()


def test_application_logs_are_json_lines_with_the_request_id(monkeypatch):
    from service.api.app import create_app

    app = create_app({"WARM_TABLES": False, "TESTING": True})
    (line,) = _log_through(app, "json", monkeypatch)
    record = json.loads(line)
    assert record["level"] == "warning" and record["message"] == "evaluated 3 hands"
    assert record["request_id"] == "log-42" and record["logger"] == "card_arbiter"
    assert {"timestamp", "pid"} <= set(record)


def test_text_logs_for_development(monkeypatch):
    from service.api.app import create_app

    app = create_app({"WARM_TABLES": False, "TESTING": True})
    (line,) = _log_through(app, "text", monkeypatch)
    assert "WARNING" in line and "evaluated 3 hands" in line and "request_id=log-42" in line
    with pytest.raises(json.JSONDecodeError):
        json.loads(line)


def test_an_access_line_has_the_fields_and_never_the_body():
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/v1/briscola/deals",
        "card_arbiter.route": "/v1/<game>/deals",
        "card_arbiter.request_id": "r-1",
        "wsgi.input": io.BytesIO(b'{"secret": "AS"}'),
    }
    record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, "x", None, None)
    record.__dict__.update(logs.access_fields(200, environ, 0.0125))
    line = json.loads(logs.JsonFormatter().format(record))
    assert line["method"] == "POST" and line["route"] == "/v1/<game>/deals" and line["status"] == 200
    assert line["duration_ms"] == 12.5 and line["request_id"] == "r-1" and line["level"] == "info"
    assert "secret" not in json.dumps(line)
