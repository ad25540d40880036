"""Text answers compressed with gzip when the browser accepts it.

A phone on a slow connection pays for every byte: a tool page of 40 KiB of HTML is 5 KiB
compressed, which is most of the way to a first visit under a second on slow 3G
(docs/benchmarks.md). Only text, only whole 200 answers, never twice; the representation
varies with Accept-Encoding, and an entity tag becomes weak (same meaning, other bytes).
Stylesheets go without their comments and spare whitespace (a sixth fewer bytes compressed):
the files in static/ stay written for people.
"""
from __future__ import annotations

import gzip
import re

from flask import Flask, request
from werkzeug.wrappers import Response

TYPES = {"text/html", "text/css", "text/javascript", "application/javascript", "application/json",
         "application/manifest+json", "image/svg+xml", "text/plain"}
MIN_BYTES = 600  # below this the gzip header and the work cost more than they save
LEVEL = 6
CSS_COMMENT = re.compile(rb"/\*.*?\*/", re.DOTALL)
CSS_SPACE = re.compile(rb"\s+")
CSS_AROUND = re.compile(rb"\s*([{};])\s*")
CSS_AFTER_COMMA = re.compile(rb",\s+")


def compact_css(data: bytes) -> bytes:
    """Comments out, whitespace runs to one space, none around braces and semicolons or after
    commas. Never touches a colon or a combinator (a selector's meaning stays); our stylesheets
    hold no such characters inside strings."""
    data = CSS_SPACE.sub(b" ", CSS_COMMENT.sub(b"", data))
    return CSS_AFTER_COMMA.sub(b",", CSS_AROUND.sub(rb"\1", data)).strip()


def compress(response: Response) -> Response:
    if response.mimetype not in TYPES:
        return response
    response.vary.add("Accept-Encoding")
    if (response.status_code != 200 or "Content-Encoding" in response.headers
            or request.method == "HEAD" or not request.accept_encodings["gzip"]
            or response.is_streamed and not response.direct_passthrough):
        return response
    response.direct_passthrough = False  # a static file: read it (they are small)
    data = response.get_data()
    if len(data) < MIN_BYTES:
        return response
    if response.mimetype == "text/css":
        data = compact_css(data)
    response.set_data(gzip.compress(data, compresslevel=LEVEL, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    response.headers.pop("Accept-Ranges", None)  # ranges are of the file as it is, not of this
    etag, weak = response.get_etag()
    if etag and not weak:
        response.set_etag(etag, weak=True)
    return response


def init(app: Flask) -> None:
    app.after_request(compress)
