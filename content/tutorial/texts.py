"""A step's texts in a language, for a player count."""
from __future__ import annotations

from typing import Any

from ..model import Game
from .model import PLACEHOLDER, Step

# --- texts -----------------------------------------------------------------------------------


def pick(value: Any, players: int | None) -> str:
    """A text, or {default: text, <count>: text} -> the text for this count."""
    if isinstance(value, dict):
        for key, text in value.items():
            if str(key) == str(players):
                return text
        return value["default"]
    return value


def fill(text: str, params: dict[str, Any]) -> str:
    """Put the count's numbers into a text: "{rounds} rounds" -> "15 rounds" (KeyError if unknown)."""
    return PLACEHOLDER.sub(lambda m: str(params[m.group(1)]), text)


def step_texts(game: Game, lang: str, step: Step, players: int | None) -> dict[str, Any]:
    """The texts of one step in one language, filled in for the player count."""
    raw = game.tutorial_texts[lang]["steps"][step.id]
    params = game.tutorial.play.params(players) if players else {}
    out: dict[str, Any] = {}
    for key in ("title", "body", "question", "task", "miss"):
        if raw.get(key) is not None:
            out[key] = fill(pick(raw[key], players), params).strip()
    out["answers"] = {str(k): fill(pick(v, players), params).strip() for k, v in (raw.get("answers") or {}).items()}
    return out
