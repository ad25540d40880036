"""Options (players, level, layout, the named variants) and the deal."""
from __future__ import annotations

from typing import Any

from engine.core import BadInput, Rng

from .facts import CARDS, LEVELS, MAX_PLAYERS, MIN_PLAYERS, SPIRITS, VARIANTS, _show, variant_flags
from .layouts import DEFAULT_LAYOUT, LAYOUTS, check_layout

OPTION_KEYS = ("players", "level", "layout", *VARIANTS)


def normalize_options(options: Any) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadInput("unknown-option", option=_show(options))
    for key in options:
        if key not in OPTION_KEYS:
            raise BadInput("unknown-option", option=_show(key))
    players = options.get("players", 2)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadInput("bad-player-count", players=_show(players), min=MIN_PLAYERS, max=MAX_PLAYERS)
    out: dict = {"players": players}
    if players == 1:
        level = options.get("level", "easy")
        if level not in LEVELS:
            raise BadInput("bad-level", level=_show(level))
        out["level"] = level
    elif "level" in options:
        raise BadInput("bad-level", level=_show(options["level"]), players=players)
    layout = options.get("layout", DEFAULT_LAYOUT)
    if isinstance(layout, str) and layout not in LAYOUTS:
        raise BadInput("unknown-layout", layout=_show(layout), known=sorted(LAYOUTS))
    out["layout"] = layout if isinstance(layout, str) else check_layout(layout)  # named ones are checked below
    out.update(variant_flags(options))  # each named variant is on or off; off unless asked for
    return out


for _name in LAYOUTS:  # the layouts shipped as data are proved well formed once, at import
    check_layout(_name)


def _layout_of(options: dict) -> dict:
    layout = options["layout"]
    return LAYOUTS[layout] if isinstance(layout, str) else layout


def solo_deck(rng: Rng) -> list[str]:
    """Solo setup: the 49 cards and the 7 spirits shuffled apart, then a spirit after every 7 cards."""
    cards = rng.shuffle(list(CARDS))
    spirits = rng.shuffle(list(SPIRITS))
    deck: list[str] = []
    for k in range(7):
        deck.extend(cards[7 * k:7 * k + 7])
        deck.append(spirits[k])
    return deck


def _json_options(options: dict) -> dict:
    return {k: v for k, v in options.items()}
