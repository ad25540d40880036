"""A game rebuilt from its JSON form (State.to_json): the log replayed, from the options and
seed or from a described situation; a stored snapshot must match the replay."""
from __future__ import annotations

from typing import Any

from engine.core import BadInput

from .situation import from_situation
from .state import GAME_ID, State, replay


def from_json(data: Any) -> State:
    """Rebuild by replaying the log; a stored "state" must match the replay."""
    if not isinstance(data, dict) or data.get("game", GAME_ID) != GAME_ID:
        raise BadInput("bad-log", reason="not-a-siggil-game")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise BadInput("bad-log", reason="actions")
    if "situation" in data:
        state = from_situation(data["situation"])
        for a in actions:
            state.apply(a)
    else:
        state = replay(data.get("options"), data.get("seed", 0), actions)
    if "state" in data and data["state"] != state.snapshot():
        raise BadInput("state-mismatch")
    return state
