"""Errors as the reader expects them: a localized page, or JSON under /api/."""
from __future__ import annotations

from flask import Flask, Response, g, jsonify, render_template, request
from flask.globals import request_ctx
from flask_babel import gettext as _
from markupsafe import escape
from werkzeug.exceptions import HTTPException, InternalServerError

from content.model import LANGS

from .i18n import negotiated_lang


def messages() -> dict[int, str]:
    return {
        400: _("The request could not be understood."),
        404: _("There is no such page."),
        405: _("This address does not accept that kind of request."),
        413: _("The request is too large."),
        414: _("The address is too long."),
        429: _("Too many requests in a short time. Wait a few seconds, then try again."),
        431: _("The request headers are too large."),
        500: _("Something went wrong on our side."),
        503: _("The site cannot answer right now. Try again in a moment."),
    }


def api_error(status: int, code: str, message: str):
    response = jsonify({"error": {"code": code, "message": message}})
    response.status_code = status
    return response


# The last resort, when even the error page cannot be drawn: plain, and still the site's own
# answer (the after_request hooks add the security headers to it).
BARE_PAGE = ("<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>{status}</title>"
             "<h1>{status}</h1><p>{message}</p><p><a href=\"/\">Home</a></p></html>")


def init(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        status = e.code or 500
        message = e.name or "Error"
        try:
            if g.get("lang") is None:
                # a path that matched no route may still start with a language: answer in it
                first = request.path.strip("/").split("/")[0]
                g.lang = first if first in LANGS else negotiated_lang()
            message = messages().get(status, message)
            if request.path.startswith("/api/"):
                return api_error(status, (e.name or "error").lower().replace(" ", "-"), message)
            if request_ctx.url_adapter is not None:  # None: the Host header was refused
                return render_template("error.html", status=status, message=message), status
        except Exception:  # the error page itself failed: never let that become gunicorn's 500
            app.logger.exception("the error page for %s failed", status)
        return Response(BARE_PAGE.format(status=status, message=escape(message)), status=status,
                        mimetype="text/html")

    @app.errorhandler(Exception)
    def unexpected(e: Exception):
        app.logger.exception("unhandled error")
        return http_error(InternalServerError())
