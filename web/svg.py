"""Small pieces of inline SVG for drawing a game's table, shared by every game.

Drawings are styled by classes only (the CSP allows no inline style): the game-neutral classes
(`table-drawing`, `svg-card`, `svg-label`…) are in static/site.css, a game's own in its
stylesheet. Every drawing is an `<svg role="img">` whose first child is a `<title>` in the
reader's language saying what it shows: that is its accessible name.
"""
from __future__ import annotations

from collections.abc import Iterable

from markupsafe import Markup

CARD_W, CARD_H = 40, 56  # one card, in the drawing's own units


def svg(title: str, width: float, height: float, parts: Iterable[Markup], cls: str = "") -> Markup:
    classes = f"table-drawing {cls}".strip()
    return Markup('<svg class="{0}" role="img" viewBox="0 0 {1:g} {2:g}" xmlns="http://www.w3.org/2000/svg">'
                  "<title>{3}</title>{4}</svg>").format(classes, width, height, title, Markup("").join(parts))


def text(x: float, y: float, words: str, cls: str = "svg-label") -> Markup:
    return Markup('<text class="{0}" x="{1:g}" y="{2:g}">{3}</text>').format(cls, x, y, words)


def card(x: float, y: float, label: str, cls: str = "", sideways: bool = False,
         width: float = CARD_W, height: float = CARD_H) -> Markup:
    """A card's face with its label, upright or turned a quarter (sideways); classes such as
    `lit` (may be taken), `marked` (the one the answer is about) or a suit's colour."""
    classes = f"svg-card {cls}".strip()
    w, h = (height, width) if sideways else (width, height)
    return Markup('<g class="{0}"><rect x="{1:g}" y="{2:g}" width="{3:g}" height="{4:g}" rx="5"/>'
                  '<text x="{5:g}" y="{6:g}">{7}</text></g>').format(
        classes, x, y, w, h, x + w / 2, y + h / 2 + 5, label)

