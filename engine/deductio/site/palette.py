"""Deductio's clue cards for a thumb: each card's short face ("≥ 9", "even", "not 3 or 13")
and the palette of the clue tool, the 35 cards grouped by kind.

Short faces and group names are the game's words (labels.yaml `short:` and `kinds:`); the
whole statement of a card is its `clues:` text."""
from __future__ import annotations

from engine import deductio as D
from web.tools import label

GAME = "deductio"

# The palette's groups, in the order of the deck (docs/deductio-clue-deck.md): group -> card kinds.
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("parity", ("even", "odd")),
    ("digits", ("digit1", "digit2")),
    ("ge", ("ge",)),
    ("le", ("le",)),
    ("not", ("not",)),
    ("nb", ("nb",)),
    ("centre", ("pm1", "p1", "m1")),
)


def statement(clue: str, lang: str) -> str:
    """A clue card's whole statement in the reader's language, its numbers filled in."""
    if clue not in D.CLUES:
        return clue
    return label(GAME, "clues", clue, lang, D.clue_params(clue)) or clue


def short(clue: str, lang: str) -> str:
    """A clue card's face at a glance: "≥ 9", "even", "not 3 or 13"."""
    if clue not in D.CLUES:
        return clue
    card = D.CLUES[clue]
    return label(GAME, "short", card.kind, lang, D.clue_params(clue)) or statement(clue, lang)


def power_kind(clue: str) -> str | None:
    """'eye' or 'magnifier' for a card that shows a power, else None."""
    return D.CLUES[clue].power_kind if clue in D.CLUES else None


def palette(lang: str, chosen: list[str]) -> list[dict]:
    """The clue tool's palette: per group its name and cards (id, short face, statement,
    power, chosen or not)."""
    out = []
    for group, kinds in GROUPS:
        cards = [{"clue": c, "short": short(c, lang), "text": statement(c, lang), "power": power_kind(c),
                  "power_text": label(GAME, "labels", f"power-{D.CLUES[c].power}", lang) if D.CLUES[c].power
                  else None, "chosen": c in chosen}
                 for c in D.CLUE_IDS if D.CLUES[c].kind in kinds]
        out.append({"group": group, "legend": label(GAME, "kinds", group, lang) or group, "cards": cards})
    return out
