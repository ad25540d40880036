"""Errors as the reader expects them: a localized page, or JSON under /api/."""
from __future__ import annotations

from flask import Flask, g, jsonify, render_template, request
from flask_babel import gettext as _
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
        431: _("The request headers are too large."),
        500: _("Something went wrong on our side."),
    }


def api_error(status: int, code: str, message: str):
    response = jsonify({"error": {"code": code, "message": message}})
    response.status_code = status
    return response


def init(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        if g.get("lang") is None:
            # a path that matched no route may still start with a language: answer in it
            first = request.path.strip("/").split("/")[0]
            g.lang = first if first in LANGS else negotiated_lang()
        message = messages().get(e.code or 500, e.name)
        if request.path.startswith("/api/"):
            return api_error(e.code or 500, (e.name or "error").lower().replace(" ", "-"), message)
        return render_template("error.html", status=e.code, message=message), e.code

    @app.errorhandler(Exception)
    def unexpected(e: Exception):
        app.logger.exception("unhandled error")
        return http_error(InternalServerError())
