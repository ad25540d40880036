"""What a play-along tutorial needs from a game's engine.

content/tutorial.py walks a tutorial's steps; for positions, moves, goals and the table it
draws it asks the game, through one adapter: the module ``engine.<game>.play`` names its
subclass of Play as ``PLAY``. No Flask, no languages, no HTML: tables are plain data.
"""
from __future__ import annotations

import copy
from typing import Any

READER = 0  # the reader always sits at seat 0 ("player 1") of every position


class Play:
    """What a tutorial needs from one game's engine. Subclasses: one per game."""

    game_id = ""
    goals: tuple[str, ...] = ()
    outcome_names: tuple[str, ...] = ()

    def params(self, players: int) -> dict[str, Any]:
        return {"players": players}

    def build(self, spec: dict, players: int) -> Any:
        raise NotImplementedError

    def decode(self, text: str) -> dict:
        raise NotImplementedError

    def encode(self, action: dict) -> str:
        raise NotImplementedError

    def form_move(self, args: Any, players: int) -> str | None:
        """A move composed of several form fields (chosen cards, a guess), encoded; else None."""
        return None

    def form_fields(self, move: str) -> list[tuple[str, str]] | None:
        """The form fields the move form sends for this move when it is composed of several
        (the inverse of form_move), else None: the move is sent as ``m``. A kept tutorial
        (offline) stores the step each of these addresses leads to."""
        return None

    def apply(self, state: Any, action: dict) -> None:
        state.apply(action)

    def legal(self, state: Any) -> list[dict]:
        return state.legal_actions()

    def meets(self, goal: dict, before: Any, action: dict, after: Any) -> bool:
        return action.get("type") == goal.get("type")

    def outcome(self, before: Any, action: dict, after: Any) -> str | None:
        return None

    def advance(self, state: Any, spec: dict, players: int, mode: str) -> None:
        """Let the other seats play (mode "reader"), or everyone to the end ("finish")."""
        while not state.is_over and mode != "none":
            if state.current_player == READER and mode != "finish":
                return
            state.apply(self.auto(state, spec, players, mode))

    def auto(self, state: Any, spec: dict, players: int, mode: str) -> dict:
        return self.legal(state)[0]

    def fingerprint(self, state: Any) -> str:
        raise NotImplementedError

    def table(self, state: Any, spec: dict, players: int) -> dict:
        raise NotImplementedError

    def moves(self, state: Any, players: int, attempted: str | None, goal: Any) -> dict:
        """What the reader may try on a practice step, for the game's move form: plain data,
        legal or not (the engine decides). ``attempted``: the move tried before, if any."""
        return {"kind": "none"}

    def copy(self, state: Any) -> Any:
        return copy.deepcopy(state)
