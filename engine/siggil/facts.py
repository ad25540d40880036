"""Siggil's facts: the cards and spirits, set sizes and targets, rule ids and refusal codes,
phases and end reasons; reading card and spirit tokens."""
from __future__ import annotations

from typing import Any

from engine.core import BadInput

GAME_ID = "siggil"
VERSION = 1

FAMILIES: tuple[str, ...] = ("stone", "deer", "leaf", "turtle", "cloud", "water", "feather")
NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
CARDS: tuple[str, ...] = tuple(f"{f}{n}" for f in FAMILIES for n in NUMBERS)
SPIRITS: tuple[str, ...] = tuple(f"spirit-{f}" for f in FAMILIES)
ALL_CARDS: tuple[str, ...] = CARDS + SPIRITS
FAMILY_OF: dict[str, str] = {**{f"{f}{n}": f for f in FAMILIES for n in NUMBERS},
                             **{f"spirit-{f}": f for f in FAMILIES}}
NUMBER_OF: dict[str, int] = {**{f"{f}{n}": n for f in FAMILIES for n in NUMBERS},
                             **{f"spirit-{f}": i + 1 for i, f in enumerate(FAMILIES)}}
ORDER: dict[str, int] = {t: i for i, t in enumerate(ALL_CARDS)}
IS_SPIRIT: dict[str, bool] = {t: t.startswith("spirit-") for t in ALL_CARDS}
LETTER: dict[str, str] = {f: f[0].upper() for f in FAMILIES}  # S D L T C W F (log encoding)
FAMILY_OF_LETTER: dict[str, str] = {v: k for k, v in LETTER.items()}

MIN_PLAYERS, MAX_PLAYERS = 1, 4
LEVELS = ("easy", "advanced")
TARGET_SPIRITS = {2: 5, 3: 4, 4: 3}           # hold this many to win at once
FREE_SET = {2: 3, 3: 3, 4: 2}                 # cards to capture a free spirit
SOLO_SET = {"easy": 3, "advanced": 4}
SOLO_TARGET = {"easy": 7, "advanced": 6}
SOLO_FREE_LIMIT = 3

# rule ids (content/games/siggil/game.yaml)
R_CARDS = "siggil.components.cards"
R_SETUP = "siggil.setup.sigil"
R_AVAILABLE = "siggil.sigil.available"
R_FREED = "siggil.sigil.spirit-freed"
R_TAKE = "siggil.turn.take"
R_ONCE = "siggil.turn.capture-once"
R_FREE = "siggil.capture.free"
R_STEAL = "siggil.capture.steal"
R_RECAPTURE = "siggil.capture.recapture"
R_END_SPIRITS = "siggil.end.spirits"
R_END_LAST = "siggil.end.last-card"
R_SOLO_SETUP = "siggil.solo.setup"
R_SOLO_TURN = "siggil.solo.turn"
R_SOLO_LIMIT = "siggil.solo.spirit-limit"
R_SOLO_WIN = "siggil.solo.win"
R_LARGER = "siggil.capture.variant-larger-sets"   # variant: set sizes are minimums
R_FACE_UP = "siggil.capture.variant-face-up"      # variant: a set whose spirit is taken stays face up

# the named variants: option -> its rule (content/games/siggil/game.yaml); both off by default
VARIANTS: dict[str, str] = {"larger_sets": R_LARGER, "taken_sets_face_up": R_FACE_UP}

