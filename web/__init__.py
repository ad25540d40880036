"""The web layer: blueprints, localization, error pages, security headers."""
from __future__ import annotations

import gc

from flask import Flask
from flask_babel import Babel


def init_web(app: Flask) -> None:
    # search_views adds its API routes to api.bp: import it before api.bp is registered.
    from . import (
        api,
        assets,
        caching,
        compression,
        errors,
        games,
        i18n,
        live,
        offline,
        ops,
        pages,
        search_views,
        security,
        styles,
        templating,
        tools,
        tutorials,
        warm,
    )

    release, root = live.first_release(app)
    # first: every later hook reads the request's content version
    live.init(app, release, root, prepare=lambda fresh: warm.prepare(app, fresh))

    Babel(app, locale_selector=i18n.current_locale)
    i18n.init(app)
    security.init(app)
    assets.init(app)
    templating.init(app)
    errors.init(app)
    ops.init(app)  # before caching: the bounds are checked before any 304 or kept page
    # compression's hook runs after caching's (Flask runs them last registered first): the
    # ETag, the 304 and the kept page bodies are decided on the plain body
    compression.init(app)
    caching.init(app)
    search_views.init(app)
    tools.init(app)
    games.init(app)  # each game's tool pages and JSON routes
    styles.init(app, {game_id: site.styles for game_id, site in app.extensions["game_sites"].items()})
    tutorials.init(app)
    offline.init(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    warm.warm(app)
    warm.prepare(app, release)
    # Everything loaded so far (content, indexes, analyzers) lives as long as the process:
    # keep it out of the garbage collector's passes, which would otherwise stall a request
    # for 100 ms and more (and, under a preloading server, touch every shared page).
    gc.freeze()
