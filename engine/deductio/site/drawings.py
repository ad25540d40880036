"""Deductio's table drawn as inline SVG: the clue row, the face-up numbers in the centre and
the cards in front of each player, clue cards upright (true of that player's number) or
sideways (not true: all three of a row taken because none was true).

Three pictures, by kind (SITE.drawings, `drawing(game, kind, data)` in templates):
    row     the centre, your secret number and the clue row, the cards you may take lit
            ({"secret", "centre", "row", "true"}; "true": None when not judged)
    table   the whole table: centre, row, each seat's secret, upright, sideways and
            collected cards (the data of DeductioPlay.table, or of an example's panels)
    clues   one player's upright and sideways cards, the centre, and the numbers 1-20 with
            those still possible lit ({"upright", "sideways", "centre", "known", "possible"})
Styled by classes only: the neutral ones in static/site.css, `dd-*` in static/deductio/deductio.css.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from engine import deductio as D
from web.svg import svg, text

from .palette import power_kind, short

WIDTH = 400
NUM_W, NUM_H = 36, 48          # a secret number card
CLUE_W, CLUE_H = 88, 116       # a clue card upright (sideways: turned a quarter)
SMALL_W, SMALL_H = 60, 80      # a clue card in front of a player
GAP = 10
LINE = 20                      # a label's line
SEAT_X = 84                    # where a player's cards begin, right of their name


# --- pieces -------------------------------------------------------------------------------------


def _em(words: str) -> float:
    """Roughly how wide a line is, in ems (Hangul is wider than Latin letters and digits)."""
    return sum(1.0 if ord(ch) > 0x1100 else 0.6 for ch in words)


def _lines(words: str, size: float, room: float) -> list[str]:
    """The words cut into at most 3 lines that fit `room` at font `size` where they can."""
    out: list[str] = []
    for word in words.split():
        if out and _em(out[-1] + " " + word) * size <= room:
            out[-1] += " " + word
        else:
            out.append(word)
    return out[:2] + [" ".join(out[2:])] if len(out) > 3 else out


def _words(x: float, y: float, lines: list[str], size: float, room: float, cls: str) -> Markup:
    """Lines of text centred on x from y; a line too wide for `room` is squeezed to fit."""
    parts = []
    for i, line in enumerate(lines):
        fit = Markup(' textLength="{0:g}" lengthAdjust="spacingAndGlyphs"').format(room) \
            if _em(line) * size > room else Markup("")
        parts.append(Markup('<tspan x="{0:g}" y="{1:g}"{2}>{3}</tspan>').format(x, y + i * size * 1.2, fit, line))
    return Markup('<text class="{0}">{1}</text>').format(cls, Markup("").join(parts))


def _power(x: float, y: float, kind: str | None, count: int) -> Markup:
    """The power printed at the bottom of a clue card: an eye (with its 1 or 2 cards) or a
    magnifying glass."""
    if kind == "eye":
        cards = "".join(f'<rect x="{x - 4 - 5 * (count - 1) + 10 * i:g}" y="{y - 15:g}" width="8" height="9" rx="1"/>'
                        for i in range(count))
        return Markup(f'<g class="dd-power dd-eye">{cards}<ellipse cx="{x:g}" cy="{y:g}" rx="10" ry="5.5"/>'
                      f'<circle cx="{x:g}" cy="{y:g}" r="2.6"/></g>')
    if kind == "magnifier":
        return Markup(f'<g class="dd-power dd-magnifier"><circle cx="{x - 2:g}" cy="{y - 3:g}" r="6"/>'
                      f'<line x1="{x + 2.5:g}" y1="{y + 1.5:g}" x2="{x + 8:g}" y2="{y + 7:g}"/></g>')
    return Markup("")


def clue_card(x: float, y: float, clue: str, lang: str, cls: str = "", sideways: bool = False,
              small: bool = False) -> Markup:
    """A clue card with its short face, upright or sideways, and its power if it has one."""
    w, h = (SMALL_W, SMALL_H) if small else (CLUE_W, CLUE_H)
    if sideways:
        w, h = h, w
    size = 11 if small else 13
    room = w - 8
    lines = _lines(short(clue, lang), size, room)
    kind = power_kind(clue)
    top = y + (h - (16 if kind else 0)) / 2 - (len(lines) - 1) * size * 0.6 + size * 0.35
    classes = " ".join(c for c in ("svg-card dd-clue", "sideways" if sideways else "", cls) if c)
    return Markup('<g class="{0}"><rect x="{1:g}" y="{2:g}" width="{3:g}" height="{4:g}" rx="6"/>{5}{6}</g>').format(
        classes, x, y, w, h, _words(x + w / 2, top, lines, size, room, "dd-face small" if small else "dd-face"),
        _power(x + w / 2, y + h - 9, kind, D.CLUES[clue].eye_count if clue in D.CLUES else 0))


def number_card(x: float, y: float, number: int | None, cls: str = "") -> Markup:
    """A secret number card: its number and its mark (# one digit, ## two digits), or its back."""
    if number is None:
        return Markup('<g class="svg-card dd-number dd-back {0}"><rect x="{1:g}" y="{2:g}" width="{3}" height="{4}" '
                      'rx="5"/><text x="{5:g}" y="{6:g}">?</text></g>').format(
            cls, x, y, NUM_W, NUM_H, x + NUM_W / 2, y + NUM_H / 2 + 5)
    return Markup('<g class="svg-card dd-number {0}"><rect x="{1:g}" y="{2:g}" width="{3}" height="{4}" rx="5"/>'
                  '<text x="{5:g}" y="{6:g}">{7}</text><text class="dd-mark" x="{5:g}" y="{8:g}">{9}</text></g>').format(
        cls, x, y, NUM_W, NUM_H, x + NUM_W / 2, y + 22, number, y + 40, D.digit_mark(number))


class Flow:
    """Pieces laid out left to right, onto a new line when the drawing's width is reached."""

    def __init__(self, y: float, left: float = 8) -> None:
        self.left, self.x, self.y, self.tallest, self.parts = left, left, y, 0.0, []

    def add(self, w: float, h: float, draw: Callable[[float, float], Markup]) -> None:
        if self.x + w > WIDTH - 8 and self.x > self.left:
            self.newline()
        self.parts.append(draw(self.x, self.y))
        self.x += w + GAP
        self.tallest = max(self.tallest, h)

    def newline(self, extra: float = 0) -> None:
        if self.tallest:
            self.y += self.tallest + GAP + extra
        self.x, self.tallest = self.left, 0.0

    def label(self, words: str, cls: str = "svg-label") -> None:
        self.newline()
        self.parts.append(text(self.left, self.y + 14, words, cls))
        self.y += LINE

    @property
    def height(self) -> float:
        return self.y + self.tallest + 8


def _numbers(flow: Flow, numbers: list, cls: str = "") -> None:
    for n in numbers:
        flow.add(NUM_W, NUM_H, lambda x, y, n=n: number_card(x, y, n, cls))


def _clues(flow: Flow, clues: list[str], lang: str, sideways: bool, small: bool,
           cls: Callable[[str], str] = lambda c: "") -> None:
    w, h = (SMALL_W, SMALL_H) if small else (CLUE_W, CLUE_H)
    if sideways:
        w, h = h, w
    for c in clues:
        flow.add(w, h, lambda x, y, c=c: clue_card(x, y, c, lang, cls(c), sideways, small))


def _legend(flow: Flow) -> None:
    """The marks on the number cards, explained under every picture that shows them."""
    flow.newline(4)
    flow.parts.append(text(flow.left, flow.y + 12, _("# one digit, ## two digits"), "svg-label dd-legend"))
    flow.y += LINE


def listed(items: list, lang: str) -> str:
    """Numbers or clue cards as words for a title: "4, 11, 17" / "even, ≥ 9"."""
    return ", ".join(short(i, lang) if isinstance(i, str) else str(i) for i in items) or "–"


# --- the pictures -----------------------------------------------------------------------------------


def row_drawing(game: Any, data: dict, lang: str) -> Markup:
    """Your number, the centre and the clue row; the cards you may take lit, the others dim;
    when none is true, the three drawn sideways, as you must place them."""
    row, true = list(data.get("row") or []), data.get("true")
    secret, centre = data.get("secret"), list(data.get("centre") or [])
    flow = Flow(0)
    if secret is not None:
        flow.label(_("Your secret number"))
        _numbers(flow, [secret], "dd-yours")
    flow.label(_("Face-up in the centre"))
    _numbers(flow, centre)
    flow.label(_("The clue row"))
    none_true = true is not None and bool(row) and not true
    _clues(flow, row, lang, sideways=none_true, small=False,
           cls=lambda c: "" if true is None else ("marked" if none_true else ("lit" if c in true else "dim")))
    if true is None:
        title = _("The clue row: %(row)s; the centre: %(centre)s", row=listed(row, lang), centre=listed(centre, lang))
    elif none_true:
        title = _("Your secret number %(secret)s: none of %(row)s is true, all three go sideways",
                  secret=secret, row=listed(row, lang))
    else:
        title = _("Your secret number %(secret)s: of %(row)s you may take %(true)s upright",
                  secret=secret, row=listed(row, lang), true=listed(true, lang))
    _legend(flow)
    return svg(title, WIDTH, flow.height, flow.parts, "dd-drawing")


def table_drawing(game: Any, data: dict, lang: str) -> Markup:
    """The whole table: the centre, the clue row, and in front of each player their secret
    number (yours shown, the others' hidden unless every card is shown), the clue cards
    upright and sideways, and the numbers they guessed."""
    marked, lit = set(data.get("marked") or []), set(data.get("lit") or [])

    def mark(clue: str) -> str:  # the card a refusal is about, or the one a move is about
        return "marked" if clue in marked else ("lit" if clue in lit else "")

    flow = Flow(0)
    if data.get("heading"):
        flow.label(data["heading"], "svg-label strong")
    flow.label(_("Face-up in the centre"))
    _numbers(flow, list(data.get("centre") or []))
    flow.label(_("The clue row"))
    row = list(data.get("row") or [])
    if row:
        _clues(flow, row, lang, sideways=False, small=True, cls=mark)
    else:
        flow.parts.append(text(flow.left, flow.y + 14, "–"))
        flow.tallest = LINE
    seats = list(data.get("seats") or [])
    for seat in seats:  # one band per player: the name on the left, the cards beside it
        flow.newline(8)
        flow.x = flow.left = SEAT_X
        top = flow.y
        name = [_("Player %(num)d", num=seat["seat"])]
        if seat.get("you"):
            name.append(_("(you)"))
        if seat.get("to_move"):
            name.append(_("to play"))
        flow.parts.append(_words(8, top + 14, name, 12, SEAT_X - 12, "svg-label strong dd-seat"))
        secret = seat.get("secret")
        if seat.get("hidden") or secret is not None:  # (none: just guessed, the game over)
            _numbers(flow, [None if seat.get("hidden") else secret], "dd-secret")
        _clues(flow, list(seat.get("upright") or []), lang, sideways=False, small=True, cls=mark)
        _clues(flow, list(seat.get("sideways") or []), lang, sideways=True, small=True, cls=mark)
        if seat.get("collected"):
            _numbers(flow, list(seat["collected"]), "lit dd-collected")
        flow.tallest = max(flow.tallest, len(name) * 14.4)
        flow.left = 8
    seen = list(data.get("seen") or [])
    if seen:  # what the eye showed the reader: now at the bottom of the secret number deck
        flow.newline(8)
        flow.label(_("You looked at (now at the bottom of the secret number deck)"), "svg-label strong")
        _numbers(flow, seen, "lit")
    parts = [_("Centre: %(centre)s", centre=listed(list(data.get("centre") or []), lang)),
             _("clue row: %(row)s", row=listed(row, lang))]
    for seat in seats:
        secret = "?" if seat.get("hidden") or seat.get("secret") is None else \
            f"{seat['secret']} ({D.digit_mark(seat['secret'])})"
        parts.append(_("player %(num)d: %(secret)s, upright %(upright)s, sideways %(sideways)s",
                       num=seat["seat"], secret=secret, upright=listed(list(seat.get("upright") or []), lang),
                       sideways=listed(list(seat.get("sideways") or []), lang)))
    if seen:
        parts.append(_("you looked at %(numbers)s", numbers=listed(seen, lang)))
    _legend(flow)
    return svg(_("The table drawn") + ": " + "; ".join(parts), WIDTH, flow.height, flow.parts, "dd-drawing")


def clues_drawing(game: Any, data: dict, lang: str) -> Markup:
    """One player's clue cards, the centre, and the numbers 1-20: those still possible lit,
    the centre's and the ones you can see elsewhere crossed out."""
    upright, sideways = list(data.get("upright") or []), list(data.get("sideways") or [])
    centre, known = list(data.get("centre") or []), list(data.get("known") or [])
    possible = None if data.get("possible") is None else set(data["possible"])
    flow = Flow(0)
    if upright:
        flow.label(_("Upright: true of the number"))
        _clues(flow, upright, lang, sideways=False, small=True)
    if sideways:
        flow.label(_("Sideways: not true of the number"))
        _clues(flow, sideways, lang, sideways=True, small=True)
    flow.label(_("Face-up in the centre"))
    _numbers(flow, centre)
    wording = _("upright %(upright)s, sideways %(sideways)s", upright=listed(upright, lang),
                sideways=listed(sideways, lang))
    if possible is None:  # not a possible situation: the cards only
        _legend(flow)
        return svg(wording, WIDTH, flow.height, flow.parts, "dd-drawing")
    flow.label(_("Numbers 1 to 20: the ones still possible are lit"))
    for n in D.NUMBERS:
        cls = "lit" if n in possible else ("dim gone" if n in centre or n in known else "dim")
        flow.add(NUM_W - 4, 30, lambda x, y, n=n, cls=cls: Markup(
            '<g class="svg-card dd-cell {0}"><rect x="{1:g}" y="{2:g}" width="{3}" height="30" rx="4"/>'
            '<text x="{4:g}" y="{5:g}">{6}</text></g>').format(cls, x, y, NUM_W - 4, x + (NUM_W - 4) / 2, y + 20, n))
    count = len(possible)
    title = ngettext("%(num)d number still possible: %(numbers)s", "%(num)d numbers still possible: %(numbers)s",
                     count, numbers=listed(sorted(possible), lang)) if count else _("No number is possible")
    title += " (" + wording + ")"
    _legend(flow)
    return svg(title, WIDTH, flow.height, flow.parts, "dd-drawing")


DRAWINGS = {"row": row_drawing, "table": table_drawing, "clues": clues_drawing}
