"""The page's text compressed on the way out: the HTML, the script and the style sheet travel gzipped to a
browser that accepts it (each is read again at every change of the page; the script alone is over 60 KB).

A compressed answer keeps its validator as a weak ETag (``W/"..."``: the same content, another encoding), so a
browser's ``If-None-Match`` still gets its 304. Nothing is cached: each answer is compressed as it leaves.
"""

from __future__ import annotations

import gzip

from flask import Response, request

COMPRESSED_TYPES = frozenset({"text/html", "text/css", "text/javascript", "application/javascript"})
"""The media types worth compressing (text the page is made of)."""

LEAST = 1_024
"""Answers shorter than this travel as they are (the gzip header would eat what it saves)."""


def gzipped(response: Response) -> Response:
    """``response`` compressed with gzip when the browser accepts it and it is a whole page text (a 200)."""
    if (
        response.status_code != 200
        or response.mimetype not in COMPRESSED_TYPES
        or "Content-Encoding" in response.headers
        or "gzip" not in request.accept_encodings
    ):
        return response
    response.vary.add("Accept-Encoding")
    response.direct_passthrough = False  # a static file streams; it is read whole here (the page's own, small)
    body = response.get_data()
    if len(body) < LEAST:
        return response
    response.set_data(gzip.compress(body, compresslevel=6, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    tag, weak = response.get_etag()
    if tag:
        response.set_etag(tag, weak=True)
    return response
