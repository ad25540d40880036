"""Deductio on the site: its ruling tools, its cards as chips, its engine's words in sentences.

The one part of the game that knows Flask, languages and HTML (web/games.py loads it)."""
from __future__ import annotations

from flask_babel import gettext as _
from markupsafe import Markup

from engine.core import whole_number
from engine.deductio.clues import CLUES, clue_params
from web.games import GameSite, Tool
from web.tools import label

from .blueprints import api, pages
from .drawings import DRAWINGS
from .figures import figure
from .tools import GAME, _format_param


def card(game, token, lang: str) -> Markup:
    if whole_number(token if isinstance(token, int) else str(token)) is not None:
        return Markup('<span class="card card-number">{0}</span>').format(token)
    if token in CLUES:
        text = label(game.id, "clues", token, lang, clue_params(token))
        return Markup('<span class="card card-clue">{0}</span>').format(text)
    return Markup('<span class="card">{0}</span>').format(label(game.id, "labels", str(token), lang) or token)


SITE = GameSite(
    blueprints=(pages, api),
    tools=(
        Tool(f"{GAME}.clue", lambda: _("Which clue card may I take?"),
             lambda: _("Your secret number, the centre and the clue row: the cards you may take, or whether "
                       "you must take all three.")),
        Tool(f"{GAME}.guess", lambda: _("Which numbers are still possible?"),
             lambda: _("The clue cards in front of a player and the face-up numbers: the secret numbers "
                       "that still fit.")),
    ),
    card=card,
    param_text=_format_param,
    styles=("deductio/deductio.css",),
    figure=figure,
    drawings=DRAWINGS,
)
