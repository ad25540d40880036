"""Operations: a health endpoint, structured request logs, bounded requests."""
from __future__ import annotations

import json
import logging
import time
from datetime import UTC, datetime

from flask import Blueprint, Flask, abort, current_app, g, jsonify, request

bp = Blueprint("ops", __name__)
log = logging.getLogger("rules.requests")
MAX_QUERY_STRING = 2048  # bytes; tutorial and tool state stays well under this


@bp.get("/healthz")
def health():
    site = current_app.extensions["site"]
    return jsonify({"status": "ok", "games": len(site.games), "entries": len(site.entries)})


def init(app: Flask) -> None:
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False

    @app.before_request
    def bounded():
        g.started = time.perf_counter()
        if len(request.query_string) > MAX_QUERY_STRING:
            abort(414)

    @app.after_request
    def access_log(response):
        if not app.testing and not app.config.get("QUIET_LOG"):
            log.info(json.dumps({
                "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
                "method": request.method,
                "path": request.path[:200],
                "status": response.status_code,
                "ms": round((time.perf_counter() - g.get("started", time.perf_counter())) * 1000, 2),
                "lang": g.get("lang"),
                "bytes": response.calculate_content_length(),
            }))
        return response

    app.register_blueprint(bp)
