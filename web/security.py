"""Security headers on every response: a strict CSP, nosniff, no framing."""
from __future__ import annotations

from flask import Flask


def policy(scripts: tuple[str, ...] = (), styles: tuple[str, ...] = ()) -> str:
    """The CSP: this site's own files, and the inline blocks named by their hashes only
    (web/styles.py), never 'unsafe-inline'."""
    return "; ".join(
        [
            "default-src 'self'",
            " ".join(["script-src 'self'", *scripts]),
            " ".join(["style-src 'self'", *styles]),
            "img-src 'self' data:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )


CSP = policy()


def init(app: Flask) -> None:
    @app.after_request
    def headers(response):
        response.headers["Content-Security-Policy"] = app.extensions.get("csp", CSP)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["X-Frame-Options"] = "DENY"
        return response
