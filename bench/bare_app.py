"""A bare Flask page: the ceiling of the stack (nginx, gunicorn, Flask) with no site behind it.
Served by bench/load.py --bare with the same front and workers as the site."""
from flask import Flask


def create_app() -> Flask:
    app = Flask(__name__)

    @app.get("/")
    def page():
        return "<!doctype html><title>bare</title><p>A bare Flask page.</p>"

    @app.get("/healthz")
    def health():
        return {"status": "ok"}

    return app
