"""Play-along tutorials: a flow of steps as data, proved against the game and its engine.

A tutorial (content/games/<game>/tutorial.yaml, texts in text/<lang>/tutorial.yaml under
`tutorial:`) is a directed graph of steps, walked from `start`:

    players   asks how many play at the table; the answer is the player count, and every
              later position, text and engine option follows it
    question  a question about the reader's own table; each answer leads to its own step
    content   text and, optionally, a picture of a table drawn from an engine state
    practice  the reader acts on a dealt position (a seeded engine state); the engine checks
              the move: any legal move that meets the step's goal continues, an illegal one
              is refused with the engine's reason, a legal one that misses the goal is
              explained; `outcomes:` can branch on what the engine says (a right guess...)
    end       the last step

tutorial.yaml:

    version: 1                  # part of every token: bump it when old links cannot work
    players: [2, 4]             # the counts offered (default: the game's)
    default_players: 3          # the count of the links from rule pages
    start: players              # a players step
    steps:                      # in reading order (the first step that lists a rule is
      - id: first-clue          #   the one its rule page links to)
        kind: practice
        section: clue           # a section of game.yaml: the progress line names it
        rules: [deductio.clue.choose-true]   # entries this step teaches (links both ways)
        position: {...}         # the game's position spec (see engine/<game>/play.py);
                                #   {like: <step>, key: value} copies another step's position;
                                #   {by_players: {4: x, default: y}} anywhere varies by count
        continue: true          # or: the table the last practice step left
        goal: take-upright      # or {type: capture, spirit: spirit-leaf}; Play.goals
        expect: keven           # a move meeting the goal, in the engine's compact form
        wrong: {move: kge9, rule: deductio.clue.choose-true}   # a move the engine refuses
        then: none              # after the move: reader (others play up to the reader),
                                #   none, finish (play the position out)
        next: reveal            # or answers: [{id, next}] (question), by_players: {1: ...}
                                #   (players), outcomes: {right: ..., wrong: ...} (practice)
      - {id: deck, kind: content, section: components, cards: [H1, W], next: ...}

texts (per language): tutorial.title, tutorial.intro, and per step: title, body (Markdown,
[[rule-id]] links), question and answers (players: optional labels by count; question: one
per answer id), task and optional miss (practice). A text may be {default: ..., <count>: ...}.
Placeholders such as {players}, {rounds}, {target} come from the game's Play.params (engine/<game>/play.py) for the count.

Nothing is remembered on the server: the reader's way through a tutorial is a token,
"v<version>.<decision>.<decision>...", one decision per players, question and practice
step passed (the count, an answer id, a move in the engine's compact form). A page replays
the token through the flow and the engine (`walk`), so a tampered, truncated or
out-of-order token is found and refused (TutorialError), never trusted.

The loader calls `check_tutorial` for every game: it refuses unknown or unreachable steps,
cycles, missing translations, unknown placeholders and links, and, by walking every player
count, every answer and every goal-meeting move through the engine, a practice step whose
expected move is illegal (or misses its goal, or whose wrong move is not refused) or that no
move can complete. The same walk finds, for every step, the decisions that lead to it (the
links from rule pages) and how many steps lie ahead.

No Flask here, no HTML: the web layer (web/tutorials.py) draws the tables this module
describes as plain data.
"""
from __future__ import annotations

from .checks import check_tutorial
from .model import (
    DECISION,
    MAX_DECISIONS,
    MAX_TOKEN,
    STEP_KINDS,
    Step,
    Tutorial,
    TutorialError,
    for_players,
    play_for,
)
from .replay import Try, Visit, Walk, position_for, try_move, walk
from .texts import fill, pick, step_texts

__all__ = [
    "DECISION",
    "MAX_DECISIONS",
    "MAX_TOKEN",
    "STEP_KINDS",
    "Step",
    "Try",
    "Tutorial",
    "TutorialError",
    "Visit",
    "Walk",
    "check_tutorial",
    "fill",
    "for_players",
    "pick",
    "play_for",
    "position_for",
    "step_texts",
    "try_move",
    "walk",
]
