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
        CONTENT_DIR=str(ROOT / "content"),
        INDEX_DIR=os.environ.get("INDEX_DIR", str(ROOT / "var" / "index")),
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
