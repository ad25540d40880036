"""Siggil on the site: its ruling tools, its cards as chips, its engine's words in sentences.

The one part of the game that knows Flask, languages and HTML (web/games.py loads it)."""
from __future__ import annotations

import re

from flask_babel import gettext as _
from markupsafe import Markup

from web.games import GameSite, Tool
from web.tools import label

from .blueprints import api, pages
from .drawings import DRAWINGS
from .figures import figure
from .tools import GAME, _format_param

CARD = re.compile(r"^([a-z]+)([1-7])$")


def card(game, token: str, lang: str) -> Markup:
    if token.startswith("spirit-"):
        family = token.removeprefix("spirit-")
        name = label(game.id, "spirit-names", family, lang) or family
        return Markup('<span class="card card-spirit fam-{0}">✦ {1}</span>').format(family, name)
    m = CARD.match(token)
    if m:
        family, number = m.groups()
        name = label(game.id, "families", family, lang) or family
        return Markup('<span class="card fam-{0}">{1} {2}</span>').format(family, name, number)
    return Markup('<span class="card">{0}</span>').format(token)


SITE = GameSite(
    blueprints=(pages, api),
    tools=(
        Tool(f"{GAME}.capture", lambda: _("May I capture this spirit?"),
             lambda: _("The spirit, the set it lies on and the cards you would play: is it legal, and is it a "
                       "capture, a steal or a recapture?")),
        Tool(f"{GAME}.end", lambda: _("Who wins?"),
             lambda: _("Spirits held and cards in hand per player, and whether the sigil is empty: who wins, by "
                       "which rule.")),
    ),
    card=card,
    param_text=_format_param,
    styles=("siggil/siggil.css",),
    figure=figure,
    drawings=DRAWINGS,
)
