"""Siggil's table drawn as inline SVG: the sigil (the available cards lit, face-down cards as
backs), rows of cards (free spirits, a set, the cards played) and the 56 cards.

A drawing is a stack of sections in one `<svg role="img">` (web/svg.py) whose `<title>` says
in the reader's language what it shows. Classes only (the CSP allows no inline style): the
neutral ones (`svg-card`, `lit`, `marked`, `dim`, `svg-label`) are in static/site.css, the
families' colours and the card backs in static/siggil/siggil.css.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from engine import siggil as S
from web.svg import svg, text
from web.tools import label

from .tools import GAME, card_name, family_name

W, H = 46, 64          # a card in the sigil
BIG_W, BIG_H = 54, 70  # a card in a row (with its family's name)
GAP = 4
STEP = 34              # rows of the sigil overlap: a row lies this far below the one before
WIDTH = 7 * (W + GAP)  # seven cards across: a pyramid's widest row
PAD = 4
SMALL = 16  # a sigil of at most this many cards shows the families' names


def card_face(x: float, y: float, token: str | None, lang: str, *, cls: str = "", w: float = W,
              h: float = H, name: bool = False, label_at: str = "top") -> Markup:
    """One card: its number (✦ and the number for a spirit) and, on a big card, its family's
    name; `token` None is a face-down card. label_at: where the number shows when the card is
    partly covered ("top" or "bottom")."""
    classes = ["svg-card"]
    if token is None:
        classes.append("sg-back")
    else:
        classes.append(f"sg-fam-{S.FAMILY_OF[token]}")
        if S.IS_SPIRIT[token]:
            classes.append("sg-spirit")
    if cls:
        classes += cls.split()
    parts = [Markup('<rect x="{0:g}" y="{1:g}" width="{2:g}" height="{3:g}" rx="5"/>').format(x, y, w, h)]
    if token is not None:
        number = ("✦" if S.IS_SPIRIT[token] else "") + str(S.NUMBER_OF[token])
        if not name:
            ny = {"top": y + 19, "bottom": y + h - 8}.get(label_at, y + h / 2 + 6)
        else:  # the number and the name, both in the strip of the card that shows
            ny, name_y = {"top": (y + 16, y + 29), "bottom": (y + h - 19, y + h - 6)}.get(label_at, (y + 28, y + h - 12))
        parts.append(Markup('<text x="{0:g}" y="{1:g}">{2}</text>').format(x + w / 2, ny, number))
        if name:
            family = family_name(S.FAMILY_OF[token], lang)
            fit = Markup(' textLength="{0:g}" lengthAdjust="spacingAndGlyphs"').format(w - 6) if len(family) > 7 else ""
            parts.append(Markup('<text class="sg-name" x="{0:g}" y="{1:g}"{2}>{3}</text>').format(
                x + w / 2, name_y, fit, family))
    if "marked" in classes:  # the card the answer is about: a cross beside its number, not colour alone
        cross_y = y + h - 8 if label_at == "bottom" else y + 17
        parts.append(Markup('<text class="sg-cross" x="{0:g}" y="{1:g}">✗</text>').format(x + w - 9, cross_y))
    return Markup('<g class="{0}">{1}</g>').format(" ".join(classes), Markup("").join(parts))


@dataclass
class Sheet:
    """Sections stacked downwards, then wrapped in one <svg>."""

    lang: str
    parts: list[Markup] = field(default_factory=list)
    y: float = PAD
    width: float = WIDTH

    def label(self, words: str, strong: bool = False) -> None:
        self.parts.append(text(PAD, self.y + 13, words, "svg-label strong" if strong else "svg-label"))
        self.y += 20

    def row(self, cards: Iterable[str | None], marks: dict[str, str] | None = None, *, caption: str = "",
            cls: str = "") -> None:
        """A row of big cards (wrapping after as many as fit); marks: token -> class."""
        if caption:
            self.label(caption)
        per_line = max(1, int((self.width - PAD) // (BIG_W + GAP)))
        cards = list(cards)
        for i, token in enumerate(cards):
            x = PAD + (i % per_line) * (BIG_W + GAP)
            y = self.y + (i // per_line) * (BIG_H + GAP)
            mark = " ".join(c for c in (cls, (marks or {}).get(token or "", "")) if c)
            self.parts.append(card_face(x, y, token, self.lang, cls=mark, w=BIG_W, h=BIG_H, name=True))
        lines = max(1, -(-len(cards) // per_line))
        self.y += lines * (BIG_H + GAP) + 6

    def sigil(self, places: list[dict]) -> None:
        """places: [{x (half cards), y (rows), card (None: face down), empty, available, marked,
        under: [indexes of the places lying on it]}]."""
        if not places:
            return
        left = min(p["x"] for p in places)
        top = min(p["y"] for p in places)

        def at(p: dict) -> tuple[float, float]:
            return PAD + (p["x"] - left) * (W + GAP) / 2, self.y + (p["y"] - top) * STEP

        def depth(i: int, seen: frozenset = frozenset()) -> int:  # how many layers lie on it
            under = [q for q in places[i]["under"] if q not in seen]
            return 1 + max((depth(q, seen | {i}) for q in under), default=0) if under else 0

        bottom = self.y
        named = len(places) <= SMALL  # a small table: each card with its family's name
        for i in sorted(range(len(places)), key=depth, reverse=True):  # the lowest layer first
            p = places[i]
            x, y = at(p)
            bottom = max(bottom, y + H)
            if p["empty"]:
                self.parts.append(Markup('<rect class="sg-empty" x="{0:g}" y="{1:g}" width="{2:g}" '
                                         'height="{3:g}" rx="5"/>').format(x, y, W, H))
                continue
            above = [places[q]["y"] for q in p["under"]]
            label_at = "center" if not above else ("bottom" if min(above) < p["y"] else "top")
            cls = " ".join(c for c, on in (("lit", p["available"]), ("marked", p.get("marked")),
                                           ("dim", not p["available"] and p["card"] is not None)) if on)
            self.parts.append(card_face(x, y, p["card"], self.lang, cls=cls, label_at=label_at, name=named))
        self.width = max(self.width, max(at(p)[0] for p in places) + W + PAD)
        self.y = bottom + 10

    def done(self, title: str, cls: str = "sg-drawing") -> Markup:
        return svg(title, self.width, self.y, self.parts, cls)


def words(code: str, lang: str, group: str = "figure", **params: Any) -> str:
    """Siggil's words for its drawings and worked examples (labels.yaml), params filled."""
    return label(GAME, group, code, lang, params) or code


