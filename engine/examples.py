"""Runs the content's worked examples through the engine of their game."""
from __future__ import annotations

import importlib
from types import ModuleType


def engine_for(package: str) -> ModuleType:
    """A game's engine package, as its content names it (Game.engine)."""
    return importlib.import_module(package)


def run_example(package: str, data: dict) -> dict:
    """One example -> {"passed", "outcome", "view"}; an engine error is a failed example."""
    try:
        result = engine_for(package).run_example(data)
    except Exception as e:  # a broken example must show as failed, not take the site down
        return {"passed": False, "outcome": {"error": type(e).__name__, "detail": str(e)}, "view": []}
    return {"passed": bool(result.get("passed")), "outcome": result.get("outcome", {}),
            "view": result.get("view", [])}


def run_all(site) -> dict[str, dict]:
    return {ex.id: run_example(game.engine, ex.data) for game in site.games.values() for ex in game.examples}
