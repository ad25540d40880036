"""Reading pages: the games, a game's rulebook, its FAQ, one entry."""
from __future__ import annotations

from flask import Blueprint, abort, g, redirect, render_template, url_for

from content.model import Site

from .i18n import negotiated_lang
from .live import current

bp = Blueprint("pages", __name__)


def site() -> Site:
    return current().site


@bp.before_app_request
def _known_language():
    # A page under an unknown language code is a 404 in the negotiated language.
    if g.get("lang_requested") is not None and g.get("lang") is None:
        g.lang = negotiated_lang()
        abort(404)


@bp.route("/")
def root():
    return redirect(url_for("pages.home", lang=negotiated_lang()))


@bp.route("/<lang>/")
def home(lang: str):
    return render_template("home.html", games=list(site().games.values()))


def _game(game_id: str):
    game = site().games.get(game_id)
    if game is None:
        abort(404)
    return game


@bp.route("/<lang>/<game>/")
def game(lang: str, game: str):
    the_game = _game(game)
    return render_template("game.html", game=the_game)


@bp.route("/<lang>/<game>/faq")
def faq(lang: str, game: str):
    the_game = _game(game)
    return render_template("faq.html", game=the_game)


@bp.route("/<lang>/<game>/<entry_id>")
def entry(lang: str, game: str, entry_id: str):
    the_game = _game(game)
    the_entry = site().entries.get(entry_id)
    if the_entry is None or the_entry.game != the_game.id:
        abort(404)
    order = the_game.entries
    i = order.index(the_entry)
    examples = [
        (ex, current().examples[ex.id]) for ex in site().examples_for(entry_id)
    ]
    return render_template(
        "entry.html",
        game=the_game,
        entry=the_entry,
        previous=order[i - 1] if i > 0 else None,
        next=order[i + 1] if i + 1 < len(order) else None,
        related=[site().entries[r] for r in the_entry.related],
        examples=examples,
    )
