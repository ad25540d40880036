"""Deductio's facts and rules as pure functions: player counts, table sizes, phases, the
refusal codes and the rule each one names, and the answers of the ruling tools."""
from __future__ import annotations

from engine.core import BadInput

from .clues import CLUES, NUMBERS, digit_mark, is_true
from .inputs import _clues, _number, _numbers

GAME = "deductio"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
TOTAL_REVEAL_CARDS = 7
ROW_SIZE = 3
CENTRE_AT_SETUP = 3
PENALTY_ACTIONS = 2

TURN, POWER, PENALTY, OVER = "turn", "power", "penalty", "over"


def reveal_cards_used(players: int) -> int:
    """Reveal cards shuffled into the clue deck: 7, or 5 with four players (2 stay in the box)."""
    return 5 if players == 4 else 7


def win_target(players: int) -> int:
    """Correctly guessed secret number cards needed to win: 3 with 2 players, else 2."""
    return 3 if players == 2 else 2


VIOLATIONS: dict[str, str] = {
    "game-over": "deductio.goal",
    "not-your-turn": "deductio.turn.actions",
    "one-action-per-turn": "deductio.turn.actions",
    "clue-not-true": "deductio.clue.choose-true",
    "true-clue-in-row": "deductio.clue.none-true",
    "card-has-no-power": "deductio.clue.powers",
    "power-from-sideways": "deductio.clue.powers",
    "power-lost": "deductio.clue.powers",
    "not-just-placed": "deductio.clue.powers",
    "no-power-pending": "deductio.clue.powers",
    "no-power-in-penalty": "deductio.guess.wrong",
    "too-many-cards": "deductio.power.eye",
    "one-guess-per-turn": "deductio.guess.how",
    "one-number-per-guess": "deductio.guess.how",
    "target-self": "deductio.guess.how",
    "must-answer-truthfully": "deductio.guess.truth",
}

BAD_INPUT_CODES: set[str] = {
    "bad-player-count", "unknown-option", "bad-seed", "bad-situation", "bad-state",
    "unknown-action", "bad-action", "unknown-player", "unknown-clue", "duplicate-clue",
    "number-out-of-range", "duplicate-number", "not-a-list", "clue-not-in-row", "row-empty",
    "row-too-long", "bad-count", "unknown-example-kind",
}


def _seat(i: int) -> int:
    """A player index (0..n-1) as the seat number a reader counts (1..n)."""
    return i + 1


# --- pure helpers for the ruling tools ----------------------------------------------------------


def clue_choice(secret: int, centre: list[int], row: list[str]) -> dict:
    """What a player holding `secret` may do with this clue row.

    {"take": [cards that may be taken upright], "must_take_all": bool, "must_guess": bool,
     "rule": rule id, "true": [...], "untrue": [...], "powers": {card: power}, "digits": "#"|"##"}
    """
    seen: set[int] = set()
    secret = _number(secret)
    seen.add(secret)
    centre = _numbers(centre, "centre", seen=seen)
    row = _clues(row, "row")
    if len(row) > ROW_SIZE:
        raise BadInput("row-too-long", size=len(row))
    true = [c for c in row if is_true(c, secret, centre)]
    untrue = [c for c in row if c not in true]
    if not row:
        rule = "deductio.turn.actions"
    elif true:
        rule = "deductio.clue.choose-true"
    else:
        rule = "deductio.clue.none-true"
    return {
        "take": true,
        "must_take_all": bool(row) and not true,
        "must_guess": not row,
        "rule": rule,
        "true": true,
        "untrue": untrue,
        "powers": {c: CLUES[c].power for c in true if CLUES[c].power},
        "digits": digit_mark(secret),
    }


def possible_numbers(upright: list[str], sideways: list[str], centre: list[int], own_visible: list[int] = []) -> list[int]:
    """The numbers 1-20 a player's secret number can be, from the clue cards in front of them.

    Upright cards are true, sideways cards are not; numbers face up in the centre and numbers
    the asker sees elsewhere (`own_visible`: their own secret number, collected cards) are
    excluded. +1/-1 cards are read against the current centre: upright ones stay true as the
    centre grows, and sideways ones are discarded when a number is revealed.
    """
    seen_c: set[str] = set()
    upright = _clues(upright, "upright", seen=seen_c)
    sideways = _clues(sideways, "sideways", seen=seen_c)
    seen_n: set[int] = set()
    centre = _numbers(centre, "centre", seen=seen_n)
    _numbers(own_visible, "own_visible", seen=seen_n)
    return [
        n for n in NUMBERS
        if n not in seen_n
        and all(is_true(c, n, centre) for c in upright)
        and not any(is_true(c, n, centre) for c in sideways)
    ]
