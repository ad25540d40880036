"""Wizard's table drawn as inline SVG: a trick in play order (its winner marked, trump shown)
and a hand (the cards that may be played lit, a refused card marked).

One picture, `table_svg`, draws any part of that: a worked example, a tutorial step and the
trick tools' answers all ask for it through `drawings` ("trick", "hand"). The cards are drawn
in the reader's edition (.edition); every picture's <title> says in words what it shows.
Classes only (the CSP allows no inline style): the neutral ones in static/site.css, Wizard's
own (`wz-…`) in static/wizard/wizard.css.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from markupsafe import Markup

from engine import wizard as W
from web.svg import svg, text
from web.tools import label

from . import edition as ED
from .cards import GAME, SYMBOL, card_name, suit_text

WIDTH = 320  # every drawing is as wide, so cards keep one size on a page
CARD_W, CARD_H, SLOT = 46, 62, 52  # a card, and the room it takes in a row
PER_ROW = 6  # cards in a row of a hand (a trick has at most 6)
SHORT_NAME = 6  # a Wizard's or Jester's name longer than this is squeezed to the card's width


def _face(token: str, lang: str) -> tuple[str, str]:
    """(what a card shows, its classes): "♥10", Amigo's initial and number, the Wizard's name."""
    if token in (W.WIZARD, W.JESTER):
        return (label(GAME, "cards", token, lang) or token), f"wz-{token} wz-name"
    suit, rank = token[0], int(token[1:])
    edition = ED.current()
    if edition == "amigo":
        return f"{ED.capital(ED.colour(suit, lang))[:1]}{rank}", f"wz-amigo amigo-{suit}"
    return f"{SYMBOL[suit]}{ED.rank_text(rank, edition)}", f"suit-{suit}"


def _card(x: float, y: float, token: str, lang: str, cls: str = "", data: str = "") -> Markup:
    """A card's face; `data`: what the drawing says of it ("winner", "yes"/"no": may be played),
    kept on the card as data-card and data-says for programs and tests."""
    face, classes = _face(token, lang)
    attrs = Markup(' data-card="{0}" data-says="{1}"').format(token, data) if data else Markup("")
    fit = (Markup(' textLength="{0}" lengthAdjust="spacingAndGlyphs"').format(CARD_W - 6)
           if "wz-name" in classes and len(face) > SHORT_NAME else Markup(""))
    return Markup('<g class="svg-card {0} {1}"{10}><rect x="{2:g}" y="{3:g}" width="{4}" height="{5}" rx="5"/>'
                  '<text x="{6:g}" y="{7:g}"{8}>{9}</text></g>').format(
        classes, cls, x, y, CARD_W, CARD_H, x + CARD_W / 2, y + CARD_H / 2 + 5, fit, face, attrs)


def _names(cards: list[str], lang: str) -> str:
    return ", ".join(card_name(t, lang) for t in cards)


def _trump_words(trump: str | None, lang: str) -> str:
    if trump in W.SUITS:
        return suit_text(trump, lang)
    return label(GAME, "values", "none", lang) or _("No trump")


def trump_phrase(trump: Any, lang: str) -> str:
    """"Trump: ♥ Hearts", "No trump", "The dealer is choosing" (a Wizard turned up)."""
    if trump is None or trump == "none":
        return _trump_words(None, lang)
    if trump == "pending":
        return label(GAME, "values", "pending", lang) or trump
    return _("Trump: %(trump)s", trump=suit_text(trump, lang) if trump in W.SUITS else str(trump)[:8])


def seat_mark(seat: int, you: bool = False) -> str:
    """A player's seat above a card, kept short: "P3", or "you"."""
    return _("you") if you else _("P%(num)d", num=seat)


