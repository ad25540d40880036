"""Wizard's cards as a reader sees them: names, chips, the card choices of the tools' forms,
each in the edition the reader asked for (.edition: our notation, Amigo's or U.S. Games')."""
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

from . import edition as ED

GAME = "wizard"
SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
SUITS = W.SUITS
RANKS = list(W.RANKS)
TRICK_SLOTS = W.MAX_PLAYERS  # cards in a trick: one per player
MAX_COPIES_ASKED = 9  # Wizards or Jesters a form may claim (the engine names any above 4)


# --- cards as a reader sees them -----------------------------------------------------------------


def suit_name(suit: str, lang: str) -> str:
    return label(GAME, "cards", suit, lang) or suit


def suit_text(suit: str, lang: str) -> str:
    """A suit in a sentence or on a button: "♥ Hearts", or Amigo's colour ("red")."""
    if ED.current() == "amigo":
        return ED.colour(suit, lang)
    return f"{SYMBOL[suit]} {suit_name(suit, lang)}"


def card_name(token: str, lang: str) -> str:
    """"H7" -> "♥7" ("red 7" in Amigo's colours, "♥8" in the U.S. deck); "W" -> "Wizard"
    in the reader's language."""
    if token in (W.WIZARD, W.JESTER):
        return label(GAME, "cards", token, lang) or token
    suit, rank = token[0], int(token[1:])
    edition = ED.current()
    if edition == "amigo":
        return f"{ED.colour(suit, lang)} {rank}"
    return f"{SYMBOL[suit]}{ED.rank_text(rank, edition)}"


# Languages whose rulebooks write the Wizard and the Jester in small letters inside a sentence
# (the texts do: "võlur", "burtininkas", "velho"); the card faces keep their capital.
SMALL_IN_SENTENCES = ("lt", "et", "fi")


def _format_param(key: str, value: Any, lang: str) -> str | None:
    if not isinstance(value, str):
        return None
    if key in ("card", "set_by") and value in W.SUIT_OF:
        name = card_name(value, lang)
        if value in (W.WIZARD, W.JESTER) and lang in SMALL_IN_SENTENCES:
            name = name[:1].lower() + name[1:]
        return name
    if key in ("suit", "trump") and value in SUITS:
        return suit_text(value, lang)
    return None


def card_options(lang: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The deck for a <select>: groups (label, [(token, text)])."""
    specials = [(W.WIZARD, card_name(W.WIZARD, lang)), (W.JESTER, card_name(W.JESTER, lang))]
    groups = [(_("Wizard and Jester"), specials)]
    for s in SUITS:
        groups.append((ED.capital(suit_text(s, lang)), [(f"{s}{r}", card_name(f"{s}{r}", lang)) for r in RANKS]))
    return groups


def trump_choices(lang: str) -> list[tuple[str, str, str]]:
    """The trump radio buttons: (value, text, class); "" is no trump."""
    none = label(GAME, "values", "none", lang) or _("No trump")
    amigo = ED.current() == "amigo"
    return [("", none, "")] + [(s, ED.capital(suit_text(s, lang)), f"amigo amigo-{s}" if amigo else f"suit-{s}")
                               for s in SUITS]


def suit_rows(lang: str) -> list[dict]:
    """The hand picker of the legal-cards tool: per suit its mark, its name for screen readers
    and the card chips (token, the rank as printed, the class)."""
    edition = ED.current()
    amigo = edition == "amigo"
    rows = []
    for s in SUITS:
        cls = f"amigo amigo-{s}" if amigo else f"suit-{s}"
        rows.append({"suit": s, "class": cls, "mark": "" if amigo else SYMBOL[s],
                     "name": ED.colour(s, lang) if amigo else suit_name(s, lang),
                     "cards": [(f"{s}{r}", ED.rank_text(r, edition), ED.rank_spoken(r, edition, lang)) for r in RANKS]})
    return rows


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
    """A card as an HTML chip in the reader's edition (.edition): the suit symbol and rank, or
    Amigo's colour and number (the suit or colour named for screen readers, the U.S. deck's
    J, Q, K, A spoken as words); the Wizard's and Jester's names. The first chip of a page
    brings the edition script (static/wizard/edition.js), which the shared templates cannot.

    A suit letter alone ("H") is the suit's mark for a template: "♥ Hearts", or the colour."""
    edition = ED.current()
    m = CARD.match(token)
    if m:
        suit, rank = m.group(1), int(m.group(2))
        return ED.script_once() + _suit_card(suit, rank, edition, lang)
    if token in SUITS:
        if edition == "amigo":
            return Markup('<span class="suit-mark"><span class="swatch amigo-{0}" aria-hidden="true"></span> {1}</span>').format(
                token, ED.capital(ED.colour(token, lang)))
        return Markup('<span class="suit-mark"><span class="suit-{0}" aria-hidden="true">{1}</span> {2}</span>').format(
            token, SYMBOL[token], label(game.id, "values", token, lang) or token)
    name = label(game.id, "cards", token, lang) or token
    return ED.script_once() + Markup('<span class="card card-{0}">{1}</span>').format(token.lower(), name)


def _suit_card(suit: str, rank: int, edition: str, lang: str) -> Markup:
    if edition == "amigo":  # the colour's initial beside the number: the colour is not the only sign
        name = ED.colour(suit, lang)
        return Markup('<span class="card amigo amigo-{0}"><span class="visually-hidden">{1} </span>'
                      '<span class="amigo-mark" aria-hidden="true">{2}</span>{3}</span>').format(
            suit, name, ED.capital(name)[:1], rank)
    shown, spoken = ED.rank_text(rank, edition), ED.rank_spoken(rank, edition, lang)
    if shown == spoken:
        return Markup('<span class="card suit-{0}"><span class="visually-hidden">{2} </span>'
                      '<span aria-hidden="true">{1}</span>{3}</span>').format(
            suit, SYMBOL[suit], suit_name(suit, lang), shown)
    return Markup('<span class="card suit-{0}"><span class="visually-hidden">{2} {3}</span>'
                  '<span aria-hidden="true">{1}{4}</span></span>').format(
        suit, SYMBOL[suit], suit_name(suit, lang), spoken, shown)