def names(cards: Iterable[str], lang: str) -> str:
    return ", ".join(card_name(c, lang) for c in cards)


# --- the sigil's places: from a state, by where its layout puts each card ------------------------


def _places(state: Any, xy: list[tuple[float, float]], marked: Iterable[int] = ()) -> list[dict]:
    marked = set(marked)
    out = []
    for i, card in enumerate(state.sigil):
        out.append({"x": xy[i][0], "y": xy[i][1], "empty": card is None,
                    "card": card if card is not None and state.face_up[i] else None,
                    "available": card is not None and state.cover_left[i] == 0, "marked": i in marked,
                    "under": [q for q in state.covered_by[i] if state.sigil[q] is not None]})
    return out


def layout_xy(state: Any) -> list[tuple[float, float]]:
    """Where a layout's cards lie: pyramids' rows centred (half-card steps), one pyramid under
    the other so that the picture fits a phone."""
    rows = max(r for _, r, _ in state.places)
    return [((rows - r) + 2 * c, (r - 1) + g * (rows + 1.5)) for g, r, c in state.places]


def situation_xy(state: Any) -> list[tuple[float, float]]:
    """A described table has no geometry: the cards nothing lies on side by side, each covered
    card under the cards lying on it, one row lower for each layer."""
    n = len(state.sigil)
    xy: dict[int, tuple[float, float]] = {}
    top = [i for i in range(n) if not state.covered_by[i]]
    for k, i in enumerate(top):
        xy[i] = (2.0 * k, 0.0)
    pending = [i for i in range(n) if i not in xy]
    while pending:
        ready = [i for i in pending if all(q in xy for q in state.covered_by[i])]
        if not ready:  # cannot happen for a checked layout; draw what is left in a row
            ready = pending
        for i in ready:
            over = [xy[q] for q in state.covered_by[i] if q in xy] or [(0.0, 0.0)]
            x = sum(p[0] for p in over) / len(over)
            y = max(p[1] for p in over) + 1
            while (x, y) in xy.values():
                x += 2
            xy[i] = (x, y)
        pending = [i for i in pending if i not in ready]
    return [xy[i] for i in range(n)]


