"""The page's text travels gzipped to a client that accepts it (service/referee/compress.py), the same bytes
once unpacked, and a browser's revalidation still gets its 304."""

from __future__ import annotations

import gzip
from typing import Any

import pytest

PATHS = ("/referee/briscola", "/referee/static/referee.js", "/referee/static/referee.css", "/referee/old-brag/rules")


@pytest.mark.parametrize("path", PATHS)
def test_a_page_text_travels_gzipped_and_unpacks_to_the_same_bytes(client: Any, path: str) -> None:
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    packed = client.get(path, headers={"Accept-Encoding": "gzip, deflate"})
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.get_data()) == plain.get_data()
    assert len(packed.get_data()) < len(plain.get_data()) / 2


def test_a_compressed_static_file_is_revalidated_with_a_304(client: Any) -> None:
    path = "/referee/static/referee.js"
    first = client.get(path, headers={"Accept-Encoding": "gzip"})
    tag = first.headers["ETag"]
    assert tag.startswith('W/"')
    again = client.get(path, headers={"Accept-Encoding": "gzip", "If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""


def test_the_api_answers_travel_as_they_are(client: Any) -> None:
    answer = client.get("/v1/games", headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == 200 and "Content-Encoding" not in answer.headers
