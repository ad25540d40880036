"""Operations: health, the content version on every answer, one log line per request,
bounded requests, and the pages the front shows when it refuses or cannot reach us."""
from __future__ import annotations

import json
import logging
import os
import sys
import time
from datetime import UTC, datetime

from flask import Blueprint, Flask, abort, current_app, g, jsonify, make_response, request
from werkzeug.exceptions import ServiceUnavailable

from content.model import LANGS

from .live import current, live

bp = Blueprint("ops", __name__)
log = logging.getLogger("rules.requests")
MAX_QUERY_STRING = 2048  # bytes; tutorial and tool state stays well under this
VERSION_HEADER = "X-Content-Version"


@bp.get("/healthz")
def health():
    release, watch = current(), live()
    return jsonify({
        "status": "ok", "games": len(release.site.games), "entries": len(release.site.entries),
        "content": release.version, "code": current_app.config["CODE_VERSION"],
        "worker": os.getpid(), "checks": watch.checks, "switches": watch.switches, "pending": watch.pending,
    })


# The front (deploy/nginx.conf.in) answers 429 and 502-504 itself, with these pages fetched
# from the site when it starts: the same localized page and JSON as every other error.
# (?lang= names the language; under /api/ the answer is JSON.)
@bp.get("/too-many-requests")
@bp.get("/api/v1/too-many-requests")
def limited():
    _front_lang()
    abort(429)


@bp.get("/unavailable")
@bp.get("/api/v1/unavailable")
def unavailable():
    """The page for 502-504 at the front: answered 200 here (the site is up), the front
    sends it with its own status."""
    _front_lang()
    response = make_response(current_app.handle_http_exception(ServiceUnavailable()))
    response.status_code = 200
    g.never_kept = True
    return response


def _front_lang() -> None:
    lang = request.args.get("lang")
    g.lang = lang if lang in LANGS else "en"


def init(app: Flask) -> None:
    logging_on = not app.testing and not app.config.get("QUIET_LOG") and os.environ.get("REQUEST_LOG", "1") != "0"
    for logger in (log, logging.getLogger("rules.live")):
        if not logger.handlers:
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(logging.Formatter("%(message)s"))
            logger.addHandler(handler)
            logger.setLevel(logging.INFO)
            logger.propagate = False

    @app.before_request
    def bounded():
        g.started = time.perf_counter()
        if len(request.query_string) > MAX_QUERY_STRING:
            abort(414)

    @app.after_request
    def version_and_log(response):
        version = current().version
        response.headers[VERSION_HEADER] = version
        if logging_on:
            log.info(json.dumps({
                "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
                "addr": request.remote_addr,
                "method": request.method,
                "path": request.path[:200],
                "status": response.status_code,
                "ms": round((time.perf_counter() - g.get("started", time.perf_counter())) * 1000, 2),
                "lang": g.get("lang"),
                "bytes": response.calculate_content_length(),
                "version": version,
            }))
        return response

    app.register_blueprint(bp)