def state_places(state: Any, marked: Iterable[int] = ()) -> list[dict]:
    xy = situation_xy(state) if state.layout_name == "situation" else layout_xy(state)
    return _places(state, xy, marked)


# --- the pictures a template asks for by kind (GameSite.drawings) --------------------------------


def layout_title(lang: str, name: str | None = None) -> str:
    if name in S.LAYOUTS:
        return words("title-layout", lang, layout=words(name, lang, group="layouts"))
    return words("title-sigil", lang)


def draw_layout(game: Any, data: Any, lang: str) -> Markup:
    """data: a State, or {"state": State, "marked": [positions]}; or the tutorial's table
    ({"places": [{row, col, card, empty, available, under}]})."""
    sheet = Sheet(lang)
    if isinstance(data, dict) and "places" in data:
        sheet.sigil([{**p, "x": p["col"], "y": p["row"]} for p in data["places"]])
        return sheet.done(layout_title(lang))
    state, marked = (data["state"], data.get("marked", ())) if isinstance(data, dict) else (data, ())
    sheet.sigil(state_places(state, marked))
    return sheet.done(layout_title(lang, state.layout_name))


def capture_sheet(data: dict, lang: str) -> tuple[Sheet, str]:
    """The capture: the spirit (free, or on the set it lies on), your earlier set, the cards
    played (each card that fails marked). data: {spirit, holder_set, my_set, play, fails}."""
    sheet = Sheet(lang)
    spirit, holder, mine = data.get("spirit"), list(data.get("holder_set") or []), list(data.get("my_set") or [])
    play, fails = list(data.get("play") or []), list(data.get("fails") or [])
    marks = {c: "marked" for c in fails}
    if spirit:
        sheet.row([spirit] + holder, caption=words("row-held" if holder else "row-free", lang))
    if mine:
        sheet.row(mine, caption=words("row-mine", lang), cls="dim")
    sheet.row(play, marks, caption=words("row-play", lang), cls="sg-play")
    title = words("title-capture", lang, spirit=card_name(spirit, lang) if spirit else "–", cards=names(play, lang))
    if fails:
        title += " " + words("title-fails", lang, cards=names(fails, lang))
    return sheet, title


def draw_capture(game: Any, data: dict, lang: str) -> Markup:
    sheet, title = capture_sheet(data, lang)
    return sheet.done(title)


def draw_deck(game: Any, data: Any, lang: str) -> Markup:
    """The 56 cards: a row per family, numbers 1 to 7 and its spirit."""
    sheet = Sheet(lang, width=PAD * 2 + 8 * (W + GAP))
    for family in S.FAMILIES:
        sheet.label(family_name(family, lang), strong=True)
        for i, token in enumerate([f"{family}{n}" for n in S.NUMBERS] + [S.spirit_of(family)]):
            sheet.parts.append(card_face(PAD + i * (W + GAP), sheet.y, token, lang, label_at="center"))
        sheet.y += H + 6
    return sheet.done(words("title-deck", lang))


DRAWINGS = {"layout": draw_layout, "capture": draw_capture, "deck": draw_deck}
