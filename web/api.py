"""The JSON API under /api/v1: the pages' content for other programs (see docs/api.md)."""
from __future__ import annotations

from flask import Blueprint, g, jsonify, request, url_for
from flask_babel import gettext as _

from content.model import DEFAULT_LANG, LANGS

from .errors import api_error
from .live import current
from .render import entry_url, plain_text


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _api_error(e: ApiError):
    return api_error(e.status, e.code, e.message)


def _language():
    lang = request.args.get("lang", DEFAULT_LANG)
    g.lang = lang if lang in LANGS else DEFAULT_LANG
    if lang not in LANGS:
        raise ApiError(400, "unknown-language",
                       _("Unknown language %(lang)s: use one of %(langs)s.",
                         lang=lang[:20], langs=", ".join(LANGS)))


def api_blueprint(name: str, import_name: str) -> Blueprint:
    """A blueprint under /api/v1 that reads ?lang= and answers errors as the API does: the
    site's own routes use one, and each game's JSON routes another."""
    bp = Blueprint(name, import_name, url_prefix="/api/v1")
    bp.before_request(_language)
    bp.register_error_handler(ApiError, _api_error)
    return bp


bp = api_blueprint("api", __name__)


def site():
    return current().site


@bp.get("/games")
def games():
    lang = g.lang
    return jsonify({"games": [
        {"id": game.id, "name": game.names[lang], "players": list(game.players),
         "url": url_for("pages.game", lang=lang, game=game.id)}
        for game in site().games.values()
    ]})


@bp.get("/entries/<entry_id>")
def entry(entry_id: str):
    lang = g.lang
    found = site().entries.get(entry_id)
    if found is None:
        raise ApiError(404, "unknown-entry", _("There is no entry %(id)s.", id=entry_id[:80]))
    text = found.text(lang)
    results = current().examples
    return jsonify({
        "id": found.id,
        "kind": found.kind,
        "game": found.game,
        "lang": lang,
        "title": text.title,
        "answer": text.answer,
        "summary": text.summary,
        "body": plain_text(text.body, site(), lang),
        "ruling": plain_text(text.ruling, site(), lang) if text.ruling else None,
        "related": list(found.related),
        "sources": list(found.sources),
        "examples": [{"id": ex.id, "passed": results[ex.id]["passed"]} for ex in site().examples_for(found.id)],
        "url": entry_url(found, lang),
    })
