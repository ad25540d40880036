"""Wizard on the site: its ruling tools, its cards as chips, its engine's words in sentences.

The one part of the game that knows Flask, languages and HTML (web/games.py loads it)."""
from __future__ import annotations

from flask_babel import gettext as _

from web.games import GameSite, Tool

from . import scorepad, tricks  # noqa: F401  (their routes, on the blueprints)
from .blueprints import api, pages
from .cards import GAME, _format_param, card
from .drawings import DRAWINGS
from .edition import tutorial_url_defaults
from .figures_game import example_figure

pages.app_url_defaults(tutorial_url_defaults)  # the tutorial's steps keep the cards' edition

SITE = GameSite(
    blueprints=(pages, api),
    tools=(
        Tool(f"{GAME}.trick", lambda: _("Who wins the trick?"),
             lambda: _("Trump and the cards in the order played: the winning card, and why.")),
        Tool(f"{GAME}.legal", lambda: _("What may I play?"),
             lambda: _("Trump, your hand and the trick so far: the cards you may play, and why.")),
        Tool(f"{GAME}.score", lambda: _("Score pad"),
             lambda: _("A whole game for 3 to 6 players: bids, tricks, running totals and the final ranking."),
             offline=True),  # its arithmetic is mirrored in static/wizard/scorepad-rules.js
    ),
    card=card,
    fragments_kept=False,  # a chip is in the reader's edition (?ed=) and brings edition.js once a page
    param_text=_format_param,
    figure=example_figure,
    drawings=DRAWINGS,
    styles=("wizard/wizard.css",),
)