def table_svg(lang: str, trump: str | None = None, trick: list[str] | None = None,
              seats: list[int] | None = None, winner: int | None = None, hand: list[str] | None = None,
              legal: list[str] | None = None, marked: str | None = None, you: int | None = None,
              show_trump: bool = True) -> Markup:
    """The table: trump, the trick in play order (above each card its player, `seats`, or its
    place in the trick; `winner` an index), then the hand (`legal` cards lit with ✓, the others
    dashed with ✗; `marked`: the card tried). `you`: the reader's seat, named "you"."""
    parts: list[Markup] = []
    said: list[str] = []
    y = 0
    if show_trump:
        parts.append(text(4, 16, trump_phrase(trump, lang), "svg-label strong"))
        y = 24
    if trick is not None:
        if trick:
            for i, token in enumerate(trick):
                x = 4 + i * SLOT
                top = (seat_mark(seats[i], seats[i] == you) if seats else str(i + 1))
                parts.append(text(x + CARD_W / 2, y + 12, top, "svg-label wz-centre"))
                parts.append(_card(x, y + 18, token, lang, "lit" if i == winner else "",
                                   "winner" if i == winner else "played"))
                if i == winner:
                    parts.append(text(x + CARD_W / 2, y + 18 + CARD_H + 15, _("wins"), "svg-label strong wz-centre"))
            said.append(_("Trick: %(cards)s", cards=_names(trick, lang)))
            if winner is not None:
                said.append(_("%(card)s wins", card=card_name(trick[winner], lang)))
            y += 18 + CARD_H + (22 if winner is not None else 8)
        else:
            parts.append(text(4, y + 14, _("No card played yet: you lead."), "svg-label"))
            said.append(_("No card played yet"))
            y += 24
    if hand:
        parts.append(text(4, y + 14, _("Your hand"), "svg-label strong"))
        y += 20
        for i, token in enumerate(hand):
            x, row_y = 4 + (i % PER_ROW) * SLOT, y + (i // PER_ROW) * (CARD_H + (24 if legal is not None else 8))
            cls, says = "", ""
            if legal is not None:
                ok = token in legal
                cls, says = ("lit", "yes") if ok else ("wz-no", "no")
                parts.append(text(x + CARD_W / 2, row_y + CARD_H + 16, "✓" if ok else "✗",
                                  "svg-label wz-centre " + ("wz-ok" if ok else "wz-bad")))
            if token == marked:
                cls += " marked"
            parts.append(_card(x, row_y, token, lang, cls, says))
        rows = (len(hand) + PER_ROW - 1) // PER_ROW
        y += rows * (CARD_H + (24 if legal is not None else 8))
        said.append(_("Your hand: %(cards)s", cards=_names(hand, lang)))
        if legal is not None:
            said.append(_("may be played: %(cards)s", cards=_names(list(dict.fromkeys(legal)), lang) or "–"))
        if marked:
            said.append(_("tried: %(card)s", card=card_name(marked, lang)))
    if show_trump:
        said.append(trump_phrase(trump, lang))
    return svg("; ".join(said), WIDTH, y + 4, parts, "wz-table")


def trick_drawing(game: Any, data: dict, lang: str) -> Markup:
    """drawing(game, "trick", {"cards", "trump", "winner", "seats", "you"})"""
    return table_svg(lang, trump=data.get("trump"), trick=list(data.get("cards") or []), seats=data.get("seats"),
                     winner=data.get("winner"), you=data.get("you"), show_trump=data.get("show_trump", True))


def hand_drawing(game: Any, data: dict, lang: str) -> Markup:
    """drawing(game, "hand", {"trump", "trick", "seats", "hand", "legal", "marked"}): a trick
    so far (None: leave it out) and the hand below it."""
    trick = data.get("trick")
    return table_svg(lang, trump=data.get("trump"), trick=None if trick is None else list(trick),
                     seats=data.get("seats"), hand=list(data.get("hand") or []), legal=data.get("legal"),
                     marked=data.get("marked"), you=data.get("you"), show_trump=data.get("show_trump", True))


DRAWINGS = {"trick": trick_drawing, "hand": hand_drawing}
