"""The cards of Wizard: the 60-card deck, card tokens, and checking cards given as input.

Tokens: "H7", "D13", "C1", "S10" (suit letter and rank 1-13), "W" for a Wizard and "J" for a
Jester (four of each; the tokens do not tell them apart).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.core import BadInput

SUITS: tuple[str, ...] = ("H", "D", "C", "S")
RANKS = range(1, 14)
WIZARD = "W"
JESTER = "J"
COPIES = 4  # Wizards, and Jesters, in the deck
DECK_SIZE = 60
MIN_PLAYERS, MAX_PLAYERS = 3, 6
MAX_HAND = DECK_SIZE // MIN_PLAYERS  # 20


@dataclass(frozen=True)
class Card:
    """One card: kind is "suit", "wizard" or "jester"; suit and rank only for suit cards."""

    kind: str
    suit: str | None = None
    rank: int | None = None

    @property
    def token(self) -> str:
        return card_token(self)


FULL_DECK: tuple[str, ...] = tuple(
    [f"{s}{r}" for s in SUITS for r in RANKS] + [WIZARD] * COPIES + [JESTER] * COPIES
)
SUIT_OF: dict[str, str | None] = {t: (None if t in (WIZARD, JESTER) else t[0]) for t in FULL_DECK}
RANK_OF: dict[str, int] = {t: (14 if t == WIZARD else 0 if t == JESTER else int(t[1:])) for t in FULL_DECK}
# Hands are kept sorted: Wizards, then hearts, spades, diamonds, clubs (low to high), Jesters.
_SUIT_ORDER = {"H": 1, "S": 2, "D": 3, "C": 4}
SORT_KEY: dict[str, int] = {
    t: (0 if t == WIZARD else 99 if t == JESTER else _SUIT_ORDER[t[0]] * 20 + int(t[1:])) for t in FULL_DECK
}
_TOKEN = re.compile(r"^([HDCS])([1-9]|1[0-3])$")


def full_deck() -> list[str]:
    """The 60 cards in a fixed order: 13 of each suit, then 4 Wizards and 4 Jesters."""
    return list(FULL_DECK)


def parse_card(token: Any) -> Card:
    """"H7" -> Card("suit", "H", 7); "W" -> Card("wizard"); "J" -> Card("jester").

    Case and surrounding spaces are forgiven; anything else raises BadInput("unknown-card")."""
    if isinstance(token, str) and len(token) <= 8:
        t = token.strip().upper()
        if t == WIZARD:
            return Card("wizard")
        if t == JESTER:
            return Card("jester")
        m = _TOKEN.match(t)
        if m:
            return Card("suit", m.group(1), int(m.group(2)))
    raise BadInput("unknown-card", token=_show(token))


def card_token(card: Card) -> str:
    if card.kind == "wizard":
        return WIZARD
    if card.kind == "jester":
        return JESTER
    if card.kind == "suit" and card.suit in SUITS and card.rank in RANKS:
        return f"{card.suit}{card.rank}"
    raise BadInput("unknown-card", token=_show(card))


def norm_card(token: Any) -> str:
    """The canonical token of a card ("h7 " -> "H7"), or BadInput("unknown-card")."""
    if type(token) is str and token in SUIT_OF:  # the fast path: already canonical
        return token
    return card_token(parse_card(token))


def _show(value: Any) -> str:
    """A short, JSON-safe rendering of bad input for error params."""
    text = value if isinstance(value, str) else repr(value)
    return text[:12]


def check_cards(cards: list[str]) -> None:
    """Raise BadInput when a set of cards cannot come from one deck."""
    seen: set[str] = set()
    wizards = jesters = 0
    for t in cards:
        if t == WIZARD:
            wizards += 1
        elif t == JESTER:
            jesters += 1
        elif t in seen:
            raise BadInput("duplicate-card", card=t)
        else:
            seen.add(t)
    if wizards > COPIES:
        raise BadInput("too-many-wizards", count=wizards, max=COPIES)
    if jesters > COPIES:
        raise BadInput("too-many-jesters", count=jesters, max=COPIES)


def _card_list(value: Any, where: str, most: int) -> list[str]:
    if not isinstance(value, (list, tuple)):
        raise BadInput("not-a-card-list", where=where)
    if len(value) > most:
        raise BadInput("too-many-cards", where=where, count=len(value), max=most)
    return [norm_card(t) for t in value]


def _trump(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str) and value.strip().upper() in SUITS:
        return value.strip().upper()
    raise BadInput("bad-trump", trump=_show(value))
