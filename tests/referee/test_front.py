"""``GET /`` (issue 43, item 9): a browser gets a small page linking the referee, the docs and the catalog; a
program (JSON, ``*/*``, no Accept, any other method) gets the JSON 404 it always got."""

from __future__ import annotations

import re
from typing import Any

import pytest

from service.api.app import create_app

BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8"


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"WARM_TABLES": False}).test_client()


def test_a_browser_gets_a_page_linking_the_referee_the_docs_and_the_catalog(client: Any) -> None:
    answer = client.get("/", headers={"Accept": BROWSER})
    assert answer.status_code == 200
    assert answer.mimetype == "text/html"
    assert "Accept" in answer.headers.get("Vary", "")
    links = set(re.findall(r'href="([^"]+)"', answer.get_data(as_text=True)))
    assert {"/referee", "/docs/", "/v1/games"} <= links
    for link in ("/referee", "/docs/", "/v1/games"):
        assert client.get(link).status_code == 200


@pytest.mark.parametrize("accept", [None, "*/*", "application/json", "application/json, text/html;q=0.5"])
def test_a_program_gets_the_json_404(client: Any, accept: str | None) -> None:
    answer = client.get("/", headers={"Accept": accept} if accept else {})
    assert answer.status_code == 404
    assert answer.mimetype == "application/problem+json"
    assert "/v1/games" in answer.get_json()["detail"]


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS"])
def test_another_method_is_still_a_404_even_from_a_browser(client: Any, method: str) -> None:
    answer = client.open("/", method=method, headers={"Accept": BROWSER})
    assert answer.status_code == 404
    assert answer.mimetype == "application/problem+json"
