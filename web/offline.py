"""Offline at the table: the service worker, the web app manifest, and what "keep this game
offline" stores on the device.

    /sw.js                          the service worker (scope /; never cached as immutable:
                                    web/caching.py); its cache names carry the version below
    /<lang>/manifest.webmanifest    the web app manifest, in the reader's language
    /<lang>/offline                 the page shown offline for a page the device does not keep;
                                    its script filters the kept games' questions on the device
    /<lang>/<game>/offline.json     what keeping a game stores: every rule and FAQ page, the
                                    tutorial along its usual way, the tool pages, the assets
    /<lang>/<game>/faq.json         the game's questions, short answers and players' phrasings,
                                    for the search on the device

The service worker itself (templates/sw.js) knows no page and no game: the site tells it,
through these lists, what to keep.
"""
from __future__ import annotations

from babel import Locale
from flask import Blueprint, Flask, Response, abort, current_app, g, jsonify, render_template, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from content.model import LANGS, Game, Site

from . import assets
from .games import game_site
from .live import current

bp = Blueprint("offline", __name__)

CACHE_PREFIX = "rat-"  # every cache this site makes on a device starts with this
KEPT_SUFFIXES = {".js", ".css", ".svg", ".png", ".webmanifest"}  # the assets a kept game takes


def site() -> Site:
    return current().site


# --- versions --------------------------------------------------------------------------------------


def content_version() -> str:
    """The content version this request is served from (web/live.py: the live release, which
    changes when a new one is published). ``CONTENT_VERSION`` in the config, when set, is taken
    as it is (a deploy that names it; it changes the pages' ETags too, web/caching.py)."""
    return str(current_app.config.get("CONTENT_VERSION") or current().version)


def version() -> str:
    """What the device's cache names carry: the content version and the code version (code,
    templates, catalogs and assets: web/caching.py). Either changing replaces every cache."""
    return f"{content_version()}-{current_app.config['CODE_VERSION']}"


def kept_cache(lang: str, game_id: str) -> str:
    """The name of the cache that holds one game kept offline in one language."""
    return f"{CACHE_PREFIX}{version()}-kept-{lang}-{game_id}"


# --- what a kept game holds ---------------------------------------------------------------------------


def asset_urls(game: Game) -> list[str]:
    """The shared assets and the game's own (static/<game>/), as the pages name them (their
    content-hashed names when the assets are built: web/assets.py)."""
    game_ids = set(site().games)
    out = []
    for path in assets.sources():
        rel = path.relative_to(assets.SOURCE)
        if path.suffix not in KEPT_SUFFIXES:
            continue
        if len(rel.parts) > 1 and rel.parts[0] in game_ids and rel.parts[0] != game.id:
            continue  # another game's assets
        out.append(url_for("static", filename=rel.as_posix()))
    return out


def page_urls(game: Game, lang: str) -> list[str]:
    """Every page a player may open of this game offline, tutorial and tools included."""
    from .tutorials import default_path

    urls = [url_for("pages.home", lang=lang), url_for("pages.game", lang=lang, game=game.id),
            url_for("pages.faq", lang=lang, game=game.id), url_for("offline.page", lang=lang),
            url_for("offline.faq_data", lang=lang, game=game.id), url_for("offline.manifest", lang=lang)]
    urls += [url_for("pages.entry", lang=lang, game=game.id, entry_id=e.id) for e in game.entries]
    tools = game_site(game.id).tools
    if tools:
        urls.append(url_for("tools.index", lang=lang, game=game.id))
        urls += [url_for(t.endpoint, lang=lang) for t in tools]
    tutorial_pages, _redirects = default_path(game)
    return urls + tutorial_pages


@bp.get("/<lang>/<game>/offline.json")
def keep_list(lang: str, game: str):
    from .tutorials import default_path

    the_game = site().games.get(game)
    if the_game is None:
        abort(404)
    _pages, redirects = default_path(the_game)
    return jsonify({
        "game": the_game.id, "lang": lang, "version": version(), "cache": kept_cache(lang, the_game.id),
        "urls": page_urls(the_game, lang) + asset_urls(the_game),
        "redirects": [[a, b] for a, b in redirects],
        "marker": url_for("offline.keep_list", lang=lang, game=the_game.id),
    })


def faq_items(game: Game, lang: str) -> list[dict]:
    """The questions as the device's search reads them. ``phrasings``: the words players use for
    the question (text/<lang>/phrasings.yaml), their words only."""
    out = []
    for entry in game.faq:
        text = entry.text(lang)
        out.append({"url": url_for("pages.entry", lang=lang, game=game.id, entry_id=entry.id),
                    "q": text.title, "a": text.answer or "",
                    "phrasings": [p.text for p in text.phrasings]})
    return out


@bp.get("/<lang>/<game>/faq.json")
def faq_data(lang: str, game: str):
    the_game = site().games.get(game)
    if the_game is None:
        abort(404)
    return jsonify({"game": the_game.names[lang], "lang": lang, "version": version(),
                    "entries": faq_items(the_game, lang)})


# --- the worker, the manifest, the offline page ---------------------------------------------------------


@bp.get("/sw.js")
def service_worker():
    config = {
        "version": version(), "prefix": CACHE_PREFIX,
        "static": url_for("static", filename="x")[:-1],
        "offline": {lang: url_for("offline.page", lang=lang) for lang in LANGS},
        "search": {lang: url_for("search.page", lang=lang) for lang in LANGS},
        "network_only": ["/api/", "/healthz", url_for("offline.service_worker")],
        "pages_max": 150,
    }
    body = render_template("sw.js", config=config)
    return Response(body, mimetype="text/javascript")


@bp.get("/<lang>/manifest.webmanifest")
def manifest(lang: str):
    icons = [{"src": url_for("static", filename="icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
             {"src": url_for("static", filename="icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
             {"src": url_for("static", filename="icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
             {"src": url_for("static", filename="icons/maskable-512.png"), "sizes": "512x512",
              "type": "image/png", "purpose": "maskable"}]
    response = jsonify({
        "name": _("Rules at the table"), "short_name": _("Rules"), "lang": lang,
        "start_url": url_for("pages.home", lang=lang), "scope": "/", "display": "standalone",
        "background_color": "#fbf9f5", "theme_color": "#7a2e12",
        "description": _("Settle a ruling mid-game or learn a new game step by step, in your language."),
        "icons": icons,
    })
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/<lang>/offline")
def page(lang: str):
    games = [{"name": game.names[lang], "data": url_for("offline.faq_data", lang=lang, game=game.id),
              "url": url_for("pages.game", lang=lang, game=game.id)} for game in site().games.values()]
    return render_template("offline.html", offline_games=games)


# --- words for the page scripts -------------------------------------------------------------------------


def plural_forms(singular: str, plural: str, lang: str, **params) -> dict[str, str]:
    """A plural message as {CLDR category: text with {num}}, for Intl.PluralRules in a script:
    each category rendered through the catalog with a number of that category."""
    rule = Locale.parse(lang).plural_form
    out: dict[str, str] = {}
    for n in range(0, 200):
        category = rule(n)
        if category not in out:
            out[category] = ngettext(singular, plural, n, **params).replace(str(n), "{num}")
    return out


def init(app: Flask) -> None:
    app.register_blueprint(bp)

    @app.context_processor
    def offline_context():
        lang = g.get("lang")
        if not lang:
            return {}
        return {"sw_url": url_for("offline.service_worker"), "offline_url": url_for("offline.page", lang=lang),
                "manifest_url": url_for("offline.manifest", lang=lang), "offline_version": version(),
                "kept_cache": kept_cache}
