"""Wizard's cards as a reader sees them: names, chips, the card choices of the tools' forms."""
from __future__ import annotations

import re
from typing import Any

from flask import g
from flask_babel import gettext as _
from markupsafe import Markup

from engine import wizard as W
from engine.core import whole_number
from web.tools import (
    ToolError,
    field,
    label,
    violation_text,
)

GAME = "wizard"
SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
SUITS = W.SUITS
RANKS = list(W.RANKS)
TRICK_SLOTS = W.MAX_PLAYERS  # cards in a trick: one per player
MAX_COPIES_ASKED = 9  # Wizards or Jesters a form may claim (the engine names any above 4)


# --- cards as a reader sees them -----------------------------------------------------------------


def suit_name(suit: str, lang: str) -> str:
    return label(GAME, "cards", suit, lang) or suit


def card_name(token: str, lang: str) -> str:
    """"H7" -> "♥7"; "W" -> "Wizard" in the reader's language."""
    if token in (W.WIZARD, W.JESTER):
        return label(GAME, "cards", token, lang) or token
    return f"{SYMBOL[token[0]]}{token[1:]}"


def _format_param(key: str, value: Any, lang: str) -> str | None:
    if not isinstance(value, str):
        return None
    if key in ("card", "set_by") and value in W.SUIT_OF:
        return card_name(value, lang)
    if key in ("suit", "trump") and value in SUITS:
        return f"{SYMBOL[value]} {suit_name(value, lang)}"
    return None




def card_options(lang: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The deck for a <select>: groups (label, [(token, text)])."""
    specials = [(W.WIZARD, card_name(W.WIZARD, lang)), (W.JESTER, card_name(W.JESTER, lang))]
    groups = [(_("Wizard and Jester"), specials)]
    for s in SUITS:
        groups.append((f"{SYMBOL[s]} {suit_name(s, lang)}", [(f"{s}{r}", f"{SYMBOL[s]}{r}") for r in RANKS]))
    return groups


def trump_choices(lang: str) -> list[tuple[str, str, str]]:
    """The trump radio buttons: (value, text, class); "" is no trump."""
    none = label(GAME, "values", "none", lang) or _("No trump")
    return [("", none, "")] + [(s, f"{SYMBOL[s]} {suit_name(s, lang)}", f"suit-{s}") for s in SUITS]


def _trump_field() -> str:
    raw = field("trump")
    if raw.lower() in ("", "none", "-"):
        return ""
    return raw.upper() if raw.upper() in SUITS else raw


def _cards(items: list[str]) -> list[str]:
    return [i.upper() if len(i) <= 3 else i for i in items]


def _slots(prefix: str, count: int) -> list[str]:
    return [field(f"{prefix}{i}") for i in range(1, count + 1)]


def _count_field(name: str) -> int:
    raw = field(name)
    if not raw:
        return 0
    number = whole_number(raw)
    if number is None:
        raise ToolError("not-a-number", violation_text(GAME, "not-a-number", {"value": raw[:12]}, g.lang))
    return min(number, MAX_COPIES_ASKED)


CARD = re.compile(r"^([HDCS])([0-9]{1,2})$")


def card(game, token: str, lang: str) -> Markup:
    """A card as an HTML chip: the suit symbol and rank (the suit named for screen readers),
    or the Wizard's and Jester's names."""
    m = CARD.match(token)
    if m:
        suit, rank = m.groups()
        return Markup('<span class="card suit-{0}"><span class="visually-hidden">{2} </span>'
                      '<span aria-hidden="true">{1}</span>{3}</span>').format(
            suit, SYMBOL[suit], label(game.id, "cards", suit, lang) or suit, rank)
    name = label(game.id, "cards", token, lang) or token
    return Markup('<span class="card card-{0}">{1}</span>').format(token.lower(), name)
