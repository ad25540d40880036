"""Deductio's clue deck: 35 clue cards as data, a truth function for each, and their powers.

RECONSTRUCTION. The list of the 35 published clue cards is not known to this project. The
default deck below is a reconstruction built only from the kinds of statement known from
the published game (is even / odd, has one digit / two digits, is N or more, is N or less,
is not X or Y, is not between A and B, is 1 greater or 1 smaller than a face-up secret
number in the centre). The known printed texts are all in it ("is 7 or more" = ge7, "is
even", "is a single digit" = digit1, "is not 9 or 19", "is not between 17 and 20" =
nb-17-20, "is 14 or less" = le14, "has two digits" = digit2, the +1/-1 card = pm1); which
cards carry a power (eye or magnifying glass) is part of the reconstruction too. The
composition is listed and explained in docs/deductio-clue-deck.md.

A clue card is a short token (its id). Statement texts live in
content/games/deductio/labels.yaml under `clues:` (one entry per id, with {n}, {a}, {b}
placeholders filled from `CLUES[id].params`); this module knows no language.

Powers: "eye1" (look at the top secret number card), "eye2" (look at the top 1 or 2),
"magnifier" (one guess with no penalty if it is wrong).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

NUMBERS: tuple[int, ...] = tuple(range(1, 21))
REVEAL = "reveal"  # the "Reveal a secret number" card, as it lies in the clue deck

EYE1, EYE2, MAGNIFIER = "eye1", "eye2", "magnifier"
POWERS: dict[str, tuple[str, int]] = {EYE1: ("eye", 1), EYE2: ("eye", 2), MAGNIFIER: ("magnifier", 0)}

# Kinds whose truth depends on the face-up secret numbers in the centre (+1/-1 cards).
CENTRE_KINDS = frozenset({"pm1", "p1", "m1"})


@dataclass(frozen=True)
class ClueCard:
    id: str
    kind: str          # even, odd, digit1, digit2, ge, le, not, nb, pm1, p1, m1
    params: dict       # {"n": 7} / {"a": 9, "b": 19} / {}
    power: str | None  # eye1, eye2, magnifier or None

    @property
    def power_kind(self) -> str | None:
        """'eye' or 'magnifier' (None without a power)."""
        return POWERS[self.power][0] if self.power else None

    @property
    def eye_count(self) -> int:
        return POWERS[self.power][1] if self.power else 0

    @property
    def uses_centre(self) -> bool:
        return self.kind in CENTRE_KINDS


def _fixed_truth(kind: str, params: dict) -> frozenset[int]:
    """The secret numbers a centre-independent clue is true for."""
    if kind == "even":
        return frozenset(n for n in NUMBERS if n % 2 == 0)
    if kind == "odd":
        return frozenset(n for n in NUMBERS if n % 2 == 1)
    if kind == "digit1":
        return frozenset(n for n in NUMBERS if n <= 9)
    if kind == "digit2":
        return frozenset(n for n in NUMBERS if n >= 10)
    if kind == "ge":
        return frozenset(n for n in NUMBERS if n >= params["n"])
    if kind == "le":
        return frozenset(n for n in NUMBERS if n <= params["n"])
    if kind == "not":
        return frozenset(n for n in NUMBERS if n not in (params["a"], params["b"]))
    if kind == "nb":  # "is not between a and b": both ends included
        return frozenset(n for n in NUMBERS if not params["a"] <= n <= params["b"])
    raise ValueError(kind)


def _build_deck() -> dict[str, ClueCard]:
    powers = {
        # 3 cards with the eye showing one card, 3 with the eye showing two cards,
        # 4 with the magnifying glass: 10 power cards of 35 (a reconstruction).
        "not-2-12": EYE1, "not-5-15": EYE1, "not-8-18": EYE1,
        "nb-1-4": EYE2, "nb-13-16": EYE2, "ge11": EYE2,
        "ge15": MAGNIFIER, "le6": MAGNIFIER, "not-10-20": MAGNIFIER, "nb-9-12": MAGNIFIER,
    }
    specs: list[tuple[str, str, dict]] = [
        ("even", "even", {}), ("odd", "odd", {}),
        ("digit1", "digit1", {}), ("digit2", "digit2", {}),
    ]
    specs += [(f"ge{n}", "ge", {"n": n}) for n in (3, 5, 7, 9, 11, 13, 15)]
    specs += [(f"le{n}", "le", {"n": n}) for n in (6, 8, 10, 12, 14, 16)]
    specs += [(f"not-{a}-{a + 10}", "not", {"a": a, "b": a + 10}) for a in range(1, 11)]
    specs += [(f"nb-{a}-{a + 3}", "nb", {"a": a, "b": a + 3}) for a in (1, 5, 9, 13, 17)]
    specs += [("pm1", "pm1", {}), ("p1", "p1", {}), ("m1", "m1", {})]
    deck = {cid: ClueCard(cid, kind, params, powers.get(cid)) for cid, kind, params in specs}
    assert len(deck) == 35 and set(powers) <= set(deck)
    return deck


CLUES: dict[str, ClueCard] = _build_deck()
CLUE_IDS: tuple[str, ...] = tuple(CLUES)  # the canonical order (as in the docs)
_TRUE_FOR: dict[str, frozenset[int]] = {
    c.id: _fixed_truth(c.kind, c.params) for c in CLUES.values() if not c.uses_centre
}


def is_true(clue: str, secret: int, centre: Iterable[int]) -> bool:
    """Does clue card `clue` truthfully describe `secret`, given the face-up centre numbers?"""
    fixed = _TRUE_FOR.get(clue)
    if fixed is not None:
        return secret in fixed
    kind = CLUES[clue].kind
    if kind == "pm1":
        return any(abs(secret - c) == 1 for c in centre)
    if kind == "p1":
        return any(secret - c == 1 for c in centre)
    return any(c - secret == 1 for c in centre)  # m1


def true_numbers(clue: str, centre: Iterable[int]) -> frozenset[int]:
    """All numbers 1-20 the clue is true for (centre numbers themselves not excluded)."""
    fixed = _TRUE_FOR.get(clue)
    if fixed is not None:
        return fixed
    centre = list(centre)
    return frozenset(n for n in NUMBERS if is_true(clue, n, centre))


def digit_mark(number: int) -> str:
    """The mark printed on a secret number card: '#' (one digit) or '##' (two digits)."""
    return "#" if number <= 9 else "##"


def clue_params(clue: str) -> dict:
    """Placeholders for the statement text of `clue` in labels.yaml."""
    return dict(CLUES[clue].params)
