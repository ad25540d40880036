"""Deductio (2-4 players, secret numbers 1-20): the executable rules.

A game is (options, seed, actions); its state is the replay of that log. The engine knows
every secret number, so it answers guesses truthfully and refuses untrue clue choices.

Cards
- Secret number cards: the integers 1-20 (the mark # or ## is `digit_mark(n)`).
- Clue cards: short ids from engine.deductio.clues (35 cards, a documented
  reconstruction: see that module and docs/deductio-clue-deck.md), e.g. "even", "ge7",
  "not-9-19", "nb-17-20", "pm1". The "Reveal a secret number" card is the token "reveal".

Actions (JSON dicts; every action may carry "player": <index> to say who acts)
- {"type": "take", "clue": id}            clue action: take one true card of the row upright
- {"type": "take-all"}                    clue action: take the whole row sideways (none true)
- {"type": "guess", "number": n, "target": i[, "answer": "right"|"wrong"]}
                                          guess another player's number; "answer" is what the
                                          target says at the table (checked against the truth);
                                          without it the engine answers truthfully
- {"type": "eye", "card": id[, "count": 1|2]}     use the eye power of the card just placed
- {"type": "magnify", "card": id, "number": n, "target": i[, "answer": ...]}
                                          use the magnifying glass of the card just placed
- {"type": "skip"}                        do not use that power (it is lost)

Phases: "turn" (take / take-all / guess), "power" (a card with a power was just placed
upright: eye or magnify, or skip), "penalty" (after a wrong guess: clue actions only, no
powers), "over".

Players are indices 0..n-1 in actions and state; in refusal params and view panels they
are seat numbers 1..n (as a reader counts them).

Rulings taken here (see the docs and the rule entries):
- A power is a pending decision right after its card is placed upright in a normal clue
  action (use it or skip it); it is resolved before the row is refilled; skipped = lost.
- The eye shows as many cards as its icon (1 or 2; the player may look at fewer); they go to
  the bottom of the secret number deck in the same order.
- A magnifier guess is made at once and answered like any guess: right = the usual reward,
  wrong = no penalty; then the clue action ends (refill, next player).
- The penalty after a wrong guess ends early when the row is empty and no clue card can be
  drawn (clue deck and discard pile empty).
- If the row is short because no card could be drawn, it is topped up as soon as cards reach
  the discard pile again (after a right guess).
- A reveal card drawn while the secret number deck is empty goes to the box and reveals
  nothing. A guessed player who cannot draw a new secret number (deck empty) ends the game
  at once: the most collected cards wins, ties share the win. Neither can happen with the
  standard components (at most 11 of the 13-15 deck cards are ever needed), but the engine
  defines them for any situation an example or a tool may set up.
- Player 0 starts; turns pass to the next index.

The package, by job: clues (the clue deck), rules (facts and pure rule functions), inputs
(shape checks), guards (the checks, each under the rule id it enforces), state (State,
new_game, replay, from_situation), actions (what each action does), views (the panels pages
draw), examples (the worked-example runner). Everything public is importable from here.
"""
from __future__ import annotations

from .clues import CLUE_IDS, CLUES, NUMBERS, REVEAL, clue_params, digit_mark, is_true
from .examples import run_example
from .inputs import ACTION_TYPES
from .rules import (
    BAD_INPUT_CODES,
    CENTRE_AT_SETUP,
    GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OVER,
    PENALTY,
    PENALTY_ACTIONS,
    POWER,
    ROW_SIZE,
    TOTAL_REVEAL_CARDS,
    TURN,
    VIOLATIONS,
    clue_choice,
    possible_numbers,
    reveal_cards_used,
    win_target,
)
from .state import State, from_situation, new_game, replay
from .views import TOKEN_LABELS, VIEW_LABELS, view

__all__ = [
    "ACTION_TYPES",
    "BAD_INPUT_CODES",
    "CENTRE_AT_SETUP",
    "CLUES",
    "CLUE_IDS",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUMBERS",
    "OVER",
    "PENALTY",
    "PENALTY_ACTIONS",
    "POWER",
    "REVEAL",
    "ROW_SIZE",
    "TOKEN_LABELS",
    "TOTAL_REVEAL_CARDS",
    "TURN",
    "VIEW_LABELS",
    "VIOLATIONS",
    "State",
    "clue_choice",
    "clue_params",
    "digit_mark",
    "from_situation",
    "is_true",
    "new_game",
    "possible_numbers",
    "replay",
    "reveal_cards_used",
    "run_example",
    "view",
    "win_target",
]
