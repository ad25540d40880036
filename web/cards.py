"""Cards drawn as small HTML chips in the reader's language (no images, no inline style)."""
from __future__ import annotations

import re

from markupsafe import Markup

from engine.core import whole_number
from engine.deductio.clues import CLUES, clue_params

SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
WIZARD_CARD = re.compile(r"^([HDCS])([0-9]{1,2})$")
SIGGIL_CARD = re.compile(r"^([a-z]+)([1-7])$")


def _label(game, group: str, key: str, lang: str) -> str | None:
    table = game.labels.get(group, {}).get(key)
    return table[lang] if table else None


def wizard_card(game, token: str, lang: str) -> Markup:
    m = WIZARD_CARD.match(token)
    if m:
        suit, rank = m.groups()
        return Markup('<span class="card suit-{0}"><span class="visually-hidden">{2} </span>'
                      '<span aria-hidden="true">{1}</span>{3}</span>').format(
            suit, SUITS[suit], _label(game, "cards", suit, lang) or suit, rank)
    name = _label(game, "cards", token, lang) or token
    return Markup('<span class="card card-{0}">{1}</span>').format(token.lower(), name)


def deductio_card(game, token, lang: str) -> Markup:
    if whole_number(token if isinstance(token, int) else str(token)) is not None:
        return Markup('<span class="card card-number">{0}</span>').format(token)
    if token in CLUES:
        text = _label(game, "clues", token, lang).format(**clue_params(token))
        return Markup('<span class="card card-clue">{0}</span>').format(text)
    return Markup('<span class="card">{0}</span>').format(_label(game, "labels", str(token), lang) or token)


def siggil_card(game, token: str, lang: str) -> Markup:
    if token.startswith("spirit-"):
        family = token.removeprefix("spirit-")
        name = _label(game, "spirit-names", family, lang) or family
        return Markup('<span class="card card-spirit fam-{0}">✦ {1}</span>').format(family, name)
    m = SIGGIL_CARD.match(token)
    if m:
        family, number = m.groups()
        name = _label(game, "families", family, lang) or family
        return Markup('<span class="card fam-{0}">{1} {2}</span>').format(family, name, number)
    return Markup('<span class="card">{0}</span>').format(token)


RENDERERS = {"wizard": wizard_card, "deductio": deductio_card, "siggil": siggil_card}


def card_html(game, token, lang: str) -> Markup:
    return RENDERERS[game.id](game, token, lang)