VIOLATIONS: dict[str, str] = {
    "position-empty": R_AVAILABLE,
    "card-covered": R_AVAILABLE,
    "spirit-not-free": R_FREED,
    "must-take": R_TAKE,
    "one-card-per-turn": R_TAKE,
    "capture-before-take": R_ONCE,
    "card-not-in-hand": R_FREE,
    "card-off-spirit": R_FREE,
    "set-mixed": R_FREE,
    "set-size": R_FREE,
    "spirit-already-yours": R_STEAL,
    "steal-size": R_STEAL,
    "recapture-size": R_RECAPTURE,
    "set-too-small": R_LARGER,
    "solo-set-too-small": R_LARGER,
    "steal-too-small": R_LARGER,
    "recapture-too-small": R_LARGER,
    "game-won": R_END_SPIRITS,
    "sigil-exhausted": R_END_LAST,
    "discard-first": R_SOLO_TURN,
    "one-discard-per-turn": R_SOLO_TURN,
    "discard-solo-only": R_SOLO_TURN,
    "solo-set-size": R_SOLO_TURN,
    "release-first": R_SOLO_LIMIT,
    "release-not-among-three": R_SOLO_LIMIT,
    "no-release-needed": R_SOLO_LIMIT,
    "spirit-escaped": R_SOLO_LIMIT,
    "solo-over": R_SOLO_WIN,
}

BAD_INPUT_CODES: set[str] = {
    "bad-player-count", "bad-level", "unknown-option", "bad-variant", "bad-seed", "unknown-layout", "bad-layout",
    "bad-action", "unknown-position", "unknown-card", "unknown-spirit", "duplicate-card",
    "spirit-twice", "spirit-in-set", "bad-holder-set", "bad-own-set", "bad-hand-size",
    "bad-spirit-count", "too-many-spirits", "impossible-spirits", "bad-situation",
    "state-mismatch", "bad-log", "bad-example", "unknown-player",
}

# phases
DISCARD, TAKE, CAPTURE, RELEASE, OVER = "discard", "take", "capture", "release", "over"

# end reasons
SPIRITS_TARGET, MOST_SPIRITS, FEWEST_CARDS, SHARED = "spirits-target", "most-spirits", "fewest-cards", "shared"
SOLO_WON, SOLO_UNREACHABLE, SOLO_SIGIL_EMPTY = "target-reached", "target-unreachable", "sigil-empty"
MULTI_END_REASONS = (MOST_SPIRITS, FEWEST_CARDS, SHARED)


# --- cards ------------------------------------------------------------------------------------


def full_deck() -> list[str]:
    """The 56 cards in a fixed order: stone1..stone7, deer1, ..., feather7, then the 7 spirits."""
    return list(ALL_CARDS)


def spirit_of(family: str) -> str:
    return f"spirit-{family}"


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def _card(token: Any, *, spirits: bool = False) -> str:
    if not isinstance(token, str) or token not in ORDER:
        raise BadInput("unknown-card", card=_show(token))
    if IS_SPIRIT[token] and not spirits:
        raise BadInput("spirit-in-set", card=token)
    return token


def _spirit(value: Any) -> str:
    """A spirit token, or its number 1..7 -> the token."""
    if type(value) is int and 1 <= value <= 7:
        return SPIRITS[value - 1]
    if isinstance(value, str) and value in ORDER and IS_SPIRIT[value]:
        return value
    raise BadInput("unknown-spirit", spirit=_show(value))


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text[:40]


def _card_list(value: Any, *, most: int = 56) -> list[str]:
    if not isinstance(value, list) or len(value) > most:
        raise BadInput("bad-action", reason="cards")
    cards = [_card(c) for c in value]
    seen: set[str] = set()
    for c in cards:
        if c in seen:
            raise BadInput("duplicate-card", card=c)
        seen.add(c)
    return cards


def set_kind(spirit: str, cards: list[str]) -> str | None:
    """"family" or "number" when all cards match the spirit that way (None otherwise)."""
    fam, num = FAMILY_OF[spirit], NUMBER_OF[spirit]
    if cards and all(FAMILY_OF[c] == fam for c in cards):
        return "family"
    if cards and all(NUMBER_OF[c] == num for c in cards):
        return "number"
    return None


def variant_flags(values: dict) -> dict[str, bool]:
    """The named variants (VARIANTS) as booleans, off when missing; BadInput("bad-variant") otherwise."""
    out = {}
    for name in VARIANTS:
        value = values.get(name, False)
        if type(value) is not bool:
            raise BadInput("bad-variant", variant=name, value=_show(value))
        out[name] = value
    return out


def _seat(player: int) -> dict:
    return {"player": player, "seat": player + 1}
