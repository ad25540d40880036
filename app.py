"""create_app(): wiring only: config, Babel, content, blueprints, errors, headers."""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask

ROOT = Path(__file__).resolve().parent


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, static_folder="static", template_folder="templates")
    app.config.update(
        # The secret key comes from the environment; a local run gets a random one.
        SECRET_KEY=os.environ.get("SECRET_KEY") or secrets.token_hex(32),
        MAX_CONTENT_LENGTH=16 * 1024,
        BABEL_TRANSLATION_DIRECTORIES=str(ROOT / "translations"),
        BABEL_DEFAULT_LOCALE="en",
        # The content version served: the live release under RELEASES_DIR, followed as it
        # changes (web/live.py); or RELEASE (one release, as is); or CONTENT_DIR and INDEX_DIR
        # (content read from its YAML at start-up, an index built beside it: tests).
        RELEASES_DIR=os.environ.get("RELEASES_DIR") or str(ROOT / "var" / "releases"),
        RELEASE=None,
        CONTENT_DIR=None,
        INDEX_DIR=os.environ.get("INDEX_DIR") or None,
        # Recent page bodies kept per worker (web/caching.py); 0 keeps none.
        RESPONSE_CACHE_BYTES=int(os.environ.get("RESPONSE_CACHE_MB", "8")) << 20,
        JSON_SORT_KEYS=False,
        # The Host header is checked against these (comma-separated in the environment):
        # a request naming another host gets a 400, never a link or redirect to that host.
        TRUSTED_HOSTS=[h.strip() for h in os.environ.get("TRUSTED_HOSTS", "127.0.0.1,localhost").split(",")
                       if h.strip()],
    )
    if config:
        app.config.update(config)

    from web import init_web

    init_web(app)
    return app
