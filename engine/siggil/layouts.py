"""Siggil layouts as data: where each card of the sigil lies and what covers it.

A layout is a dict {"name": str, "positions": [position, ...]} with one position per card
(56), listed in dealing order: the card dealt first goes to position 0. A position is

    {"row": int, "col": int,          # where to draw it (a half-card grid; pages may ignore it)
     "group": int,                    # which part of the sigil (pyramid 0 or 1, ...)
     "face_up": bool,                 # how the card is laid out
     "covered_by": [positions]}       # the positions of the cards lying on it

A card is available when every position in its `covered_by` is empty. `covered_by` must
point at existing positions and never loop back (nothing may cover itself through others).

The printed rulebook has five layouts whose exact geometry is not known to this project:
the layouts here are reconstructions "in the spirit" of the game (two 28-card pyramids in
rows of 1 to 7 cards, rows 1, 3, 5 and 7 face down). Adding a layout is adding data to
LAYOUTS; `check_layout` proves it well formed.
"""
from __future__ import annotations

from typing import Any

from engine.core import BadInput

SIGIL_SIZE = 56
ROWS = 7  # a pyramid has rows of 1..7 cards: 28 cards


def _two_pyramids(row7_on_top: bool, name: str) -> dict:
    """Two 28-card pyramids, rows 1..7 (row r holds r cards); rows 1, 3, 5, 7 face down.

    row7_on_top: the 7-card row lies on top and every card of row r < 7 is covered by the
    two adjacent cards of row r + 1 (the cards go down to a single card at the bottom).
    Otherwise the single card of row 1 lies on top and every card of row r > 1 is covered
    by the one or two adjacent cards of row r - 1 (an apex on top, widening downwards).
    """
    positions: list[dict] = []
    for group in range(2):
        index: dict[tuple[int, int], int] = {}
        # Dealing order: the bottom layer first, so that cards can be laid on cards.
        order = range(1, ROWS + 1) if row7_on_top else range(ROWS, 0, -1)
        for r in order:
            for c in range(r):
                index[(r, c)] = len(positions)
                positions.append({"row": r, "col": c, "group": group,
                                  "face_up": r % 2 == 0, "covered_by": []})
        for (r, c), i in index.items():
            if row7_on_top:
                cover = [(r + 1, c), (r + 1, c + 1)] if r < ROWS else []
            else:
                cover = [(r - 1, cc) for cc in (c - 1, c) if 0 <= cc < r - 1] if r > 1 else []
            positions[i]["covered_by"] = [index[k] for k in cover]
    return {"name": name, "positions": positions}


def pyramids() -> dict:
    """The default: two pyramids of rows 1..7 with the 7-card rows on top (14 cards available
    at the start, fewer as the sigil is taken apart); each card is covered by the two adjacent
    cards of the next row; rows 1, 3, 5 and 7 face down (so the 14 top cards are turned face up
    as soon as they are laid out)."""
    return _two_pyramids(True, "pyramids")


def pyramids_apex() -> dict:
    """The other layout: the same two pyramids the other way up. The single card of row 1 lies
    on top and each card of rows 2..7 is covered by the one or two adjacent cards of the row
    above it (2 cards available at the start, more as the sigil is taken apart)."""
    return _two_pyramids(False, "pyramids-apex")


LAYOUTS: dict[str, dict] = {"pyramids": pyramids(), "pyramids-apex": pyramids_apex()}
# The default follows the ruling in siggil.setup.sigil: reviews of the game describe many cards to
# choose from at first and fewer later, most covered cards lying under two others. Until
# 2026-12 the default was "pyramids-apex", which opens with only 2 cards available.
DEFAULT_LAYOUT = "pyramids"


def check_layout(layout: Any, size: int | None = SIGIL_SIZE) -> dict:
    """A layout (or a name in LAYOUTS) -> a clean copy; BadInput("bad-layout") when it is not one."""
    if isinstance(layout, str):
        if layout not in LAYOUTS:
            raise BadInput("unknown-layout", layout=layout, known=sorted(LAYOUTS))
        layout = LAYOUTS[layout]
    if not isinstance(layout, dict) or not isinstance(layout.get("positions"), list):
        raise BadInput("bad-layout", reason="not-a-layout")
    raw = layout["positions"]
    if size is not None and len(raw) != size:
        raise BadInput("bad-layout", reason="size", positions=len(raw), need=size)
    n = len(raw)
    positions: list[dict] = []
    for i, p in enumerate(raw):
        if not isinstance(p, dict):
            raise BadInput("bad-layout", reason="position", pos=i)
        cover = p.get("covered_by", [])
        if not isinstance(cover, list) or any(type(q) is not int or not 0 <= q < n or q == i for q in cover) \
                or len(set(cover)) != len(cover):
            raise BadInput("bad-layout", reason="covered-by", pos=i)
        face_up = p.get("face_up", True)
        if not isinstance(face_up, bool):
            raise BadInput("bad-layout", reason="face-up", pos=i)
        clean = {"row": p.get("row", 0), "col": p.get("col", i), "group": p.get("group", 0),
                 "face_up": face_up, "covered_by": list(cover)}
        if not all(type(clean[k]) is int for k in ("row", "col", "group")):
            raise BadInput("bad-layout", reason="place", pos=i)
        positions.append(clean)
    # No cycles: peel off, like taking cards, every position nothing lies on any more.
    remaining = [len(p["covered_by"]) for p in positions]
    covered_list: list[list[int]] = [[] for _ in range(n)]  # q -> positions q lies on
    for i, p in enumerate(positions):
        for q in p["covered_by"]:
            covered_list[q].append(i)
    ready = [i for i in range(n) if remaining[i] == 0]
    seen = 0
    while ready:
        q = ready.pop()
        seen += 1
        for i in covered_list[q]:
            remaining[i] -= 1
            if remaining[i] == 0:
                ready.append(i)
    if seen != n:
        raise BadInput("bad-layout", reason="cycle")
    return {"name": str(layout.get("name", "custom")), "positions": positions}
