"""Reading pages: the games, a game's rulebook, its FAQ, one entry.

Each may show a second language beside its own (``?with=<lang>``, web/pairs.py)."""
from __future__ import annotations

import json

from flask import Blueprint, abort, g, redirect, render_template, url_for
from flask_babel import gettext as _

from content.model import Site

from . import pairs
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


@bp.before_request
def _second_language():
    g.pair = pairs.second_lang() if g.get("lang") else None


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


def faq_item(the_game, entry, lang: str) -> dict:
    """One question of the FAQ list: the page's texts, the anchor, what the filter reads."""
    text = entry.text(lang)
    phrasings = [p.text for p in text.phrasings]  # the filter reads the players' words too
    item = {"entry": entry, "text": text, "anchor": "q-" + entry.id.rsplit(".", 1)[-1],
            "body": pairs.body_html(site(), the_game, text.body, lang),
            "phrasings": json.dumps(phrasings, ensure_ascii=False) if phrasings else None}
    if g.pair:
        item["paired"] = pairs.paired_entry(site(), the_game, entry, lang, g.pair)
    return item


@bp.route("/<lang>/<game>/faq")
def faq(lang: str, game: str):
    the_game = _game(game)
    items = [faq_item(the_game, entry, lang) for entry in the_game.faq]
    return render_template("faq.html", game=the_game, items=items)


@bp.route("/<lang>/<game>/<entry_id>")
def entry(lang: str, game: str, entry_id: str):
    the_game = _game(game)
    the_entry = site().entries.get(entry_id)
    if the_entry is None or the_entry.game != the_game.id:
        abort(404)
    # previous and next stay within the rules, or within the FAQ
    order = the_game.rules if the_entry.kind == "rule" else the_game.faq
    i = order.index(the_entry)
    examples = [
        (ex, current().examples[ex.id]) for ex in site().examples_for(entry_id)
    ]
    text = the_entry.text(lang)
    return render_template(
        "entry.html",
        game=the_game,
        entry=the_entry,
        previous=order[i - 1] if i > 0 else None,
        next=order[i + 1] if i + 1 < len(order) else None,
        related=[site().entries[r] for r in the_entry.related],
        examples=examples,
        body=pairs.body_html(site(), the_game, text.body, lang),
        ruling=pairs.body_html(site(), the_game, text.ruling, lang) if text.ruling else None,
        paired=pairs.paired_entry(site(), the_game, the_entry, lang, g.pair) if g.pair else None,
        up=(url_for("pages.faq", lang=lang, game=the_game.id), _("Frequently asked questions"))
        if the_entry.kind == "faq" else
        (url_for("pages.game", lang=lang, game=the_game.id) + "#section-" + the_entry.section,
         the_game.section_titles[lang][the_entry.section]),
    )
