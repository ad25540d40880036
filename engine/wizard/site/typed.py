"""Cards typed by a player, in the player's language: "ru7 pata 12 v" in Finnish, "하트 7" in Korean.

What is read, in every language (docs/at-the-table.md lists it per language):
- a suit, then its number 1 to 13 (with or without a space): the suit as its symbol (♥ ♦ ♣ ♠),
  its name in the game's glossary of the language (labels.yaml `cards:`) or any beginning of that
  name that no other card's name shares ("ru" and "ri" in Finnish and Estonian, where "r" could be
  ruutu or risti); a name is matched with or without its accents ("sirdys" is širdys);
- the Wizard and the Jester: their names, or a beginning that only they have;
- the letters of the site's addresses (H D C S W J), where they begin no card's name of the
  language (in Lithuanian "s" is širdys, and "b" could be būgnai or burtininkas, so neither is
  read as the English letter).
Anything else is refused with the list of what is accepted, in the player's language.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from flask_babel import gettext as _
from flask_babel import ngettext

from engine import wizard as W
from web.tools import ToolError, label

from .cards import GAME, SUITS, SYMBOL

SYMBOLS = {mark: suit for suit, mark in SYMBOL.items()} | {"♡": "H", "♢": "D", "♧": "C", "♤": "S"}
LETTERS = (*SUITS, W.WIZARD, W.JESTER)  # the site's own notation, from the English names
EXTRA = {"ko": {"클로버": "C", "다이아": "D"}}  # what players also say, beside the glossary's word
KINDS = (*SUITS, W.WIZARD, W.JESTER)
# A suit (symbol or word) with its number, a number alone, or anything else up to a separator.
PIECE = re.compile(r"([♥♦♣♠♡♢♧♤]|[^\W\d_]+)\s*(\d+)?|(\d+)|([^\s.,;:/+]+)")


def fold(text: str) -> str:
    """Lower case without accents ("Šird" -> "sird"); Hangul stays as it is."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if unicodedata.category(c) != "Mn"))


@lru_cache(maxsize=8)
def _names(lang: str) -> tuple[tuple[str, str], ...]:
    """(name, kind) for every word of the language that names a suit, the Wizard or the Jester."""
    names = [(label(GAME, "cards", kind, lang) or kind, kind) for kind in KINDS]
    return tuple(names + [(word, kind) for word, kind in EXTRA.get(lang, {}).items()])


def _kinds(word: str, lang: str) -> set[str]:
    """The kinds whose name in this language begins with word (accents kept when they settle it)."""
    folded = fold(word)
    found = {(name, kind) for name, kind in _names(lang) if fold(name).startswith(folded)}
    if len({k for _n, k in found}) > 1 and folded != word.lower():
        found = {(name, kind) for name, kind in found if name.lower().startswith(word.lower())}
    return {kind for _n, kind in found}


def read_word(word: str, lang: str) -> str | set[str]:
    """The kind (suit letter, "W" or "J") a word names; the set of candidates when it is ambiguous
    (empty when it names nothing)."""
    if word in SYMBOLS:
        return SYMBOLS[word]
    kinds = _kinds(word, lang)
    if len(kinds) == 1:
        return kinds.pop()
    if not kinds and word.upper() in LETTERS:
        return word.upper()
    return kinds


def shortest(kind: str, lang: str) -> str:
    """The shortest beginning of the kind's name that is read as that kind ("ru" for ruutu)."""
    name = label(GAME, "cards", kind, lang) or kind
    for end in range(1, len(name) + 1):
        if read_word(name[:end], lang) == kind:
            return name[:end].lower()
    return name.lower()


def letters(lang: str) -> list[str]:
    """The site's letters that are read in this language with their English meaning."""
    return [letter for letter in LETTERS if not _kinds(letter, lang)]


def typed_text(token: str, lang: str) -> str:
    """A card as the typed field shows it: "♠13", or the Wizard's and Jester's names (anything
    else, from an address made by hand, as it is: the engine names what is wrong with it)."""
    if token not in W.SUIT_OF:
        return token
    if token in (W.WIZARD, W.JESTER):
        return label(GAME, "cards", token, lang) or token
    return f"{SYMBOL[token[0]]}{token[1:]}"


def typed_line(tokens: list[str], lang: str) -> str:
    return " ".join(typed_text(t, lang) for t in tokens)


def example(lang: str) -> str:
    """Three cards as a player of this language may type them: "ru7, pata 12, v"."""
    return f"{shortest('D', lang)}7, {(label(GAME, 'cards', 'S', lang) or 'S').lower()} 12, {shortest(W.WIZARD, lang)}"


def accepted(lang: str) -> str:
    """What this language's players may type, as a sentence for the error."""
    def named(kind: str) -> str:
        name, short = label(GAME, "cards", kind, lang) or kind, shortest(kind, lang)
        mark = f"{SYMBOL[kind]} " if kind in SYMBOL else ""
        return f"{mark}{name}" + (f" ({short})" if short != name.lower() else "")

    text = _("Write each card as its suit and a number from 1 to 13, or the Wizard or the Jester: %(names)s. "
             "For example: %(example)s.", names=", ".join(named(k) for k in KINDS), example=example(lang))
    extra = [f"{letter} = {SYMBOL.get(letter) or label(GAME, 'cards', letter, lang)}" for letter in letters(lang)
             if shortest(letter, lang) != letter.lower()]
    if extra:
        text += " " + _("The letters of the site's addresses work too: %(letters)s.", letters=", ".join(extra))
    return text


def _refuse(message: str, lang: str) -> ToolError:
    return ToolError("unreadable-card", f"{message} {accepted(lang)}")


def read_cards(text: str, lang: str, most: int) -> list[str]:
    """The cards of a typed line, in order, as tokens ("H7", "W"); ToolError when a piece cannot be read."""
    cards: list[str] = []
    for m in PIECE.finditer(text):
        word, number, alone, junk = m.groups()
        piece = m.group(0).strip()[:16]
        if junk is not None or alone is not None:
            raise _refuse(_("“%(text)s” is not a card we can read.", text=piece), lang)
        kind = read_word(word, lang)
        if isinstance(kind, set):
            if kind:
                names = " / ".join(label(GAME, "cards", k, lang) or k for k in KINDS if k in kind)
                raise _refuse(_("“%(text)s” could be %(names)s: write more of the name.", text=piece, names=names), lang)
            raise _refuse(_("“%(text)s” is not a card we can read.", text=piece), lang)
        if kind in (W.WIZARD, W.JESTER):
            if number is not None:
                raise _refuse(_("“%(text)s” is not a card we can read.", text=piece), lang)
            cards.append(kind)
        else:
            rank = int(number) if number is not None and len(number) <= 2 else None
            if rank is None or not 1 <= rank <= 13:
                raise _refuse(_("“%(text)s” is not a card we can read.", text=piece), lang)
            cards.append(f"{kind}{rank}")
        if len(cards) > most:
            raise ToolError("too-many-cards", ngettext("At most %(num)d card.", "At most %(num)d cards.", most))
    return cards
