"""Cards drawn as small HTML chips (no images, no inline style)."""
from __future__ import annotations

import re

from markupsafe import Markup, escape

SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
WIZARD_CARD = re.compile(r"^([HDCS])(\d{1,2})$")


def card_text(game, token, lang: str) -> str:
    """The words on a card in this language: a label when the game has one, else the token."""
    token = str(token)
    for group in ("cards", "clues", "families"):
        table = game.labels.get(group, {}).get(token)
        if table:
            return table[lang]
    return token


def card_html(game, token, lang: str) -> Markup:
    token = str(token)
    m = WIZARD_CARD.match(token) if game.id == "wizard" else None
    if m:
        suit, rank = m.groups()
        return Markup('<span class="card suit-{0}" title="{2}">{1}{3}</span>').format(
            suit, SUITS[suit], card_text(game, suit, lang), rank)
    return Markup('<span class="card card-{0}">{1}</span>').format(
        escape(re.sub(r"[^a-z0-9-]", "", token.lower()))[:20], card_text(game, token, lang))
